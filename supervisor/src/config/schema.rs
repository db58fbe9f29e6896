//! The shape of `bext.toml`, key for key, with each key's default.
//!
//! Every table denies unknown keys, so a typo is an error with its line
//! rather than a silently ignored setting. The names are the public
//! interface (SPEC §3) and are documented in `man/bext.toml.5`.

use std::collections::BTreeMap;

use indexmap::IndexMap;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    #[serde(default)]
    pub server: ServerSection,
    /// The default pool, named `render`.
    pub render: Option<PoolSection>,
    /// More pools: `[pools.NAME]`, in the order of the file (routes are
    /// tried in that order, after `[render]`).
    #[serde(default)]
    pub pools: IndexMap<String, PoolSection>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct ServerSection {
    pub listen: String,
    /// Default: [`super::default_control_socket`].
    pub control_socket: Option<String>,
    pub admin_allow: Vec<String>,
    pub shutdown_timeout_ms: u64,
    /// Path of `bext-worker`; default: next to `bextd`.
    pub worker_bin: Option<String>,
    /// Largest request body accepted; larger ones get 413.
    pub max_body_bytes: u64,
    /// How long a client may take to send a request's head, counted from
    /// the connection's start or from the first byte of a later request.
    pub header_read_timeout_ms: u64,
    /// How long a keep-alive connection may wait for its next request.
    pub idle_timeout_ms: u64,
    /// Most client connections open at once (lowered to fit the
    /// file-descriptor limit); beyond it, new ones wait to be accepted.
    pub max_connections: u32,
}

impl Default for ServerSection {
    fn default() -> Self {
        ServerSection {
            listen: "127.0.0.1:3000".into(),
            control_socket: None,
            admin_allow: vec!["127.0.0.1/32".into(), "::1/128".into()],
            shutdown_timeout_ms: 30_000,
            worker_bin: None,
            max_body_bytes: 10 * 1024 * 1024,
            header_read_timeout_ms: 10_000,
            idle_timeout_ms: 60_000,
            max_connections: 4096,
        }
    }
}

/// The default of `worker_concurrency` (see `scripts/bench/queue.sh`).
pub const DEFAULT_WORKER_CONCURRENCY: u32 = 16;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct PoolSection {
    pub script: Option<String>,
    /// Fixed pool size; sets both `min_workers` and `max_workers`.
    pub jsc_workers: Option<u32>,
    pub min_workers: Option<u32>,
    pub max_workers: Option<u32>,
    pub route: String,
    pub request_timeout_ms: u64,
    pub startup_timeout_ms: u64,
    pub heartbeat_interval_ms: u64,
    pub heartbeat_timeout_ms: u64,
    pub js_memory_limit_mb: u64,
    pub max_concurrent_requests: u32,
    pub max_queue_size: u32,
    /// Requests one worker holds at once; the rest wait in bextd.
    pub worker_concurrency: u32,
    /// How long a query of death stays refused; 0 = never refused.
    pub quarantine_ms: u64,
    pub busy_factor: u32,
    pub headroom_pct: u32,
    pub cooldown_ms: u64,
    pub max_concurrent_launches: u32,
    pub auto_maint: bool,
    pub maint_method: String,
    pub maint_requests: u64,
    pub maint_time_ms: u64,
    pub max_concurrent_maint: u32,
    pub user: Option<String>,
    pub group: Option<String>,
    pub env: BTreeMap<String, String>,
    pub compress: bool,
    pub compress_regex: String,
    /// Hosts the workers' `fetch()` may reach; empty: none.
    pub fetch_allow: Vec<String>,
    pub lifecycle: LifecycleSection,
}

impl Default for PoolSection {
    fn default() -> Self {
        PoolSection {
            script: None,
            jsc_workers: None,
            min_workers: None,
            max_workers: None,
            route: "^/".into(),
            request_timeout_ms: 30_000,
            startup_timeout_ms: 10_000,
            heartbeat_interval_ms: 1_000,
            heartbeat_timeout_ms: 10_000,
            js_memory_limit_mb: 0,
            max_concurrent_requests: 0,
            max_queue_size: 0,
            worker_concurrency: DEFAULT_WORKER_CONCURRENCY,
            quarantine_ms: 60_000,
            busy_factor: 1,
            headroom_pct: 0,
            cooldown_ms: 60_000,
            max_concurrent_launches: 1,
            auto_maint: false,
            maint_method: "requests".into(),
            maint_requests: 1_000,
            maint_time_ms: 3_600_000,
            max_concurrent_maint: 1,
            user: None,
            group: None,
            env: BTreeMap::new(),
            compress: false,
            compress_regex: "^(text/|application/(json|javascript|xml))".into(),
            fetch_allow: Vec::new(),
            lifecycle: LifecycleSection::default(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct LifecycleSection {
    pub max_requests: u64,
    pub max_memory_mb: u64,
    pub max_uptime_hours: f64,
    pub drain_timeout_ms: u64,
    pub max_concurrent_rotations: u32,
    pub memory_check_interval_ms: u64,
    pub watch_dirs: Vec<String>,
    pub watch_debounce_ms: u64,
    pub recovery: RecoverySection,
}

impl Default for LifecycleSection {
    fn default() -> Self {
        LifecycleSection {
            max_requests: 10_000,
            max_memory_mb: 512,
            max_uptime_hours: 24.0,
            drain_timeout_ms: 5_000,
            max_concurrent_rotations: 1,
            memory_check_interval_ms: 10_000,
            watch_dirs: Vec::new(),
            watch_debounce_ms: 500,
            recovery: RecoverySection::default(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RecoverySection {
    pub max_consecutive_failures: u32,
    pub backoff_initial_ms: u64,
    pub backoff_max_ms: u64,
    pub backoff_multiplier: f64,
    pub healthy_reset_ms: u64,
}

impl Default for RecoverySection {
    fn default() -> Self {
        RecoverySection {
            max_consecutive_failures: 10,
            backoff_initial_ms: 100,
            backoff_max_ms: 60_000,
            backoff_multiplier: 3.0,
            healthy_reset_ms: 60_000,
        }
    }
}
