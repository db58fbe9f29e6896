//! Boot, heartbeat and drain timeouts, failed boots, request-stuck kills and
//! shutdown.

use super::*;

#[test]
fn a_worker_that_does_not_boot_in_time_is_killed_and_counted() {
    let mut s = settings();
    s.startup_timeout = ms(500);
    let mut p = Pool::new(s, 1, 1);
    let (pid, _) = p.primary(0);
    assert_eq!(p.core.next_deadline(p.now), Some(p.t0 + ms(500)));
    assert!(kills(&p.at(499).tick()).is_empty());
    let actions = p.at(500).tick();
    assert_eq!(kills(&actions), vec![pid]);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::StartupTimeout { .. }))
    );
    p.at(501).exit(pid);
    assert_eq!(p.slot(0).failures, 1);
    assert_eq!(p.slot(0).last_error.as_deref(), Some("startup timeout"));
}

#[test]
fn a_worker_silent_for_heartbeat_timeout_is_killed_as_hung() {
    let mut s = settings();
    s.heartbeat_timeout = ms(1000);
    let mut p = Pool::ready(s, 2);
    let (pid0, g0) = p.primary(0);
    let (_, g1) = p.primary(1);
    // Slot 0 went silent at t0; slot 1 beat at 900 ms.
    p.set_load(0, g0, 0, 0, p.t0);
    p.set_load(1, g1, 0, 0, p.t0 + ms(900));
    assert!(kills(&p.at(999).tick()).is_empty());
    let actions = p.at(1000).tick();
    assert_eq!(kills(&actions), vec![pid0]);
    assert!(actions.contains(&Action::Accept {
        slot: 0,
        generation: g0,
        open: false
    }));
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::Hung { slot: 0, .. }))
    );
    assert!(
        p.slot(1)
            .procs
            .iter()
            .all(|p| matches!(p.state, ProcState::Active { .. }))
    );
    let actions = p.exit(pid0);
    assert_eq!(count(&actions, Counter::Failure), 1);
    assert_eq!(p.slot(0).last_error.as_deref(), Some("missed heartbeats"));
}

#[test]
fn a_worker_busy_with_a_request_inside_its_deadline_is_not_killed_as_hung() {
    let mut s = settings();
    s.heartbeat_timeout = ms(1000);
    let mut p = Pool::ready(s, 1);
    let (pid, g) = p.primary(0);
    // Silent since t0, but running a request whose deadline is at 30 s.
    p.probe.loads.borrow_mut().insert(
        (0, g),
        Load {
            in_flight: 1,
            served: 0,
            last_beat: p.t0,
            busy_until: Some(p.t0 + ms(30_000)),
        },
    );
    assert!(kills(&p.at(29_999).tick()).is_empty());
    assert_eq!(
        kills(&p.at(30_000).tick()),
        vec![pid],
        "past its deadline: hung"
    );
}

#[test]
fn a_drain_that_outlasts_drain_timeout_is_killed_without_counting_a_failure() {
    let mut s = settings();
    s.lifecycle.drain_timeout = ms(2000);
    let mut p = Pool::ready(s, 1);
    let (old, g) = p.primary(0);
    p.at(100).event(0, g, LinkEvent::RequestLimit);
    p.ready_all();
    assert_eq!(p.core.next_deadline(p.now), Some(p.t0 + ms(2100)));
    assert!(kills(&p.at(2099).tick()).is_empty());
    let actions = p.at(2100).tick();
    assert_eq!(kills(&actions), vec![old]);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::DrainTimeout { .. }))
    );
    let actions = p.exit(old);
    assert_eq!(count(&actions, Counter::Failure), 0);
    assert_eq!(p.slot(0).failures, 0);
}

#[test]
fn a_failed_boot_is_given_a_second_to_exit_and_counts_with_its_error() {
    let mut p = Pool::new(settings(), 1, 1);
    let (pid, g) = p.primary(0);
    p.event(
        0,
        g,
        LinkEvent::BootFailed("SyntaxError: x\n  at worker.js:1".into()),
    );
    assert_eq!(p.slot(0).last_error.as_deref(), Some("SyntaxError: x"));
    assert!(kills(&p.at(999).tick()).is_empty());
    assert_eq!(kills(&p.at(1000).tick()), vec![pid]);
    p.exit(pid);
    assert_eq!(p.slot(0).failures, 1);
    assert_eq!(
        p.slot(0).last_error.as_deref(),
        Some("boot failed: SyntaxError: x")
    );
}

#[test]
fn a_stuck_request_kills_its_worker_as_a_failure() {
    let mut p = Pool::ready(settings(), 1);
    let (pid, g) = p.primary(0);
    let actions = p.step(Input::Kill {
        slot: 0,
        generation: g,
        reason: "request 7 got no answer 500 ms past request_timeout_ms".into(),
    });
    assert_eq!(kills(&actions), vec![pid]);
    p.exit(pid);
    assert!(
        p.slot(0)
            .last_error
            .as_deref()
            .is_some_and(|e| e.starts_with("request 7 got no answer"))
    );
}

#[test]
fn a_graceful_shutdown_drains_serving_workers_kills_booting_ones_and_ends() {
    let mut p = Pool::ready(settings(), 2);
    let (a, _) = p.primary(0);
    let (b, g1) = p.primary(1);
    p.event(1, g1, LinkEvent::RequestLimit); // slot 1 has a booting replacement
    let (c, _) = p.primary(1);
    let actions = p.step(Input::Shutdown { graceful: true });
    assert_eq!(kills(&actions), vec![c]);
    let drains = actions
        .iter()
        .filter(|a| matches!(a, Action::Drain { .. }))
        .count();
    assert_eq!(drains, 2);
    assert!(
        actions
            .iter()
            .any(|a| matches!(a, Action::Publish(l) if l.is_empty()))
    );
    p.exit(a);
    p.exit(c);
    assert!(p.core.slots().iter().all(|s| s.primary().is_none()));
    let actions = p.exit(b);
    assert!(actions.contains(&Action::Stopped));
    assert_eq!(
        count(&p.seen, Counter::Failure),
        0,
        "no exit at shutdown is a failure"
    );
    assert_eq!(spawns(&p.at(10_000).tick()), 0, "nothing restarts");
}

#[test]
fn an_immediate_shutdown_kills_every_worker() {
    let mut p = Pool::ready(settings(), 3);
    let actions = p.step(Input::Shutdown { graceful: false });
    assert_eq!(kills(&actions).len(), 3);
}
