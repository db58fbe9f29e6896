//! What bextd remembers of its recent past, in fixed memory: per pool and
//! per worker slot, a sample a second for 10 minutes and one every 30
//! seconds for 6 hours; and the feed of recent events (`feed`). It backs
//! the status page (`GET /__bext/`), its stream (`/__bext/events`) and
//! `GET /__bext/history`.
//!
//! Theory of operation: the hub's sampler reads, once a second, every
//! pool's status rows (what `/__bext/workers` shows) and its request tap
//! (`tap`: counts by status and a latency histogram, kept by the request
//! path with atomic adds), and hands them to [`History::record`]: one
//! [`PoolSample`] per pool (requests a second, p50/p99 latency, queue
//! depth, 429/502/503/504 answers, workers by state) and one
//! [`SlotSample`] per slot (RSS, JS heap, requests in flight, requests
//! served in the interval, state). Slots are keyed by pool and slot
//! number, not pid, so a slot's line runs on across its generations.
//! Every series is pushed at every tick, so all rings stay aligned; a slot
//! or pool that no longer exists is forgotten with its series.
//!
//! Memory: each ring is allocated full size when its series is born. A
//! slot costs `(FINE_LEN + COARSE_LEN) × 16` bytes (21 KiB), a pool
//! `(FINE_LEN + COARSE_LEN) × 48` bytes (62 KiB); 256 workers in one pool
//! hold about 5.5 MB. The feed keeps its last 1000 events, each cut to
//! 2 KiB of text. [`History::bytes`] reports the total
//! (`/__bext/history` shows it as `memory_bytes`).

pub mod feed;
pub mod ring;
pub mod stream;
pub mod tap;

use std::collections::BTreeMap;

use serde_json::{Value, json};

pub use feed::{Event, Feed, NewEvent, feed, report};
use ring::{COARSE_EVERY, Merge, Resolution, Series};
pub use tap::{Counts, Tap};

/// Unix time in milliseconds.
pub fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The states a slot sample records, by index (SPEC §2's names).
pub const STATES: [&str; 7] = [
    "BOOTING", "ACTIVE", "MAINT", "SWAPPING", "DRAINING", "FAILED", "STOPPED",
];
/// A slot with no process.
const NO_STATE: u8 = u8::MAX;

/// The index of a state name in [`STATES`].
pub fn state_index(name: &str) -> u8 {
    STATES
        .iter()
        .position(|s| *s == name)
        .map_or(NO_STATE, |i| i as u8)
}

/// A pool, once a second (or merged over 30 s).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PoolSample {
    pub rps: f32,
    pub p50_ms: f32,
    pub p99_ms: f32,
    pub queue: u32,
    /// Answers 429, 502, 503, 504 in the interval.
    pub statuses: [u32; 4],
    /// Workers in each of [`STATES`].
    pub states: [u16; 7],
}

/// A slot, once a second (or merged over 30 s).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SlotSample {
    pub rss_kb: u32,
    pub heap_kb: u32,
    /// The JS heap right after the worker's last idle collection (its
    /// census): what its requests retained.
    pub retained_kb: u32,
    /// Requests served in the interval.
    pub requests: u32,
    pub in_flight: u16,
    /// An index of [`STATES`], or none.
    pub state: u8,
}

impl Merge for SlotSample {
    /// Peaks of memory and in flight, the sum of requests, the last state.
    fn merge(w: &[SlotSample]) -> SlotSample {
        SlotSample {
            rss_kb: w.iter().map(|s| s.rss_kb).max().unwrap_or(0),
            heap_kb: w.iter().map(|s| s.heap_kb).max().unwrap_or(0),
            retained_kb: w.iter().map(|s| s.retained_kb).max().unwrap_or(0),
            requests: w.iter().map(|s| s.requests).fold(0, u32::saturating_add),
            in_flight: w.iter().map(|s| s.in_flight).max().unwrap_or(0),
            state: w.last().map_or(NO_STATE, |s| s.state),
        }
    }
}

impl Merge for PoolSample {
    /// Means of the rates, peaks of latency and queue, sums of counts,
    /// the last states. (The sampler merges latency from the histogram
    /// instead; this is the fallback.)
    fn merge(w: &[PoolSample]) -> PoolSample {
        let n = w.len().max(1) as f32;
        let mut out = w.last().copied().unwrap_or_default();
        out.rps = w.iter().map(|s| s.rps).sum::<f32>() / n;
        out.p50_ms = w.iter().map(|s| s.p50_ms).fold(0.0, f32::max);
        out.p99_ms = w.iter().map(|s| s.p99_ms).fold(0.0, f32::max);
        out.queue = w.iter().map(|s| s.queue).max().unwrap_or(0);
        for i in 0..4 {
            out.statuses[i] = w.iter().map(|s| s.statuses[i]).sum();
        }
        out
    }
}

