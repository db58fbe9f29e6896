//! A worker's stray stdout and stderr (anything not sent as a log frame:
//! native crashes, `printf` from a wrapper script) become log lines tagged
//! with pool, worker id and pid.
//!
//! Each pipe is read until it closes, that is until the worker and whatever
//! inherited the pipe from it have exited, so a late write never meets a
//! closed pipe (SIGPIPE). Lines are decoded lossily (invalid UTF-8 becomes
//! U+FFFD, the line is kept), cut at [`MAX_LOG_LINE`] bytes with a marker
//! (the rest of a cut line is skipped), and escaped.

use std::os::fd::OwnedFd;
use std::sync::Arc;

use tokio::io::AsyncReadExt;

use crate::logging::{MAX_LOG_LINE, escape};

/// Splits a byte stream into log lines.
#[derive(Debug, Default)]
pub struct Lines {
    line: Vec<u8>,
    /// Bytes of the current line beyond what `line` keeps.
    dropped: usize,
}

impl Lines {
    /// Takes the next bytes of the stream; returns the lines they finish.
    pub fn push(&mut self, mut bytes: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        while !bytes.is_empty() {
            let (chunk, ends_line) = match bytes.iter().position(|b| *b == b'\n') {
                Some(i) => (&bytes[..i], true),
                None => (bytes, false),
            };
            let room = MAX_LOG_LINE - self.line.len();
            let keep = chunk.len().min(room);
            self.line.extend_from_slice(&chunk[..keep]);
            self.dropped += chunk.len() - keep;
            bytes = &bytes[chunk.len() + usize::from(ends_line)..];
            if ends_line {
                out.push(self.take());
            }
        }
        out
    }

    /// The unfinished last line, if any, once the stream has ended.
    pub fn finish(&mut self) -> Option<String> {
        (!self.line.is_empty() || self.dropped > 0).then(|| self.take())
    }

    fn take(&mut self) -> String {
        let bytes = std::mem::take(&mut self.line);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(&bytes);
        let mut text = escape(&String::from_utf8_lossy(bytes)).into_owned();
        if self.dropped > 0 {
            let total = bytes.len() + self.dropped;
            text.push_str(&format!("… [cut: {total} bytes in all]"));
            self.dropped = 0;
        }
        text
    }
}

/// Logs each line read from `fd` until it closes.
pub fn capture(fd: OwnedFd, stream: &'static str, pool: Arc<str>, worker: u32, pid: i32) {
    let mut pipe = match tokio::net::unix::pipe::Receiver::from_owned_fd(fd) {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!(pool = %pool, worker, pid, stream, "cannot read the worker's {stream}: {e}");
            return;
        }
    };
    tokio::spawn(async move {
        let log = |line: String| tracing::warn!(target: "bext::worker_output", pool = %pool, worker, pid, stream, "{line}");
        let mut lines = Lines::default();
        let mut buf = vec![0u8; 8192];
        loop {
            match pipe.read(&mut buf).await {
                Ok(0) => break,
                Ok(n) => lines.push(&buf[..n]).into_iter().for_each(log),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    tracing::warn!(pool = %pool, worker, pid, stream, "reading the worker's {stream} failed: {e}");
                    break;
                }
            }
        }
        if let Some(rest) = lines.finish() {
            log(rest);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_replaced_and_the_next_lines_kept() {
        let mut l = Lines::default();
        let out = l.push(b"before \xff\xfe bad\nafter\r\npart");
        assert_eq!(out, ["before \u{fffd}\u{fffd} bad", "after"]);
        assert_eq!(l.push(b"ial\n"), ["partial"]);
        assert_eq!(l.finish(), None);
    }

    #[test]
    fn long_lines_are_cut_with_a_marker_and_control_characters_escaped() {
        let mut l = Lines::default();
        let long = vec![b'a'; MAX_LOG_LINE + 10];
        assert!(l.push(&long).is_empty());
        let out = l.push(b"bc\nnext\x1b[2J\n");
        assert_eq!(out.len(), 2);
        assert!(out[0].starts_with(&"a".repeat(MAX_LOG_LINE)));
        assert!(
            out[0].ends_with(&format!("[cut: {} bytes in all]", MAX_LOG_LINE + 12)),
            "{}",
            &out[0][MAX_LOG_LINE..]
        );
        assert_eq!(out[1], "next\\u{1b}[2J");
        assert_eq!(l.push(b"tail"), Vec::<String>::new());
        assert_eq!(l.finish().as_deref(), Some("tail"));
    }
}
