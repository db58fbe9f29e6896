//! Per-worker heap gauges, filled from each status row at a scrape:
//! `bext_worker_heap_census{kind}` (QuickJS's counters after the last idle
//! collection; `kind` is one of a fixed set, so labels stay bounded),
//! `bext_worker_heap_growth_bytes_per_1k` and `bext_worker_heap_leaking`.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use protocol::control::WorkerStatus;

use super::WorkerLabels;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabels {
    pool: String,
    worker: String,
    kind: &'static str,
}

#[derive(Debug, Clone, Default)]
pub(super) struct HeapGauges {
    census: Family<KindLabels, Gauge>,
    growth: Family<WorkerLabels, Gauge>,
    leaking: Family<WorkerLabels, Gauge>,
}

impl HeapGauges {
    pub fn register(registry: &mut Registry) -> HeapGauges {
        let g = HeapGauges::default();
        registry.register(
            "worker_heap_census",
            "QuickJS's counters after the worker's last idle collection, by kind (used_bytes, malloc_bytes, objects, functions, strings, arrays, properties, shapes, atoms)",
            g.census.clone(),
        );
        registry.register(
            "worker_heap_growth_bytes_per_1k",
            "Heap bytes the worker retains per 1,000 requests past its warm-up",
            g.growth.clone(),
        );
        registry.register(
            "worker_heap_leaking",
            "1 when the worker's retained heap grows steadily (a leak)",
            g.leaking.clone(),
        );
        g
    }

    pub fn clear(&self) {
        self.census.clear();
        self.growth.clear();
        self.leaking.clear();
    }

    pub fn set(&self, l: &WorkerLabels, w: &WorkerStatus) {
        let clamp = |v: u64| v.min(i64::MAX as u64) as i64;
        if let Some(c) = &w.census {
            for (kind, v) in [
                ("used_bytes", c.used_bytes),
                ("malloc_bytes", c.malloc_bytes),
                ("objects", c.objects),
                ("functions", c.functions),
                ("strings", c.strings),
                ("arrays", c.arrays),
                ("properties", c.properties),
                ("shapes", c.shapes),
                ("atoms", c.atoms),
            ] {
                let k = KindLabels {
                    pool: l.pool.clone(),
                    worker: l.worker.clone(),
                    kind,
                };
                self.census.get_or_create(&k).set(clamp(v));
            }
        }
        if let Some(g) = &w.heap_growth {
            self.growth.get_or_create(l).set(g.bytes_per_1k as i64);
            self.leaking.get_or_create(l).set(i64::from(g.leaking));
        }
    }
}
