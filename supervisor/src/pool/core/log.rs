//! What the core reports, as data: the actor turns each into one log line
//! (`pool/emit.rs`), and tests assert on them without parsing text.

use std::time::Duration;

use nix::unistd::Pid;
use protocol::control::WorkerState;

use super::Reason;

#[derive(Debug, Clone, PartialEq)]
pub enum Log {
    /// Most of the pool's workers keep growing past their warm-up.
    LeakFound {
        /// The median worker's figure.
        growth: protocol::heap::HeapGrowth,
        workers: usize,
    },
    /// They stopped (or leaking workers rotated away and newer ones do not).
    LeakGone {
        growth: protocol::heap::HeapGrowth,
    },
    Ready {
        slot: u32,
        pid: Pid,
        generation: u64,
        /// From just before the spawn to ACTIVE.
        boot: Duration,
        cached: u32,
        compiled: u32,
    },
    BootFailed {
        slot: u32,
        pid: Pid,
        error: String,
    },
    SpawnFailed {
        slot: u32,
        error: String,
        /// Lack of resources: retried after this, not counted as a failure.
        retry_in: Option<Duration>,
    },
    Rotating {
        slot: u32,
        reason: Reason,
    },
    Draining {
        slot: u32,
        pid: Pid,
        reason: Reason,
        in_flight: u32,
    },
    /// An expected exit (drained, or stopped with the pool).
    Stopped {
        slot: u32,
        pid: Pid,
        status: String,
    },
    /// The last process of a slot removed by autoscaling exited.
    Retired {
        slot: u32,
        pid: Pid,
        status: String,
    },
    /// A worker whose boot failed (already logged) has exited.
    BootExited {
        slot: u32,
        pid: Pid,
        status: String,
        failures: u32,
    },
    /// An unplanned exit, with its forensics.
    Crashed(Crash),
    Backoff {
        slot: u32,
        delay: Duration,
    },
    GaveUp {
        slot: u32,
        failures: u32,
        last_error: String,
    },
    ReplacementsFailing {
        slot: u32,
        failures: u32,
    },
    /// The worker serves on past `reason`'s limit: its replacement could
    /// not start.
    Overstaying {
        slot: u32,
        pid: Pid,
        reason: Reason,
        error: String,
    },
    /// An overstaying worker's RSS passed the hard ceiling: it drains.
    OverCeiling {
        slot: u32,
        pid: Pid,
        rss: u64,
        ceiling: u64,
    },
    /// A deploy's first worker failed: the rollout stopped.
    RolloutStopped {
        dropped: u32,
    },
    Revived {
        slot: u32,
    },
    StartupTimeout {
        slot: u32,
        pid: Pid,
        timeout: Duration,
    },
    DrainTimeout {
        slot: u32,
        pid: Pid,
        in_flight: u32,
    },
    Hung {
        slot: u32,
        pid: Pid,
        timeout: Duration,
    },
    /// A request got no answer past its deadline.
    Stuck {
        slot: u32,
        pid: Pid,
        reason: String,
    },
    OverMemory {
        slot: u32,
        pid: Pid,
        rss: u64,
    },
    SweepStarted {
        workers: u32,
    },
    MaintDone {
        slot: u32,
        pid: Pid,
        error: Option<String>,
    },
    SwapStarted {
        workers: u32,
    },
    Swapped {
        slot: u32,
        pid: Pid,
    },
    SwapFailed {
        slot: u32,
        pid: Pid,
        error: String,
        /// The script exports no `swap`.
        missing: bool,
    },
    SwapTimeout {
        slot: u32,
        pid: Pid,
        timeout: Duration,
    },
    /// New settings from a config reload.
    Reconfigured {
        from: u32,
        to: u32,
        roll: bool,
    },
    ScaleUp {
        busy: u32,
        target: u32,
        from: u32,
        to: u32,
    },
    ScaleDown {
        busy: u32,
        target: u32,
        from: u32,
        to: u32,
        slots: Vec<u32>,
    },
    /// A move the state tables refuse; it was not applied.
    Illegal {
        slot: u32,
        pid: Option<Pid>,
        what: String,
    },
}

/// A worker's unplanned exit and its forensics: the log line and the
/// feed's event read the same fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Crash {
    pub slot: u32,
    pub pid: Pid,
    pub status: String,
    pub state: WorkerState,
    pub failures: u32,
    /// The reason label.
    pub why: String,
    pub own_fault: bool,
    pub uptime: Duration,
    pub served: u64,
    /// Its last RSS sample.
    pub rss: u64,
    /// The requests it held (`GET /x (1200 ms)`).
    pub held: Vec<String>,
}

/// What the actor does on a [`Log`] besides writing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FollowUp {
    Nothing,
    /// A worker did not boot in time: what it was sent fails over.
    TimedOut(Pid),
    /// A swap that cannot happen in place asks for new data: its
    /// replacement loads the files.
    Reload,
}

impl Log {
    /// What the actor does about it (every variant named, so a new one
    /// is a decision).
    pub fn follow_up(&self) -> FollowUp {
        match self {
            Log::StartupTimeout { pid, .. } => FollowUp::TimedOut(*pid),
            Log::SwapFailed { .. } | Log::SwapTimeout { .. } => FollowUp::Reload,
            Log::LeakFound { .. }
            | Log::LeakGone { .. }
            | Log::Ready { .. }
            | Log::BootFailed { .. }
            | Log::SpawnFailed { .. }
            | Log::Rotating { .. }
            | Log::Draining { .. }
            | Log::Stopped { .. }
            | Log::Retired { .. }
            | Log::BootExited { .. }
            | Log::Crashed(_)
            | Log::Backoff { .. }
            | Log::GaveUp { .. }
            | Log::ReplacementsFailing { .. }
            | Log::Overstaying { .. }
            | Log::OverCeiling { .. }
            | Log::RolloutStopped { .. }
            | Log::Revived { .. }
            | Log::DrainTimeout { .. }
            | Log::Hung { .. }
            | Log::Stuck { .. }
            | Log::OverMemory { .. }
            | Log::SweepStarted { .. }
            | Log::MaintDone { .. }
            | Log::SwapStarted { .. }
            | Log::Swapped { .. }
            | Log::Reconfigured { .. }
            | Log::ScaleUp { .. }
            | Log::ScaleDown { .. }
            | Log::Illegal { .. } => FollowUp::Nothing,
        }
    }
}
