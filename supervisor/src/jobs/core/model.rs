//! What goes into the jobs core and what comes out: inputs, actions, the
//! log lines and counters it reports, and a job as the core keeps it.

use std::time::Instant;

use nix::unistd::Pid;
use protocol::control::{JobSpec, JobState};
use protocol::worker::{JobOutcome, JobStart, LogLevel};

use super::state::{KillReason, Run};
use crate::jobs::PoolInfo;
use crate::jobs::error::JobsError;
use crate::jobs::record::{Loaded, Row};
use crate::process::reaper::ExitKind;

/// The time of a step: the monotonic instant for deadlines, and the wall
/// clock (ms since the epoch) for the timestamps a row keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub at: Instant,
    pub unix_ms: u64,
}

/// What a run's socket reported.
#[derive(Debug, Clone, PartialEq)]
pub enum Report {
    Progress(f64),
    Checkpoint(String),
    Log(LogLevel, String),
    Finished(JobOutcome),
    /// The socket ended; with why, if the process broke the protocol.
    Closed(Option<String>),
}

/// Something that happened, for [`Core::step`](super::Core::step).
#[derive(Debug)]
pub enum Input {
    /// What a state file held at start.
    Restore(Vec<Loaded>),
    /// Queue a new job, as the manager completed it (its id, its pool,
    /// its script's absolute path, the time a delay ends); replies
    /// [`Reply::Queued`].
    Queue(Box<JobSpec>),
    /// Replies [`Reply::Cancel`].
    Cancel { id: String },
    /// `bext jobs retry`: replies [`Reply::Moved`].
    Retry { id: String },
    /// `bext jobs discard`: replies [`Reply::Moved`].
    Discard { id: String },
    /// bextd is stopping: every run is asked to stop and killed at `deadline`.
    Shutdown { deadline: Instant },
    /// A reload changed the pools.
    SetPools(Vec<PoolInfo>),
    /// The spawner started run `run` of job `id` (asked at `at`).
    Launched {
        id: String,
        run: u64,
        pid: Pid,
        at: Instant,
    },
    /// The spawner could not start it.
    LaunchFailed { id: String, run: u64, error: String },
    Report {
        id: String,
        run: u64,
        report: Report,
    },
    /// From the reaper.
    Exit { pid: Pid, status: ExitKind },
    /// The sampling tick, with the RSS read for each run that
    /// [`Core::to_sample`](super::Core::to_sample) listed.
    Tick { rss: Vec<(String, u64, u64)> },
    /// Shared store: jobs this node claimed with a statement sent at
    /// `sent_at` (their leases last from then); `batch` numbers the claim.
    Claimed {
        jobs: Vec<Claimed>,
        sent_at: Instant,
        batch: u64,
    },
    /// Shared store: every lease this node held was renewed by a statement
    /// sent at `sent_at`; `cancel` lists its jobs someone cancelled
    /// elsewhere.
    Renewed {
        sent_at: Instant,
        cancel: Vec<String>,
    },
    /// Shared store: the lease of `attempt` of job `id` is gone (another
    /// node took the job, or a write of it was refused).
    LeaseLost { id: String, attempt: u64 },
}

/// A job this node claimed from the shared store.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub job: Loaded,
    /// It was cancelled while nobody held it.
    pub cancel: bool,
}

/// A write for the job store. The store keeps the newest of each per job.
#[derive(Debug, Clone, PartialEq)]
pub enum Save {
    /// Boxed: a row is large beside the other saves and actions.
    Row(Box<Row>),
    /// A new job (the shared store inserts it as claimable by any node).
    Insert(Box<Row>),
    Checkpoint {
        id: String,
        attempt: u64,
        json: String,
    },
    Logs {
        id: String,
        attempt: u64,
        logs: String,
    },
    /// Shared store: give the lease of `attempt` of job `id` back without
    /// using an attempt (bextd stops); a one-off job is queued again.
    Release {
        id: String,
        attempt: u64,
        requeue: bool,
    },
    /// Forget final jobs beyond the newest `keep`.
    Prune { keep: u32 },
}

/// The answer to an input that asked a question.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Queued(Result<(String, JobState), JobsError>),
    /// The state the job was in.
    Cancel(Result<JobState, JobsError>),
    /// A retry or discard: the state the job was in.
    Moved(Result<JobState, JobsError>),
}

/// Counters the manager keeps in its metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    /// A job process bextd killed, by `bext_jobs_killed_total`'s reason.
    Killed(&'static str),
    /// A job reached this final state.
    Finished(JobState),
    /// A daemon is restarted after a crash.
    Restart,
    /// A move the job table refused (a bug if ever non-zero).
    IllegalTransition,
    /// Shared store: a lease this node lost (taken over, fenced, expired).
    LeaseLost,
}

