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

/// The reasons, each with its one name (its text on the wire and in the
/// log): a reason with a detail is its name followed by the detail
/// (`"boot failed: SyntaxError …"`). The enum, its names, `Display` and
/// the parse back all come from this one table.
macro_rules! reasons {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $( $(#[$nm:meta])* $n:ident = $ntext:literal, )*
            ;
            $( $(#[$dm:meta])* $d:ident(String) = $dtext:literal, )*
        }
    ) => {
        $(#[$meta])*
        pub enum $ty {
            $( $(#[$nm])* $n, )*
            $( $(#[$dm])* $d(String), )*
        }

        impl $ty {
            /// Its name: the whole text, or what comes before the detail.
            pub fn name(&self) -> &'static str {
                match self {
                    $( Self::$n => $ntext, )*
                    $( Self::$d(_) => $dtext, )*
                }
            }

            /// What follows the name, for a reason that has a detail.
            pub fn detail(&self) -> Option<&str> {
                match self {
                    $( Self::$n => None, )*
                    $( Self::$d(d) => Some(d), )*
                }
            }

            /// The reason a text names (whole names first, then the names
            /// a detail follows); `None` for a text no reason has.
            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $( $ntext => return Some(Self::$n), )*
                    _ => {}
                }
                $(
                    if let Some(d) = text.strip_prefix($dtext) {
                        return Some(Self::$d(d.to_string()));
                    }
                )*
                None
            }
        }
    };
}

reasons! {
    /// Why a worker is (being) replaced, or why its slot is empty. On the
    /// wire it is the plain text (`"memory"`, `"gave up"`, `"boot failed:
    /// …"`); a text no reason has is refused.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(into = "String", try_from = "String")]
    pub enum RotationReason {
        /// Reached `max_requests`.
        Requests = "requests",
        /// RSS over `max_memory_mb`.
        Memory = "memory",
        /// Up longer than `max_uptime_hours`.
        Uptime = "uptime",
        /// QuickJS ran out of its heap (`js_memory_limit_mb`).
        JsHeapLimit = "js heap limit",
        /// Its retained heap grew faster than `max_heap_growth_kb_per_1k`.
        HeapGrowth = "heap growth",
        /// `bext workers restart`.
        Restart = "restart",
        /// SIGHUP.
        Signal = "signal",
        /// A file under `watch_dirs` changed.
        FileChange = "file change",
        /// The restart signal file asked for a deploy.
        RestartSignal = "restart signal",
        /// A new version deployed (`bext deploy`, a swap, the first load).
        Deploy = "deploy",
        /// A config reload whose changes roll the workers.
        ConfigReload = "config reload",
        /// A deploy that failed: its new workers stop.
        DeployFailed = "deploy failed",
        /// A hot-swap not acknowledged in time.
        SwapTimeout = "swap timeout",
        /// Autoscaling removed it.
        ScaleDown = "scale down",
        /// bextd is stopping.
        Shutdown = "shutdown",
        StartupTimeout = "startup timeout",
        MissedHeartbeats = "missed heartbeats",
        /// The slot gave up after too many failures in a row.
        GaveUp = "gave up",
        ;
        BootFailed(String) = "boot failed: ",
        ProtocolError(String) = "protocol error: ",
        /// A hot-swap the worker refused, with its error.
        SwapFailed(String) = "swap failed: ",
        /// A canary rolled back, to the version named.
        Rollback(String) = "rollback to ",
        /// A request stuck past its deadline: its id and what held it
        /// (`"request 7 got no answer 500 ms past request_timeout_ms"`).
        Stuck(String) = "request ",
    }
}

impl RotationReason {
    /// Whether a deploy asked for it (SIGHUP, the watch, the signal file,
    /// `bext deploy`, a config reload that rolls).
    pub fn is_deploy(&self) -> bool {
        use RotationReason as R;
        match self {
            R::Signal | R::FileChange | R::RestartSignal | R::Deploy | R::ConfigReload => true,
            R::Requests
            | R::Memory
            | R::Uptime
            | R::JsHeapLimit
            | R::HeapGrowth
            | R::Restart
            | R::DeployFailed
            | R::SwapTimeout
            | R::ScaleDown
            | R::Shutdown
            | R::StartupTimeout
            | R::MissedHeartbeats
            | R::GaveUp
            | R::BootFailed(_)
            | R::ProtocolError(_)
            | R::SwapFailed(_)
            | R::Rollback(_)
            | R::Stuck(_) => false,
        }
    }
}

impl std::fmt::Display for RotationReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())?;
        f.write_str(self.detail().unwrap_or_default())
    }
}

/// A text no rotation reason has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a rotation reason")]
pub struct UnknownReason(pub String);

impl std::str::FromStr for RotationReason {
    type Err = UnknownReason;
    fn from_str(s: &str) -> Result<Self, UnknownReason> {
        RotationReason::parse(s).ok_or_else(|| UnknownReason(s.to_string()))
    }
}

impl TryFrom<String> for RotationReason {
    type Error = UnknownReason;
    fn try_from(s: String) -> Result<Self, UnknownReason> {
        s.parse()
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
