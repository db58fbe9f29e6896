//! Due times against a fake clock (Unix ms given by hand): zones, DST
//! changes both ways, Feb 29, seconds; and the missed-run policy.

use super::*;
use crate::config::{Missed, Schedule, parse_cron};

fn schedule(cron: &str, tz: &str, missed: Missed) -> Schedule {
    Schedule {
        cron: parse_cron(cron).unwrap(),
        tz: tz.parse().unwrap(),
        script: "job.js".into(),
        data: serde_json::Value::Null,
        missed,
    }
}

/// Unix ms of an RFC 3339 time.
fn ms(t: &str) -> u64 {
    chrono::DateTime::parse_from_rfc3339(t)
        .unwrap()
        .timestamp_millis() as u64
}

#[test]
fn every_five_minutes_in_utc() {
    let s = schedule("*/5 * * * *", "UTC", Missed::Skip);
    let at = ms("2026-11-26T12:03:10Z");
    assert_eq!(next_after(&s, at), Some(ms("2026-11-26T12:05:00Z")));
    assert_eq!(latest_at(&s, at), Some(ms("2026-11-26T12:00:00Z")));
    // A due time is not after itself.
    let due = ms("2026-11-26T12:05:00Z");
    assert_eq!(next_after(&s, due), Some(ms("2026-11-26T12:10:00Z")));
    assert_eq!(latest_at(&s, due), Some(due));
}

#[test]
fn six_fields_count_seconds_first() {
    let s = schedule("*/10 * * * * *", "UTC", Missed::Skip);
    let at = ms("2026-11-26T12:00:03Z");
    assert_eq!(next_after(&s, at), Some(ms("2026-11-26T12:00:10Z")));
}

#[test]
fn a_zone_moves_the_utc_time_with_its_offset() {
    let s = schedule("0 9 * * *", "America/New_York", Missed::Skip);
    // 09:00 EST is 14:00 UTC in winter, 09:00 EDT 13:00 UTC in summer.
    let winter = ms("2026-01-10T00:00:00Z");
    assert_eq!(next_after(&s, winter), Some(ms("2026-01-10T14:00:00Z")));
    let summer = ms("2026-07-10T00:00:00Z");
    assert_eq!(next_after(&s, summer), Some(ms("2026-07-10T13:00:00Z")));
}

#[test]
fn a_time_that_spring_forward_skips_runs_right_after_the_gap() {
    // Paris, 2026-03-29: 02:00 CET jumps to 03:00 CEST; 02:30 never is.
    let s = schedule("30 2 * * *", "Europe/Paris", Missed::Skip);
    let before = ms("2026-03-28T23:00:00Z");
    assert_eq!(next_after(&s, before), Some(ms("2026-03-29T01:00:00Z")));
    // The day after, 02:30 CEST again.
    let after = ms("2026-03-29T01:00:00Z");
    assert_eq!(next_after(&s, after), Some(ms("2026-03-30T00:30:00Z")));
}

#[test]
fn a_time_that_fall_back_repeats_runs_once() {
    // Paris, 2026-10-25: 03:00 CEST goes back to 02:00 CET; 02:30 is
    // lived twice (00:30 and 01:30 UTC) and runs at the first.
    let s = schedule("30 2 * * *", "Europe/Paris", Missed::Skip);
    let first = next_after(&s, ms("2026-10-24T22:00:00Z")).unwrap();
    assert_eq!(first, ms("2026-10-25T00:30:00Z"));
    assert_eq!(next_after(&s, first), Some(ms("2026-10-26T01:30:00Z")));
    // Hourly jobs do run in both 02:xx hours.
    let h = schedule("15 * * * *", "Europe/Paris", Missed::Skip);
    let a = next_after(&h, ms("2026-10-25T00:00:00Z")).unwrap();
    assert_eq!(a, ms("2026-10-25T00:15:00Z"));
    assert_eq!(next_after(&h, a), Some(ms("2026-10-25T01:15:00Z")));
}

#[test]
fn feb_29_comes_every_four_years() {
    let s = schedule("0 0 29 2 *", "UTC", Missed::Skip);
    let at = ms("2026-03-01T00:00:00Z");
    assert_eq!(next_after(&s, at), Some(ms("2028-02-29T00:00:00Z")));
    assert_eq!(latest_at(&s, at), Some(ms("2024-02-29T00:00:00Z")));
}

#[test]
fn an_on_time_due_time_is_enqueued_whatever_the_policy() {
    for missed in [Missed::Skip, Missed::Once] {
        let s = schedule("*/5 * * * *", "UTC", missed);
        let due = ms("2026-11-26T12:05:00Z");
        let d = at(&s, due, due + 1_500);
        assert_eq!((d.run, d.skipped), (vec![due], None));
        assert_eq!(d.next, Some(due + 300_000));
        // Not due yet: nothing, look again then.
        let d = at(&s, due, due - 1);
        assert_eq!((d.run.len(), d.next), (0, Some(due)));
    }
}

#[test]
fn a_node_that_stalled_a_few_seconds_catches_up() {
    let s = schedule("* * * * * *", "UTC", Missed::Skip);
    let t0 = ms("2026-11-26T12:00:00Z");
    let d = at(&s, t0, t0 + 3_200);
    assert_eq!(d.run, vec![t0, t0 + 1_000, t0 + 2_000, t0 + 3_000]);
    assert_eq!(d.next, Some(t0 + 4_000));
}

#[test]
fn missed_times_are_skipped_or_run_once() {
    // bextd was down from 03:01 to 09:30; the daily 03:00 run was due
    // then, and so were the hourly runs in between.
    let now = ms("2026-11-26T09:30:00Z");
    let daily = |m| schedule("0 3 * * *", "UTC", m);
    let pending = ms("2026-11-26T03:00:00Z");
    let d = at(&daily(Missed::Skip), pending, now);
    assert_eq!((d.run.len(), d.skipped), (0, Some(pending)));
    assert_eq!(d.next, Some(ms("2026-11-27T03:00:00Z")));
    assert_eq!(at(&daily(Missed::Once), pending, now).run, vec![pending]);
    // Many missed: one run (the latest), not one per time.
    let hourly = schedule("0 * * * *", "UTC", Missed::Once);
    let d = at(&hourly, pending, now);
    assert_eq!(d.run, vec![ms("2026-11-26T09:00:00Z")]);
    assert_eq!(d.next, Some(ms("2026-11-26T10:00:00Z")));
    // Up to ON_TIME late is on time, even with skip.
    let nine = ms("2026-11-26T09:00:00Z");
    let skip = schedule("0 * * * *", "UTC", Missed::Skip);
    assert_eq!(at(&skip, pending, nine + ON_TIME).run, vec![nine]);
    assert!(at(&skip, pending, nine + ON_TIME + 1).run.is_empty());
}

#[test]
fn a_node_starts_from_the_latest_due_time() {
    let s = schedule("0 3 * * *", "UTC", Missed::Once);
    let now = ms("2026-11-26T09:30:00Z");
    assert_eq!(first(&s, now), Some(ms("2026-11-26T03:00:00Z")));
}

#[test]
fn ids_and_keys_are_the_same_on_every_node_and_differ_by_data() {
    let a = schedule("*/5 * * * *", "UTC", Missed::Skip);
    let mut b = a.clone();
    assert_eq!(id("render", &a), id("render", &b));
    b.data = serde_json::json!({"n": 1});
    assert_ne!(id("render", &a), id("render", &b));
    assert_ne!(id("render", &a), id("api", &a));
    assert_eq!(key("abc", 42), "schedule:abc:42");
}
