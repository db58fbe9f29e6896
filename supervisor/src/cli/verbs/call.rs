//! `bext call POOL PARAMS`: `custom(params)` on one worker of a pool.

use std::path::Path;

use protocol::control::{ControlReply, ControlRequest};

use crate::cli::client::{ClientError, json_arg, request, unexpected};

pub fn run(socket: &Path, pool: &str, params: &str) -> Result<String, ClientError> {
    let req = ControlRequest::Call {
        pool: pool.to_string(),
        params: json_arg(params)?,
    };
    match request(socket, &req)? {
        ControlReply::Result { value } => {
            Ok(serde_json::to_string_pretty(&value).unwrap_or_default() + "\n")
        }
        ControlReply::CallFailed { code, message } => Err(ClientError::Daemon(format!(
            "{code} {}: {message}",
            reason_phrase(code)
        ))),
        other => Err(unexpected(other)),
    }
}

fn reason_phrase(code: u16) -> &'static str {
    match code {
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Error",
    }
}
