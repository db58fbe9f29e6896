//! Timeouts, the memory grace and cancels: when a run is asked to stop,
//! when it is killed, and what it ends as.

use super::*;

/// A job that reserves 64 MB.
fn hog() -> JobSpec {
    let mut j = job("hog", "render");
    j.memory_bytes = Some(64 * MB);
    j
}

#[test]
fn a_job_is_killed_at_its_timeout_not_before() {
    let mut h = Harness::new();
    let mut j = job("slow", "render");
    j.timeout_ms = Some(1_000);
    h.queue(j);
    h.at(999);
    assert!(killed(&h.tick(&[])).is_empty());
    h.at(1_000);
    let a = h.tick(&[]);
    assert_eq!(killed(&a), ["slow"]);
    assert_eq!(counted(&a, Counter::Killed("timeout")), 1);
    // Killed once: the next tick does not kill again.
    assert!(killed(&h.tick(&[])).is_empty());
    h.end("slow", KILLED);
    assert_eq!(h.status("slow"), JobState::Failed);
    assert_eq!(
        h.error("slow"),
        "timeout: ran longer than its timeout of 1000 ms"
    );
}

#[test]
fn memory_warns_once_then_kills_after_the_grace() {
    let mut h = Harness::new(); // warn at 80%, grace 500 ms
    h.queue(hog());
    let warns = |a: &[Action]| {
        a.iter()
            .filter(|a| matches!(a, Action::Log(Log::MemoryWarn { .. })))
            .count()
    };
    assert_eq!(warns(&h.tick(&[("hog", 10 * MB)])), 0);
    assert_eq!(warns(&h.tick(&[("hog", 52 * MB)])), 1);
    h.at(100);
    let a = h.tick(&[("hog", 65 * MB)]);
    assert_eq!(warns(&a), 0);
    assert!(killed(&a).is_empty());
    h.at(599);
    assert!(killed(&h.tick(&[("hog", 65 * MB)])).is_empty());
    h.at(600);
    let a = h.tick(&[("hog", 66 * MB)]);
    assert_eq!(killed(&a), ["hog"]);
    assert_eq!(counted(&a, Counter::Killed("memory")), 1);
    h.end("hog", KILLED);
    assert_eq!(h.status("hog"), JobState::Failed);
    let e = h.error("hog");
    assert!(
        e.starts_with("memory: RSS 66") && e.ends_with("for 500 ms"),
        "{e}"
    );
}

#[test]
fn going_back_under_the_reservation_starts_a_new_grace() {
    let mut h = Harness::new();
    h.queue(hog());
    h.tick(&[("hog", 65 * MB)]);
    h.at(400);
    h.tick(&[("hog", 60 * MB)]);
    h.at(500);
    h.tick(&[("hog", 65 * MB)]);
    h.at(999);
    assert!(killed(&h.tick(&[("hog", 65 * MB)])).is_empty());
    h.at(1_000);
    assert_eq!(killed(&h.tick(&[("hog", 65 * MB)])), ["hog"]);
}

#[test]
fn a_cancel_asks_then_kills_after_both_graces() {
    let mut h = Harness::new(); // cancel grace 5 s, kill grace 2 s
    h.queue(job("spin", "render"));
    h.at(1_000);
    let a = h.step(Input::Cancel { id: "spin".into() });
    assert_eq!(reply(&a), Some(Reply::Cancel(Ok(JobState::Running))));
    assert!(a.contains(&Action::AskStop {
        id: "spin".into(),
        run: h.procs["spin"].0,
        interrupt_after_ms: 5_000,
    }));
    // A second cancel asks nothing more.
    let a = h.step(Input::Cancel { id: "spin".into() });
    assert!(!a.iter().any(|a| matches!(a, Action::AskStop { .. })));
    h.at(7_999);
    assert!(killed(&h.tick(&[])).is_empty());
    h.at(8_000);
    assert_eq!(killed(&h.tick(&[])), ["spin"]);
    let a = h.end("spin", KILLED);
    assert_eq!(counted(&a, Counter::Killed("cancel")), 1);
    assert_eq!(h.status("spin"), JobState::Cancelled);
    assert_eq!(
        h.error("spin"),
        "cancelled, then killed: still running 7000 ms after it was asked to stop"
    );
}

#[test]
fn a_job_that_stops_when_cancelled_is_cancelled_without_error() {
    let mut h = Harness::new();
    h.queue(job("nice", "render"));
    h.step(Input::Cancel { id: "nice".into() });
    h.report("nice", Report::Finished(JobOutcome::Cancelled));
    let a = h.end("nice", ExitKind::Code(0));
    assert_eq!(counted(&a, Counter::Killed("cancel")), 0);
    assert_eq!(counted(&a, Counter::Finished(JobState::Cancelled)), 1);
    assert_eq!(h.status("nice"), JobState::Cancelled);
    assert_eq!(h.error("nice"), "");
}

#[test]
fn a_queued_job_cancelled_never_runs() {
    let mut h = Harness::new();
    for i in 0..6 {
        h.queue(job(&format!("j{i}"), "render"));
    }
    let a = h.step(Input::Cancel { id: "j5".into() });
    assert_eq!(reply(&a), Some(Reply::Cancel(Ok(JobState::Queued))));
    assert_eq!(h.status("j5"), JobState::Cancelled);
    let a = h.complete("j0", "null");
    assert!(launched(&a).is_empty());
    let a = h.step(Input::Cancel { id: "nope".into() });
    assert_eq!(
        reply(&a),
        Some(Reply::Cancel(Err(JobsError::NoJob("nope".into()))))
    );
}
