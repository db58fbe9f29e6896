//! The shape of `bext.toml`, key for key, with each key's default.
//!
//! Every table denies unknown keys, so a typo is an error with its line
//! rather than a silently ignored setting. The names are the public
//! interface (SPEC §3) and are documented in `man/bext.toml.5`.

use std::collections::BTreeMap;

use indexmap::IndexMap;

use serde::{Deserialize, Serialize};

mod server;

pub use server::{ServerLimits, ServerSection};

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
    /// Background jobs and daemons (seed 002).
    #[serde(default)]
    pub jobs: JobsSection,
    /// OpenTelemetry traces.
    #[serde(default)]
    pub tracing: super::TracingSection,
    /// `[[static]]`: folders the front serves, in file order.
    #[serde(default, rename = "static", skip_serializing_if = "Vec::is_empty")]
    pub statics: Vec<super::StaticSection>,
}

/// `[jobs]`: limits, the memory budget and the state file of background
/// jobs. The defaults are seed 002's figures.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct JobsSection {
    /// SQLite database of every job; relative to the config's folder.
    pub state_file: String,
    /// A PostgreSQL URL shared by every bextd that names it; empty: the
    /// SQLite `state_file`.
    pub store: String,
    /// How long a node's claim on a job lasts unless renewed (shared store).
    pub lease_ttl_ms: u64,
    /// How often a node looks for claimable jobs (shared store).
    pub claim_interval_ms: u64,
    pub max_running: u32,
    pub max_running_per_pool: u32,
    /// Shared by every running job: each reserves its `memory` from it.
    pub memory_budget_mb: u64,
    /// What a job reserves when it does not say.
    pub default_memory_mb: u64,
    /// A warning when a job's RSS passes this share of its reservation.
    pub memory_warn_pct: u32,
    /// How long a job may stay over its reservation before it is killed.
    pub memory_grace_ms: u64,
    /// How often each job's RSS is read.
    pub sample_interval_ms: u64,
    /// After a cancel, how long `run` may go on before its JS is interrupted.
    pub cancel_grace_ms: u64,
    /// After that, how long before the process is killed.
    pub kill_grace_ms: u64,
    pub max_checkpoint_bytes: u64,
    pub daemon_backoff_initial_ms: u64,
    pub daemon_backoff_max_ms: u64,
    /// A daemon that ran this long before it crashed starts its backoff over.
    pub daemon_healthy_ms: u64,
    /// Attempts a one-off job gets unless it says (`maxAttempts`); 1: no retry.
    pub max_attempts: u32,
    /// Delay before a failed job's first retry, doubled each attempt,
    /// with jitter (a job's own `backoff` wins).
    pub retry_backoff_ms: u64,
    /// Cap of that delay.
    pub retry_backoff_max_ms: u64,
    /// Finished jobs kept (in memory and in the state file), newest first.
    pub keep_finished: u32,
    /// The tail of each job's log that is kept.
    pub log_bytes: u64,
    /// The CPU niceness of job processes: requests first.
    pub nice: u32,
}

impl Default for JobsSection {
    fn default() -> Self {
        JobsSection {
            state_file: "bext-jobs.db".into(),
            store: String::new(),
            lease_ttl_ms: 15_000,
            claim_interval_ms: 1_000,
            max_running: 20,
            max_running_per_pool: 5,
            memory_budget_mb: 256,
            default_memory_mb: 64,
            memory_warn_pct: 80,
            memory_grace_ms: 500,
            sample_interval_ms: 100,
            cancel_grace_ms: 5_000,
            kill_grace_ms: 2_000,
            max_checkpoint_bytes: 1024 * 1024,
            daemon_backoff_initial_ms: 1_000,
            daemon_backoff_max_ms: 60_000,
            daemon_healthy_ms: 300_000,
            max_attempts: 1,
            retry_backoff_ms: 1_000,
            retry_backoff_max_ms: 600_000,
            nice: 10,
            keep_finished: 1_000,
            log_bytes: 64 * 1024,
        }
    }
}

/// `jsc_workers`: a number, or `"auto"` (one per CPU the container may
/// use: its cgroup quota rounded up, else the CPUs bextd may run on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum WorkerCount {
    Count(u32),
    Word(Auto),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum Auto {
    #[serde(rename = "auto")]
    Auto,
}

