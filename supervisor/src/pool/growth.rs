//! How fast a worker's heap grows per request, from its censuses: pure
//! functions over samples, no clock and no I/O.
//!
//! Each census is taken right after a full collection (the worker runs one
//! once it has been idle a moment), so it counts only what is still
//! reachable: what the requests so far have *retained*. A worker's series
//! of censuses, `(requests served, bytes and counts by kind)`, is fitted
//! with a least-squares line once its warm-up is past, taken here as the
//! first third of its life by requests: caches that fill up on the first
//! requests and then stay flat are not leaks, and a warm-up shorter than a
//! third of the series falls out of the window. The slope is the growth per
//! request; it is a leak when it is above a floor ([`FLOOR_BYTES_PER_1K`])
//! and at least [`T_MIN`] standard errors above zero, so noise around a
//! plateau (strings interned here and there, a timer's closure) is not
//! called one. A series belongs to one process: a rotation starts another.
//!
//! A pool's verdict ([`PoolGrowth`]) looks at its current workers and at
//! the last figures of those that rotated away: it leaks when most of the
//! workers with a figure leak, and its figure is their median.

use std::collections::{BTreeMap, VecDeque};

use protocol::heap::{Census, HeapGrowth};

/// Censuses kept per worker; past it every other older one is dropped, so
/// the series keeps spanning the worker's whole life.
pub const KEPT: usize = 64;
/// Censuses needed in the window before there is a figure.
pub const MIN_SAMPLES: usize = 4;
/// Requests the window must span before there is a figure.
pub const MIN_SPAN: u64 = 500;
/// Growth below this is never a leak, whatever its steadiness.
pub const FLOOR_BYTES_PER_1K: f64 = 1024.0;
/// How many standard errors above zero a leak's slope must be.
pub const T_MIN: f64 = 4.0;
/// Figures of rotated-away workers a pool remembers.
pub const RETIRED_KEPT: usize = 8;

/// One worker's censuses, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Series {
    samples: Vec<Census>,
}

impl Series {
    /// Adds a census. One with fewer requests than the last comes from a
    /// new life (the series restarts).
    pub fn push(&mut self, c: Census) {
        if self.samples.last().is_some_and(|l| c.requests < l.requests) {
            self.samples.clear();
        }
        if self
            .samples
            .last()
            .is_some_and(|l| c.requests == l.requests)
        {
            // Nothing served since: the newer count replaces it.
            self.samples.pop();
        }
        if self.samples.len() == KEPT {
            let mut i = 0;
            self.samples.retain(|_| {
                i += 1;
                i % 2 == 1 || i > KEPT / 2
            });
        }
        self.samples.push(c);
    }

    pub fn last(&self) -> Option<&Census> {
        self.samples.last()
    }

    pub fn samples(&self) -> &[Census] {
        &self.samples
    }

    pub fn estimate(&self) -> Option<HeapGrowth> {
        estimate(&self.samples)
    }
}

/// A least-squares line through `(x, y)`: its slope and the slope's
/// standard error.
fn fit(points: &[(f64, f64)]) -> (f64, f64) {
    let n = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx == 0.0 {
        return (0.0, f64::INFINITY);
    }
    let slope = sxy / sxx;
    let ssr: f64 = points
        .iter()
        .map(|p| (p.1 - my - slope * (p.0 - mx)).powi(2))
        .sum();
    let se = if n > 2.0 {
        (ssr / (n - 2.0) / sxx).sqrt()
    } else {
        f64::INFINITY
    };
    (slope, se)
}

/// The growth per 1,000 requests of one worker's censuses (oldest first),
/// past its warm-up; `None` until the window holds [`MIN_SAMPLES`]
/// censuses over [`MIN_SPAN`] requests.
pub fn estimate(samples: &[Census]) -> Option<HeapGrowth> {
    let last = samples.last()?;
    let from = samples.first()?.requests + (last.requests - samples[0].requests) / 3;
    let window: Vec<&Census> = samples.iter().filter(|c| c.requests >= from).collect();
    let span = last.requests - window.first()?.requests;
    if window.len() < MIN_SAMPLES || span < MIN_SPAN {
        return None;
    }
    let per_1k = |f: fn(&Census) -> u64| {
        let pts: Vec<(f64, f64)> = window
            .iter()
            .map(|c| (c.requests as f64, f(c) as f64))
            .collect();
        let (slope, se) = fit(&pts);
        (slope * 1000.0, se * 1000.0)
    };
    let (bytes, se) = per_1k(|c| c.used_bytes);
    Some(HeapGrowth {
        bytes_per_1k: bytes,
        objects_per_1k: per_1k(|c| c.objects).0,
        functions_per_1k: per_1k(|c| c.functions).0,
        strings_per_1k: per_1k(|c| c.strings).0,
        arrays_per_1k: per_1k(|c| c.arrays).0,
        properties_per_1k: per_1k(|c| c.properties).0,
        requests: span,
        samples: window.len() as u32,
        leaking: bytes >= FLOOR_BYTES_PER_1K && bytes >= T_MIN * se,
    })
}

/// A pool's verdict.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolVerdict {
    /// The median of its workers' figures.
    pub growth: HeapGrowth,
    /// Workers (current and rotated away) with a figure.
    pub workers: usize,
    pub leaking: bool,
}

/// The figures of a pool's workers, current and rotated away.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PoolGrowth {
    current: BTreeMap<(u32, u64), HeapGrowth>,
    retired: VecDeque<HeapGrowth>,
}

impl PoolGrowth {
    /// A worker's newest figure.
    pub fn update(&mut self, slot: u32, generation: u64, g: HeapGrowth) {
        self.current.insert((slot, generation), g);
    }

    /// The worker is gone: its last figure stays among the retired ones.
    pub fn retire(&mut self, slot: u32, generation: u64) {
        if let Some(g) = self.current.remove(&(slot, generation)) {
            if self.retired.len() == RETIRED_KEPT {
                self.retired.pop_front();
            }
            self.retired.push_back(g);
        }
    }

    pub fn verdict(&self) -> Option<PoolVerdict> {
        let mut all: Vec<HeapGrowth> = self
            .current
            .values()
            .chain(self.retired.iter())
            .copied()
            .collect();
        if all.is_empty() {
            return None;
        }
        all.sort_by(|a, b| a.bytes_per_1k.total_cmp(&b.bytes_per_1k));
        let leaking = all.iter().filter(|g| g.leaking).count() * 2 > all.len();
        Some(PoolVerdict {
            growth: all[all.len() / 2],
            workers: all.len(),
            leaking,
        })
    }
}

#[cfg(test)]
#[path = "growth_tests.rs"]
mod tests;
