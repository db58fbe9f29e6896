//! Rotation: staggered max_requests, boot-before-drain, the rotation budget,
//! uptime and memory limits, failed replacements.

use super::*;

#[test]
fn max_requests_thresholds_are_staggered_by_slot() {
    let mut s = settings();
    s.lifecycle.max_requests = 1000;
    let p = Pool::ready(s, 4);
    let thresholds: Vec<(u32, u64)> = p
        .seen
        .iter()
        .filter_map(|a| match a {
            Action::RotateAfter { slot, served, .. } => Some((*slot, *served)),
            _ => None,
        })
        .collect();
    assert_eq!(thresholds, vec![(0, 1000), (1, 1025), (2, 1050), (3, 1075)]);
}

#[test]
fn a_rotation_boots_the_replacement_before_the_old_worker_drains() {
    let mut p = Pool::ready(settings(), 1);
    let (old, g) = p.primary(0);
    let actions = p.event(0, g, LinkEvent::RequestLimit);
    assert_eq!(spawns(&actions), 1);
    assert!(logs(&actions).contains(&&Log::Rotating {
        slot: 0,
        reason: Reason::Requests
    }));
    let s = p.slot(0);
    assert_eq!(s.procs.len(), 2);
    assert!(
        matches!(s.procs[0].state, ProcState::Active { .. }),
        "still serving"
    );
    assert_eq!(p.active_count(), 1);
    let actions = p.ready_all();
    assert!(actions.contains(&Action::Drain {
        slot: 0,
        generation: g
    }));
    assert!(matches!(
        &p.slot(0).procs[0].state,
        ProcState::Draining {
            reason: Reason::Requests,
            ..
        }
    ));
    assert_eq!(p.active_count(), 1, "the new one serves");
    let actions = p.exit(old);
    assert_eq!(count(&actions, Counter::Failure), 0);
    assert_eq!(p.slot(0).procs.len(), 1);
}

#[test]
fn at_most_max_concurrent_rotations_and_never_below_n_minus_k_active() {
    let mut s = settings();
    s.lifecycle.max_concurrent_rotations = 1;
    let mut p = Pool::ready(s, 4);
    let actions = p.command(Restart {
        slot: None,
        reason: Reason::Signal,
    });
    assert_eq!(spawns(&actions), 1, "one replacement at a time");
    let mut rotated = 0;
    for _ in 0..20 {
        assert!(p.active_count() >= 3, "never below N-1 ACTIVE");
        let booting: usize = p
            .core
            .slots()
            .iter()
            .flat_map(|s| s.procs.iter())
            .filter(|p| matches!(p.state, ProcState::Booting { .. }))
            .count();
        assert!(booting <= 1);
        p.ready_all();
        let draining: Vec<Pid> = p
            .core
            .slots()
            .iter()
            .flat_map(|s| s.procs.iter())
            .filter(|p| matches!(p.state, ProcState::Draining { .. }))
            .map(|p| p.pid)
            .collect();
        for pid in draining {
            p.exit(pid);
            rotated += 1;
        }
        if p.core
            .slots()
            .iter()
            .all(|s| s.rotation.is_none() && s.procs.len() == 1)
        {
            break;
        }
    }
    assert_eq!(rotated, 4);
    assert!(p.core.slots().iter().all(|s| s.generation == 2));
}

#[test]
fn a_worker_past_max_uptime_is_rotated() {
    let mut s = settings();
    s.lifecycle.max_uptime = Some(Duration::from_secs(3600));
    let mut p = Pool::ready(s, 1);
    assert_eq!(
        p.core.next_deadline(p.now),
        Some(p.t0 + Duration::from_secs(3600))
    );
    p.now = p.t0 + Duration::from_secs(3599);
    assert_eq!(spawns(&p.tick()), 0);
    p.now = p.t0 + Duration::from_secs(3600);
    let actions = p.tick();
    assert_eq!(spawns(&actions), 1);
    assert!(logs(&actions).contains(&&Log::Rotating {
        slot: 0,
        reason: Reason::Uptime
    }));
}

#[test]
fn a_worker_over_max_memory_is_rotated_and_one_under_is_not() {
    let mut s = settings();
    s.lifecycle.max_memory_bytes = Some(100 << 20);
    let mut p = Pool::ready(s, 2);
    let (_, g0) = p.primary(0);
    let (_, g1) = p.primary(1);
    let actions = p.step(Input::Memory(vec![(0, g0, 99 << 20), (1, g1, 101 << 20)]));
    assert_eq!(spawns(&actions), 1);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::OverMemory { slot: 1, .. }))
    );
    assert_eq!(
        p.slot(1).rotation.as_ref().map(|r| &r.reason),
        Some(&Reason::Memory)
    );
    assert!(p.slot(0).rotation.is_none());
    assert_eq!(p.slot(0).procs[0].peak_rss, 99 << 20);
}

#[test]
fn a_replacement_that_fails_leaves_the_old_worker_serving_and_is_retried_after_backoff() {
    let mut p = Pool::ready(settings(), 1);
    let (old, g) = p.primary(0);
    p.event(0, g, LinkEvent::RequestLimit);
    let (new, _) = p.primary(0);
    assert_ne!(new, old);
    let actions = p.at(10).exit(new); // the replacement crashed while booting
    assert_eq!(count(&actions, Counter::Failure), 1);
    assert_eq!(spawns(&actions), 1, "a first failure is retried at once");
    let s = p.slot(0);
    assert!(matches!(s.procs[0].state, ProcState::Active { .. }));
    assert_eq!(s.procs[0].pid, old);
    assert_eq!(p.active_count(), 1, "the old worker keeps serving");
    let (new2, _) = p.primary(0);
    p.at(20).exit(new2);
    let not_before = p.slot(0).rotation.as_ref().and_then(|r| r.not_before);
    assert_eq!(
        not_before,
        Some(p.t0 + ms(20 + 100)),
        "then after the backoff"
    );
    assert_eq!(spawns(&p.at(119).tick()), 0);
    assert_eq!(spawns(&p.at(120).tick()), 1);
}

#[test]
fn two_rotations_at_once_start_one_replacement_each() {
    let mut s = settings();
    s.lifecycle.max_concurrent_rotations = 2;
    let mut p = Pool::ready(s, 3);
    // The actor reports each spawn after the core stepped the others: a
    // slot whose replacement is asked for but not yet reported must not
    // be asked for again.
    let actions = p.command(Restart {
        slot: None,
        reason: Reason::Signal,
    });
    assert_eq!(spawns(&actions), 2, "{actions:?}");
    assert_eq!(p.slot(0).generation, 2);
    assert_eq!(p.slot(1).generation, 2);
    assert_eq!(p.slot(2).generation, 1, "the third waits its turn");
}
