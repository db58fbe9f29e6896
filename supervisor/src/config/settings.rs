//! A pool's settings as the rest of bextd uses them: durations as
//! `Duration`, "0 disables" as `Option`, string choices as enums, sizes in
//! bytes. Built once, after validation, so nothing downstream compares
//! strings or multiplies raw milliseconds.

use std::collections::BTreeMap;
use std::time::Duration;

use protocol::worker::FetchPolicy;

use super::PoolSection;

/// Everything a pool's actor, request path and workers need.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// A request running longer is interrupted (504); `None`: no limit.
    pub request_timeout: Option<Duration>,
    pub startup_timeout: Duration,
    pub heartbeat_interval: Duration,
    pub heartbeat_timeout: Duration,
    /// QuickJS heap cap in MiB; 0 = none.
    pub js_memory_limit_mb: u64,
    pub admission: Admission,
    /// Requests one worker holds at once (the rest wait in bextd's queue).
    pub worker_concurrency: u32,
    /// How long a query of death stays refused; `None`: never refused.
    pub quarantine: Option<Duration>,
    pub scaling: Scaling,
    pub maint: Maint,
    pub env: BTreeMap<String, String>,
    /// Names of bextd's variables passed through to its workers and jobs.
    pub env_pass: Vec<String>,
    /// How its workers (and jobs) start.
    pub spawn: Spawn,
    pub user: Option<String>,
    pub group: Option<String>,
    /// Content types to compress (a regex), when compression is on.
    pub compress: Option<String>,
    /// How long `swap(changes)` may run before the worker is replaced.
    pub swap_timeout: Duration,
    /// Where and how far the workers' (and jobs') `fetch()` may go: hosts
    /// (`host`, `host:port`, `*.domain`, `*`; empty: none), timeout, body cap.
    pub fetch: FetchPolicy,
    /// The limits and timers of WebSockets.
    pub websocket: WebSocket,
    /// Retries of its jobs unless one says (`job_max_attempts`,
    /// `job_retry_backoff_ms`); 0: the `[jobs]` defaults.
    pub job_max_attempts: u32,
    pub job_retry_backoff_ms: u64,
    /// Jobs a pooled job worker runs before it is replaced; 0: a fresh
    /// process for every job (`isolate = "process"`).
    pub job_worker_max_jobs: u32,
    /// Recurring jobs (`[[POOL.schedules]]`).
    pub schedules: Vec<super::Schedule>,
    /// How the least busy worker is chosen among equals.
    pub pick: Pick,
    /// Request workers run under `SCHED_BATCH` (`scheduling = "batch"`).
    pub batch_scheduling: bool,
    /// The size budget of a worker's temporary folder, in bytes.
    pub tmp_max_bytes: u64,
    pub lifecycle: Lifecycle,
    pub recovery: Recovery,
    /// Warm-up and canary (`[POOL.deploy]`).
    pub deploy: super::Deploy,
    /// The response cache (`[POOL.cache]`).
    pub cache: super::Cache,
}

/// A pool's WebSocket keys (`ws_*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebSocket {
    pub max_message_bytes: usize,
    /// A client's messages sent to the worker and not yet taken by its
    /// handler, at most (one message may cross it).
    pub max_buffered_bytes: usize,
    /// permessage-deflate when the client offers it (`ws_compression`).
    pub compression: bool,
    /// `None`: never ping.
    pub ping_interval: Option<Duration>,
    /// `None`: never closed for silence.
    pub idle_timeout: Option<Duration>,
    /// A draining worker's sockets are closed (1012) this long after the
    /// drain began: `ws_drain_ms`, at most four fifths of
    /// `drain_timeout_ms`.
    pub drain: Duration,
    /// Most sockets per worker and per pool; 0: no limit.
    pub max_per_worker: u32,
    pub max_per_pool: u32,
    /// Most sockets one client address holds in the pool; 0: no limit.
    pub max_per_client: u32,
    /// `ws_allowed_origins`: empty, the request's own host only.
    pub allowed_origins: std::sync::Arc<[String]>,
}

/// How ties among the least busy workers are broken (`pick`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The most recently used: the same few stay hot, the rest sleep.
    Recent,
    /// One at random, as pixl-server-pool does.
    Random,
}

impl Pick {
    pub fn parse(s: &str) -> Option<Pick> {
        match s {
            "least_busy_recent" => Some(Pick::Recent),
            "least_busy_random" => Some(Pick::Random),
            _ => None,
        }
    }
}

