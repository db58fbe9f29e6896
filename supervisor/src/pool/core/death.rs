//! Why a worker process ended, told apart as forensics need it: planned
//! (drained, stopped with the pool), killed by bextd (and why), killed from
//! outside, or dead by its own fault (a fatal signal it raised itself, an
//! abnormal exit, the OOM killer, a protocol breach). Only its own fault
//! can make a request a "query of death"; every unplanned end counts toward
//! the slot's backoff.

use crate::process::reaper::ExitKind;

/// Signals a process raises against itself when it crashes.
const SELF_INFLICTED: &[i32] = &[
    libc::SIGSEGV,
    libc::SIGABRT,
    libc::SIGBUS,
    libc::SIGILL,
    libc::SIGFPE,
    libc::SIGSYS,
    libc::SIGTRAP,
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Death {
    /// Drained, retired, or stopped with the pool.
    Planned,
    /// Its boot failed and it exited (or was killed after the grace).
    BootFailed(String),
    /// bextd killed it: startup timeout, missed heartbeats, a request stuck
    /// past its deadline.
    KilledByBextd(String),
    /// It sent what the protocol forbids; its link killed it.
    ProtocolBreach(String),
    /// A fatal signal it raised itself.
    Crash(ExitKind),
    /// It exited with a non-zero code by itself.
    AbnormalExit(ExitKind),
    /// The kernel's OOM killer (the cgroup's memory events say so).
    OutOfMemory(ExitKind),
    /// A signal from someone else (an operator, an orchestrator), or a
    /// clean exit nobody asked for.
    OutsideKill(ExitKind),
}

impl Death {
    /// What the facts of an exit say, for a process that was not killed or
    /// drained by bextd.
    pub fn of_exit(status: ExitKind, broken: Option<String>, oom: bool) -> Death {
        if let Some(e) = broken {
            return Death::ProtocolBreach(e);
        }
        match status {
            ExitKind::Signal(s) if SELF_INFLICTED.contains(&s) => Death::Crash(status),
            ExitKind::Signal(s) if s == libc::SIGKILL && oom => Death::OutOfMemory(status),
            ExitKind::Signal(_) | ExitKind::Code(0) => Death::OutsideKill(status),
            ExitKind::Code(_) => Death::AbnormalExit(status),
        }
    }

    /// Whether the process died by its own fault: a request it ran may be
    /// what killed it.
    pub fn own_fault(&self) -> bool {
        matches!(
            self,
            Death::Crash(_)
                | Death::AbnormalExit(_)
                | Death::OutOfMemory(_)
                | Death::ProtocolBreach(_)
        )
    }

    /// The reason label of the forensics line and of `last_error`.
    pub fn label(&self) -> String {
        match self {
            Death::Planned => "planned".into(),
            Death::BootFailed(e) => format!("boot failed: {e}"),
            Death::KilledByBextd(why) => why.clone(),
            Death::ProtocolBreach(e) => format!("protocol error: {e}"),
            Death::Crash(s) | Death::AbnormalExit(s) => format!("crashed ({s})"),
            Death::OutOfMemory(s) => format!("killed by the OOM killer ({s})"),
            Death::OutsideKill(s) => format!("killed from outside ({s})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deaths_are_told_apart_by_their_facts() {
        let sig = ExitKind::Signal;
        assert_eq!(Death::of_exit(sig(11), None, false), Death::Crash(sig(11)));
        assert_eq!(Death::of_exit(sig(6), None, false), Death::Crash(sig(6)));
        assert_eq!(
            Death::of_exit(sig(9), None, false),
            Death::OutsideKill(sig(9))
        );
        assert_eq!(
            Death::of_exit(sig(9), None, true),
            Death::OutOfMemory(sig(9))
        );
        assert_eq!(
            Death::of_exit(sig(15), None, true),
            Death::OutsideKill(sig(15))
        );
        assert_eq!(
            Death::of_exit(ExitKind::Code(3), None, false),
            Death::AbnormalExit(ExitKind::Code(3))
        );
        assert!(matches!(
            Death::of_exit(sig(9), Some("garbage".into()), false),
            Death::ProtocolBreach(_)
        ));
        assert!(Death::of_exit(sig(11), None, false).own_fault());
        assert!(Death::of_exit(sig(9), None, true).own_fault());
        assert!(!Death::of_exit(sig(9), None, false).own_fault());
        assert!(!Death::KilledByBextd("missed heartbeats".into()).own_fault());
    }

    #[test]
    fn labels_name_the_signal() {
        assert_eq!(
            Death::of_exit(ExitKind::Signal(11), None, false).label(),
            "crashed (signal 11 (SIGSEGV))"
        );
        assert_eq!(
            Death::of_exit(ExitKind::Signal(9), None, false).label(),
            "killed from outside (signal 9 (SIGKILL))"
        );
    }
}
