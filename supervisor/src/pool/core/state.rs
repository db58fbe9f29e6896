//! The states of a worker process and of a slot, each carrying what it
//! needs, and the one table of allowed moves for each.
//!
//! ```text
//!  process:  BOOTING ──ready──▶ ACTIVE ◀──▶ MAINT, SWAPPING
//!               │                 │           │
//!               │ boot failed     └──rotate───┴──▶ DRAINING ──exit──▶ (gone)
//!               ▼                                   │
//!            FAILING ──────────▶ KILLED ◀───────────┘ drain timeout
//!              (any live state ──crash, hang, timeout──▶ KILLED)
//!
//!  slot:     BACKOFF ──spawn──▶ SERVING ──no process left──▶ BACKOFF | GAVE UP
//!               ▲                  │                            │
//!               └──── operator restart ◀───────────────────────┘
//!                                  └──scale down──▶ RETIRING ──▶ (removed)
//! ```
//!
//! A move not in the table is refused: the caller logs and counts it
//! (`bext_illegal_transitions_total`) and the state stays as it was.

use std::fmt;
use std::time::Instant;

use protocol::control::WorkerState;

use super::Reason;

/// What one worker process is doing.
#[derive(Debug, Clone, PartialEq)]
pub enum ProcState {
    /// Handshake, script load and `startup()`; killed at `deadline`.
    Booting { deadline: Instant },
    /// Taking requests since `since`.
    Active { since: Instant },
    /// Out of rotation for maintenance; was ACTIVE since `since`.
    Maint { since: Instant, stage: MaintStage },
    /// Out of rotation for a hot-swap (`swap(changes)`); was ACTIVE since
    /// `since`. Comes back ACTIVE with the same pid, or is replaced.
    Swapping { since: Instant, stage: SwapStage },
    /// No new requests; finishing its own, then exiting; SIGKILL at
    /// `deadline`. Its exit is expected.
    Draining { reason: Reason, deadline: Instant },
    /// Its boot failed and it is exiting by itself; SIGKILL at `deadline`.
    /// Its exit is a failure.
    Failing { error: String, deadline: Instant },
    /// SIGKILL was sent; waiting for the reaper. `failure` is why, if its
    /// exit is a failure (a drain or shutdown kill is not).
    Killed {
        reason: Reason,
        failure: Option<String>,
    },
}

/// Where a worker is in a maintenance sweep, once out of rotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MaintStage {
    /// Waiting for its requests to finish; then its work runs.
    Emptying { work: super::Work },
    /// `maint()` (or the heap walk) is running.
    Running,
}

/// Where a worker is in a hot-swap, once out of rotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SwapStage {
    /// Waiting for its requests to finish; then `swap(changes)` runs.
    Emptying { changes: String },
    /// `swap()` is running; past `deadline` (`swap_timeout_ms`) the worker
    /// is killed and replaced.
    Running { deadline: Instant },
}

/// The kind of a [`ProcState`], for the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProcKind {
    Booting,
    Active,
    Maint,
    Swapping,
    Draining,
    Failing,
    Killed,
}

use ProcKind as P;

const PROC_MOVES: &[(ProcKind, ProcKind)] = &[
    (P::Booting, P::Active),
    (P::Booting, P::Failing),
    (P::Booting, P::Killed),
    (P::Active, P::Maint),
    (P::Active, P::Draining),
    (P::Active, P::Killed),
    (P::Maint, P::Maint), // emptying -> running
    (P::Maint, P::Active),
    (P::Maint, P::Draining),
    (P::Maint, P::Killed),
    (P::Active, P::Swapping),
    (P::Swapping, P::Swapping), // emptying -> running
    (P::Swapping, P::Active),
    (P::Swapping, P::Draining),
    (P::Swapping, P::Killed),
    (P::Draining, P::Killed),
    (P::Failing, P::Killed),
];

impl ProcState {
    pub fn kind(&self) -> ProcKind {
        match self {
            ProcState::Booting { .. } => P::Booting,
            ProcState::Active { .. } => P::Active,
            ProcState::Maint { .. } => P::Maint,
            ProcState::Swapping { .. } => P::Swapping,
            ProcState::Draining { .. } => P::Draining,
            ProcState::Failing { .. } => P::Failing,
            ProcState::Killed { .. } => P::Killed,
        }
    }

