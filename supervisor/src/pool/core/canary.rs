//! The canary's verdict, as one pure function.
//!
//! While a new version runs on a few workers (the canary), the pool counts,
//! from the same instant, what the canary answered and what the workers
//! still on the previous version answered: requests, 5xx, crashes and
//! latency (a `history::tap` histogram each, so p99 comes from the same
//! buckets on both sides). [`judge`] takes those two [`Figures`], the
//! thresholds and the time, and says what is due:
//!
//! * a canary crash is a rollback at once: nothing else needs a sample;
//! * a 5xx breach is a rollback as soon as the canary has answered
//!   its minimum of requests, without waiting for the clock: a version that fails
//!   its requests should fail as few as possible;
//! * a promotion needs the whole window (its minimum time *and* its
//!   minimum of requests, whichever ends later) inside every threshold;
//! * the p99 is judged only at the window's end, once both sides have a
//!   sample (a single slow request early on is not a p99).
//!
//! The old version's figures are the basis. When it answered nothing over
//! the window (all traffic went to the canary, or there was none), the
//! error rate is judged against 0 % and the p99 is not judged: there is
//! nothing to compare it with, and the verdict's figures say so.
//! Latencies under [`P99_FLOOR_MS`] on both sides are never a breach: at
//! that scale the ratio measures the scheduler, not the code.

use std::fmt;
use std::time::{Duration, Instant};

use crate::history::tap::{Counts, bucket_of};

/// A canary's window and thresholds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The window lasts at least this long…
    pub min_time: std::time::Duration,
    /// …and until the canary answered at least this many requests.
    pub min_requests: u64,
    /// Percentage points of 5xx the canary may add to the old version's.
    pub max_error_rate_increase: f64,
    /// How many times the old version's p99 latency the canary's may be.
    pub max_p99_ratio: f64,
}

impl Limits {
    /// The window and thresholds `[POOL.deploy]` gives a canary.
    pub fn of(c: &crate::config::Canary) -> Limits {
        Limits {
            min_time: c.min_time,
            min_requests: c.min_requests,
            max_error_rate_increase: c.max_error_rate_increase,
            max_p99_ratio: c.max_p99_ratio,
        }
    }
}

/// p99s are compared only above this many milliseconds.
pub const P99_FLOOR_MS: f64 = 5.0;

/// What one side (the canary, or the old version) did over the window.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Figures {
    pub requests: u64,
    /// Answers of 500 and above (bextd's own 502/504 included).
    pub errors: u64,
    /// Workers that died by their own fault.
    pub crashes: u64,
    /// `None` when it answered nothing.
    pub p99_ms: Option<f64>,
}

impl Figures {
    /// 5xx as a percentage of requests; 0 without requests.
    pub fn error_pct(&self) -> f64 {
        if self.requests == 0 {
            return 0.0;
        }
        self.errors as f64 * 100.0 / self.requests as f64
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} requests, {} 5xx ({:.2} %), {} crashes, p99 ",
            self.requests,
            self.errors,
            self.error_pct(),
            self.crashes
        )?;
        match self.p99_ms {
            Some(ms) => write!(f, "{ms:.1} ms"),
            None => write!(f, "none"),
        }
    }
}

/// What one side answered since its window began, counted as it comes;
/// [`Tally::figures`] reads it for [`judge`]. Latencies go into the
/// history's buckets (each √2 wide), the same for both sides, so neither
/// side's p99 is read more finely than the other's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    errors: u64,
    crashes: u64,
    latency: Counts,
}

impl Tally {
    /// An answer with `status`, `took` from arrival to answer.
    pub fn answered(&mut self, status: u16, took: Duration) {
        if status >= 500 {
            self.errors += 1;
        }
        self.latency.buckets[bucket_of(took.as_secs_f64() * 1000.0)] += 1;
    }

    /// A worker of this side died by its own fault.
    pub fn crashed(&mut self) {
        self.crashes += 1;
    }

    pub fn figures(&self) -> Figures {
        let requests = self.latency.requests();
        Figures {
            requests,
            errors: self.errors,
            crashes: self.crashes,
            p99_ms: (requests > 0).then(|| self.latency.quantile_ms(0.99)),
        }
    }
}

/// Which threshold a canary broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breach {
    Crash,
    ErrorRate,
    P99,
}

impl Breach {
    /// The metric label and the word in log lines.
    pub fn as_str(self) -> &'static str {
        match self {
            Breach::Crash => "crash",
            Breach::ErrorRate => "error_rate",
            Breach::P99 => "p99",
        }
    }
}

/// What is due for a canary.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Within every threshold over the whole window: roll the rest.
    Promote { canary: Figures, old: Figures },
    /// Replace the canary from the previous version and stop.
    Rollback {
        reason: Breach,
        canary: Figures,
        old: Figures,
    },
    /// Look again at `until` (the clock's end of the window), or at the
    /// next answer when `until` is `None` (the time is up but the canary
    /// has not answered `canary_requests` yet).
    Wait { until: Option<Instant> },
}

/// The verdict on a canary started at `started` (see the module docs).
pub fn judge(
    limits: &Limits,
    started: Instant,
    canary: Figures,
    old: Figures,
    now: Instant,
) -> Verdict {
    let rollback = |reason| Verdict::Rollback {
        reason,
        canary,
        old,
    };
    if canary.crashes > 0 {
        return rollback(Breach::Crash);
    }
    let enough = canary.requests >= limits.min_requests.max(1);
    if enough && canary.error_pct() > old.error_pct() + limits.max_error_rate_increase {
        return rollback(Breach::ErrorRate);
    }
    let ends = started + limits.min_time;
    if now < ends {
        return Verdict::Wait { until: Some(ends) };
    }
    if !enough {
        return Verdict::Wait { until: None };
    }
    if p99_breached(limits.max_p99_ratio, canary.p99_ms, old.p99_ms) {
        return rollback(Breach::P99);
    }
    Verdict::Promote { canary, old }
}

fn p99_breached(ratio: f64, canary: Option<f64>, old: Option<f64>) -> bool {
    match (canary, old) {
        (Some(c), Some(o)) => c > P99_FLOOR_MS && c > ratio * o,
        _ => false,
    }
}
