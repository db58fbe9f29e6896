//! A worker's stray stdout and stderr (anything not sent as a log frame:
//! native crashes, `printf` from a wrapper script) become log lines tagged
//! with pool, worker id and pid.

use std::os::fd::OwnedFd;

use futures_util::StreamExt;
use tokio_util::codec::{FramedRead, LinesCodec, LinesCodecError};

/// Longest line kept whole; longer ones are cut into pieces of this size.
const MAX_LINE: usize = 16 * 1024;

/// Logs each line read from `fd` until it closes.
pub fn capture(
    fd: OwnedFd,
    stream: &'static str,
    pool: std::sync::Arc<str>,
    worker: u32,
    pid: i32,
) {
    let Ok(pipe) = tokio::net::unix::pipe::Receiver::from_owned_fd(fd) else {
        return;
    };
    tokio::spawn(async move {
        let mut lines = FramedRead::new(pipe, LinesCodec::new_with_max_length(MAX_LINE));
        while let Some(item) = lines.next().await {
            match item {
                Ok(line) => {
                    tracing::warn!(target: "bext::worker_output", pool = %pool, worker, pid, stream, "{line}")
                }
                Err(LinesCodecError::MaxLineLengthExceeded) => {
                    tracing::warn!(pool = %pool, worker, pid, stream, "worker wrote a line over {MAX_LINE} bytes; dropped")
                }
                Err(LinesCodecError::Io(_)) => return,
            }
        }
    });
}