/// One line of the log, as the core saw it; `manager/emit.rs` writes it.
#[derive(Debug, Clone, PartialEq)]
pub enum Log {
    Queued {
        id: String,
        pool: String,
        script: String,
        daemon: bool,
        memory: u64,
    },
    Started {
        id: String,
        pool: String,
        pid: Pid,
        restarts: u32,
    },
    CancelAsked {
        id: String,
        pid: Option<Pid>,
    },
    CancelledBeforeRun {
        id: String,
    },
    StoppingAll {
        jobs: usize,
    },
    MemoryWarn {
        id: String,
        pid: Option<Pid>,
        rss: u64,
        reserved: u64,
        pct: u32,
    },
    /// Killed for a reason bextd chose (timeout, memory, protocol).
    Killing {
        id: String,
        pid: Option<Pid>,
        reason: KillReason,
    },
    DaemonCrashed {
        id: String,
        pool: String,
        restarts: u32,
        delay_ms: u64,
        error: String,
    },
    Failed {
        id: String,
        pool: String,
        error: String,
    },
    /// An attempt failed; the next one runs after `delay_ms`.
    Retrying {
        id: String,
        pool: String,
        attempt: u32,
        max_attempts: u32,
        delay_ms: u64,
        error: String,
    },
    /// Its last attempt failed.
    OutOfAttempts {
        id: String,
        pool: String,
        attempts: u32,
        error: String,
    },
    /// Run again by hand (`bext jobs retry`).
    RetriedByHand {
        id: String,
        was: JobState,
    },
    Ended {
        id: String,
        pool: String,
        state: JobState,
    },
    /// A line the job logged.
    Line {
        id: String,
        pool: String,
        level: LogLevel,
        text: String,
    },
    Restored {
        jobs: usize,
        queued: usize,
        daemons: u32,
        requeued: u32,
        interrupted: u32,
    },
    Illegal {
        id: String,
        from: JobState,
        to: JobState,
    },
    /// Shared store: jobs claimed.
    Claimed {
        ids: Vec<String>,
    },
    /// Shared store: leases not renewed for their whole TTL.
    LeasesExpired {
        jobs: usize,
        ttl_ms: u64,
    },
    /// Shared store: leases handed back at a stop.
    Released {
        ids: Vec<String>,
    },
}

/// What the manager must do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Start a process for run `run` of job `id` in `pool`, hand it
    /// `start`, then report [`Input::Launched`] or [`Input::LaunchFailed`].
    Launch {
        id: String,
        run: u64,
        pool: PoolInfo,
        start: Box<JobStart>,
    },
    /// Ask the run to stop: `CancelJob`, interrupted after this long.
    AskStop {
        id: String,
        run: u64,
        interrupt_after_ms: u64,
    },
    /// SIGKILL the run's process.
    Kill {
        id: String,
        run: u64,
    },
    /// The run is over and judged: let go of its process handle.
    Forget {
        id: String,
        run: u64,
    },
    Save(Save),
    Log(Log),
    Count(Counter),
    /// The counts by state or the budget in use changed: publish them.
    Publish,
    Reply(Reply),
}

/// A job as the core keeps it.
#[derive(Debug, Clone)]
pub struct Job {
    pub row: Row,
    pub checkpoint: Option<String>,
    /// The tail of its log (`[jobs] log_bytes`).
    pub logs: String,
    /// Its process, while one runs (or is being started).
    pub run: Option<Run>,
    /// A crashed daemon waits until then.
    pub restart_at: Option<Instant>,
    /// Crashes in a row (daemons).
    pub crashes: u32,
    /// Row or log changed since the last save.
    pub(super) dirty: bool,
    pub(super) logs_dirty: bool,
    /// Shared store: its lease is gone; its run is being killed and the
    /// job is forgotten here once it ended, without a write.
    pub(super) lost: bool,
}

impl Job {
    pub(super) fn new(row: Row, checkpoint: Option<String>, logs: String) -> Job {
        Job {
            row,
            checkpoint,
            logs,
            run: None,
            restart_at: None,
            crashes: 0,
            dirty: false,
            logs_dirty: false,
            lost: false,
        }
    }

    /// Its run, if `seq` is still the current one.
    pub(super) fn run_mut(&mut self, seq: u64) -> Option<&mut Run> {
        self.run.as_mut().filter(|r| r.seq == seq)
    }
}
