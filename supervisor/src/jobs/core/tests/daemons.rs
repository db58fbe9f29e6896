//! Daemons: restarted after a crash with a doubling backoff (not before it
//! is over), from their checkpoint, the count reset once a run was healthy.

use super::*;

fn daemon(h: &mut Harness, id: &str) {
    let mut d = job(id, "render");
    d.daemon = true;
    h.queue(d);
}

/// Crashes `id` at `t` ms; returns when the core plans its restart.
fn crash_at(h: &mut Harness, id: &str, t: u64) -> Instant {
    h.at(t);
    h.end(id, ExitKind::Code(1));
    h.core
        .job(id)
        .unwrap()
        .restart_at
        .expect("a restart is planned")
}

#[test]
fn a_crashed_daemon_restarts_after_1_2_4_seconds_not_before() {
    let mut h = Harness::new();
    daemon(&mut h, "d");
    let mut t = 0;
    for (n, delay) in [1_000, 2_000, 4_000].into_iter().enumerate() {
        let at = crash_at(&mut h, "d", t);
        assert_eq!(at, h.now.at + ms(delay));
        assert_eq!(h.status("d"), JobState::Running);
        assert_eq!(h.core.job("d").unwrap().row.restart_count, n as u32 + 1);
        h.at(t + delay - 1);
        assert!(launched(&h.tick(&[])).is_empty());
        h.at(t + delay);
        assert_eq!(launched(&h.tick(&[])), ["d"]);
        t += delay;
    }
}

#[test]
fn the_backoff_stops_at_its_cap() {
    let mut cfg = config();
    cfg.daemon_backoff_max = ms(3_000);
    let mut h = Harness::with(cfg, &["render"]);
    daemon(&mut h, "d");
    let mut t = 0;
    let mut delays = Vec::new();
    for _ in 0..4 {
        let at = crash_at(&mut h, "d", t);
        let delay = at.duration_since(h.now.at).as_millis() as u64;
        delays.push(delay);
        t += delay;
        h.at(t);
        h.tick(&[]);
    }
    assert_eq!(delays, [1_000, 2_000, 3_000, 3_000]);
}

#[test]
fn a_daemon_that_ran_healthy_starts_over_at_the_first_delay() {
    let mut h = Harness::new(); // healthy after 300 s
    daemon(&mut h, "d");
    crash_at(&mut h, "d", 0);
    h.at(1_000);
    h.tick(&[]);
    let at = crash_at(&mut h, "d", 1_100);
    assert_eq!(at, h.now.at + ms(2_000));
    h.at(3_100);
    h.tick(&[]);
    let at = crash_at(&mut h, "d", 3_100 + 300_000);
    assert_eq!(at, h.now.at + ms(1_000));
}

#[test]
fn the_next_run_gets_the_last_checkpoint_and_the_restart_count() {
    let mut h = Harness::new();
    daemon(&mut h, "d");
    h.report("d", Report::Checkpoint("{\"count\":7}".into()));
    crash_at(&mut h, "d", 0);
    h.at(1_000);
    let a = h.tick(&[]);
    let start = a.iter().find_map(|a| match a {
        Action::Launch { start, .. } => Some(start.clone()),
        _ => None,
    });
    let start = start.expect("relaunched");
    assert_eq!(start.checkpoint_json.as_deref(), Some("{\"count\":7}"));
    assert_eq!(start.restart_count, 1);
    assert!(start.daemon);
}

#[test]
fn a_daemon_that_cannot_start_backs_off_and_a_job_fails() {
    let mut h = Harness::new();
    let mut d = job("d", "render");
    d.daemon = true;
    let a = h.core.step(Input::Queue(Box::new(d)), h.now);
    let run = run_launched(&a);
    let input = Input::LaunchFailed {
        id: "d".into(),
        run,
        error: "cannot start bext-worker: EAGAIN".into(),
    };
    h.core.step(input, h.now);
    let j = h.core.job("d").unwrap();
    assert_eq!(j.restart_at, Some(h.now.at + ms(1_000)));
    assert_eq!(
        j.row.error.as_deref(),
        Some("cannot start bext-worker: EAGAIN")
    );

    let a = h
        .core
        .step(Input::Queue(Box::new(job("j", "render"))), h.now);
    let run = run_launched(&a);
    let input = Input::LaunchFailed {
        id: "j".into(),
        run,
        error: "no".into(),
    };
    h.core.step(input, h.now);
    assert_eq!(h.status("j"), JobState::Failed);
}

#[test]
fn a_daemon_past_its_timeout_fails_and_is_not_restarted() {
    let mut h = Harness::new();
    let mut d = job("d", "render");
    d.daemon = true;
    d.timeout_ms = Some(50);
    h.queue(d);
    h.at(50);
    h.tick(&[]);
    h.end("d", KILLED);
    assert_eq!(h.status("d"), JobState::Failed);
    assert!(h.core.job("d").unwrap().restart_at.is_none());
}

#[test]
fn a_daemon_cancelled_between_two_runs_never_runs_again() {
    let mut h = Harness::new();
    daemon(&mut h, "d");
    crash_at(&mut h, "d", 0);
    h.step(Input::Cancel { id: "d".into() });
    assert_eq!(h.status("d"), JobState::Cancelled);
    h.at(5_000);
    assert!(launched(&h.tick(&[])).is_empty());
}
