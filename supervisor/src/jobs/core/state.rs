//! The states of a job and of one run of it, each carrying what it needs,
//! and the table of allowed job moves.
//!
//! ```text
//!  job:   QUEUED ──launched──▶ RUNNING ──▶ COMPLETED | FAILED | CANCELLED
//!           │  ▲                 │ ▲  │ ▲
//!           │  └─retry at stop───┘ │  │ └─launched after its backoff─┐
//!           │                      │  └─attempt failed──▶ RETRYABLE ─┘
//!           │                      └─ a daemon's next run (after its backoff)
//!           └──cancelled, cannot start──▶ CANCELLED | FAILED
//!
//!  out of attempts: RUNNING ──▶ DISCARDED (FAILED with maxAttempts 1);
//!  by hand: QUEUED, RETRYABLE ──discard──▶ DISCARDED;
//!           FAILED, DISCARDED, CANCELLED ──retry──▶ QUEUED
//!
//!  run:   Starting ──▶ Running ──cancel, shutdown──▶ Stopping
//!                        │                              │
//!                        └─timeout, memory, protocol──▶ Killed ◀── grace over
//! ```
//!
//! A run ends once both its exit and the end of its socket are in, in any
//! state; it is then judged (`ended.rs`) and dropped. A job move not in
//! the table is refused: counted (`bext_jobs_illegal_transitions_total`)
//! and logged, never applied.

use std::fmt;
use std::time::Instant;

use nix::unistd::Pid;
use protocol::control::JobState;
use protocol::size::format_size;
use protocol::worker::JobOutcome;

use crate::process::reaper::ExitKind;

const JOB_MOVES: &[(JobState, JobState)] = {
    use JobState::*;
    &[
        (Queued, Running),
        (Queued, Cancelled),
        // Its pool is gone, or its process could not start.
        (Queued, Failed),
        // A daemon's next run, after a crash and its backoff.
        (Running, Running),
        // A one-off job with `retryOnRestart` when bextd stops or starts.
        (Running, Queued),
        (Running, Completed),
        (Running, Failed),
        (Running, Cancelled),
        // An attempt failed: it waits out its backoff, or is out of them.
        (Running, Retryable),
        (Running, Discarded),
        (Retryable, Running),
        (Retryable, Cancelled),
        // `bext jobs discard`.
        (Retryable, Discarded),
        (Queued, Discarded),
        // `bext jobs retry`: the one way out of a final state.
        (Failed, Queued),
        (Discarded, Queued),
        (Cancelled, Queued),
    ]
};

/// Whether the table lets a job go from `from` to `to`.
pub fn allows(from: JobState, to: JobState) -> bool {
    JOB_MOVES.contains(&(from, to))
}

/// Why bextd asked a running job to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopWhy {
    /// `bext jobs cancel`, `bext.jobs.cancel`.
    Cancel,
    /// bextd is stopping.
    Shutdown,
}

/// Why bextd killed a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KillReason {
    /// It ran past its `timeout`.
    Timeout { timeout_ms: u64 },
    /// Its RSS stayed over its reservation for the whole grace.
    Memory {
        rss: u64,
        reserved: u64,
        over_ms: u64,
    },
    /// Still running after the grace of its stop (a cancel or shutdown).
    StopOverdue { after_ms: u64 },
    /// It sent something that is not the protocol.
    Protocol(String),
    /// Shared store: this node no longer holds its lease (`expired`: not
    /// renewed for its whole TTL; else another node took it over).
    LeaseLost { expired: bool },
}

impl KillReason {
    /// The `reason` label of `bext_jobs_killed_total`, for the kills that
    /// are counted there when they happen.
    pub fn metric(&self) -> Option<&'static str> {
        match self {
            KillReason::Timeout { .. } => Some("timeout"),
            KillReason::Memory { .. } => Some("memory"),
            KillReason::StopOverdue { .. }
            | KillReason::Protocol(_)
            | KillReason::LeaseLost { .. } => None,
        }
    }
}

impl fmt::Display for KillReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KillReason::Timeout { timeout_ms } => {
                write!(f, "timeout: ran longer than its timeout of {timeout_ms} ms")
            }
            KillReason::Memory {
                rss,
                reserved,
                over_ms,
            } => write!(
                f,
                "memory: RSS {} over its reservation of {} for {over_ms} ms",
                format_size(*rss),
                format_size(*reserved)
            ),
            KillReason::StopOverdue { after_ms } => write!(
                f,
                "killed: still running {after_ms} ms after it was asked to stop"
            ),
            KillReason::Protocol(why) => f.write_str(why),
            KillReason::LeaseLost { expired: true } => {
                f.write_str("lease expired: this node could not renew it within its TTL")
            }
            KillReason::LeaseLost { expired: false } => {
                f.write_str("lease lost: another node owns the job now")
            }
        }
    }
}