    /// The state shown in status output (SPEC §2 names).
    pub fn public(&self) -> WorkerState {
        match self {
            ProcState::Booting { .. } => WorkerState::Booting,
            ProcState::Active { .. } => WorkerState::Active,
            ProcState::Maint { .. } => WorkerState::Maint,
            ProcState::Swapping { .. } => WorkerState::Swapping,
            ProcState::Draining { .. } => WorkerState::Draining,
            ProcState::Failing { .. } => WorkerState::Failed,
            ProcState::Killed { .. } => WorkerState::Stopped,
        }
    }

    /// Whether `self -> to` is in the table.
    pub fn allows(&self, to: &ProcState) -> bool {
        PROC_MOVES.contains(&(self.kind(), to.kind()))
    }

    /// Whether the process is still one the slot counts on (booting,
    /// serving, in maintenance or swapping): its primary.
    pub fn is_live(&self) -> bool {
        matches!(self.kind(), P::Booting | P::Active | P::Maint | P::Swapping)
    }

    /// Out of rotation for a while, to come back ACTIVE (MAINT, SWAPPING).
    pub fn is_aside(&self) -> bool {
        matches!(self.kind(), P::Maint | P::Swapping)
    }
}

/// What a slot is doing, apart from its processes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// No process; the next boots at `until` (now, after a first failure).
    Backoff { until: Instant },
    /// It has (or is starting) a process.
    Serving,
    /// Gave up after `max_consecutive_failures`: empty until an operator
    /// restarts it.
    GaveUp,
    /// Being removed by autoscaling: drains, never restarts, then goes.
    Retiring,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseKind {
    Backoff,
    Serving,
    GaveUp,
    Retiring,
}

use PhaseKind as S;

const PHASE_MOVES: &[(PhaseKind, PhaseKind)] = &[
    (S::Backoff, S::Serving),
    (S::Backoff, S::Backoff), // an operator restart moves the time up
    (S::Serving, S::Backoff),
    (S::Serving, S::GaveUp),
    (S::Serving, S::Retiring),
    (S::GaveUp, S::Backoff),
];

impl Phase {
    pub fn kind(&self) -> PhaseKind {
        match self {
            Phase::Backoff { .. } => S::Backoff,
            Phase::Serving => S::Serving,
            Phase::GaveUp => S::GaveUp,
            Phase::Retiring => S::Retiring,
        }
    }

    pub fn allows(&self, to: &Phase) -> bool {
        PHASE_MOVES.contains(&(self.kind(), to.kind()))
    }
}

/// A refused move, as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    pub from: String,
    pub to: String,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal transition {} -> {}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_entered_and_left_by_some_move() {
        for k in [
            P::Booting,
            P::Active,
            P::Maint,
            P::Swapping,
            P::Draining,
            P::Failing,
        ] {
            assert!(
                PROC_MOVES.iter().any(|(f, _)| *f == k),
                "{k:?} has no way out"
            );
        }
        for k in [
            P::Active,
            P::Maint,
            P::Swapping,
            P::Draining,
            P::Failing,
            P::Killed,
        ] {
            assert!(
                PROC_MOVES.iter().any(|(_, t)| *t == k),
                "{k:?} is never entered"
            );
        }
        for k in [S::Backoff, S::Serving, S::GaveUp, S::Retiring] {
            assert!(
                PHASE_MOVES.iter().any(|(_, t)| *t == k),
                "{k:?} is never entered"
            );
        }
    }

    #[test]
    fn a_killed_or_draining_process_never_serves_again() {
        let t = Instant::now();
        let active = ProcState::Active { since: t };
        let draining = ProcState::Draining {
            reason: Reason::Requests,
            deadline: t,
        };
        let killed = ProcState::Killed {
            reason: Reason::Shutdown,
            failure: None,
        };
        assert!(!draining.allows(&active));
        assert!(!killed.allows(&active));
        assert!(!killed.allows(&draining));
        assert!(!ProcState::Booting { deadline: t }.allows(&draining));
    }
}
