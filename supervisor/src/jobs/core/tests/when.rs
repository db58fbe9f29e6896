//! When a job runs, against a fake clock: a delayed job waits for its
//! time, priorities order the queue (0 first, FIFO within one), and a
//! unique key answers a second spawn with the live job of that key.

use super::*;

fn at(id: &str, run_at: u64) -> JobSpec {
    JobSpec {
        run_at_ms: Some(run_at),
        ..job(id, "render")
    }
}

#[test]
fn a_delayed_job_runs_not_before_its_time() {
    let mut h = Harness::new();
    let t = h.now.unix_ms + 2_000;
    let a = h.queue(at("later", t));
    assert!(launched(&a).is_empty());
    assert!(h.core.needs_tick(), "the tick wakes for it");
    let info = h.core.info("later", false, h.now).unwrap();
    assert_eq!(info.run_at, Some(t));
    h.at(1_999);
    assert!(launched(&h.tick(&[])).is_empty());
    h.at(2_000);
    assert_eq!(launched(&h.tick(&[])), ["later"]);
    // A time already past runs at once.
    let a = h.queue(at("past", h.now.unix_ms - 5));
    assert_eq!(launched(&a), ["past"]);
}

#[test]
fn priorities_order_a_backlog_fifo_within_one() {
    let mut cfg = config();
    cfg.max_running = 1;
    cfg.max_running_per_pool = 1;
    let mut h = Harness::with(cfg, &["render"]);
    h.queue(job("first", "render"));
    for (id, p) in [("p5a", 5), ("p1", 1), ("p5b", 5), ("p0", 0), ("p9", 9)] {
        h.queue(JobSpec {
            priority: Some(p),
            ..job(id, "render")
        });
    }
    let mut order = Vec::new();
    let mut current = "first".to_string();
    for _ in 0..5 {
        let a = h.complete(&current, "1");
        current = launched(&a).pop().expect("the next job starts");
        order.push(current.clone());
    }
    assert_eq!(order, ["p0", "p1", "p5a", "p5b", "p9"]);
}

fn unique(id: &str, key: &str, window: u64) -> JobSpec {
    JobSpec {
        unique_key: Some(key.into()),
        unique_for_ms: Some(window),
        ..job(id, "render")
    }
}

#[test]
fn a_unique_key_answers_with_the_live_job_within_its_window() {
    let mut h = Harness::new();
    let a = h.queue(unique("a", "k", 0));
    assert_eq!(
        reply(&a),
        Some(Reply::Queued(Ok(("a".into(), JobState::Queued))))
    );
    let a = h.queue(unique("b", "k", 0));
    assert_eq!(
        reply(&a),
        Some(Reply::Queued(Ok(("a".into(), JobState::Running))))
    );
    assert!(h.core.job("b").is_none(), "no second job");
    // Another key is another job.
    let a = h.queue(unique("c", "other", 0));
    assert_eq!(launched(&a), ["c"]);
    // A window: the live job counts only if it was created within it.
    h.at(10_000);
    let a = h.queue(unique("d", "k", 5_000));
    assert_eq!(launched(&a), ["d"]);
    let a = h.queue(unique("e", "k", 5_000));
    assert_eq!(
        reply(&a),
        Some(Reply::Queued(Ok(("d".into(), JobState::Running))))
    );
    // Once it ended, the key is free.
    h.complete("a", "1");
    h.complete("d", "1");
    let a = h.queue(unique("f", "k", 0));
    assert_eq!(launched(&a), ["f"]);
}

#[test]
fn unique_windows() {
    use crate::jobs::core::unique_since;
    assert_eq!(unique_since(0, 1_000), 0);
    assert_eq!(unique_since(300, 1_000), 700);
    assert_eq!(unique_since(5_000, 1_000), 0);
}

#[test]
fn a_schedules_due_time_is_one_job_even_after_it_ended() {
    use crate::jobs::core::EVER;
    let mut h = Harness::new();
    let a = h.queue(unique("due1", "schedule:s:1000", EVER));
    assert_eq!(launched(&a), ["due1"]);
    h.complete("due1", "1");
    // Another node's (or a restarted node's) spawn of the same due time.
    let a = h.queue(unique("again", "schedule:s:1000", EVER));
    assert_eq!(
        reply(&a),
        Some(Reply::Queued(Ok(("due1".into(), JobState::Completed))))
    );
    assert!(h.core.job("again").is_none(), "no second job");
    assert_eq!(unique_since_ever(), 0);
}

fn unique_since_ever() -> u64 {
    crate::jobs::core::unique_since(crate::jobs::core::EVER, 1_000)
}

#[test]
fn unique_and_schedule_keys_are_each_pools_own() {
    use crate::jobs::core::EVER;
    let mut h = Harness::new();
    let a = h.queue(unique("mine", "report", 0));
    assert_eq!(launched(&a), ["mine"]);
    // Pool b's spawn of the same key: its own job, not pool render's id.
    let a = h.queue(JobSpec {
        pool: Some("b".into()),
        ..unique("theirs", "report", 0)
    });
    assert_eq!(launched(&a), ["theirs"]);
    // A schedule's due time in pool render, ended: pool b spawning its key
    // first (or after) neither finds it nor takes it.
    let key = "schedule:s:1000";
    let a = h.queue(unique("due", key, EVER));
    assert_eq!(launched(&a), ["due"]);
    h.complete("due", "1");
    let a = h.queue(JobSpec {
        pool: Some("b".into()),
        ..unique("squat", key, EVER)
    });
    assert_eq!(launched(&a), ["squat"]);
    // Pool render's own spawn of that due time still finds its job.
    let a = h.queue(unique("again", key, EVER));
    assert_eq!(
        reply(&a),
        Some(Reply::Queued(Ok(("due".into(), JobState::Completed))))
    );
}
