//! The response cache's figures per pool: `bext_cache_hits_total`,
//! `bext_cache_misses_total`, `bext_cache_stale_total`,
//! `bext_cache_evictions_total` and the gauges `bext_cache_bytes` and
//! `bext_cache_entries`. The
//! cache counts in its own atomics on the request path; a scrape brings
//! these families up to them.

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

use super::PoolLabel;
use crate::cache::Figures;

#[derive(Debug, Default)]
pub struct CacheMetrics {
    hits: Family<PoolLabel, Counter>,
    misses: Family<PoolLabel, Counter>,
    stale: Family<PoolLabel, Counter>,
    evictions: Family<PoolLabel, Counter>,
    bytes: Family<PoolLabel, Gauge>,
    entries: Family<PoolLabel, Gauge>,
}

impl CacheMetrics {
    pub fn register(registry: &mut Registry) -> CacheMetrics {
        let m = CacheMetrics::default();
        let counters = [
            (
                "cache_hits",
                "Requests answered fresh from the response cache (and those that waited for another's render)",
                &m.hits,
            ),
            (
                "cache_misses",
                "Cacheable requests that found nothing stored and rendered",
                &m.misses,
            ),
            (
                "cache_stale",
                "Requests answered with a stale entry while it was re-rendered",
                &m.stale,
            ),
            (
                "cache_evictions",
                "Stored URLs dropped to stay under max_bytes",
                &m.evictions,
            ),
        ];
        for (name, help, f) in counters {
            registry.register(name, help, f.clone());
        }
        registry.register(
            "cache_bytes",
            "Bytes the response cache holds: bodies, headers, keys and bookkeeping",
            m.bytes.clone(),
        );
        registry.register(
            "cache_entries",
            "Answers the response cache holds (every variant of every URL)",
            m.entries.clone(),
        );
        m
    }

    /// Brings the families up to each pool's figures (counters only rise:
    /// a pool whose cache was replaced by a reload starts again from 0).
    pub fn fill(&self, pools: &[(String, Figures)]) {
        for (pool, f) in pools {
            let l = PoolLabel { pool: pool.clone() };
            let up = |c: &Family<PoolLabel, Counter>, v: u64| {
                let c = c.get_or_create(&l);
                c.inc_by(v.saturating_sub(c.get()));
            };
            up(&self.hits, f.hits);
            up(&self.misses, f.misses);
            up(&self.stale, f.stale);
            up(&self.evictions, f.evictions);
            self.bytes
                .get_or_create(&l)
                .set(f.bytes.min(i64::MAX as u64) as i64);
            self.entries
                .get_or_create(&l)
                .set(f.entries.min(i64::MAX as u64) as i64);
        }
    }
}
