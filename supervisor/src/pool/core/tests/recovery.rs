//! Crash recovery: backoff spacing and cap, healthy reset, give-up,
//! revival by an operator, spawn failures, and what each death says.

use super::*;
use crate::pool::core::log::Crash;
use crate::process::reaper::ExitKind;

/// The time the slot's next boot is due, if it waits out a backoff.
fn due(p: &Pool, id: u32) -> Option<Duration> {
    match p.slot(id).phase {
        Phase::Backoff { until } => Some(until - p.t0),
        _ => None,
    }
}

/// Crashes slot 0 at `at_ms` and returns when its restart is due.
fn crash_at(p: &mut Pool, at_ms: u64) -> Option<Duration> {
    p.at(at_ms);
    p.crash(0);
    due(p, 0)
}

#[test]
fn the_first_failure_restarts_at_once_then_the_delay_grows_by_the_multiplier() {
    let mut p = Pool::ready(settings(), 1);
    // Crash at once, and each time the restart is due, with no healthy period.
    let first = crash_at(&mut p, 10);
    assert_eq!(first, None, "restarted in the same step: no backoff");
    assert_eq!(spawns(&p.seen), 2);
    p.ready_all();
    assert_eq!(
        crash_at(&mut p, 20),
        Some(ms(20 + 100)),
        "2nd failure: 100 ms"
    );
    p.at(120).tick();
    p.ready_all();
    assert_eq!(crash_at(&mut p, 130), Some(ms(130 + 300)), "3rd: 300 ms");
    p.at(429).tick();
    assert!(p.slot(0).primary().is_none(), "not before the delay");
    p.at(430).tick();
    assert!(p.slot(0).primary().is_some(), "booted when due");
    p.ready_all();
    assert_eq!(crash_at(&mut p, 440), Some(ms(440 + 900)), "4th: 900 ms");
}

#[test]
fn the_delay_is_capped_at_backoff_max() {
    let mut s = settings();
    s.recovery.max_consecutive_failures = 10;
    let mut p = Pool::ready(s, 1);
    let mut delays = Vec::new();
    let mut t = 10;
    for _ in 0..6 {
        let actions = p.at(t).crash(0);
        for l in logs(&actions) {
            if let Log::Backoff { delay, .. } = l {
                delays.push(*delay);
            }
        }
        if let Some(d) = due(&p, 0) {
            t = d.as_millis() as u64;
            p.at(t).tick();
        }
        p.ready_all();
        t += 1;
    }
    assert_eq!(delays, vec![ms(100), ms(300), ms(900), ms(1000), ms(1000)]);
}

#[test]
fn the_slot_gives_up_after_max_consecutive_failures_with_an_alert() {
    let mut s = settings();
    s.recovery.backoff_initial = ms(0);
    s.recovery.max_consecutive_failures = 3;
    let mut p = Pool::ready(s, 1);
    for t in [10, 20] {
        crash_at(&mut p, t);
        p.at(t + 1).tick();
        p.ready_all();
    }
    let actions = {
        p.at(30);
        p.crash(0)
    };
    assert_eq!(p.slot(0).phase, Phase::GaveUp);
    assert_eq!(p.slot(0).failures, 3);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::GaveUp { failures: 3, .. }))
    );
    p.at(100_000).tick();
    assert!(p.slot(0).primary().is_none(), "stays empty");
    assert_eq!(
        p.core.next_deadline(p.now),
        None,
        "nothing left to wake for"
    );
}

#[test]
fn failures_reset_after_healthy_reset_of_active_service_not_before() {
    let mut p = Pool::ready(settings(), 1);
    crash_at(&mut p, 10);
    p.ready_all(); // ACTIVE since 10 ms
    assert_eq!(p.slot(0).failures, 1);
    p.at(10 + 59_999).tick();
    assert_eq!(p.slot(0).failures, 1);
    assert_eq!(
        p.core.next_deadline(p.now),
        Some(p.t0 + ms(10 + 60_000)),
        "the reset is a deadline"
    );
    p.at(10 + 60_000).tick();
    assert_eq!(p.slot(0).failures, 0);
}

#[test]
fn a_restart_revives_a_slot_that_gave_up_and_resets_its_count() {
    let mut s = settings();
    s.recovery.max_consecutive_failures = 1;
    let mut p = Pool::ready(s, 2);
    crash_at(&mut p, 10);
    assert_eq!(p.slot(0).phase, Phase::GaveUp);
    let (slots, actions) = p.ask(Restart {
        slot: None,
        reason: Reason::Signal,
    });
    assert_eq!(slots, Ok(2));
    assert!(logs(&actions).contains(&&Log::Revived { slot: 0 }));
    assert_eq!(p.slot(0).failures, 0);
    assert_eq!(p.slot(0).phase, Phase::Serving, "booting again");
    assert!(matches!(p.state(0), ProcState::Booting { .. }));
    // The healthy slot rotates instead.
    assert!(p.slot(1).rotation.is_some() || p.slot(1).procs.len() == 2);
}