/// How a pool's workers start (`spawn`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spawn {
    /// Forked from a template worker that has the engine loaded.
    Template,
    /// fork+exec of `worker_bin`, every time.
    Exec,
    /// A template, unless `worker_bin` is a script (not an executable
    /// binary): a wrapper may mean to run for every worker.
    Auto,
}

/// `max_concurrent_requests` and its queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Admission {
    /// 0 = unlimited.
    pub max_concurrent: u32,
    pub max_queue: u32,
}

/// Autoscaling between `min_workers` and `max_workers`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scaling {
    pub busy_factor: u32,
    pub headroom_pct: u32,
    pub cooldown: Duration,
    pub max_concurrent_launches: u32,
}

/// When a worker is due for automatic maintenance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaintEvery {
    Requests(u64),
    Time(Duration),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Maint {
    /// `None`: only sweeps asked for with `bext maint`.
    pub auto: Option<MaintEvery>,
    pub max_concurrent: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lifecycle {
    /// Rotate after this many requests (before the stagger); 0 = never.
    pub max_requests: u64,
    /// Rotate above this RSS; `None`: never.
    pub max_memory_bytes: Option<u64>,
    /// Rotate a worker whose retained heap grows steadily faster than this
    /// many bytes per 1,000 requests (`pool::growth`); `None`: never.
    pub max_heap_growth_per_1k: Option<u64>,
    /// Rotate after this long; `None`: never.
    pub max_uptime: Option<Duration>,
    pub drain_timeout: Duration,
    pub max_concurrent_rotations: u32,
    pub memory_check_interval: Duration,
    pub watch_debounce: Duration,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recovery {
    pub max_consecutive_failures: u32,
    pub backoff_initial: Duration,
    pub backoff_max: Duration,
    pub backoff_multiplier: f64,
    pub healthy_reset: Duration,
}

fn ms(v: u64) -> Duration {
    Duration::from_millis(v)
}

/// `Some(ms)` unless 0.
fn limit(v: u64) -> Option<Duration> {
    (v > 0).then(|| ms(v))
}

impl Settings {
    /// The settings of a validated section (bounds already checked, so no
    /// conversion here can overflow).
    pub fn from_section(p: &PoolSection) -> Settings {
        let l = &p.lifecycle;
        let r = &l.recovery;
        Settings {
            request_timeout: limit(p.request_timeout_ms),
            startup_timeout: ms(p.startup_timeout_ms),
            heartbeat_interval: ms(p.heartbeat_interval_ms),
            heartbeat_timeout: ms(p.heartbeat_timeout_ms),
            js_memory_limit_mb: p.js_memory_limit_mb,
            admission: Admission {
                max_concurrent: p.max_concurrent_requests,
                max_queue: p.max_queue_size,
            },
            worker_concurrency: p.worker_concurrency,
            quarantine: limit(p.quarantine_ms),
            scaling: Scaling {
                busy_factor: p.busy_factor,
                headroom_pct: p.headroom_pct,
                cooldown: ms(p.cooldown_ms),
                max_concurrent_launches: p.max_concurrent_launches,
            },
            maint: Maint {
                auto: p.auto_maint.then(|| match p.maint_method.as_str() {
                    "time" => MaintEvery::Time(ms(p.maint_time_ms)),
                    _ => MaintEvery::Requests(p.maint_requests),
                }),
                max_concurrent: p.max_concurrent_maint,
            },
            env: super::intl::worker_env(p),
            env_pass: p.env_pass.clone(),
            spawn: match p.spawn.as_str() {
                "template" => Spawn::Template,
                "exec" => Spawn::Exec,
                _ => Spawn::Auto,
            },
            user: p.user.clone(),
            group: p.group.clone(),
            compress: p.compress.then(|| p.compress_regex.clone()),
            swap_timeout: ms(p.swap_timeout_ms),
            fetch: FetchPolicy {
                allow: p
                    .fetch_allow
                    .iter()
                    .map(|h| h.to_ascii_lowercase())
                    .collect(),
                timeout_ms: p.fetch_timeout_ms,
                max_response_bytes: p.fetch_max_response_bytes,
            },
            websocket: WebSocket {
                max_message_bytes: p.ws_max_message_bytes as usize,
                max_buffered_bytes: p.ws_max_buffered_bytes as usize,
                compression: p.ws_compression,
                ping_interval: limit(p.ws_ping_interval_ms),
                idle_timeout: limit(p.ws_idle_timeout_ms),
                // Closed before the drain's SIGKILL would close them 1011.
                drain: ms(p.ws_drain_ms.min(l.drain_timeout_ms * 4 / 5)),
                max_per_worker: p.max_sockets,
                max_per_pool: p.max_pool_sockets,
                max_per_client: p.ws_max_client_sockets,
                allowed_origins: p.ws_allowed_origins.clone().into(),
            },
            job_max_attempts: p.job_max_attempts,
            job_retry_backoff_ms: p.job_retry_backoff_ms,
            job_worker_max_jobs: match p.isolate.as_str() {
                "process" => 0,
                _ => p.job_worker_max_jobs,
            },
            schedules: p
                .schedules
                .iter()
                .filter_map(super::Schedule::from_section)
                .collect(),
            pick: Pick::parse(&p.pick).unwrap_or(Pick::Random),
            batch_scheduling: p.scheduling == "batch",
            tmp_max_bytes: p.tmp_max_bytes,
            lifecycle: Lifecycle {
                max_requests: l.max_requests,
                max_memory_bytes: (l.max_memory_mb > 0).then(|| l.max_memory_mb * 1024 * 1024),
                max_heap_growth_per_1k: (l.max_heap_growth_kb_per_1k > 0)
                    .then(|| l.max_heap_growth_kb_per_1k * 1024),
                max_uptime: (l.max_uptime_hours > 0.0)
                    .then(|| Duration::from_secs_f64(l.max_uptime_hours * 3600.0)),
                drain_timeout: ms(l.drain_timeout_ms),
                max_concurrent_rotations: l.max_concurrent_rotations,
                memory_check_interval: ms(l.memory_check_interval_ms.max(100)),
                watch_debounce: ms(l.watch_debounce_ms.max(1)),
            },
            recovery: Recovery {
                max_consecutive_failures: r.max_consecutive_failures,
                backoff_initial: ms(r.backoff_initial_ms),
                backoff_max: ms(r.backoff_max_ms),
                backoff_multiplier: r.backoff_multiplier,
                healthy_reset: ms(r.healthy_reset_ms),
            },
            deploy: super::Deploy::from_section(&p.deploy),
            cache: super::Cache::from_section(&p.cache),
        }
    }
}

impl Settings {
    /// Extra time bextd gives a worker past `request_timeout_ms` to report
    /// the timeout itself before it is presumed stuck outside JS and
    /// killed: a tenth of the timeout, from 0.5 s to 5 s. `None`: no
    /// request timeout.
    pub fn timeout_grace(&self) -> Option<Duration> {
        let t = self.request_timeout?;
        Some((t / 10).clamp(Duration::from_millis(500), Duration::from_secs(5)))
    }

    /// The longest a request may hold a worker: `request_timeout_ms` and
    /// its grace. `None`: no request timeout.
    pub fn busy_limit(&self) -> Option<Duration> {
        Some(self.request_timeout? + self.timeout_grace()?)
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::from_section(&PoolSection::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_disables_and_words_become_enums() {
        let mut p = PoolSection {
            request_timeout_ms: 0,
            auto_maint: true,
            maint_method: "time".into(),
            maint_time_ms: 5000,
            ..PoolSection::default()
        };
        p.lifecycle.max_memory_mb = 0;
        p.lifecycle.max_uptime_hours = 0.5;
        let s = Settings::from_section(&p);
        assert_eq!(s.request_timeout, None);
        assert_eq!(s.maint.auto, Some(MaintEvery::Time(Duration::from_secs(5))));
        assert_eq!(s.lifecycle.max_memory_bytes, None);
        assert_eq!(s.lifecycle.max_uptime, Some(Duration::from_secs(1800)));
        assert_eq!(Settings::default().maint.auto, None);
        assert_eq!(
            Settings::default().lifecycle.max_memory_bytes,
            Some(512 * 1024 * 1024)
        );
    }

    #[test]
    fn websockets_close_before_the_drain_kills_their_worker() {
        let mut p = PoolSection {
            ws_drain_ms: 5000,
            ..PoolSection::default()
        };
        p.lifecycle.drain_timeout_ms = 5000;
        let drain = |p: &PoolSection| Settings::from_section(p).websocket.drain;
        assert_eq!(drain(&p), Duration::from_millis(4000));
        p.lifecycle.drain_timeout_ms = 60_000;
        assert_eq!(drain(&p), Duration::from_secs(5));
    }

    #[test]
    fn the_busy_limit_is_the_request_timeout_and_its_grace() {
        let with = |ms: u64| Settings {
            request_timeout: limit(ms),
            ..Settings::default()
        };
        assert_eq!(with(0).busy_limit(), None);
        assert_eq!(with(1000).busy_limit(), Some(Duration::from_millis(1500)));
        assert_eq!(with(30_000).busy_limit(), Some(Duration::from_secs(33)));
        assert_eq!(with(600_000).busy_limit(), Some(Duration::from_secs(605)));
    }
}
