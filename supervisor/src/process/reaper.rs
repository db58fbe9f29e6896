//! The only place that calls `waitpid`.
//!
//! On every SIGCHLD (and once at start) it collects every exited child with
//! `waitpid(-1, WNOHANG)` and reports each as an [`Exit`]. Children that are
//! not workers, such as orphans re-parented to bextd because it is PID 1 or
//! a subreaper, are reaped the same way, so no zombie is left behind.

use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::Pid;
use tokio::signal::unix::{Signal, SignalKind, signal};
use tokio::sync::mpsc;

/// How a child ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exit {
    pub pid: Pid,
    pub status: ExitKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitKind {
    Code(i32),
    Signal(i32),
}

impl ExitKind {
    pub fn is_clean(self) -> bool {
        self == ExitKind::Code(0)
    }
}

impl std::fmt::Display for ExitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExitKind::Code(c) => write!(f, "exit code {c}"),
            ExitKind::Signal(s) => {
                let name = nix::sys::signal::Signal::try_from(*s)
                    .map(|s| s.as_str())
                    .unwrap_or("unknown signal");
                write!(f, "signal {s} ({name})")
            }
        }
    }
}

/// Registers for SIGCHLD. Call before the first spawn so no exit is missed.
pub fn install() -> std::io::Result<Signal> {
    signal(SignalKind::child())
}

/// Reaps forever, sending every exit to `tx`.
pub async fn run(mut sigchld: Signal, tx: mpsc::UnboundedSender<Exit>) {
    loop {
        reap_all(&tx);
        if sigchld.recv().await.is_none() {
            return;
        }
    }
}

/// Collects every child that has exited so far.
pub fn reap_all(tx: &mpsc::UnboundedSender<Exit>) {
    loop {
        match waitpid(Pid::from_raw(-1), Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::Exited(pid, code)) => {
                let _ = tx.send(Exit {
                    pid,
                    status: ExitKind::Code(code),
                });
            }
            Ok(WaitStatus::Signaled(pid, sig, _)) => {
                let _ = tx.send(Exit {
                    pid,
                    status: ExitKind::Signal(sig as i32),
                });
            }
            Ok(WaitStatus::StillAlive) | Err(nix::errno::Errno::ECHILD) => return,
            Ok(_) => continue, // stopped/continued: not an exit
            Err(nix::errno::Errno::EINTR) => continue,
            Err(e) => {
                tracing::error!(error = %e, "waitpid failed");
                return;
            }
        }
    }
}
