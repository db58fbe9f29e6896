//! The restart signal file (`[server] restart_signal_file`): a deploy tool
//! or a sidecar on a shared volume writes
//! `{"action": "restart"|"swap"|"terminate", "timestamp": <unix s>, "pid": <sender>}`
//! (atomically: to a temporary file, then renamed), bextd acts on it for
//! every pool and removes it to acknowledge. A signal older than
//! `signal_stale_s` is ignored with a warning; a malformed one is reported;
//! both are removed too. Never fatal.
//!
//! Reading and judging a signal is pure ([`judge`]); the watcher (notify on
//! the file's folder, so the file may come and go) is [`watch`].

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use notify::RecursiveMode;
use notify_debouncer_full::{DebounceEventResult, new_debouncer};
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
) -> notify::Result<Box<dyn std::any::Any + Send>> {
    let dir = file
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let target = file.clone();
    let tx = found.clone();
    let mut debouncer = new_debouncer(
        Duration::from_millis(50),
        None,
        move |result: DebounceEventResult| {
            let Ok(events) = result else {
                return;
            };
            let hit = events.iter().any(|e| {
                !matches!(e.event.kind, notify::EventKind::Access(_))
                    && e.event.paths.iter().any(|p| p == &target)
            });
            if hit {
                let _ = tx.send(target.clone());
            }
        },
    )?;
    debouncer.watch(&dir, RecursiveMode::NonRecursive)?;
    if file.exists() {
        let _ = found.send(file);
    }
    Ok(Box::new(debouncer))
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
