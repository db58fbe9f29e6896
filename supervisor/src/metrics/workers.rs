//! Per-worker gauges, cleared and filled from a status snapshot at each
//! scrape: workers come and go, and a scrape shows the ones that exist now.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use protocol::control::{WorkerState, WorkerStatus};

use super::{GaugeF, WorkerLabels, heap, sockets};

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    pool: String,
    worker: String,
    state: String,
}

#[derive(Debug)]
pub(super) struct WorkerGauges {
    swaps: Family<WorkerLabels, Gauge>,
    served: Family<WorkerLabels, Gauge>,
    failed: Family<WorkerLabels, Gauge>,
    in_flight: Family<WorkerLabels, Gauge>,
    rss: Family<WorkerLabels, Gauge>,
    peak: Family<WorkerLabels, Gauge>,
    heap: Family<WorkerLabels, Gauge>,
    uptime: Family<WorkerLabels, GaugeF>,
    avg: Family<WorkerLabels, GaugeF>,
    restarts: Family<WorkerLabels, Gauge>,
    fails: Family<WorkerLabels, Gauge>,
    messages: Family<WorkerLabels, Gauge>,
    state: Family<StateLabels, Gauge>,
    sockets: sockets::SocketGauges,
    census: heap::HeapGauges,
}

impl WorkerGauges {
    pub fn register(registry: &mut Registry) -> WorkerGauges {
        let mut gauge = |name: &str, help: &str| {
            let f = Family::<WorkerLabels, Gauge>::default();
            registry.register(name, help, f.clone());
            f
        };
        let served = gauge(
            "worker_requests_served",
            "Requests the worker process has answered",
        );
        let failed = gauge(
            "worker_requests_failed",
            "Requests the worker process answered with an error",
        );
        let in_flight = gauge("worker_in_flight", "Requests the worker process holds now");
        let rss = gauge(
            "worker_memory_bytes",
            "Resident set size of the worker process, from /proc",
        );
        let peak = gauge(
            "worker_peak_memory_bytes",
            "Largest resident set size seen for the worker process",
        );
        let heap = gauge(
            "worker_js_heap_bytes",
            "QuickJS heap in use, as last reported by the worker",
        );
        let restarts = gauge(
            "worker_slot_restarts",
            "Processes the slot has had after its first",
        );
        let fails = gauge(
            "worker_consecutive_failures",
            "Consecutive failures of the slot",
        );
        let messages = gauge(
            "worker_messages_sent",
            "Messages the worker process sent with bext.sendMessage",
        );
        let swaps = gauge(
            "worker_swaps",
            "Hot-swaps the worker process went through (same pid and generation)",
        );
        let uptime = Family::<WorkerLabels, GaugeF>::default();
        registry.register(
            "worker_uptime_seconds",
            "Age of the worker process",
            uptime.clone(),
        );
        let avg = Family::<WorkerLabels, GaugeF>::default();
        registry.register(
            "worker_avg_render_seconds",
            "Mean time per request of the worker process",
            avg.clone(),
        );
        let state = Family::<StateLabels, Gauge>::default();
        registry.register(
            "worker_state",
            "1 for the state the worker is in",
            state.clone(),
        );
        let sockets = sockets::SocketGauges::register(registry);
        let census = heap::HeapGauges::register(registry);
        WorkerGauges {
            swaps,
            served,
            failed,
            in_flight,
            rss,
            peak,
            heap,
            uptime,
            avg,
            restarts,
            fails,
            messages,
            state,
            sockets,
            census,
        }
    }

    /// Replaces every gauge with the rows of `workers` that have a process
    /// (or failed for good).
    pub fn fill(&self, workers: &[WorkerStatus], now_unix_ms: u64) {
        let families = [
            &self.served,
            &self.failed,
            &self.in_flight,
            &self.rss,
            &self.peak,
            &self.heap,
            &self.restarts,
            &self.fails,
            &self.messages,
            &self.swaps,
        ];
        families.iter().for_each(|f| f.clear());
        self.uptime.clear();
        self.avg.clear();
        self.state.clear();
        self.census.clear();
        for w in workers {
            if w.pid.is_some() || w.state == WorkerState::Failed {
                self.set(w, now_unix_ms);
            }
        }
    }

    /// The gauges of one status row.
    fn set(&self, w: &WorkerStatus, now_unix_ms: u64) {
        let l = WorkerLabels {
            pool: w.pool.clone(),
            worker: w.id.to_string(),
        };
        let set = |f: &Family<WorkerLabels, Gauge>, v: u64| {
            f.get_or_create(&l).set(v.min(i64::MAX as u64) as i64);
        };
        set(&self.served, w.requests_served);
        set(&self.failed, w.requests_failed);
        set(&self.in_flight, w.in_flight as u64);
        set(&self.rss, w.current_memory_bytes);
        set(&self.peak, w.peak_memory_bytes);
        set(&self.heap, w.js_heap_bytes);
        set(&self.restarts, w.restarts as u64);
        set(&self.fails, w.consecutive_failures as u64);
        set(&self.messages, w.messages_sent);
        set(&self.swaps, w.swaps);
        self.sockets.set(&l, &w.sockets);
        self.census.set(&l, w);
        let up = if w.pid.is_some() {
            now_unix_ms.saturating_sub(w.started_at) as f64 / 1000.0
        } else {
            0.0
        };
        self.uptime.get_or_create(&l).set(up);
        self.avg
            .get_or_create(&l)
            .set(w.avg_render_time_ms / 1000.0);
        self.state
            .get_or_create(&StateLabels {
                pool: w.pool.clone(),
                worker: w.id.to_string(),
                state: w.state.to_string(),
            })
            .set(1);
    }
}
