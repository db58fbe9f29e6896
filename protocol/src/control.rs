//! The control socket: one JSON object per line each way, between `bext`
//! (or any script) and `bextd`.
//!
//! ```text
//! → {"cmd":"workers"}
//! ← {"reply":"workers","workers":[{"id":0,"pool":"render","pid":4242,"state":"ACTIVE",…}]}
//! → {"cmd":"restart","pool":"render","worker":2}
//! ← {"reply":"restarting","workers":1}
//! ← {"reply":"error","message":"no pool named \"api\""}
//! ```

use serde::{Deserialize, Serialize};

/// Longest request line the daemon reads.
pub const MAX_REQUEST_LINE: usize = 64 * 1024;

/// What a client asks. [`ControlKind`] names each kind of request without
/// its arguments (its `cmd`, as on the wire), so bextd can keep one table
/// entry per kind and check that none is missing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
#[strum_discriminants(
    name(ControlKind),
    derive(strum::EnumIter, strum::IntoStaticStr, strum::Display, Hash),
    strum(serialize_all = "snake_case")
)]
pub enum ControlRequest {
    /// Per-worker status and metrics of every pool.
    Workers,
    /// Graceful restart (rolling, staggered) of all workers, of one pool, or
    /// of one worker slot of a pool.
    Restart {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        worker: Option<u32>,
    },
    /// A rolling maintenance sweep: every worker of the pool (or of every
    /// pool) runs `maint(data)`, a few at a time.
    Maint {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        data: Option<serde_json::Value>,
    },
    /// Take one worker of `pool` out of rotation (never the last ACTIVE
    /// one), walk what its globals and exports hold, put it back.
    Heap {
        pool: String,
        /// The worker slot; by default the ACTIVE worker that served most.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        worker: Option<u32>,
        /// The walk's time budget (default 2000 ms).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        budget_ms: Option<u64>,
    },
    /// Run `custom(params)` on the least busy worker of `pool`.
    Call {
        pool: String,
        params: serde_json::Value,
    },
    /// Send `data` to `message(data)` of every worker of `pool`.
    Message {
        pool: String,
        data: serde_json::Value,
    },
    /// The request signatures quarantined as queries of death.
    Quarantine,
    /// Re-read the configuration file and apply what changed.
    Reload,
    /// Hot-swap every worker of a pool, or of every pool.
    Swap {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
    },
    /// Lift every quarantine, of one pool or of all.
    QuarantineClear {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
    },
    /// Drop stored answers from the response cache of one pool or all:
    /// those whose path starts with `prefix` and (or) that carry `tag`;
    /// with neither, every one.
    CachePurge {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        prefix: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tag: Option<String>,
    },
    /// Start (or queue) a background job owned by `pool` (default: the
    /// default pool). A relative `script` is looked for in the folder of
    /// the pool's script, then in `cwd`. Its fields sit beside `cmd`.
    JobsSpawn(Box<JobSpec>),
    /// Every job bextd keeps (running, queued, and the latest finished).
    JobsList,
    /// One job, with its checkpoint.
    JobsShow {
        id: String,
    },
    JobsCancel {
        id: String,
    },
    /// Run a failed, discarded or cancelled job again (one more attempt).
    JobsRetry {
        id: String,
    },
    /// Give up on a queued or retryable job: it is discarded.
    JobsDiscard {
        id: String,
    },
    /// The job's log (its `job.log` and `console.*` lines).
    JobsLogs {
        id: String,
    },
    /// The recurring jobs of every pool, with their next run.
    JobsSchedules,
    /// Deploy: a rolling restart of every pool (or of one) whose new
    /// workers load the code from disk, as a new version.
    Deploy {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
    },
    /// The versions each pool (or one) loaded, newest first.
    DeployHistory {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
    },
    /// Each pool's (or one's) canary under way: its window, figures so far.
    DeployStatus {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
    },
    /// Promote the canary under way now: the other workers roll to it.
    DeployPromote {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
    },
    /// Roll back: a canary under way, or the running version to the kept
    /// previous one (`version`, if given, must name it).
    DeployRollback {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
    },
}

impl ControlKind {
    /// Every kind of request, in declaration order.
    pub fn all() -> impl Iterator<Item = ControlKind> {
        <ControlKind as strum::IntoEnumIterator>::iter()
    }
}

/// The CPU and memory limits of the container bextd runs in, from its
/// cgroup and its ancestors (the tightest wins).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct ContainerLimits {
    /// CPU quota in CPUs (`cpu.max` 150000/100000 is 1.5); `None`: no limit.
    #[serde(default)]
    pub cpus: Option<f64>,
    #[serde(default)]
    pub memory_bytes: Option<u64>,
}

/// What the daemon answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum ControlReply {
    Workers {
        workers: Vec<WorkerStatus>,
        /// The container's limits, when bextd's cgroup has any (older
        /// daemons send none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limits: Option<ContainerLimits>,
    },
    /// The restart was started for this many worker slots.
    Restarting {
        workers: u32,
    },
    /// The sweep was scheduled for this many workers.
    Maintaining {
        workers: u32,
    },
    /// What a heap walk found.
    Heap(Box<crate::heap::HeapAnswer>),
    /// What `custom()` returned.
    Result {
        value: serde_json::Value,
    },
    /// The call failed, with pixl-server-pool's code: 429, 500, 503 or 504.
    CallFailed {
        code: u16,
        message: String,
    },
    /// The message went to this many workers.
    Sent {
        workers: u32,
    },
    Quarantine {
        entries: Vec<Quarantined>,
    },
    /// This many quarantined signatures were lifted.
    Cleared {
        signatures: u32,
    },
    /// This many stored answers were dropped from the response cache.
    Purged {
        answers: u32,
    },
    /// The job was accepted: running, or queued until it fits.
    JobSpawned {
        id: String,
        status: JobState,
    },
    Jobs {
        jobs: Vec<JobInfo>,
        stats: JobStats,
    },
    Job {
        job: Box<JobInfo>,
    },
    /// The cancel was taken: a queued job is cancelled at once, a running
    /// one is told to stop (`job.cancelled`), interrupted, then killed.
    JobCancelling {
        id: String,
        status: JobState,
    },
    JobLogs {
        id: String,
        logs: String,
    },
    /// A retry or a discard was done: the job is in `status` now.
    JobMoved {
        id: String,
        status: JobState,
    },
    JobSchedules {
        schedules: Vec<ScheduleInfo>,
    },
    /// The configuration was reloaded: what changed and what was done,
    /// one line each.
    Reloaded {
        changes: Vec<String>,
    },
    /// The file is invalid: the running configuration stays; every problem,
    /// as `--check-config` prints it.
    ReloadFailed {
        problems: Vec<String>,
    },
    Swapping {
        workers: u32,
    },
    /// The deploy started for this many worker slots; `skipped`: pools not
    /// deployed, and why.
    Deploying {
        workers: u32,
        #[serde(default)]
        skipped: Vec<String>,
    },
    /// Each pool's versions, newest first.
    Versions {
        versions: Vec<VersionInfo>,
    },
    Rollouts {
        rollouts: Vec<crate::rollout::Rollout>,
    },
    Error {
        message: String,
    },
}

mod jobs;
pub use jobs::{AttemptError, JobInfo, JobState, JobStats, ScheduleInfo};

mod spec;
pub use spec::JobSpec;

mod quarantined;
pub use quarantined::Quarantined;
mod versions;
pub use versions::{VersionInfo, VersionState};

mod workers;
pub use workers::{RotationReason, SocketStats, WorkerState, WorkerStatus};

#[cfg(test)]
mod tests;
