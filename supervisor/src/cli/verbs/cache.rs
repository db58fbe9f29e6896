//! `bext cache purge [PREFIX] [--pool P] [--tag T]`: drops stored answers
//! from the response cache.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest};

use crate::cli::client::{ClientError, request, unexpected};

pub fn purge(
    socket: &Path,
    prefix: &Option<String>,
    pool: &Option<String>,
    tag: &Option<String>,
) -> Result<String, ClientError> {
    let req = ControlRequest::CachePurge {
        pool: pool.clone(),
        prefix: prefix.clone(),
        tag: tag.clone(),
    };
    match request(socket, &req)? {
        ControlReply::Purged { answers } => Ok(format!("Purged {answers} stored answer(s)\n")),
        other => Err(unexpected(other)),
    }
}