/// The default of `tmp_max_bytes`: 64 MiB.
pub const DEFAULT_TMP_MAX_BYTES: u64 = 64 << 20;

/// The default of `worker_concurrency` (see `scripts/bench/queue.sh`).
pub const DEFAULT_WORKER_CONCURRENCY: u32 = 16;

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct PoolSection {
    pub script: Option<String>,
    /// The pool's app root: its modules come from there (and from
    /// `read_roots` and its `node_modules`' packages); default: the
    /// script's folder.
    pub root: Option<String>,
    /// More folders its modules may come from.
    pub read_roots: Vec<String>,
    /// The size budget of each worker's temporary folder (`os.tmpdir()`,
    /// where node:fs writes), in bytes; over it a write fails `ENOSPC`.
    pub tmp_max_bytes: u64,
    /// Fixed pool size; sets both `min_workers` and `max_workers`.
    pub jsc_workers: Option<WorkerCount>,
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
    /// How workers start: `"template"` (forked from a template worker
    /// that has the engine loaded), `"exec"` (fork+exec each time) or
    /// `"auto"` (a template unless `worker_bin` is a script, which may
    /// mean to run for every worker).
    pub spawn: String,
    pub user: Option<String>,
    pub group: Option<String>,
    pub env: BTreeMap<String, String>,
    /// Variables of bextd's own environment its workers and jobs also get
    /// (they start with a clean one).
    pub env_pass: Vec<String>,
    /// The default locale of `Intl` in the pool's workers (a BCP 47 tag).
    pub locale: Option<String>,
    /// The default time zone of `Intl` in the pool's workers (IANA).
    pub timezone: Option<String>,
    pub compress: bool,
    pub compress_regex: String,
    /// Files (globs relative to the config's folder) whose change is
    /// hot-swapped (`swap(changes)`) instead of restarting workers.
    pub swap_globs: Vec<String>,
    pub swap_timeout_ms: u64,
    /// Hosts the workers' `fetch()` may reach; empty: none.
    pub fetch_allow: Vec<String>,
    /// Longest one `fetch()` may take, body included.
    pub fetch_timeout_ms: u64,
    /// Largest response body one `fetch()` may read.
    pub fetch_max_response_bytes: u64,
    /// Largest WebSocket message a client may send (its fragments joined);
    /// over it the socket is closed with 1009.
    pub ws_max_message_bytes: u64,
    /// Bytes of a client's messages bextd has sent to the worker and the
    /// handler has not yet taken; past it bextd reads no more from that
    /// client (TCP pushes back) until the handler takes some.
    pub ws_max_buffered_bytes: u64,
    /// Most WebSockets one client address holds open in the pool; 0 = no
    /// limit.
    pub ws_max_client_sockets: u32,
    /// Origins a browser's upgrade may come from (`"*"`: any); empty: the
    /// request's own host only.
    pub ws_allowed_origins: Vec<String>,
    /// Whether bextd agrees to permessage-deflate (RFC 7692) when a
    /// client offers it.
    pub ws_compression: bool,
    /// How often bextd pings each WebSocket's client; 0 = never.
    pub ws_ping_interval_ms: u64,
    /// A WebSocket whose client sent nothing (pongs included) this long
    /// is closed with 1001; 0 = never.
    pub ws_idle_timeout_ms: u64,
    /// How long a draining worker's WebSockets stay open before bextd
    /// closes them with 1012.
    pub ws_drain_ms: u64,
    /// Most WebSockets one worker holds; an upgrade beyond gets 503. 0: no limit.
    pub max_sockets: u32,
    /// Most WebSockets the pool holds; an upgrade beyond gets 503. 0: no limit.
    pub max_pool_sockets: u32,
    /// Attempts of this pool's jobs unless one says; 0: `[jobs] max_attempts`.
    pub job_max_attempts: u32,
    /// First retry delay of this pool's jobs unless one says; 0: `[jobs]
    /// retry_backoff_ms`.
    pub job_retry_backoff_ms: u64,
    /// How its short jobs get a process: `"pool"` (a job worker runs one
    /// job after another) or `"process"` (a fresh one each).
    pub isolate: String,
    /// Jobs one pooled job worker runs before it is replaced.
    pub job_worker_max_jobs: u32,
    /// Recurring jobs: `[[POOL.schedules]]`.
    pub schedules: Vec<super::ScheduleSection>,
    /// How ties among the least busy workers are broken:
    /// `"least_busy_recent"` (the most recently used) or
    /// `"least_busy_random"` (pixl-server-pool's).
    pub pick: String,
    /// The CPU scheduling policy of its request workers: `"normal"`
    /// (`SCHED_OTHER`) or `"batch"` (`SCHED_BATCH`: a woken worker does not
    /// preempt the running thread; more throughput, a longer p99).
    pub scheduling: String,
    pub lifecycle: LifecycleSection,
    pub deploy: DeploySection,
    pub cache: CacheSection,
}