/// One slot as the sampler read it.
#[derive(Debug, Clone, Default)]
pub struct SlotReading {
    pub slot: u32,
    pub generation: u64,
    /// Requests its current process served so far.
    pub served: u64,
    pub state: u8,
    pub rss_bytes: u64,
    pub heap_bytes: u64,
    /// Its last census's `used_bytes`, 0 before its first.
    pub retained_bytes: u64,
    pub in_flight: u32,
}

/// One pool as the sampler read it.
#[derive(Debug, Clone, Default)]
pub struct PoolReading {
    pub name: String,
    /// The tap's counts so far.
    pub counts: Counts,
    pub queue: u32,
    pub slots: Vec<SlotReading>,
}

#[derive(Debug, Default)]
struct PoolHistory {
    series: Series<PoolSample>,
    last: Counts,
    /// The counts of the coarse window under way.
    window: Counts,
    slots: BTreeMap<u32, SlotHistory>,
}

#[derive(Debug, Default)]
struct SlotHistory {
    series: Series<SlotSample>,
    /// The process last read: its generation and requests served.
    last: (u64, u64),
}

/// Every pool's and slot's series.
#[derive(Debug, Default)]
pub struct History {
    /// Ticks recorded so far.
    tick: u64,
    /// When the last tick was recorded (Unix ms).
    end_ms: u64,
    pools: BTreeMap<String, PoolHistory>,
}

fn kb(bytes: u64) -> u32 {
    (bytes / 1024).min(u32::MAX as u64) as u32
}

fn sat32(n: u64) -> u32 {
    n.min(u32::MAX as u64) as u32
}

impl History {
    pub fn new() -> History {
        History::default()
    }

    /// Records one tick taken at `now_ms`, `interval_s` after the last.
    pub fn record(&mut self, readings: &[PoolReading], now_ms: u64, interval_s: f64) {
        self.tick += 1;
        self.end_ms = now_ms;
        let tick = self.tick;
        self.pools
            .retain(|name, _| readings.iter().any(|r| &r.name == name));
        for r in readings {
            let fresh = !self.pools.contains_key(&r.name);
            let p = self.pools.entry(r.name.clone()).or_default();
            if fresh {
                // Counting starts now, not at the tap's birth.
                p.last = r.counts.clone();
            }
            p.record(r, tick, interval_s);
        }
    }

    /// The ticks recorded so far (one a second).
    pub fn ticks(&self) -> u64 {
        self.tick
    }

    /// Bytes held by every series.
    pub fn bytes(&self) -> usize {
        let slot = std::mem::size_of::<SlotHistory>() + 48;
        self.pools
            .values()
            .map(|p| {
                std::mem::size_of::<PoolHistory>()
                    + p.series.bytes()
                    + p.slots
                        .values()
                        .map(|s| slot + s.series.bytes())
                        .sum::<usize>()
            })
            .sum()
    }

    /// The newest sample of a pool.
    pub fn latest_pool(&self, pool: &str) -> Option<PoolSample> {
        self.pools.get(pool)?.series.fine.last(1).next().copied()
    }

    /// The last `n` fine samples of a pool, oldest first.
    pub fn pool_fine(&self, pool: &str, n: usize) -> Vec<PoolSample> {
        self.pools
            .get(pool)
            .map_or_else(Vec::new, |p| p.series.fine.last(n).copied().collect())
    }

    /// The last `n` fine samples of a slot, oldest first.
    pub fn slot_fine(&self, pool: &str, slot: u32, n: usize) -> Vec<SlotSample> {
        self.pools
            .get(pool)
            .and_then(|p| p.slots.get(&slot))
            .map_or_else(Vec::new, |s| s.series.fine.last(n).copied().collect())
    }

    /// `/__bext/history`: the last `last` samples at `res` of every pool
    /// and slot (`slots`: with the slots' series), as columns aligned on
    /// the newest tick (`end`, Unix ms; `null` where a series is younger).
    pub fn json(&self, res: Resolution, last: usize, slots: bool) -> Value {
        let available = match res {
            Resolution::Fine => self.tick as usize,
            Resolution::Coarse => (self.tick / COARSE_EVERY) as usize,
        };
        let n = last.min(res.capacity()).min(available);
        let end = match res {
            Resolution::Fine => self.end_ms,
            // The newest coarse sample closed at the last multiple of 30 ticks.
            Resolution::Coarse => self
                .end_ms
                .saturating_sub((self.tick % COARSE_EVERY) * 1000),
        };
        let pools: Vec<Value> = self
            .pools
            .iter()
            .map(|(name, p)| pool_json(name, p, res, n))
            .collect();
        let workers: Vec<Value> = if slots {
            self.pools
                .iter()
                .flat_map(|(name, p)| {
                    p.slots
                        .iter()
                        .map(move |(id, s)| slot_json(name, *id, s, res, n))
                })
                .collect()
        } else {
            Vec::new()
        };
        let resolutions = [Resolution::Fine, Resolution::Coarse]
            .map(|r| json!({ "name": r.name(), "step_ms": r.step_ms(), "len": r.capacity() }));
        json!({
            "tick": self.tick,
            "resolution": res.name(),
            "step_ms": res.step_ms(),
            "end": end,
            "len": n,
            "resolutions": resolutions,
            "states": STATES,
            "pools": pools,
            "workers": workers,
            "memory_bytes": self.bytes(),
        })
    }
}

