//! `bext workers restart [--pool P] [--worker N]`: a rolling restart.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest};

use crate::cli::client::{ClientError, request, unexpected};

pub fn run(
    socket: &Path,
    pool: &Option<String>,
    worker: Option<u32>,
) -> Result<String, ClientError> {
    let req = ControlRequest::Restart {
        pool: pool.clone(),
        worker,
    };
    match request(socket, &req)? {
        ControlReply::Restarting { workers } => Ok(format!(
            "Restarting {workers} worker{} (rolling; see bext ps)\n",
            if workers == 1 { "" } else { "s" }
        )),
        other => Err(unexpected(other)),
    }
}
