//! Lifecycle decisions as pure functions of (state, config, now): no I/O,
//! no clock reads, so they are tested with tables of cases.

use std::time::Duration;

use crate::config::Recovery;

/// Delay before restarting a slot after its `failures`-th consecutive
/// failure: the first restart is immediate, then
/// `backoff_initial_ms × multiplier^(n-2)`, capped at `backoff_max_ms`.
/// `None` once `max_consecutive_failures` is reached: the slot gives up.
pub fn restart_delay(failures: u32, r: &Recovery) -> Option<Duration> {
    if failures >= r.max_consecutive_failures {
        return None;
    }
    if failures <= 1 {
        return Some(Duration::ZERO);
    }
    let exp = (failures - 2) as i32;
    let initial = r.backoff_initial.as_secs_f64();
    let secs = (initial * r.backoff_multiplier.powi(exp)).min(r.backoff_max.as_secs_f64());
    // Whole milliseconds, as the settings are written.
    Some(Duration::from_millis((secs * 1000.0).round() as u64))
}

/// Delay before the `n`th retry in a row of a spawn that failed for lack of
/// resources (descriptors, processes, memory): 100 ms doubling up to 5 s.
/// Such failures say nothing about the script, so they never count toward
/// `max_consecutive_failures` and are retried until they succeed.
pub fn resource_retry_delay(n: u32) -> Duration {
    let shift = n.saturating_sub(1).min(16);
    Duration::from_millis((100u64 << shift).min(5_000))
}

/// Whether a worker that has been healthy (ACTIVE, no failure) for
/// `healthy_for` has earned a reset of its failure count.
pub fn failures_reset(healthy_for: Duration, r: &Recovery) -> bool {
    healthy_for >= r.healthy_reset
}

/// The request count at which the worker in slot `id` of a pool of `size`
/// rotates: `max_requests` shifted by up to 10% by slot, so a pool started
/// at once does not rotate all at once (seed 000). 0 = never.
pub fn max_requests_threshold(max_requests: u64, id: u32, size: u32) -> u64 {
    if max_requests == 0 {
        return 0;
    }
    let jitter = max_requests / 10;
    max_requests.saturating_add((id as u64).saturating_mul(jitter) / size.max(1) as u64)
}

/// The pool size autoscaling aims for (pixl-server-pool's formula): the
/// busy workers, plus `headroom_pct` of them, plus one idle, clamped to
/// `[min, max]`.
pub fn autoscale_target(busy: u32, headroom_pct: u32, min: u32, max: u32) -> u32 {
    let t = busy as u64 + busy as u64 * headroom_pct as u64 / 100 + 1;
    (t.min(u32::MAX as u64) as u32).clamp(min, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_retries_double_up_to_five_seconds() {
        let ms: Vec<u128> = (1..=8)
            .map(|n| resource_retry_delay(n).as_millis())
            .collect();
        assert_eq!(ms, [100, 200, 400, 800, 1600, 3200, 5000, 5000]);
        assert_eq!(resource_retry_delay(u32::MAX).as_millis(), 5000);
    }

    fn recovery() -> Recovery {
        crate::config::Settings::default().recovery
    }

    #[test]
    fn backoff_follows_the_seed_schedule() {
        let r = recovery();
        let got: Vec<_> = (1..=9)
            .map(|n| restart_delay(n, &r).unwrap().as_millis())
            .collect();
        // 0, 100, 300, 900, 2700, 8100, 24300, then the 60 s cap.
        assert_eq!(got, vec![0, 100, 300, 900, 2700, 8100, 24300, 60000, 60000]);
        assert_eq!(
            restart_delay(10, &r),
            None,
            "gives up at max_consecutive_failures"
        );
    }

    #[test]
    fn backoff_with_multiplier_one_is_flat() {
        let r = Recovery {
            backoff_multiplier: 1.0,
            backoff_initial: Duration::from_millis(250),
            ..recovery()
        };
        assert_eq!(restart_delay(5, &r), Some(Duration::from_millis(250)));
    }

    #[test]
    fn autoscale_target_follows_pixl_server_pool() {
        // (busy, headroom %, min, max) -> target
        for (busy, head, min, max, want) in [
            (0, 0, 1, 10, 1),
            (3, 0, 1, 10, 4),
            (4, 50, 1, 10, 7), // the README's example
            (9, 0, 1, 10, 10),
            (20, 100, 1, 10, 10),
            (0, 0, 2, 10, 2),
        ] {
            assert_eq!(
                autoscale_target(busy, head, min, max),
                want,
                "{busy} {head} {min} {max}"
            );
        }
    }

    #[test]
    fn reset_after_the_healthy_period() {
        let r = recovery();
        assert!(!failures_reset(Duration::from_millis(59_999), &r));
        assert!(failures_reset(Duration::from_millis(60_000), &r));
    }

    #[test]
    fn thresholds_are_staggered_within_ten_percent() {
        let t: Vec<_> = (0..4)
            .map(|id| max_requests_threshold(10_000, id, 4))
            .collect();
        assert_eq!(t, vec![10_000, 10_250, 10_500, 10_750]);
        assert_eq!(max_requests_threshold(0, 3, 4), 0);
        assert_eq!(max_requests_threshold(100, 0, 1), 100);
    }
}
