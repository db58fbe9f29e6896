//! `bext`'s side of the control socket: one request, one reply, and why
//! a command failed. The verbs (`cli/verbs/`) build the requests and the
//! text shown for the replies.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

use protocol::control::{ControlReply, ControlRequest};

/// Why a command failed; printed as one line.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error(
        "cannot connect to bextd at {path}: {source} (is bextd running? name its socket with --socket, or its config with -c bext.toml)"
    )]
    Connect {
        path: String,
        source: std::io::Error,
    },
    #[error("lost the connection to bextd at {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("bextd closed the connection without answering")]
    NoReply,
    #[error("bextd sent something that is not a reply: {0}")]
    BadReply(String),
    #[error("{0}")]
    Daemon(String),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
}

impl ClientError {
    /// The exit status `bext` ends with (documented in bext(1)).
    pub fn exit_code(&self) -> u8 {
        match self {
            ClientError::Usage(_) => 2,
            _ => 1,
        }
    }
}

/// Sends one request and returns the reply.
pub fn request(socket: &Path, req: &ControlRequest) -> Result<ControlReply, ClientError> {
    let path = socket.display().to_string();
    let io = |source| ClientError::Io {
        path: path.clone(),
        source,
    };
    let mut stream = UnixStream::connect(socket).map_err(|source| ClientError::Connect {
        path: path.clone(),
        source,
    })?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .map_err(io)?;
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .map_err(io)?;
    let mut line = serde_json::to_string(req).map_err(|e| ClientError::BadReply(e.to_string()))?;
    line.push('\n');
    // A daemon that refuses the client says why and hangs up, possibly
    // before the request is written: read its answer even then.
    let written = stream.write_all(line.as_bytes());
    let mut answer = String::new();
    let read = BufReader::new(stream).read_line(&mut answer);
    if answer.trim().is_empty() {
        written.map_err(io)?;
        read.map_err(io)?;
    }
    if answer.trim().is_empty() {
        return Err(ClientError::NoReply);
    }
    match serde_json::from_str(&answer) {
        Ok(ControlReply::Error { message }) => Err(ClientError::Daemon(message)),
        Ok(reply) => Ok(reply),
        Err(e) => Err(ClientError::BadReply(format!("{e}: {}", answer.trim()))),
    }
}

/// The error for a reply of another kind than the request's.
pub fn unexpected(reply: ControlReply) -> ClientError {
    ClientError::BadReply(format!("{reply:?}"))
}

/// A command-line argument that must be JSON.
pub fn json_arg(text: &str) -> Result<serde_json::Value, ClientError> {
    serde_json::from_str(text).map_err(|e| ClientError::Usage(format!("not JSON: {e}: {text}")))
}
