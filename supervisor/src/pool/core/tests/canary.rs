//! The canary's verdict against fake figures and a fake clock.

use std::time::{Duration, Instant};

use crate::pool::core::canary::{Breach, Figures, Limits, Tally, Verdict, judge};

fn limits() -> Limits {
    Limits {
        min_time: Duration::from_secs(30),
        min_requests: 100,
        max_error_rate_increase: 1.0,
        max_p99_ratio: 2.0,
    }
}

fn figures(requests: u64, errors: u64, p99_ms: f64) -> Figures {
    Figures {
        requests,
        errors,
        crashes: 0,
        p99_ms: (requests > 0).then_some(p99_ms),
    }
}

fn at(t0: Instant, secs: u64) -> Instant {
    t0 + Duration::from_secs(secs)
}

#[test]
fn a_good_canary_waits_for_the_clock_then_is_promoted() {
    let t0 = Instant::now();
    let (canary, old) = (figures(500, 0, 10.0), figures(1500, 3, 9.0));
    let early = judge(&limits(), t0, canary, old, at(t0, 10));
    assert_eq!(
        early,
        Verdict::Wait {
            until: Some(at(t0, 30))
        }
    );
    let end = judge(&limits(), t0, canary, old, at(t0, 30));
    assert_eq!(end, Verdict::Promote { canary, old });
}

#[test]
fn the_window_lasts_until_the_canary_answered_enough_requests() {
    let t0 = Instant::now();
    let old = figures(900, 0, 9.0);
    let few = judge(&limits(), t0, figures(99, 0, 9.0), old, at(t0, 60));
    assert_eq!(few, Verdict::Wait { until: None });
    let none = judge(&limits(), t0, Figures::default(), old, at(t0, 600));
    assert_eq!(none, Verdict::Wait { until: None });
    let enough = judge(&limits(), t0, figures(100, 0, 9.0), old, at(t0, 60));
    assert!(matches!(enough, Verdict::Promote { .. }), "{enough:?}");
}

#[test]
fn failing_requests_roll_back_as_soon_as_the_sample_is_in() {
    let t0 = Instant::now();
    let old = figures(300, 0, 9.0);
    // Every request fails, but 99 are not a sample yet.
    let early = judge(&limits(), t0, figures(99, 99, 1.0), old, at(t0, 1));
    assert!(matches!(early, Verdict::Wait { .. }), "{early:?}");
    let canary = figures(100, 100, 1.0);
    let v = judge(&limits(), t0, canary, old, at(t0, 1));
    assert_eq!(
        v,
        Verdict::Rollback {
            reason: Breach::ErrorRate,
            canary,
            old
        }
    );
}

#[test]
fn the_error_rate_is_judged_against_the_old_versions_own() {
    let t0 = Instant::now();
    let end = at(t0, 30);
    // The old version fails 5 %: a canary at 5.9 % is within a point…
    let old = figures(1000, 50, 9.0);
    let within = judge(&limits(), t0, figures(1000, 59, 9.0), old, end);
    assert!(matches!(within, Verdict::Promote { .. }), "{within:?}");
    // …one at 6.1 % is not.
    let over = judge(&limits(), t0, figures(1000, 61, 9.0), old, end);
    assert!(
        matches!(
            over,
            Verdict::Rollback {
                reason: Breach::ErrorRate,
                ..
            }
        ),
        "{over:?}"
    );
}

#[test]
fn a_crash_rolls_back_at_once() {
    let t0 = Instant::now();
    let canary = Figures {
        crashes: 1,
        ..Figures::default()
    };
    let v = judge(&limits(), t0, canary, figures(10, 0, 9.0), t0);
    assert!(
        matches!(
            v,
            Verdict::Rollback {
                reason: Breach::Crash,
                ..
            }
        ),
        "{v:?}"
    );
}

#[test]
fn a_slow_canary_rolls_back_on_p99_at_the_end_of_the_window() {
    let t0 = Instant::now();
    let (canary, old) = (figures(200, 0, 100.0), figures(600, 0, 10.0));
    let early = judge(&limits(), t0, canary, old, at(t0, 29));
    assert!(matches!(early, Verdict::Wait { .. }), "{early:?}");
    let v = judge(&limits(), t0, canary, old, at(t0, 30));
    assert!(
        matches!(
            v,
            Verdict::Rollback {
                reason: Breach::P99,
                ..
            }
        ),
        "{v:?}"
    );
    // Exactly at the ratio is within it.
    let twice = judge(&limits(), t0, figures(200, 0, 20.0), old, at(t0, 30));
    assert!(matches!(twice, Verdict::Promote { .. }), "{twice:?}");
}

#[test]
fn without_old_traffic_errors_are_judged_against_zero_and_p99_not_at_all() {
    let t0 = Instant::now();
    let nothing = Figures::default();
    let slow = judge(&limits(), t0, figures(200, 1, 900.0), nothing, at(t0, 30));
    assert!(matches!(slow, Verdict::Promote { .. }), "{slow:?}");
    let failing = judge(&limits(), t0, figures(200, 3, 9.0), nothing, at(t0, 30));
    assert!(
        matches!(
            failing,
            Verdict::Rollback {
                reason: Breach::ErrorRate,
                ..
            }
        ),
        "{failing:?}"
    );
}

#[test]
fn sub_floor_latencies_are_never_a_p99_breach() {
    let t0 = Instant::now();
    let v = judge(
        &limits(),
        t0,
        figures(200, 0, 4.0),
        figures(600, 0, 0.2),
        at(t0, 30),
    );
    assert!(matches!(v, Verdict::Promote { .. }), "{v:?}");
}

#[test]
fn figures_read_as_a_log_line_would_show_them() {
    let f = figures(200, 3, 12.25);
    assert_eq!(
        f.to_string(),
        "200 requests, 3 5xx (1.50 %), 0 crashes, p99 12.2 ms"
    );
    assert_eq!(Figures::default().error_pct(), 0.0);
}

#[test]
fn a_tally_counts_5xx_and_reads_p99_from_the_shared_buckets() {
    let mut fast = Tally::default();
    let mut slow = Tally::default();
    assert_eq!(fast.figures(), Figures::default());
    for i in 0..200 {
        fast.answered(200, Duration::from_millis(10));
        let status = if i % 50 == 0 { 502 } else { 200 };
        slow.answered(status, Duration::from_millis(100));
    }
    slow.crashed();
    let (f, s) = (fast.figures(), slow.figures());
    assert_eq!((f.requests, f.errors, f.crashes), (200, 0, 0));
    assert_eq!((s.requests, s.errors, s.crashes), (200, 4, 1));
    assert_eq!(s.error_pct(), 2.0);
    // Each p99 is its bucket's upper bound: within √2 above the truth.
    let (pf, ps) = (f.p99_ms.unwrap(), s.p99_ms.unwrap());
    assert!((10.0..14.2).contains(&pf), "{pf}");
    assert!((100.0..142.0).contains(&ps), "{ps}");
    let t0 = Instant::now();
    // 2 % of 5xx against none: over the one point allowed.
    let s = Figures { crashes: 0, ..s };
    let v = judge(&limits(), t0, s, f, at(t0, 30));
    assert!(
        matches!(
            v,
            Verdict::Rollback {
                reason: Breach::ErrorRate,
                ..
            }
        ),
        "{v:?}"
    );
}
