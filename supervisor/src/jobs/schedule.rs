//! Recurring jobs (`[[POOL.schedules]]`): when a schedule is due, and what
//! a node enqueues for it. Pure functions of (schedule, time); the job
//! manager (`manager/schedules.rs`) calls them and spawns.
//!
//! Every node runs every schedule of its pools. At a due time each node
//! spawns that time's job under the unique key `schedule:ID:DUE` (ID made
//! from the pool, expression, zone, script and data; DUE in Unix ms),
//! matched against jobs in any state ([`EVER`](crate::jobs::core::EVER)):
//! the first spawn makes the job, every later one (another node, the same
//! node after a restart) finds it. So a due time is one job across the
//! nodes sharing a store, however many try and however late.
//!
//! Due times come from croner in the schedule's zone (chrono-tz): a time a
//! DST change skips runs at the first instant after the gap, a time it
//! repeats runs once. A node that comes to a schedule (at its start, after
//! a reload, after a stall) looks at the latest due time up to now: within
//! [`ON_TIME`] of now, it is enqueued (so is every due time since the
//! last one handled that is that recent: a node that stalled a few seconds
//! catches up); older ones were missed, and `missed` decides: `skip` drops
//! them, `once` enqueues the latest of them (one run for all the times
//! missed).

use chrono::TimeZone;
use sha2::{Digest, Sha256};

use crate::config::{Missed, Schedule};

/// How late a due time may be enqueued and still be on time (ms).
pub const ON_TIME: u64 = 60_000;

/// The schedule's id: the same on every node that has the same schedule.
pub fn id(pool: &str, s: &Schedule) -> String {
    let mut h = Sha256::new();
    for part in [
        pool,
        s.cron.pattern.to_string().as_str(),
        s.tz.name(),
        &s.script,
        &s.data.to_string(),
    ] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    let d = h.finalize();
    d[..6].iter().map(|b| format!("{b:02x}")).collect()
}

/// The unique key of due time `due` of schedule `id`.
pub fn key(id: &str, due: u64) -> String {
    format!("schedule:{id}:{due}")
}

/// The first due time after `after` (Unix ms), if the expression has one.
pub fn next_after(s: &Schedule, after: u64) -> Option<u64> {
    let t =
        s.tz.timestamp_millis_opt(i64::try_from(after).ok()?)
            .single()?;
    let next = s.cron.find_next_occurrence(&t, false).ok()?;
    u64::try_from(next.timestamp_millis()).ok()
}

/// The latest due time at or before `at` (Unix ms).
pub fn latest_at(s: &Schedule, at: u64) -> Option<u64> {
    let t =
        s.tz.timestamp_millis_opt(i64::try_from(at).ok()?)
            .single()?;
    let prev = s.cron.find_previous_occurrence(&t, true).ok()?;
    u64::try_from(prev.timestamp_millis()).ok()
}

/// What a node does for a schedule at a time: the due times to enqueue
/// (oldest first), a missed one dropped (`skip`), and when to look next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub run: Vec<u64>,
    pub skipped: Option<u64>,
    pub next: Option<u64>,
}

/// What a node does for schedule `s` at `now`, its first unhandled due
/// time being `pending`: every due time up to `now` that is on time (at
/// most [`ON_TIME`] late) is enqueued; of those later than that, the
/// latest is enqueued once (`once`) or dropped (`skip`).
pub fn at(s: &Schedule, pending: u64, now: u64) -> Due {
    if pending > now {
        return Due {
            run: Vec::new(),
            skipped: None,
            next: Some(pending),
        };
    }
    let cutoff = now.saturating_sub(ON_TIME);
    let (mut missed, mut t) = (None, Some(pending));
    if pending < cutoff {
        missed = latest_at(s, cutoff - 1).filter(|m| *m >= pending);
        t = next_after(s, cutoff - 1);
    }
    let mut run = Vec::new();
    if s.missed == Missed::Once {
        run.extend(missed.take());
    }
    while let Some(d) = t.filter(|d| *d <= now) {
        run.push(d);
        t = next_after(s, d);
    }
    Due {
        run,
        skipped: missed,
        next: t,
    }
}

/// Where a node starts with schedule `s` at `now`: the latest due time
/// (for [`at`] to judge), else the next.
pub fn first(s: &Schedule, now: u64) -> Option<u64> {
    latest_at(s, now).or_else(|| next_after(s, now))
}

#[cfg(test)]
#[path = "schedule_tests.rs"]
mod tests;
