//! `bext maint [--pool P] [--data JSON]`: a rolling maintenance sweep.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest};

use crate::cli::client::{ClientError, json_arg, request, unexpected};

pub fn run(
    socket: &Path,
    pool: &Option<String>,
    data: Option<&str>,
) -> Result<String, ClientError> {
    let data = data.map(json_arg).transpose()?;
    let req = ControlRequest::Maint {
        pool: pool.clone(),
        data,
    };
    match request(socket, &req)? {
        ControlReply::Maintaining { workers } => Ok(format!(
            "Maintenance sweep of {workers} worker(s) started\n"
        )),
        other => Err(unexpected(other)),
    }
}
