//! The decisions of the job system, pure: which queued jobs start now,
//! how long a crashed daemon waits, what a job's RSS calls for. No clock is
//! read here; callers pass `now`. Unit-tested with a fake clock below.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The limits admission applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_running: u32,
    pub max_running_per_pool: u32,
    pub budget_bytes: u64,
}

/// What is running now.
#[derive(Debug, Clone, Default)]
pub struct Usage<'a> {
    pub running: u32,
    pub per_pool: HashMap<&'a str, u32>,
    pub reserved_bytes: u64,
}

/// A queued job, as admission sees it.
#[derive(Debug, Clone, Copy)]
pub struct Waiting<'a> {
    pub pool: &'a str,
    pub memory_bytes: u64,
}

/// The queued jobs (by their index in `queue`, oldest first) that start
/// now, reserving their memory.
///
/// The queue is FIFO: a job that waits for room in the total limit or in
/// the memory budget holds back every job behind it, so a big job is never
/// starved by a stream of small ones. A job whose own pool is at its limit
/// holds back nobody: it waits for its pool, and other pools go on.
///
/// The queue is read lazily and no further than needed: once the total
/// limit is reached, the jobs behind are not looked at.
pub fn admit<'a>(
    queue: impl IntoIterator<Item = Waiting<'a>>,
    usage: &Usage<'_>,
    limits: Limits,
) -> Vec<usize> {
    let mut running = usage.running;
    let mut reserved = usage.reserved_bytes;
    let mut per_pool: HashMap<&str, u32> = usage.per_pool.iter().map(|(k, v)| (*k, *v)).collect();
    let mut start = Vec::new();
    for (i, w) in queue.into_iter().enumerate() {
        if running >= limits.max_running {
            break;
        }
        let in_pool = per_pool.get(w.pool).copied().unwrap_or(0);
        if in_pool >= limits.max_running_per_pool {
            continue;
        }
        if running >= limits.max_running
            || reserved.saturating_add(w.memory_bytes) > limits.budget_bytes
        {
            break;
        }
        running += 1;
        reserved += w.memory_bytes;
        *per_pool.entry(w.pool).or_default() += 1;
        start.push(i);
    }
    start
}

/// Restarts of a crashed daemon: 1 s, 2 s, 4 s … up to the cap; a daemon
/// that ran `healthy` before it crashed starts over at the first delay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DaemonBackoff {
    pub initial: Duration,
    pub max: Duration,
    pub healthy: Duration,
}

impl DaemonBackoff {
    /// Crashes in a row after this one: `before` (the count so far) reset
    /// when the run that just crashed lasted `healthy` or longer.
    pub fn crashes(&self, before: u32, ran: Duration) -> u32 {
        if ran >= self.healthy {
            1
        } else {
            before.saturating_add(1)
        }
    }

    /// How long to wait before the restart after the `crashes`-th crash in a row.
    pub fn delay(&self, crashes: u32) -> Duration {
        let doublings = crashes.saturating_sub(1).min(40);
        self.initial
            .checked_mul(1u32 << doublings.min(31))
            .unwrap_or(self.max)
            .min(self.max)
    }
}

/// Retries of a failed one-off job: the delay after attempt `n` is
/// `initial * 2^(n-1)`, capped at `max`, then jittered into its upper
/// half (so jobs that failed together do not all retry in the same
/// instant, and none waits less than half its step).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryBackoff {
    pub initial: Duration,
    pub max: Duration,
}

/// What a failed attempt leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retry {
    /// Run attempt `tries + 1` at this instant.
    At(Instant),
    /// Out of attempts.
    GiveUp,
}

impl RetryBackoff {
    /// The delay after the `attempt`-th failure; `jitter` in `[0, 1)`
    /// picks where in the upper half of the step it falls.
    pub fn delay(&self, attempt: u32, jitter: f64) -> Duration {
        let step = DaemonBackoff {
            initial: self.initial,
            max: self.max,
            healthy: Duration::MAX,
        }
        .delay(attempt);
        // Whole milliseconds: what a row keeps is what the core waits.
        let ms = step.as_millis() as f64 * (0.5 + 0.5 * jitter.clamp(0.0, 1.0));
        Duration::from_millis(ms.round() as u64)
    }

    /// Attempt `tries` of `max_attempts` failed at `now`.
    pub fn after(&self, tries: u32, max_attempts: u32, jitter: f64, now: Instant) -> Retry {
        if tries >= max_attempts {
            return Retry::GiveUp;
        }
        Retry::At(now + self.delay(tries, jitter))
    }
}

/// A job's jitter for attempt `attempt`, in `[0, 1)`: a hash of both, so
/// it is the same on every node and in every test, and differs between
/// jobs.
pub fn jitter(id: &str, attempt: u32) -> f64 {
    use std::hash::{Hash, Hasher};
    // SipHash with fixed keys: stable across processes.
    #[allow(deprecated)]
    let mut h = std::hash::SipHasher::new();
    (id, attempt).hash(&mut h);
    (h.finish() >> 11) as f64 / (1u64 << 53) as f64
}

/// What a job's RSS sample calls for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    /// Under the warning line.
    Fine,
    /// Past `warn_pct` of its reservation: warn (once per run).
    Warn,
    /// Over its reservation since `since`, within the grace.
    Over { since: Instant },
    /// Over its reservation for the whole grace: kill it.
    Kill { since: Instant },
}

