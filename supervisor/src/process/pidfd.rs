//! Signals to workers go through pidfds.
//!
//! A pid is only a number: once the reaper has collected a worker, the
//! kernel may give the same number to another process, and a `kill(pid)`
//! sent late (a drain deadline, a breach noticed after the exit) would hit
//! it. A pidfd, opened right after the spawn and held until the worker's
//! link is dropped, always names the process it was opened for: a signal
//! through it to a process already reaped fails with ESRCH and reaches no
//! one. Where the kernel has no pidfds (before Linux 5.3), signals fall back
//! to the pid, sent only while the worker's link is held, that is before
//! its exit was handled.

use std::os::fd::OwnedFd;

use nix::sys::signal::Signal;
use nix::unistd::Pid;

/// One worker process, to signal.
#[derive(Debug)]
pub struct Process {
    pub pid: Pid,
    pidfd: Option<OwnedFd>,
}

impl Process {
    /// Opens a pidfd for the child `pid` that was just spawned (it cannot
    /// have been reaped yet: only the reaper does that, and it reports the
    /// exit to the pool that is now registering the process).
    pub fn open(pid: Pid) -> Process {
        let pidfd = rustix::process::Pid::from_raw(pid.as_raw()).and_then(|p| {
            rustix::process::pidfd_open(p, rustix::process::PidfdFlags::empty()).ok()
        });
        Process { pid, pidfd }
    }

    /// A process whose pidfd came with it (a template's fork).
    pub fn with_pidfd(pid: Pid, pidfd: OwnedFd) -> Process {
        Process {
            pid,
            pidfd: Some(pidfd),
        }
    }

    /// Sends `sig` to the process if it still exists; never to another one.
    pub fn signal(&self, sig: Signal) {
        match &self.pidfd {
            Some(fd) => {
                let Some(sig) = rustix_signal(sig) else {
                    return;
                };
                let _ = rustix::process::pidfd_send_signal(fd, sig);
            }
            None => {
                let _ = nix::sys::signal::kill(self.pid, sig);
            }
        }
    }

    /// Whether the process has exited (its pidfd turns readable then);
    /// without a pidfd, whether the pid is gone or a zombie is not told
    /// apart from a live process: false.
    pub fn is_gone(&self) -> bool {
        use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
        use std::os::fd::AsFd;
        let Some(fd) = &self.pidfd else {
            return false;
        };
        let mut fds = [PollFd::new(fd.as_fd(), PollFlags::POLLIN)];
        matches!(poll(&mut fds, PollTimeout::ZERO), Ok(n) if n > 0)
    }

    pub fn has_pidfd(&self) -> bool {
        self.pidfd.is_some()
    }
}

fn rustix_signal(sig: Signal) -> Option<rustix::process::Signal> {
    match sig {
        Signal::SIGKILL => Some(rustix::process::Signal::KILL),
        Signal::SIGTERM => Some(rustix::process::Signal::TERM),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reaped_process_is_never_signalled() {
        let child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let pid = Pid::from_raw(child.id() as i32);
        let p = Process::open(pid);
        assert!(p.has_pidfd(), "pidfds are available on this kernel");
        p.signal(Signal::SIGKILL);
        let mut child = child;
        let status = child.wait().unwrap();
        assert!(!status.success());
        // Reaped: the pidfd still names that process, so this is a no-op
        // whoever holds the number now.
        p.signal(Signal::SIGKILL);
    }
}
