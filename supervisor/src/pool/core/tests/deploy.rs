//! A failed deploy stops its rollout; a worker whose replacement cannot
//! start serves past its soft limit, up to the hard memory ceiling.

use super::*;

#[test]
fn a_failed_deploy_drops_every_deploy_rotation_and_stops_its_other_workers() {
    let mut p = Pool::ready(settings(), 3);
    let actions = p.command(Restart {
        slot: None,
        reason: Reason::Signal,
    });
    assert_eq!(spawns(&actions), 1, "one at a time");
    let (loader, lg) = p.primary(0);
    // The actor steps this before the failure itself.
    let actions = p.step(Input::DeployFailed {
        stop: vec![(0, lg)],
    });
    assert!(logs(&actions).contains(&&Log::RolloutStopped { dropped: 3 }));
    assert_eq!(
        kills(&actions),
        vec![loader],
        "the deploy's booting worker stops"
    );
    assert!(
        (0..3).all(|i| p.slot(i).rotation.is_none()),
        "nothing left to roll"
    );
    let a = p.event(0, lg, LinkEvent::BootFailed("Error: boom".into()));
    let b = p.at(10).exit(loader);
    assert_eq!(spawns(&a) + spawns(&b), 0, "nothing starts again");
    assert_eq!(count(&b, Counter::Failure), 0, "stopped, not failed");
    assert_eq!(p.active_count(), 3, "the old workers keep every slot");
}

#[test]
fn a_failed_deploy_keeps_routine_rotations() {
    let mut p = Pool::ready(settings(), 2);
    let (_, g) = p.primary(1);
    p.slots_mut_rotation(1, Reason::Uptime);
    p.command(Restart {
        slot: Some(0),
        reason: Reason::FileChange,
    });
    let _ = g;
    p.step(Input::DeployFailed { stop: vec![] });
    assert!(p.slot(0).rotation.is_none());
    assert_eq!(
        p.slot(1).rotation.as_ref().map(|r| r.reason.clone()),
        Some(Reason::Uptime)
    );
}

#[test]
fn a_worker_whose_replacement_fails_serves_past_its_request_limit() {
    let mut p = Pool::ready(settings(), 1);
    let (old, g) = p.primary(0);
    p.event(0, g, LinkEvent::RequestLimit);
    let (new, ng) = p.primary(0);
    let actions = p.event(0, ng, LinkEvent::BootFailed("SyntaxError: x".into()));
    assert!(
        actions.contains(&Action::RotateAfter {
            slot: 0,
            generation: g,
            served: 0
        }),
        "its request cap is lifted: {actions:?}"
    );
    assert!(logs(&actions).iter().any(|l| matches!(
        l,
        Log::Overstaying { slot: 0, pid, reason: Reason::Requests, .. } if *pid == old
    )));
    assert_eq!(p.slot(0).overstaying, Some(Reason::Requests));
    // Said once, however often the replacement fails.
    p.at(10).exit(new);
    let (new2, _) = p.primary(0);
    let again = p.at(20).exit(new2);
    assert!(
        !logs(&again)
            .iter()
            .any(|l| matches!(l, Log::Overstaying { .. }))
    );
    // A replacement that works ends it.
    p.at(2_000).tick();
    p.ready_all();
    assert_eq!(p.slot(0).overstaying, None);
    assert!(matches!(p.state(0), ProcState::Active { .. }));
}

#[test]
fn an_overstaying_worker_drains_past_twice_max_memory() {
    let mut s = settings();
    s.lifecycle.max_memory_bytes = Some(100 << 20);
    let mut p = Pool::ready(s, 1);
    let (_, g) = p.primary(0);
    p.step(Input::Memory(vec![(0, g, 150 << 20)]));
    let (new, _) = p.primary(0);
    p.at(10).exit(new);
    assert_eq!(p.slot(0).overstaying, Some(Reason::Memory));
    let under = p.step(Input::Memory(vec![(0, g, 190 << 20)]));
    assert!(!under.iter().any(|a| matches!(a, Action::Drain { .. })));
    let over = p.step(Input::Memory(vec![(0, g, 201 << 20)]));
    assert!(over.contains(&Action::Drain {
        slot: 0,
        generation: g
    }));
    assert!(
        logs(&over)
            .iter()
            .any(|l| matches!(l, Log::OverCeiling { .. }))
    );
}

#[test]
fn a_deploy_that_comes_while_a_replacement_boots_replaces_it_once_it_is_up() {
    let mut p = Pool::ready(settings(), 1);
    let (old, g) = p.primary(0);
    // A routine rotation: its replacement boots the code running now.
    p.event(0, g, LinkEvent::RequestLimit);
    let (_, booting) = p.primary(0);
    assert_ne!(booting, g, "a replacement boots");
    let actions = p.command(Restart {
        slot: None,
        reason: Reason::FileChange,
    });
    assert_eq!(spawns(&actions), 0, "nothing more while it boots");
    assert_eq!(p.slot(0).order, Some(Reason::FileChange), "the order waits");
    p.ready_all();
    assert_eq!(
        p.slot(0).rotation.as_ref().map(|r| r.reason.clone()),
        Some(Reason::FileChange),
        "the replacement, up, is due for the deploy"
    );
    assert_eq!(p.slot(0).order, None, "taken once");
    let actions = p.exit(old);
    assert_eq!(spawns(&actions), 1, "the deploy's worker starts");
    assert_eq!(p.slot(0).generation, 3);
}

#[test]
fn a_deploy_takes_over_a_routine_rotation_not_yet_started_and_spends_its_order() {
    let mut s = settings();
    s.lifecycle.max_concurrent_rotations = 1;
    let mut p = Pool::ready(s, 2);
    let (_, g0) = p.primary(0);
    p.event(0, g0, LinkEvent::RequestLimit);
    // Slot 1 waits its turn behind slot 0.
    p.slots_mut_rotation(1, Reason::Uptime);
    p.command(Restart {
        slot: None,
        reason: Reason::Signal,
    });
    assert_eq!(
        p.slot(1).rotation.as_ref().map(|r| r.reason.clone()),
        Some(Reason::Signal),
        "named by the deploy, which a failed deploy would drop"
    );
    assert_eq!(p.slot(1).order, None);
    assert_eq!(p.slot(0).order, Some(Reason::Signal), "slot 0's waits");
}
