//! One worker as the control socket shows it: its state, why it rotates,
//! and its figures (`bext ps`, `/__bext/workers`).

use serde::{Deserialize, Serialize};

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
    /// Its retained heap grew faster than `max_heap_growth_kb_per_1k`.
    HeapGrowth,
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
            R::HeapGrowth => f.write_str("heap growth"),
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
            "heap growth" => R::HeapGrowth,
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
    /// QuickJS's counters after the worker's last idle collection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub census: Option<crate::heap::Census>,
    /// What its censuses say it retains per 1,000 requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heap_growth: Option<crate::heap::HeapGrowth>,
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