impl Default for PoolSection {
    fn default() -> Self {
        PoolSection {
            script: None,
            root: None,
            read_roots: Vec::new(),
            tmp_max_bytes: DEFAULT_TMP_MAX_BYTES,
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
            spawn: "auto".into(),
            user: None,
            group: None,
            env: BTreeMap::new(),
            env_pass: Vec::new(),
            locale: None,
            timezone: None,
            compress: false,
            compress_regex: "^(text/|application/(json|javascript|xml))".into(),
            swap_globs: Vec::new(),
            swap_timeout_ms: 10_000,
            fetch_allow: Vec::new(),
            fetch_timeout_ms: 30_000,
            ws_max_message_bytes: 1024 * 1024,
            ws_max_buffered_bytes: 1024 * 1024,
            ws_max_client_sockets: 256,
            ws_allowed_origins: Vec::new(),
            ws_compression: true,
            ws_ping_interval_ms: 30_000,
            ws_idle_timeout_ms: 75_000,
            ws_drain_ms: 5_000,
            max_sockets: 0,
            max_pool_sockets: 10_000,
            job_max_attempts: 0,
            isolate: "pool".into(),
            job_worker_max_jobs: 1_000,
            job_retry_backoff_ms: 0,
            schedules: Vec::new(),
            pick: "least_busy_random".into(),
            scheduling: "normal".into(),
            fetch_max_response_bytes: 16 << 20,
            lifecycle: LifecycleSection::default(),
            deploy: DeploySection::default(),
            cache: CacheSection::default(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct LifecycleSection {
    pub max_requests: u64,
    pub max_memory_mb: u64,
    pub max_heap_growth_kb_per_1k: u64,
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
            max_heap_growth_kb_per_1k: 0,
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

/// `[POOL.deploy]`: how a new version reaches the workers.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct DeploySection {
    /// Paths bextd GETs on each new worker before it takes traffic.
    pub warmup: Vec<String>,
    /// A new version first replaces `canary_workers` and is judged.
    pub canary: bool,
    pub canary_workers: u32,
    pub canary_ms: u64,
    pub canary_requests: u64,
    /// Percentage points of 5xx the canary may add to the old version's.
    pub max_error_rate_increase: f64,
    /// How many times the old version's p99 the canary's may be.
    pub max_p99_ratio: f64,
}

impl Default for DeploySection {
    fn default() -> Self {
        DeploySection {
            warmup: Vec::new(),
            canary: false,
            canary_workers: 1,
            canary_ms: 30_000,
            canary_requests: 100,
            max_error_rate_increase: 1.0,
            max_p99_ratio: 2.0,
        }
    }
}

/// `[POOL.cache]`: the response cache.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct CacheSection {
    /// Most bytes of stored answers; 0 (the default) turns the cache off.
    pub max_bytes: u64,
    /// Path regexes whose answers are stored for `ttl_ms` without `s-maxage`.
    pub routes: Vec<String>,
    pub ttl_ms: u64,
    /// Requests with `Authorization` or `Cookie` use the cache too.
    pub with_credentials: bool,
    /// The answers are the same whatever the scheme and host asked for:
    /// the key leaves them out, so one entry serves every host name.
    pub shared_across_hosts: bool,
}

impl Default for CacheSection {
    fn default() -> Self {
        CacheSection {
            max_bytes: 0,
            routes: Vec::new(),
            ttl_ms: 1_000,
            with_credentials: false,
            shared_across_hosts: false,
        }
    }
}
