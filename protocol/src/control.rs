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
    /// the pool's script, then in `cwd`.
    JobsSpawn {
        script: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pool: Option<String>,
        #[serde(default)]
        daemon: bool,
        /// Bytes to reserve from the budget (default: `[jobs] default_memory_mb`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        memory_bytes: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timeout_ms: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        data: Option<serde_json::Value>,
        #[serde(default)]
        retry_on_restart: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cwd: Option<String>,
    },
    /// Every job bextd keeps (running, queued, and the latest finished).
    JobsList,
    /// One job, with its checkpoint.
    JobsShow {
        id: String,
    },
    JobsCancel {
        id: String,
    },
    /// The job's log (its `job.log` and `console.*` lines).
    JobsLogs {
        id: String,
    },
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
pub use jobs::{JobInfo, JobState, JobStats};

mod versions;
pub use versions::{VersionInfo, VersionState};

/// A request signature refused as a query of death: it killed its worker
/// by the worker's own fault on two tries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quarantined {
    pub pool: String,
    pub method: String,
    /// The path with its query string.
    pub path: String,
    /// A hash of the body (hex), the third part of the signature.
    pub body_hash: String,
    /// Unix time in milliseconds.
    pub since: u64,
    pub remaining_ms: u64,
    /// How its worker died.
    pub reason: String,
}

/// The state of a worker (SPEC §2), spelt in upper case on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum WorkerState {
    /// Handshake, script load and `startup()` under way.
    Booting,
    /// Serving requests.
    Active,
    /// Out of rotation, finishing its requests, then exiting.
    Draining,
    /// No process (the pool is stopping), or one killed and not yet reaped.
    Stopped,
    /// The slot's last process failed: waiting out a backoff, or given up.
    Failed,
    /// Out of rotation for maintenance.
    Maint,
    /// Out of rotation for a hot-swap (`swap(changes)`); back ACTIVE with
    /// the same pid.
    Swapping,
}

impl WorkerState {
    pub const ALL: [WorkerState; 7] = [
        WorkerState::Booting,
        WorkerState::Active,
        WorkerState::Draining,
        WorkerState::Stopped,
        WorkerState::Failed,
        WorkerState::Maint,
        WorkerState::Swapping,
    ];

    pub fn name(self) -> &'static str {
        match self {
            WorkerState::Booting => "BOOTING",
            WorkerState::Active => "ACTIVE",
            WorkerState::Draining => "DRAINING",
            WorkerState::Stopped => "STOPPED",
            WorkerState::Failed => "FAILED",
            WorkerState::Maint => "MAINT",
            WorkerState::Swapping => "SWAPPING",
        }
    }
}

impl std::fmt::Display for WorkerState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a worker is (being) replaced, or why its slot is empty. On the wire
/// it is the plain text (`"memory"`, `"gave up"`, `"boot failed: …"`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum RotationReason {
    /// Reached `max_requests`.
    Requests,
    /// RSS over `max_memory_mb`.
    Memory,
    /// Up longer than `max_uptime_hours`.
    Uptime,
    /// QuickJS ran out of its heap (`js_memory_limit_mb`).
    JsHeapLimit,
    /// `bext workers restart`.
    Restart,
    /// SIGHUP.
    Signal,
    /// A file under `watch_dirs` changed.
    FileChange,
    /// Autoscaling removed it.
    ScaleDown,
    /// bextd is stopping.
    Shutdown,
    StartupTimeout,
    MissedHeartbeats,
    /// The slot gave up after too many failures in a row.
    GaveUp,
    BootFailed(String),
    ProtocolError(String),
    /// Anything else, as text (e.g. a request stuck past its deadline).
    Other(String),
}

const BOOT_FAILED: &str = "boot failed: ";
const PROTOCOL_ERROR: &str = "protocol error: ";