#[test]
fn a_restart_of_one_unknown_slot_is_an_error_naming_the_slots() {
    let mut p = Pool::ready(settings(), 2);
    let (refused, _) = p.ask(Restart {
        slot: Some(7),
        reason: Reason::Restart,
    });
    assert_eq!(
        refused.unwrap_err().to_string(),
        "has no worker 7 (its workers are 0, 1)"
    );
}

#[test]
fn a_spawn_that_fails_for_lack_of_resources_is_retried_and_not_counted() {
    let mut p = Pool::new(settings(), 1, 1);
    p.ready_all();
    p.fail_spawns = Some(("Too many open files (os error 24)".into(), true));
    let actions = {
        p.at(10);
        p.crash(0)
    };
    assert_eq!(
        count(&actions, Counter::Failure),
        1,
        "the crash itself counts"
    );
    assert_eq!(p.slot(0).failures, 1, "the failed spawn does not");
    assert!(due(&p, 0).is_some_and(|d| d >= ms(110)), "retried later");
    p.fail_spawns = None;
    let when = due(&p, 0).unwrap();
    p.now = p.t0 + when;
    p.tick();
    assert!(p.slot(0).primary().is_some());
}

#[test]
fn a_spawn_that_fails_otherwise_counts_and_backs_off() {
    let mut p = Pool::ready(settings(), 1);
    p.fail_spawns = Some(("No such file or directory (os error 2)".into(), false));
    crash_at(&mut p, 10);
    assert_eq!(p.slot(0).failures, 2);
    assert_eq!(
        p.slot(0).last_error.as_deref(),
        Some("spawn failed: No such file or directory (os error 2)")
    );
    assert!(due(&p, 0).is_some());
}

#[test]
fn a_crash_is_a_failure_with_its_status_and_a_drained_exit_is_not() {
    let mut p = Pool::ready(settings(), 1);
    let actions = p.at(5).crash(0);
    assert_eq!(count(&actions, Counter::Failure), 1);
    assert_eq!(
        p.slot(0).last_error.as_deref(),
        Some("killed from outside (signal 9 (SIGKILL))")
    );
    p.ready_all();
    let (old, g) = p.primary(0);
    p.event(0, g, LinkEvent::RequestLimit);
    p.ready_all(); // the replacement is ready: the old one drains
    let actions = p.exit(old);
    assert_eq!(count(&actions, Counter::Failure), 0);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::Stopped { .. }))
    );
}

#[test]
fn an_exit_after_a_protocol_breach_says_so() {
    let mut p = Pool::ready(settings(), 1);
    let (pid, _) = p.primary(0);
    p.exit_with(
        pid,
        ExitKind::Signal(9),
        Some("frame of 4294967295 bytes".into()),
    );
    assert_eq!(
        p.slot(0).last_error.as_deref(),
        Some("protocol error: frame of 4294967295 bytes")
    );
}

#[test]
fn an_unplanned_exit_tells_who_is_at_fault_and_keeps_its_forensics() {
    let mut p = Pool::ready(settings(), 1);
    let (pid, g) = p.primary(0);
    p.set_load(0, g, 0, 42, p.now);
    let actions = p.at(3000).exit_with(pid, ExitKind::Signal(11), None);
    assert!(actions.contains(&Action::Died {
        slot: 0,
        generation: g,
        own_fault: true
    }));
    let crash = logs(&actions)
        .into_iter()
        .find(|l| matches!(l, Log::Crashed(_)))
        .unwrap()
        .clone();
    let Log::Crashed(Crash {
        why,
        uptime,
        served,
        held,
        own_fault,
        ..
    }) = crash
    else {
        unreachable!()
    };
    assert_eq!(why, "crashed (signal 11 (SIGSEGV))");
    assert_eq!((uptime, served, own_fault), (ms(3000), 42, true));
    assert_eq!(held, vec!["GET /x (5 ms)".to_string()]);
    let last = p.slot(0).last_exit.clone().unwrap();
    assert_eq!(
        (last.pid, last.label.as_str()),
        (pid, "crashed (signal 11 (SIGSEGV))")
    );
    // Killed from outside, or by bextd: not the worker's fault.
    p.ready_all();
    let (pid, g) = p.primary(0);
    let actions = p.exit(pid);
    assert!(actions.contains(&Action::Died {
        slot: 0,
        generation: g,
        own_fault: false
    }));
    // A drained worker's end is planned.
    p.at(10_000).tick();
    p.ready_all();
    let (old, g) = p.primary(0);
    p.event(0, g, LinkEvent::RequestLimit);
    p.ready_all();
    let actions = p.exit(old);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::Stopped { .. }))
    );
}
