//! Retries against a fake clock: a failed attempt waits out its jittered
//! backoff as `retryable`, runs again with its attempt number, keeps each
//! error, and is discarded once out of attempts; by hand, retry and
//! discard; a `retryOnRestart` job cut short by a crash counts an attempt.

use super::*;
use crate::jobs::core::policy::{RetryBackoff, jitter};
use crate::jobs::record::{Loaded, Row};

fn throw(h: &mut Harness, id: &str, msg: &str) {
    let failed = JobOutcome::Failed {
        message: msg.into(),
        stack: String::new(),
    };
    h.report(id, Report::Finished(failed));
    h.end(id, ExitKind::Code(0));
}

fn retried(id: &str, max: u32) -> JobSpec {
    JobSpec {
        max_attempts: Some(max),
        backoff_ms: Some(1_000),
        ..job(id, "render")
    }
}

/// The delay the core must pick after attempt `n` of job `id`.
fn delay(id: &str, n: u32) -> u64 {
    let b = RetryBackoff {
        initial: ms(1_000),
        max: ms(600_000),
    };
    b.delay(n, jitter(id, n)).as_millis() as u64
}

#[test]
fn a_failed_attempt_waits_its_backoff_then_runs_again_until_discarded() {
    let mut h = Harness::new();
    h.queue(retried("j", 3));
    assert_eq!(h.core.job("j").unwrap().row.tries, 1);
    throw(&mut h, "j", "Error: one");
    assert_eq!(h.status("j"), JobState::Retryable);
    let d1 = delay("j", 1);
    assert!((500..=1_000).contains(&d1), "{d1}");
    let row = &h.core.job("j").unwrap().row;
    assert_eq!(row.run_at, Some(h.now.unix_ms + d1));
    // Not a millisecond early.
    h.at(d1 - 1);
    assert!(launched(&h.tick(&[])).is_empty());
    h.at(d1);
    let a = h.tick(&[]);
    assert_eq!(launched(&a), ["j"]);
    let start = a.iter().find_map(|a| match a {
        Action::Launch { start, .. } => Some(start.attempt),
        _ => None,
    });
    assert_eq!(start, Some(2), "job.attempt of the second run");
    throw(&mut h, "j", "Error: two");
    let t2 = d1 + delay("j", 2);
    assert!(delay("j", 2) >= 1_000, "the second step doubles");
    h.at(t2);
    assert_eq!(launched(&h.tick(&[])), ["j"]);
    throw(&mut h, "j", "Error: three");
    let j = h.core.job("j").unwrap();
    assert_eq!(j.row.status, JobState::Discarded);
    assert_eq!(j.row.tries, 3);
    let errors: Vec<(u32, &str)> = j
        .row
        .errors
        .iter()
        .map(|e| (e.attempt, e.error.as_str()))
        .collect();
    assert_eq!(
        errors,
        [(1, "Error: one"), (2, "Error: two"), (3, "Error: three")]
    );
    assert_eq!(h.error("j"), "Error: three");
    assert_eq!(counted(&h.seen, Counter::Finished(JobState::Discarded)), 1);

    // By hand: one more attempt, which succeeds.
    let a = h.step(Input::Retry { id: "j".into() });
    assert_eq!(reply(&a), Some(Reply::Moved(Ok(JobState::Discarded))));
    assert_eq!(launched(&a), ["j"]);
    assert_eq!(h.core.job("j").unwrap().row.max_attempts, 4);
    h.complete("j", "1");
    assert_eq!(h.status("j"), JobState::Completed);
    let a = h.step(Input::Retry { id: "j".into() });
    let refused = JobsError::State {
        id: "j".into(),
        was: JobState::Completed,
        rule: Rule::Retry,
    };
    assert_eq!(reply(&a), Some(Reply::Moved(Err(refused))));
}

#[test]
fn a_single_attempt_fails_as_before_and_timeouts_are_attempts() {
    let mut h = Harness::new();
    h.queue(job("one", "render"));
    throw(&mut h, "one", "Error: once");
    assert_eq!(h.status("one"), JobState::Failed);
    assert_eq!(h.core.job("one").unwrap().row.errors.len(), 1);

    h.queue(JobSpec {
        timeout_ms: Some(100),
        ..retried("slow", 2)
    });
    h.at(100);
    let a = h.tick(&[]);
    assert_eq!(killed(&a), ["slow"]);
    h.end("slow", KILLED);
    assert_eq!(h.status("slow"), JobState::Retryable);
    assert!(
        h.error("slow").starts_with("timeout"),
        "{}",
        h.error("slow")
    );
}

#[test]
fn discard_by_hand_takes_a_retryable_job_out_of_its_wait() {
    let mut h = Harness::new();
    h.queue(retried("j", 5));
    throw(&mut h, "j", "Error: x");
    let a = h.step(Input::Discard { id: "j".into() });
    assert_eq!(reply(&a), Some(Reply::Moved(Ok(JobState::Retryable))));
    assert_eq!(h.status("j"), JobState::Discarded);
    h.at(600_000);
    assert!(launched(&h.tick(&[])).is_empty(), "its wait is over");
    // A running job is cancelled, not discarded.
    h.queue(retried("r", 5));
    let a = h.step(Input::Discard { id: "r".into() });
    let refused = JobsError::State {
        id: "r".into(),
        was: JobState::Running,
        rule: Rule::Discard,
    };
    assert_eq!(reply(&a), Some(Reply::Moved(Err(refused))));
}

