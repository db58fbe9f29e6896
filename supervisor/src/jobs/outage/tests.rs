//! The outage policy against a fake clock: instants made by hand, no sleep.

use super::*;

const MS: fn(u64) -> Duration = Duration::from_millis;

#[test]
fn retries_double_from_100_ms_up_to_the_cap_with_jitter_in_the_upper_half() {
    // Without jitter: half the full step; with the most: the full step.
    assert_eq!(retry_delay(1, 0.0), MS(50));
    assert_eq!(retry_delay(1, 1.0), MS(100));
    assert_eq!(retry_delay(2, 1.0), MS(200));
    assert_eq!(retry_delay(3, 0.5), MS(300));
    assert_eq!(retry_delay(6, 1.0), RETRY_MAX, "3.2 s is capped to 3 s");
    assert_eq!(retry_delay(1_000, 1.0), RETRY_MAX);
    assert_eq!(retry_delay(1_000, 0.0), RETRY_MAX / 2);
    // Out-of-range jitter is clamped, never above the cap.
    assert_eq!(retry_delay(40, 7.0), RETRY_MAX);
    for n in 1..40 {
        assert!(retry_delay(n, 0.99) <= retry_delay(n + 1, 0.99).max(RETRY_MAX));
    }
}

#[test]
fn an_outage_is_one_change_down_and_one_back_with_its_length() {
    let t0 = Instant::now();
    let mut o = Outage::default();
    assert!(o.may_try(t0) && !o.is_down());
    assert_eq!(o.failed(t0, 1.0), Some(Change::WentDown));
    assert_eq!(o.retry_at(), Some(t0 + MS(100)));
    assert!(!o.may_try(t0 + MS(99)), "no try before the delay");
    assert!(o.may_try(t0 + MS(100)));
    // Further failures say nothing new and wait longer each time.
    let mut now = t0 + MS(100);
    let mut tries = 1;
    while now < t0 + Duration::from_secs(10) {
        assert_eq!(o.failed(now, 1.0), None);
        tries += 1;
        now = o.retry_at().unwrap();
    }
    // 10 s out: 100+200+…+1600 ms, then every 3 s: a handful of tries.
    assert!(tries <= 8, "{tries} tries in 10 s");
    assert_eq!(o.succeeded(now), Some(Change::CameBack { after: now - t0 }));
    assert_eq!(o.succeeded(now), None, "back is said once");
    assert!(o.may_try(now) && o.retry_at().is_none());
    // A new outage starts over from the first delay.
    assert_eq!(o.failed(now, 0.0), Some(Change::WentDown));
    assert_eq!(o.retry_at(), Some(now + MS(50)));
}

#[test]
fn a_success_without_an_outage_changes_nothing() {
    let mut o = Outage::default();
    assert_eq!(o.succeeded(Instant::now()), None);
}

#[test]
fn the_tracker_publishes_one_outage_in_its_gauges_and_health() {
    let health = StoreHealth::new("postgres", "postgres://db/jobs".into());
    let gauges = HealthGauges::default();
    let mut t = Tracker::new(["down", "on", "back"], health.clone(), gauges.clone());
    assert_eq!(gauges.up.get(), 1);
    t.failed("connection refused");
    t.failed("connection refused");
    assert!(!t.may_try(), "the next try waits");
    let v = health.view();
    assert!(!v.up && v.down_since.is_some() && v.outages == 1, "{v:?}");
    assert_eq!(v.error.as_deref(), Some("connection refused"));
    assert_eq!((gauges.up.get(), gauges.outages.get()), (0, 1));
    assert!(gauges.down_since.get() > 0);
    t.succeeded();
    let v = health.view();
    assert!(v.up && v.down_since.is_none() && v.error.is_none(), "{v:?}");
    assert_eq!((gauges.up.get(), gauges.down_since.get()), (1, 0));
}
