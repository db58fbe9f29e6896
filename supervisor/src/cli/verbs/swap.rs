//! `bext swap [--pool P]`: hot-swaps workers in place.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest};

use crate::cli::client::{ClientError, request, unexpected};

pub fn run(socket: &Path, pool: &Option<String>) -> Result<String, ClientError> {
    let req = ControlRequest::Swap { pool: pool.clone() };
    match request(socket, &req)? {
        ControlReply::Swapping { workers } => Ok(format!(
            "Hot-swapping {workers} worker(s), one at a time (SWAPPING in bext ps)\n"
        )),
        other => Err(unexpected(other)),
    }
}
