//! Prometheus metrics, in the OpenMetrics text format of `prometheus-client`.
//!
//! Per-pool counters and the latency histogram are updated on the request
//! path through handles cloned once per pool ([`PoolMetrics`]), so a request
//! costs a few atomic adds and no label lookup. The latency histogram keeps
//! an exemplar per bucket, the trace and span ids of the last sampled
//! request that fell in it (OpenMetrics `# {trace_id=…}`), so a slow bucket
//! leads to a trace. Per-worker gauges are filled
//! from a status snapshot at scrape time: workers come and go, and a scrape
//! should show the ones that exist now.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::exemplar::HistogramWithExemplars;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::exponential_buckets;
use prometheus_client::registry::Registry;
use protocol::control::WorkerStatus;
use std::sync::atomic::AtomicU64;

pub mod cache;
mod fetch;
pub mod front;
mod heap;
mod jobs;
mod sockets;
pub mod statics;
pub mod traces;
mod versions;
mod workers;
pub use traces::TraceExemplar;

type Latency = HistogramWithExemplars<TraceExemplar>;
use fetch::FETCH_REFUSED;
pub use fetch::fetch_refused;
pub use jobs::JobMetrics;
pub use versions::Kept;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabel {
    pool: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ClassLabels {
    pool: String,
    class: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct WorkerLabels {
    pool: String,
    worker: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolResultLabels {
    pool: String,
    result: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ResultLabel {
    result: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct SignalLabels {
    action: String,
    result: String,
}

type GaugeF = Gauge<f64, AtomicU64>;

fn latency_histogram() -> Latency {
    // 100 µs to ~6.5 s.
    Latency::new(exponential_buckets(0.0001, 2.0, 17))
}

/// Every metric bextd exports.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    requests: Family<ClassLabels, Counter>,
    latency: Family<PoolLabel, Latency, fn() -> Latency>,
    restarts: Family<PoolLabel, Counter>,
    failures: Family<PoolLabel, Counter>,
    illegal: Family<PoolLabel, Counter>,
    retried: Family<PoolLabel, Counter>,
    quarantined: Family<PoolLabel, Gauge>,
    swaps: Family<PoolResultLabels, Counter>,
    reloads: Family<ResultLabel, Counter>,
    signals: Family<SignalLabels, Counter>,
    versions: versions::VersionInfo,
    pub cache: cache::CacheMetrics,
    workers: workers::WorkerGauges,
    pub jobs: JobMetrics,
    /// The container's limits from its cgroups, set at start when known.
    pub container_cpus: GaugeF,
    pub container_memory_bytes: Gauge,
    /// Each pool's history tap, by name: a pool started again by a reload
    /// keeps counting into the same one.
    taps: std::sync::Mutex<std::collections::HashMap<String, std::sync::Arc<crate::history::Tap>>>,
}

/// A pool's request-path handles.
#[derive(Debug, Clone)]
pub struct PoolMetrics {
    /// Answers by status class: index 0 = 1xx … 4 = 5xx.
    by_class: [Counter; 5],
    latency: Latency,
    pub restarts: Counter,
    pub failures: Counter,
    /// Moves the worker state tables refused (a bug if ever non-zero).
    pub illegal_transitions: Counter,
    /// Requests sent again because their worker died while running them.
    pub retried: Counter,
    /// Workers swapped in place.
    pub swapped: Counter,
    /// Swaps that ended in a replacement (no `swap`, it threw, timed out).
    pub swap_replaced: Counter,
    pub rollbacks: versions::Rollbacks,
    /// What the history samples (statuses, latency), kept per pool name.
    pub tap: std::sync::Arc<crate::history::Tap>,
}

impl PoolMetrics {
    /// Counts one answered request.
    pub fn observe(&self, status: u16, seconds: f64) {
        self.observe_traced(status, seconds, None);
    }

    /// Counts one answered request, sampled in trace `exemplar`.
    pub fn observe_traced(&self, status: u16, seconds: f64, exemplar: Option<TraceExemplar>) {
        let class = (status / 100).clamp(1, 5) as usize - 1;
        self.by_class[class].inc();
        self.latency.observe(seconds, exemplar, None);
        self.tap.observe(status, seconds);
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Registers every family. It is long on purpose: one flat list of
    /// names and help texts, in the order they are exposed.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("bext");
        let requests = Family::<ClassLabels, Counter>::default();
        registry.register(
            "requests",
            "HTTP requests answered, by pool and status class",
            requests.clone(),
        );
        let latency =
            Family::<PoolLabel, Latency, fn() -> Latency>::new_with_constructor(latency_histogram);
        registry.register(
            "request_duration_seconds",
            "Time from routing a request to its answer",
            latency.clone(),
        );
        let restarts = Family::<PoolLabel, Counter>::default();
        registry.register(
            "worker_restarts",
            "Worker processes started to replace another",
            restarts.clone(),
        );
        let failures = Family::<PoolLabel, Counter>::default();
        registry.register(
            "worker_failures",
            "Worker crashes, boot failures and hangs",
            failures.clone(),
        );
        let illegal = Family::<PoolLabel, Counter>::default();
        registry.register(
            "illegal_transitions",
            "Worker state moves the state tables refused (not applied)",
            illegal.clone(),
        );
        let retried = Family::<PoolLabel, Counter>::default();
        registry.register(
            "requests_retried",
            "Requests sent again to another worker because theirs died while running them",
            retried.clone(),
        );
        let quarantined = Family::<PoolLabel, Gauge>::default();
        registry.register(
            "quarantined_requests",
            "Request signatures refused as queries of death now",
            quarantined.clone(),
        );
        let swaps = Family::<PoolResultLabels, Counter>::default();
        registry.register(
            "swaps",
            "Hot-swaps by pool: result=\"swapped\" (in place, same pid) or \"replaced\" (no swap(), it threw or timed out)",
            swaps.clone(),
        );
        let reloads = Family::<ResultLabel, Counter>::default();
        registry.register(
            "config_reloads",
            "Configuration reloads: result=\"ok\" or \"failed\" (invalid file, the running configuration stayed)",
            reloads.clone(),
        );
        let versions = versions::VersionInfo::register(&mut registry);
        let cache = cache::CacheMetrics::register(&mut registry);
        let signals = Family::<SignalLabels, Counter>::default();
        registry.register(
            "restart_signals",
            "Restart signal files seen, by action and result (done, stale, malformed, unreadable)",
            signals.clone(),
        );
        let workers = workers::WorkerGauges::register(&mut registry);
        let jobs = JobMetrics::default();
        jobs.register(&mut registry);
        front::register(&mut registry);
        statics::register(&mut registry);
        traces::register(&mut registry);
        registry.register(
            "fetch_refused",
            "fetch() calls refused by a pool's fetch_allow, by pool and reason (not_listed, loopback, private, link_local, metadata, cluster_name, …)",
            FETCH_REFUSED.get_or_init(Family::default).clone(),
        );
        let container_cpus = GaugeF::default();
        registry.register(
            "container_cpu_limit",
            "CPUs the container's cgroup quota allows (cpu.max), when it has one",
            container_cpus.clone(),
        );
        let container_memory_bytes = Gauge::default();
        registry.register(
            "container_memory_limit_bytes",
            "Memory the container's cgroup allows (memory.max), when it has a limit",
            container_memory_bytes.clone(),
        );
        Metrics {
            container_cpus,
            container_memory_bytes,
            taps: Default::default(),
            registry,
            requests,
            latency,
            restarts,
            failures,
            illegal,
            retried,
            quarantined,
            swaps,
            reloads,
            signals,
            versions,
            cache,
            workers,
            jobs,
        }
    }

    /// The request-path handles of `pool`.
    pub fn pool(&self, pool: &str) -> PoolMetrics {
        let class = |c: &str| {
            self.requests
                .get_or_create(&ClassLabels {
                    pool: pool.into(),
                    class: c.into(),
                })
                .clone()
        };
        let label = PoolLabel { pool: pool.into() };
        PoolMetrics {
            by_class: [
                class("1xx"),
                class("2xx"),
                class("3xx"),
                class("4xx"),
                class("5xx"),
            ],
            latency: self.latency.get_or_create(&label).clone(),
            restarts: self.restarts.get_or_create(&label).clone(),
            failures: self.failures.get_or_create(&label).clone(),
            illegal_transitions: self.illegal.get_or_create(&label).clone(),
            retried: self.retried.get_or_create(&label).clone(),
            swapped: self.swap_counter(pool, "swapped"),
            swap_replaced: self.swap_counter(pool, "replaced"),
            rollbacks: self.versions.rollbacks(pool),
            tap: self
                .taps
                .lock()
                .unwrap()
                .entry(pool.to_owned())
                .or_default()
                .clone(),
        }
    }

    fn swap_counter(&self, pool: &str, result: &str) -> Counter {
        self.swaps
            .get_or_create(&PoolResultLabels {
                pool: pool.into(),
                result: result.into(),
            })
            .clone()
    }

    /// Counts one configuration reload.
    pub fn reloaded(&self, ok: bool) {
        let result = if ok { "ok" } else { "failed" };
        self.reloads
            .get_or_create(&ResultLabel {
                result: result.into(),
            })
            .inc();
    }

    /// Counts one restart signal file: its action (or `unknown`) and what
    /// came of it.
    pub fn signal(&self, action: &str, result: &str) {
        self.signals
            .get_or_create(&SignalLabels {
                action: action.into(),
                result: result.into(),
            })
            .inc();
    }

    /// The text exposition, with per-worker gauges from `workers`. Callers
    /// serialize scrapes (the gauges are cleared and refilled).
    /// `quarantined`: per pool, how many request signatures are refused;
    /// `kept`: per pool, its running and previous versions.
    pub fn render(
        &self,
        workers: &[WorkerStatus],
        quarantined: &[(String, usize)],
        kept: &[Kept],
        now_unix_ms: u64,
    ) -> String {
        self.versions.fill(kept);
        self.quarantined.clear();
        for (pool, n) in quarantined {
            let label = PoolLabel { pool: pool.clone() };
            self.quarantined.get_or_create(&label).set(*n as i64);
        }
        self.workers.fill(workers, now_unix_ms);
        let mut out = String::new();
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}