fn loaded(id: &str, status: JobState, tries: u32, max: u32, run_at: Option<u64>) -> Loaded {
    Loaded {
        row: Row {
            status,
            tries,
            max_attempts: max,
            run_at,
            config: crate::jobs::record::JobConfig {
                retry_on_restart: true,
                memory_bytes: 8 * MB,
                ..Default::default()
            },
            ..restart_row(id)
        },
        checkpoint: None,
        logs: String::new(),
    }
}

fn restart_row(id: &str) -> Row {
    Row {
        script: "/app/job.js".into(),
        ..Row::sample(id)
    }
}

#[test]
fn a_crash_of_bextd_counts_an_attempt_of_a_retry_on_restart_job() {
    let mut h = Harness::new();
    let wait = h.now.unix_ms + 5_000;
    let a = h.step(Input::Restore(vec![
        loaded("left", JobState::Running, 1, 3, None),
        loaded("last", JobState::Running, 3, 3, None),
        loaded("plain", JobState::Running, 1, 1, None),
        loaded("waits", JobState::Retryable, 1, 3, Some(wait)),
    ]));
    // Attempt 1 of 3 was cut short: attempt 2 runs now.
    let mut started = launched(&a);
    started.sort();
    assert_eq!(started, ["left", "plain"]);
    let left = h.core.job("left").unwrap();
    assert_eq!(left.row.tries, 2);
    assert_eq!(left.row.errors[0].attempt, 1);
    assert!(left.row.errors[0].error.contains("interrupted"));
    // Its last attempt was cut short: discarded.
    assert_eq!(h.status("last"), JobState::Discarded);
    // No retries asked for: retryOnRestart alone decides, as before.
    assert_eq!(h.status("plain"), JobState::Running);
    // A retryable job waits out the rest of its backoff.
    assert_eq!(h.status("waits"), JobState::Retryable);
    h.at(4_999);
    assert!(launched(&h.tick(&[])).is_empty());
    h.at(5_000);
    assert_eq!(launched(&h.tick(&[])), ["waits"]);
}

#[test]
fn a_graceful_stop_gives_the_attempt_back() {
    let mut h = Harness::new();
    h.queue(JobSpec {
        retry_on_restart: true,
        ..retried("j", 3)
    });
    h.step(Input::Shutdown {
        deadline: h.now.at + ms(10_000),
    });
    h.report("j", Report::Finished(JobOutcome::Cancelled));
    h.end("j", ExitKind::Code(0));
    let j = h.core.job("j").unwrap();
    assert_eq!(j.row.status, JobState::Queued);
    assert_eq!(j.row.tries, 0, "the next start is attempt 1 again");
    assert!(j.row.errors.is_empty());
}

#[test]
fn a_shared_store_hands_a_retryable_job_back_with_its_backoff() {
    let mut h = Harness::shared(config());
    let mut c = loaded("j", JobState::Queued, 0, 3, None);
    c.row.attempt = 7;
    h.step(Input::Claimed {
        jobs: vec![Claimed {
            job: c,
            cancel: false,
        }],
        sent_at: h.now.at,
        batch: 1,
    });
    throw(&mut h, "j", "Error: x");
    let saves: Vec<&Save> = h
        .seen
        .iter()
        .filter_map(|a| match a {
            Action::Save(s) => Some(s),
            _ => None,
        })
        .collect();
    let row = saves
        .iter()
        .rev()
        .find_map(|s| match s {
            Save::Row(r) => Some(r),
            _ => None,
        })
        .unwrap();
    assert_eq!(row.status, JobState::Retryable);
    assert_eq!(row.backoff_ms, delay("j", 1));
    assert!(matches!(
        saves.last(),
        Some(Save::Release { id, attempt: 7, requeue: false }) if id == "j"
    ));
    assert!(
        h.core.job("j").is_none(),
        "any node claims its next attempt"
    );
}

#[test]
fn a_pools_retry_settings_apply_unless_the_job_says() {
    let mut h = Harness::new();
    let mut pools: Vec<PoolInfo> = ["render", "b"].iter().map(|p| pool(p)).collect();
    pools[1].max_attempts = 4;
    pools[1].retry_backoff_ms = 10_000;
    h.step(Input::SetPools(pools));
    h.queue(job("j", "b"));
    let row = &h.core.job("j").unwrap().row;
    assert_eq!((row.max_attempts, row.config.backoff_ms), (4, 10_000));
    h.queue(JobSpec {
        max_attempts: Some(2),
        ..job("own", "b")
    });
    assert_eq!(h.core.job("own").unwrap().row.max_attempts, 2);
    // The [jobs] default where the pool says nothing.
    h.queue(job("r", "render"));
    assert_eq!(h.core.job("r").unwrap().row.max_attempts, 1);
}
