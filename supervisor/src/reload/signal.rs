//! The restart signal file (`[server] restart_signal_file`): a deploy tool
//! or a sidecar on a shared volume writes
//! `{"action": "restart"|"swap"|"terminate", "timestamp": <unix s>, "pid": <sender>}`
//! (atomically: to a temporary file, then renamed), bextd acts on it for
//! every pool and removes it to acknowledge. A signal older than
//! `signal_stale_s` is ignored with a warning; a malformed one is reported;
//! both are removed too. Never fatal.
//!
//! Judging a signal is pure ([`judge`]); the watcher (notify on the file's
//! folder, so the file may come and go) is [`watch`]. Reading it ([`read`])
//! trusts nothing about what sits at that path, since anyone who may write
//! the folder may put anything there: only a regular file (not followed
//! through a symbolic link, opened without blocking, so a FIFO cannot hang
//! the reader) of at most [`MAX_BYTES`] is read, and off the async runtime.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

/// What a signal asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SignalAction {
    /// A rolling restart of every pool.
    Restart,
    /// A hot-swap of every pool.
    Swap,
    /// A graceful shutdown.
    Terminate,
}

impl SignalAction {
    pub fn name(self) -> &'static str {
        match self {
            SignalAction::Restart => "restart",
            SignalAction::Swap => "swap",
            SignalAction::Terminate => "terminate",
        }
    }
}

/// The file's JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signal {
    pub action: SignalAction,
    pub timestamp: u64,
    pub pid: u32,
}

/// What to make of a signal file's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Act(Signal),
    /// Older than `signal_stale_s`: ignored.
    Stale {
        signal: Signal,
        age_s: u64,
    },
    /// Not a signal: why.
    Malformed(String),
}

/// Judges the text of a signal file at `now_s` (unix seconds).
pub fn judge(text: &str, now_s: u64, stale_s: u64) -> Verdict {
    let signal: Signal = match serde_json::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            return Verdict::Malformed(format!(
                "expected {{\"action\": \"restart\"|\"swap\"|\"terminate\", \"timestamp\": <unix seconds>, \"pid\": <sender>}}: {e}"
            ));
        }
    };
    let age_s = now_s.saturating_sub(signal.timestamp);
    if age_s > stale_s {
        return Verdict::Stale { signal, age_s };
    }
    Verdict::Act(signal)
}

/// Largest signal file read; a signal is some 60 bytes.
pub const MAX_BYTES: u64 = 64 * 1024;

/// Why a signal file was not read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Nothing there (our own removal, or the sender changed its mind).
    #[error("no such file")]
    Gone,
    #[error("it is a symbolic link (not followed): write the signal file itself")]
    Symlink,
    #[error("it is a {0}, not a regular file")]
    NotRegular(&'static str),
    #[error("it holds {0} bytes, more than {MAX_BYTES}: a signal is one short JSON line")]
    TooBig(u64),
    #[error("it is not UTF-8 text")]
    NotText,
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Reads the signal file at `path` if it is a regular file of at most
/// [`MAX_BYTES`]. Blocking: call it off the async runtime.
pub fn read(path: &Path) -> Result<String, ReadError> {
    use std::io::Read;
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ENOENT) => ReadError::Gone,
            Some(libc::ELOOP) => ReadError::Symlink,
            _ => ReadError::Io(e),
        })?;
    let meta = file.metadata()?;
    let t = meta.file_type();
    if !t.is_file() {
        let kind = match () {
            _ if t.is_dir() => "folder",
            _ if t.is_fifo() => "FIFO",
            _ if t.is_socket() => "socket",
            _ if t.is_char_device() => "character device",
            _ if t.is_block_device() => "block device",
            _ => "special file",
        };
        return Err(ReadError::NotRegular(kind));
    }
    if meta.len() > MAX_BYTES {
        return Err(ReadError::TooBig(meta.len()));
    }
    // It may grow between the fstat and the read: read one byte more than
    // allowed at most, and refuse then.
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(ReadError::TooBig(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotText)
}

/// Unix seconds now.
pub fn now_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs()
}

