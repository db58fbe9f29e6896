//! The request path's tap: what the history needs of every answer, as a
//! few atomic adds per request (no lock, no allocation). The sampler reads
//! it once a second and keeps the difference.

use std::sync::atomic::{AtomicU64, Ordering};

/// Latency buckets: the upper bound of bucket `i` is `BASE_MS × √2^i`;
/// the last one takes everything slower.
pub const BUCKETS: usize = 42;
const BASE_MS: f64 = 0.05;

/// The statuses counted one by one (the rest only in the total).
pub const STATUSES: [u16; 4] = [429, 502, 503, 504];

/// One pool's counters, shared by its handles across reloads.
#[derive(Debug)]
pub struct Tap {
    statuses: [AtomicU64; 4],
    buckets: [AtomicU64; BUCKETS],
}

impl Default for Tap {
    fn default() -> Self {
        Tap {
            statuses: Default::default(),
            buckets: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }
}

/// What the tap counted, at one reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    pub statuses: [u64; 4],
    pub buckets: [u64; BUCKETS],
}

impl Default for Counts {
    fn default() -> Self {
        Counts {
            statuses: [0; 4],
            buckets: [0; BUCKETS],
        }
    }
}

/// The bucket of a latency in milliseconds.
pub fn bucket_of(ms: f64) -> usize {
    if ms <= BASE_MS {
        return 0;
    }
    // √2^i ≥ ms/BASE  ⇔  i ≥ 2·log2(ms/BASE)
    let i = (2.0 * (ms / BASE_MS).log2()).ceil();
    (i as usize).min(BUCKETS - 1)
}

/// A bucket's upper bound in milliseconds.
pub fn bucket_bound_ms(i: usize) -> f64 {
    BASE_MS * std::f64::consts::SQRT_2.powi(i as i32)
}

impl Tap {
    /// Counts one answered request.
    pub fn observe(&self, status: u16, seconds: f64) {
        self.buckets[bucket_of(seconds * 1000.0)].fetch_add(1, Ordering::Relaxed);
        if let Some(i) = STATUSES.iter().position(|&s| s == status) {
            self.statuses[i].fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn read(&self) -> Counts {
        let mut c = Counts::default();
        for (to, from) in c.statuses.iter_mut().zip(&self.statuses) {
            *to = from.load(Ordering::Relaxed);
        }
        for (to, from) in c.buckets.iter_mut().zip(&self.buckets) {
            *to = from.load(Ordering::Relaxed);
        }
        c
    }
}

impl Counts {
    /// What was counted since `before`.
    pub fn since(&self, before: &Counts) -> Counts {
        let mut d = Counts::default();
        for i in 0..4 {
            d.statuses[i] = self.statuses[i].saturating_sub(before.statuses[i]);
        }
        for i in 0..BUCKETS {
            d.buckets[i] = self.buckets[i].saturating_sub(before.buckets[i]);
        }
        d
    }

    /// Adds `other` to these counts.
    pub fn add(&mut self, other: &Counts) {
        for i in 0..4 {
            self.statuses[i] += other.statuses[i];
        }
        for i in 0..BUCKETS {
            self.buckets[i] += other.buckets[i];
        }
    }

    pub fn requests(&self) -> u64 {
        self.buckets.iter().sum()
    }

    /// The `q` quantile (0–1) in milliseconds: the upper bound of the
    /// bucket it falls in (so within a factor √2 above the truth); 0 when
    /// nothing was counted.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        let total = self.requests();
        if total == 0 {
            return 0.0;
        }
        let rank = ((q * total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (i, n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return bucket_bound_ms(i);
            }
        }
        bucket_bound_ms(BUCKETS - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_bound_their_latencies() {
        for ms in [0.01, 0.05, 0.07, 1.0, 3.3, 250.0, 9_000.0] {
            let i = bucket_of(ms);
            assert!(bucket_bound_ms(i) >= ms || i == BUCKETS - 1, "{ms}");
            if i > 0 {
                assert!(bucket_bound_ms(i - 1) < ms, "{ms}");
            }
        }
        assert_eq!(bucket_of(1e9), BUCKETS - 1);
    }

    #[test]
    fn quantiles_and_statuses_from_differences() {
        let tap = Tap::default();
        let before = tap.read();
        for _ in 0..98 {
            tap.observe(200, 0.001);
        }
        tap.observe(503, 0.1);
        tap.observe(429, 0.1);
        let d = tap.read().since(&before);
        assert_eq!(d.requests(), 100);
        assert_eq!(d.statuses, [1, 0, 1, 0]);
        let p50 = d.quantile_ms(0.5);
        assert!((1.0..1.5).contains(&p50), "{p50}");
        let p99 = d.quantile_ms(0.99);
        assert!((100.0..142.0).contains(&p99), "{p99}");
        assert_eq!(Counts::default().quantile_ms(0.5), 0.0);
    }
}
