//! `bext message POOL DATA`: a broadcast to a pool's workers.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest};

use crate::cli::client::{ClientError, json_arg, request, unexpected};

pub fn run(socket: &Path, pool: &str, data: &str) -> Result<String, ClientError> {
    let req = ControlRequest::Message {
        pool: pool.to_string(),
        data: json_arg(data)?,
    };
    match request(socket, &req)? {
        ControlReply::Sent { workers } => Ok(format!("Sent to {workers} worker(s)\n")),
        other => Err(unexpected(other)),
    }
}