impl PoolHistory {
    fn record(&mut self, r: &PoolReading, tick: u64, interval_s: f64) {
        let delta = r.counts.since(&self.last);
        self.last = r.counts.clone();
        self.window.add(&delta);
        let mut states = [0u16; 7];
        for s in &r.slots {
            if let Some(n) = states.get_mut(s.state as usize) {
                *n += 1;
            }
        }
        let sample = PoolSample {
            rps: (delta.requests() as f64 / interval_s.max(0.001)) as f32,
            p50_ms: delta.quantile_ms(0.5) as f32,
            p99_ms: delta.quantile_ms(0.99) as f32,
            queue: r.queue,
            statuses: delta.statuses.map(sat32),
            states,
        };
        let coarse = (tick % COARSE_EVERY == 0).then(|| {
            let w = std::mem::take(&mut self.window);
            let fine: Vec<PoolSample> = self
                .series
                .fine
                .last(COARSE_EVERY as usize - 1)
                .copied()
                .chain([sample])
                .collect();
            PoolSample {
                rps: (w.requests() as f64 / COARSE_EVERY as f64) as f32,
                p50_ms: w.quantile_ms(0.5) as f32,
                p99_ms: w.quantile_ms(0.99) as f32,
                queue: fine.iter().map(|s| s.queue).max().unwrap_or(0),
                statuses: w.statuses.map(sat32),
                states,
            }
        });
        self.series.push(tick, sample, coarse);
        self.slots
            .retain(|id, _| r.slots.iter().any(|s| s.slot == *id));
        for s in &r.slots {
            let fresh = !self.slots.contains_key(&s.slot);
            let h = self.slots.entry(s.slot).or_default();
            let requests = if fresh {
                // What it served before it was first read is not this tick's.
                0
            } else if h.last.0 == s.generation {
                s.served.saturating_sub(h.last.1)
            } else {
                s.served
            };
            h.last = (s.generation, s.served);
            let sample = SlotSample {
                rss_kb: kb(s.rss_bytes),
                heap_kb: kb(s.heap_bytes),
                retained_kb: kb(s.retained_bytes),
                requests: sat32(requests),
                in_flight: s.in_flight.min(u16::MAX as u32) as u16,
                state: s.state,
            };
            h.series.push(tick, sample, None);
        }
    }
}

/// A column of `n` values from the newest items of a ring, padded with
/// `null` at the front.
fn column<T: Copy>(ring: &ring::Ring<T>, n: usize, f: impl Fn(&T) -> Value) -> Value {
    let have = ring.len().min(n);
    let mut out = vec![Value::Null; n - have];
    out.extend(ring.last(have).map(f));
    Value::Array(out)
}

fn round1(x: f32) -> Value {
    json!((x as f64 * 10.0).round() / 10.0)
}

fn round3(x: f32) -> Value {
    json!((x as f64 * 1000.0).round() / 1000.0)
}

fn pool_json(name: &str, p: &PoolHistory, res: Resolution, n: usize) -> Value {
    let ring = p.series.ring(res);
    let by_state: serde_json::Map<String, Value> = STATES
        .iter()
        .enumerate()
        .map(|(i, s)| (s.to_string(), column(ring, n, |x| json!(x.states[i]))))
        .collect();
    json!({
        "name": name,
        "rps": column(ring, n, |x| round1(x.rps)),
        "p50_ms": column(ring, n, |x| round3(x.p50_ms)),
        "p99_ms": column(ring, n, |x| round3(x.p99_ms)),
        "queue": column(ring, n, |x| json!(x.queue)),
        "429": column(ring, n, |x| json!(x.statuses[0])),
        "502": column(ring, n, |x| json!(x.statuses[1])),
        "503": column(ring, n, |x| json!(x.statuses[2])),
        "504": column(ring, n, |x| json!(x.statuses[3])),
        "workers_by_state": by_state,
    })
}

fn slot_json(pool: &str, id: u32, s: &SlotHistory, res: Resolution, n: usize) -> Value {
    let ring = s.series.ring(res);
    json!({
        "pool": pool,
        "worker": id,
        "state": column(ring, n, |x| STATES.get(x.state as usize).map_or(Value::Null, |s| json!(s))),
        "rss_bytes": column(ring, n, |x| json!(x.rss_kb as u64 * 1024)),
        "js_heap_bytes": column(ring, n, |x| json!(x.heap_kb as u64 * 1024)),
        "js_retained_bytes": column(ring, n, |x| json!(x.retained_kb as u64 * 1024)),
        "in_flight": column(ring, n, |x| json!(x.in_flight)),
        "requests": column(ring, n, |x| json!(x.requests)),
    })
}

#[cfg(test)]
mod tests;