/// What a live run is watched for: its timeout and its memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Watch {
    /// Killed at this instant (`timeout`), if it has one.
    pub deadline: Option<Instant>,
    /// Over its reservation since then, if it still is.
    pub over_since: Option<Instant>,
    /// Warned once that it nears its reservation.
    pub warned: bool,
}

/// Where one run of a job is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunState {
    /// Asked of the spawner; no process yet.
    Starting,
    /// Its process runs `run(job)`.
    Running(Watch),
    /// Asked to stop (`CancelJob`) at `asked`; killed at `kill_at`.
    Stopping {
        why: StopWhy,
        asked: Instant,
        kill_at: Instant,
        watch: Watch,
    },
    /// SIGKILL was sent; waiting for its exit and the end of its socket.
    Killed {
        reason: KillReason,
        stop: Option<StopWhy>,
    },
}

impl RunState {
    /// What it is watched for, while it may still be killed for it.
    pub fn watch_mut(&mut self) -> Option<&mut Watch> {
        match self {
            RunState::Running(w) | RunState::Stopping { watch: w, .. } => Some(w),
            RunState::Starting | RunState::Killed { .. } => None,
        }
    }

    /// The stop bextd asked for, if any.
    pub fn stop(&self) -> Option<StopWhy> {
        match self {
            RunState::Stopping { why, .. } => Some(*why),
            RunState::Killed { stop, .. } => *stop,
            RunState::Starting | RunState::Running(_) => None,
        }
    }
}

/// One run of a job: a process from its spawn to its reaping.
#[derive(Debug, Clone)]
pub struct Run {
    /// Which start of the job this is (reports of an older run are ignored).
    pub seq: u64,
    pub started: Instant,
    /// Known once the spawner answered.
    pub pid: Option<Pid>,
    /// The last RSS sample.
    pub rss: Option<u64>,
    pub state: RunState,
    /// What `run(job)` ended with, if it said.
    pub outcome: Option<JobOutcome>,
    /// From the reaper.
    pub exit: Option<ExitKind>,
    /// Its socket ended: every frame it sent is read.
    pub closed: bool,
}

impl Run {
    pub fn new(seq: u64, at: Instant) -> Run {
        Run {
            seq,
            started: at,
            pid: None,
            rss: None,
            state: RunState::Starting,
            outcome: None,
            exit: None,
            closed: false,
        }
    }

    /// Both halves of its end are in: it can be judged.
    pub fn is_over(&self) -> bool {
        self.closed && self.exit.is_some()
    }

    /// Killed for this reason, unless it already was: returns whether the
    /// kill is new (and SIGKILL must be sent).
    pub fn kill(&mut self, reason: KillReason) -> bool {
        if matches!(self.state, RunState::Killed { .. }) {
            return false;
        }
        let stop = self.state.stop();
        self.state = RunState::Killed { reason, stop };
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_states_move_only_back_to_the_queue_by_hand() {
        for to in JobState::ALL {
            assert!(!allows(JobState::Completed, to), "completed -> {to}");
        }
        for from in [JobState::Failed, JobState::Cancelled, JobState::Discarded] {
            for to in JobState::ALL {
                assert_eq!(allows(from, to), to == JobState::Queued, "{from} -> {to}");
            }
        }
        assert!(!allows(JobState::Retryable, JobState::Completed));
        assert!(allows(JobState::Retryable, JobState::Running));
        assert!(!allows(JobState::Queued, JobState::Completed));
        assert!(!allows(JobState::Queued, JobState::Queued));
        assert!(allows(JobState::Running, JobState::Running));
    }

    #[test]
    fn kill_reasons_read_as_before() {
        let t = KillReason::Timeout { timeout_ms: 300 };
        assert_eq!(
            t.to_string(),
            "timeout: ran longer than its timeout of 300 ms"
        );
        let m = KillReason::Memory {
            rss: 65 << 20,
            reserved: 64 << 20,
            over_ms: 500,
        };
        assert!(m.to_string().starts_with("memory: RSS "), "{m}");
        assert!(m.to_string().ends_with("for 500 ms"), "{m}");
        assert_eq!(t.metric(), Some("timeout"));
        assert_eq!(KillReason::Protocol("x".into()).metric(), None);
    }

    #[test]
    fn a_second_kill_keeps_the_first_reason_and_the_stop() {
        let mut r = Run::new(1, Instant::now());
        r.state = RunState::Stopping {
            why: StopWhy::Cancel,
            asked: r.started,
            kill_at: r.started,
            watch: Watch {
                deadline: None,
                over_since: None,
                warned: false,
            },
        };
        assert!(r.kill(KillReason::Timeout { timeout_ms: 1 }));
        assert!(!r.kill(KillReason::Protocol("late".into())));
        assert_eq!(
            r.state,
            RunState::Killed {
                reason: KillReason::Timeout { timeout_ms: 1 },
                stop: Some(StopWhy::Cancel)
            }
        );
    }
}