impl std::fmt::Display for RotationReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use RotationReason as R;
        match self {
            R::Requests => f.write_str("requests"),
            R::Memory => f.write_str("memory"),
            R::Uptime => f.write_str("uptime"),
            R::JsHeapLimit => f.write_str("js heap limit"),
            R::Restart => f.write_str("restart"),
            R::Signal => f.write_str("signal"),
            R::FileChange => f.write_str("file change"),
            R::ScaleDown => f.write_str("scale down"),
            R::Shutdown => f.write_str("shutdown"),
            R::StartupTimeout => f.write_str("startup timeout"),
            R::MissedHeartbeats => f.write_str("missed heartbeats"),
            R::GaveUp => f.write_str("gave up"),
            R::BootFailed(e) => write!(f, "{BOOT_FAILED}{e}"),
            R::ProtocolError(e) => write!(f, "{PROTOCOL_ERROR}{e}"),
            R::Other(s) => f.write_str(s),
        }
    }
}

impl From<String> for RotationReason {
    fn from(s: String) -> Self {
        use RotationReason as R;
        match s.as_str() {
            "requests" => R::Requests,
            "memory" => R::Memory,
            "uptime" => R::Uptime,
            "js heap limit" => R::JsHeapLimit,
            "restart" => R::Restart,
            "signal" => R::Signal,
            "file change" => R::FileChange,
            "scale down" => R::ScaleDown,
            "shutdown" => R::Shutdown,
            "startup timeout" => R::StartupTimeout,
            "missed heartbeats" => R::MissedHeartbeats,
            "gave up" => R::GaveUp,
            _ => {
                if let Some(e) = s.strip_prefix(BOOT_FAILED) {
                    R::BootFailed(e.to_string())
                } else if let Some(e) = s.strip_prefix(PROTOCOL_ERROR) {
                    R::ProtocolError(e.to_string())
                } else {
                    R::Other(s)
                }
            }
        }
    }
}

impl From<RotationReason> for String {
    fn from(r: RotationReason) -> String {
        r.to_string()
    }
}

/// One worker process (or an empty slot) as seed 000's `WorkerMetrics`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkerStatus {
    /// Slot number in its pool.
    pub id: u32,
    pub pool: String,
    /// None for an empty slot (waiting out a backoff, or given up).
    pub pid: Option<u32>,
    pub generation: u64,
    pub state: WorkerState,
    pub requests_served: u64,
    pub requests_failed: u64,
    pub in_flight: u32,
    pub total_render_time_ms: f64,
    pub avg_render_time_ms: f64,
    /// Resident set size, read by the master from /proc.
    pub current_memory_bytes: u64,
    pub peak_memory_bytes: u64,
    /// QuickJS heap in use, as the worker last reported it.
    pub js_heap_bytes: u64,
    /// Unix time in milliseconds.
    pub started_at: u64,
    pub uptime_ms: u64,
    /// Unix time in milliseconds.
    pub last_request_at: Option<u64>,
    /// Processes the slot has had after its first.
    pub restarts: u32,
    pub consecutive_failures: u32,
    /// Why it is being replaced (requests, memory, uptime, restart, signal,
    /// file change, …), or `gave up` for a slot that did.
    pub rotation_reason: Option<RotationReason>,
    /// The last failure of the slot (boot error, crash status).
    pub last_error: Option<String>,
    /// Messages the worker sent with `bext.sendMessage`.
    #[serde(default)]
    pub messages_sent: u64,
    /// The slot's last unplanned exit: reason, pid, uptime, requests
    /// served, and the requests it held.
    #[serde(default)]
    pub last_exit: Option<String>,
    /// Hot-swaps this process went through (its `generation` stays).
    #[serde(default)]
    pub swaps: u64,
    /// The version of its pool's code it runs (`v` and 8 hex digits), once
    /// known (a worker of a deploy has one once the deploy's first worker
    /// is ready).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The pool's last deploy failure (`deploy of v… failed: <JS error>`),
    /// until a later deploy succeeds; the same on every row of the pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy: Option<String>,
    /// Why it serves past a limit it reached (`requests`, `uptime`,
    /// `memory`): its replacement could not start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overstaying: Option<String>,
    /// Its WebSockets: open now, and messages and bytes each way so far.
    #[serde(default)]
    pub sockets: SocketStats,
}

/// A worker process's WebSockets (`in`: from clients to the worker).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SocketStats {
    pub open: u32,
    pub messages_in: u64,
    pub messages_out: u64,
    pub bytes_in: u64,
    pub bytes_out: u64,
}

#[cfg(test)]
mod tests;
