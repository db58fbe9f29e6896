//! `bext quarantine [clear [--pool P]]`: the requests refused as queries of
//! death, and lifting their quarantine.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest, Quarantined};

use crate::cli::client::{ClientError, request, unexpected};
use crate::cli::format::quarantine_text;

/// `bext quarantine`.
pub fn list(socket: &Path) -> Result<String, ClientError> {
    let q = entries(socket)?;
    Ok(if q.is_empty() {
        "No request is quarantined.\n".into()
    } else {
        quarantine_text(&q)
    })
}

/// `bext quarantine clear [--pool P]`.
pub fn clear(socket: &Path, pool: &Option<String>) -> Result<String, ClientError> {
    let req = ControlRequest::QuarantineClear { pool: pool.clone() };
    match request(socket, &req)? {
        ControlReply::Cleared { signatures } => Ok(format!(
            "Lifted the quarantine of {signatures} request signature(s)\n"
        )),
        other => Err(unexpected(other)),
    }
}

/// The quarantined requests of every pool.
pub fn entries(socket: &Path) -> Result<Vec<Quarantined>, ClientError> {
    match request(socket, &ControlRequest::Quarantine)? {
        ControlReply::Quarantine { entries } => Ok(entries),
        other => Err(unexpected(other)),
    }
}
