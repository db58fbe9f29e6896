//! The status page's side of the hub: the sampler that feeds the history
//! each second, the views the page and its stream show, and the page's
//! actions.
//!
//! The sampler reads the same rows as `/__bext/workers` and each pool's
//! request tap, records them ([`crate::history::History::record`]), and,
//! only while a stream is open, encodes this second's view once and hands
//! it to the feed, which copies the bytes to every stream.
//!
//! Actions (restart a worker or a pool, a maintenance sweep, cancel a job)
//! are the control socket's operations (`ops/restart.rs`, `ops/maint.rs`,
//! `ops/jobs_cancel.rs`), called with the page's arguments; they exist only with `[server] admin_token` set: a `POST /__bext/actions`
//! whose `X-Bext-Token` header is the token (compared in constant time),
//! from no `Origin` or the page's own, each one reported to the feed.

use std::time::{Duration, Instant};

use protocol::control::WorkerStatus;
use serde_json::{Value, json};

use super::Hub;
use crate::history::{self, PoolReading, SlotReading, state_index};

/// How often the sampler reads the pools.
pub const SAMPLE_EVERY: Duration = Duration::from_secs(1);

/// One sample of every pool, recorded; and the view, if anyone watches.
pub async fn sample(hub: &Hub, interval: Duration) {
    let rows = hub.workers().await;
    let pools = hub.pools.all();
    let readings: Vec<PoolReading> = pools
        .iter()
        .map(|p| PoolReading {
            name: p.name.to_string(),
            counts: p.metrics.tap.read(),
            queue: p.admission().map_or(0, |a| a.queued() as u32),
            slots: slots_of(&p.name, &rows),
        })
        .collect();
    hub.history
        .lock()
        .unwrap()
        .record(&readings, history::unix_ms(), interval.as_secs_f64());
    if history::feed().watched() {
        let view = view(hub, &rows).await;
        history::feed().tick(history::stream::tick_text(&view.to_string()));
    }
}

/// Runs the sampler until the process ends.
pub async fn run_sampler(hub: std::sync::Arc<Hub>) {
    let mut every = tokio::time::interval(SAMPLE_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last = Instant::now();
    every.tick().await;
    loop {
        every.tick().await;
        let now = Instant::now();
        sample(&hub, now - last).await;
        last = now;
    }
}

/// One reading per slot: of the slot's newest process (a replacement
/// booting beside the old one during a rotation is the slot's future).
fn slots_of(pool: &str, rows: &[WorkerStatus]) -> Vec<SlotReading> {
    let mut out: Vec<SlotReading> = Vec::new();
    for r in rows.iter().filter(|r| r.pool == pool) {
        let reading = SlotReading {
            slot: r.id,
            generation: r.generation,
            served: r.requests_served,
            state: if r.pid.is_some() || r.state.name() == "FAILED" {
                state_index(r.state.name())
            } else {
                u8::MAX
            },
            rss_bytes: r.current_memory_bytes,
            heap_bytes: r.js_heap_bytes,
            retained_bytes: r.census.map_or(0, |c| c.used_bytes),
            in_flight: r.in_flight,
        };
        match out.iter_mut().find(|s| s.slot == r.id) {
            Some(s) if s.generation < r.generation => *s = reading,
            Some(_) => {}
            None => out.push(reading),
        }
    }
    out
}

/// The page's view of now: pools with their settings and last sample,
/// the worker rows, the jobs, the container's limits, the streams.
/// A pool's response cache figures, with its hit ratio (hits and stale
/// answers over every cacheable request; `null` before the first).
pub fn cache_json(f: crate::cache::Figures) -> Value {
    let served = f.hits + f.stale;
    let all = served + f.misses;
    json!({
        "hits": f.hits, "misses": f.misses, "stale": f.stale,
        "evictions": f.evictions, "bytes": f.bytes, "entries": f.entries,
        "hit_ratio": (all > 0).then(|| served as f64 / all as f64),
    })
}

/// A pool's cache hit ratio as the page shows it ("off" without a cache).
pub fn hit_ratio(cache: &Value) -> String {
    match cache["hit_ratio"].as_f64() {
        _ if cache.is_null() => "off".into(),
        Some(r) => format!("{:.0}%", r * 100.0),
        None => "-".into(),
    }
}

pub async fn view(hub: &Hub, rows: &[WorkerStatus]) -> Value {
    let (jobs, _) = hub.jobs.call(crate::jobs::List).await.unwrap_or_default();
    let history = hub.history.lock().unwrap();
    let pools: Vec<Value> = hub
        .pools
        .all()
        .iter()
        .map(|p| {
            let c = p.config();
            let s = history.latest_pool(&p.name).unwrap_or_default();
            json!({
                "name": &*p.name,
                "route": c.route.as_str(),
                "min_workers": c.min_workers,
                "max_workers": c.max_workers,
                "max_memory_bytes": c.settings.lifecycle.max_memory_bytes,
                "queue": s.queue,
                "rps": s.rps,
                "p50_ms": s.p50_ms,
                "p99_ms": s.p99_ms,
                "errors": { "429": s.statuses[0], "502": s.statuses[1], "503": s.statuses[2], "504": s.statuses[3] },
                "cache": p.cache().map(|c| cache_json(c.figures())),
            })
        })
        .collect();
    let jobs: Vec<Value> = jobs
        .iter()
        .map(|j| {
            json!({
                "id": j.id, "pool": j.pool, "status": j.status, "daemon": j.daemon,
                "progress": j.progress, "memory_bytes": j.memory_bytes, "rss_bytes": j.rss_bytes,
                "pid": j.pid, "error": j.error,
            })
        })
        .collect();
    let (clients, dropped) = history::feed().stream_counts();
    json!({
        "t": history::unix_ms(),
        "tick": history.ticks(),
        "pools": pools,
        "workers": rows,
        "jobs": jobs,
        "store": hub.jobs.health.view(),
        "limits": { "cpus": hub.limits.cpus, "memory_bytes": hub.limits.memory_bytes },
        "streams": { "open": clients, "dropped": dropped },
        "last_event_id": history::feed().last_id(),
        "actions": hub.admin.token.is_some(),
        "heap_walks": hub.last_walks(),
        "static": crate::metrics::statics::view(),
    })
}