/// Writes a signal to `file` atomically: a temporary file in the same
/// folder, then a rename, so bextd never reads half a signal.
pub fn write(file: &Path, action: SignalAction) -> std::io::Result<Signal> {
    let signal = Signal {
        action,
        timestamp: now_s(),
        pid: std::process::id(),
    };
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "signal".into());
    let tmp = file.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let text = serde_json::to_string(&signal).map_err(std::io::Error::other)?;
    std::fs::write(&tmp, text + "\n")?;
    if let Err(e) = std::fs::rename(&tmp, file) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(signal)
}

/// Watches `file` for as long as the returned guard lives; sends its path
/// on `found` whenever it appears or changes (and once at start if it is
/// there already).
pub fn watch(
    file: PathBuf,
    found: mpsc::UnboundedSender<PathBuf>,
) -> notify::Result<super::folders::Guard> {
    let dir = file
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let (target, tx) = (file.clone(), found.clone());
    let guard = super::folders::watch(
        &[dir],
        super::folders::RecursiveMode::NonRecursive,
        Duration::from_millis(50),
        move |changed| {
            if changed.contains(&target) {
                let _ = tx.send(target.clone());
            }
        },
    )?;
    if file.exists() {
        let _ = found.send(file);
    }
    Ok(guard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_signal_is_acted_on() {
        let v = judge(
            r#"{"action": "swap", "timestamp": 1000, "pid": 42}"#,
            1010,
            300,
        );
        assert_eq!(
            v,
            Verdict::Act(Signal {
                action: SignalAction::Swap,
                timestamp: 1000,
                pid: 42
            })
        );
    }

    #[test]
    fn a_stale_signal_is_ignored() {
        let v = judge(
            r#"{"action": "restart", "timestamp": 1000, "pid": 42}"#,
            1301,
            300,
        );
        assert!(matches!(v, Verdict::Stale { age_s: 301, .. }));
        // Exactly at the limit is still fresh; a clock a little behind too.
        let at = judge(
            r#"{"action": "restart", "timestamp": 1000, "pid": 42}"#,
            1300,
            300,
        );
        assert!(matches!(at, Verdict::Act(_)));
        let ahead = judge(
            r#"{"action": "restart", "timestamp": 2000, "pid": 42}"#,
            1990,
            300,
        );
        assert!(matches!(ahead, Verdict::Act(_)));
    }

    #[test]
    fn garbage_is_malformed_not_fatal() {
        for text in [
            "",
            "restart",
            r#"{"action": "reboot", "timestamp": 1, "pid": 1}"#,
            r#"{"action": "restart"}"#,
            r#"{"action": "restart", "timestamp": -5, "pid": 1}"#,
        ] {
            assert!(
                matches!(judge(text, 10, 300), Verdict::Malformed(_)),
                "{text:?}"
            );
        }
    }

    #[test]
    fn only_a_small_regular_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("signal");
        assert!(matches!(read(&file), Err(ReadError::Gone)));
        std::fs::write(&file, "{}").unwrap();
        assert_eq!(read(&file).unwrap(), "{}");
        let fifo = dir.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let e = read(&fifo).unwrap_err();
        assert_eq!(e.to_string(), "it is a FIFO, not a regular file");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(read(&link), Err(ReadError::Symlink)));
        assert!(matches!(
            read(Path::new("/dev/zero")),
            Err(ReadError::NotRegular("character device"))
        ));
        std::fs::write(&file, vec![b' '; MAX_BYTES as usize + 1]).unwrap();
        assert!(matches!(read(&file), Err(ReadError::TooBig(_))));
        std::fs::write(&file, [0xff, 0xfe]).unwrap();
        assert!(matches!(read(&file), Err(ReadError::NotText)));
    }

    #[test]
    fn written_atomically_and_read_back() {
        let dir = std::env::temp_dir().join(format!("bext-signal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("restart.json");
        let s = write(&file, SignalAction::Terminate).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        assert_eq!(judge(&text, s.timestamp, 300), Verdict::Act(s));
        let leftovers: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