/// Judges one RSS sample. `over_since` is when the job went over its
/// reservation, if it still is.
pub fn memory(
    rss: u64,
    reserved: u64,
    warn_pct: u32,
    grace: Duration,
    over_since: Option<Instant>,
    now: Instant,
) -> Memory {
    if rss > reserved {
        let since = over_since.unwrap_or(now);
        return if now.duration_since(since) >= grace {
            Memory::Kill { since }
        } else {
            Memory::Over { since }
        };
    }
    if rss.saturating_mul(100) >= reserved.saturating_mul(u64::from(warn_pct)) {
        Memory::Warn
    } else {
        Memory::Fine
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MB: u64 = 1 << 20;

    fn limits() -> Limits {
        Limits {
            max_running: 20,
            max_running_per_pool: 5,
            budget_bytes: 256 * MB,
        }
    }

    fn wait(pool: &str, mb: u64) -> Waiting<'_> {
        Waiting {
            pool,
            memory_bytes: mb * MB,
        }
    }

    #[test]
    fn six_jobs_of_one_pool_start_five() {
        let q: Vec<_> = (0..6).map(|_| wait("a", 8)).collect();
        assert_eq!(
            admit(q.iter().copied(), &Usage::default(), limits()),
            vec![0, 1, 2, 3, 4]
        );
    }

    #[test]
    fn the_twenty_first_job_waits_for_the_total_limit() {
        let pools = ["a", "b", "c", "d", "e"];
        let q: Vec<_> = (0..21).map(|i| wait(pools[i / 5], 8)).collect();
        let started = admit(q.iter().copied(), &Usage::default(), limits());
        assert_eq!(started.len(), 20);
        assert!(!started.contains(&20));
    }

    #[test]
    fn a_full_pool_holds_back_nobody_else() {
        let mut usage = Usage::default();
        usage.per_pool.insert("a", 5);
        usage.running = 5;
        usage.reserved_bytes = 40 * MB;
        let q = [wait("a", 8), wait("b", 8)];
        assert_eq!(admit(q.iter().copied(), &usage, limits()), vec![1]);
    }

    #[test]
    fn a_job_that_does_not_fit_the_budget_waits_first_in_line() {
        let usage = Usage {
            running: 1,
            per_pool: HashMap::from([("a", 1)]),
            reserved_bytes: 100 * MB,
        };
        // 200 MB does not fit beside 100 MB: it waits, and the small job
        // behind it does not overtake it.
        let q = [wait("b", 200), wait("c", 8)];
        assert!(admit(q.iter().copied(), &usage, limits()).is_empty());
        // Once the 100 MB job ends, it starts.
        assert_eq!(
            admit(q.iter().copied(), &Usage::default(), limits()),
            vec![0, 1]
        );
    }

    #[test]
    fn daemon_backoff_doubles_to_its_cap_and_resets_when_healthy() {
        let b = DaemonBackoff {
            initial: Duration::from_secs(1),
            max: Duration::from_secs(60),
            healthy: Duration::from_secs(300),
        };
        let secs: Vec<u64> = (1..=8).map(|n| b.delay(n).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60]);
        assert_eq!(b.delay(u32::MAX), Duration::from_secs(60));
        let short = Duration::from_secs(3);
        assert_eq!(b.crashes(3, short), 4);
        assert_eq!(b.crashes(6, Duration::from_secs(300)), 1);
    }

    #[test]
    fn retries_double_with_jitter_in_the_upper_half_up_to_the_cap() {
        let b = RetryBackoff {
            initial: Duration::from_secs(1),
            max: Duration::from_secs(60),
        };
        let t0 = Instant::now();
        // No jitter: the bottom of each step's upper half.
        let low: Vec<u64> = (1..=8)
            .map(|n| b.delay(n, 0.0).as_millis() as u64)
            .collect();
        assert_eq!(
            low,
            [500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]
        );
        let high = b.delay(3, 0.999_999);
        assert!(high > Duration::from_millis(3_999) && high <= Duration::from_secs(4));
        // Attempt 2 of 3 failed: attempt 3 runs after its delay.
        assert_eq!(
            b.after(2, 3, 0.5, t0),
            Retry::At(t0 + Duration::from_millis(1_500))
        );
        // Attempt 3 of 3 failed: out of attempts.
        assert_eq!(b.after(3, 3, 0.5, t0), Retry::GiveUp);
        assert_eq!(b.after(1, 1, 0.5, t0), Retry::GiveUp);
        assert_eq!(b.delay(u32::MAX, 1.0), Duration::from_secs(60));
    }

    #[test]
    fn jitter_is_stable_spread_and_within_bounds() {
        assert_eq!(jitter("a", 1), jitter("a", 1));
        assert_ne!(jitter("a", 1), jitter("a", 2));
        let all: Vec<f64> = (0..1000).map(|i| jitter(&format!("job{i}"), 1)).collect();
        assert!(all.iter().all(|j| (0.0..1.0).contains(j)));
        let low = all.iter().filter(|j| **j < 0.5).count();
        assert!((400..600).contains(&low), "{low} of 1000 in the lower half");
    }

    #[test]
    fn memory_warns_then_kills_after_the_grace() {
        let t0 = Instant::now();
        let grace = Duration::from_millis(500);
        let m = |rss, since, at| memory(rss * MB, 64 * MB, 80, grace, since, at);
        assert_eq!(m(10, None, t0), Memory::Fine);
        assert_eq!(m(52, None, t0), Memory::Warn);
        assert_eq!(m(65, None, t0), Memory::Over { since: t0 });
        let later = t0 + Duration::from_millis(499);
        assert_eq!(m(65, Some(t0), later), Memory::Over { since: t0 });
        let past = t0 + grace;
        assert_eq!(m(65, Some(t0), past), Memory::Kill { since: t0 });
        // Back under: the next time over starts a new grace.
        assert_eq!(m(60, Some(t0), past), Memory::Warn);
    }
}
