//! Hot-swap: one worker out at a time, never the last ACTIVE one, swap()
//! only once it is empty, back ACTIVE with the same pid and generation and
//! its swaps count up; a missing or failing swap() ends in a replacement
//! that boots while the old worker serves; a swap past its timeout kills.

use super::*;

fn swapping(p: &Pool) -> Vec<u32> {
    p.core
        .slots()
        .iter()
        .filter(|s| {
            s.procs
                .iter()
                .any(|p| matches!(p.state, ProcState::Swapping { .. }))
        })
        .map(|s| s.id)
        .collect()
}

fn runs(actions: &[Action]) -> Vec<u32> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::RunSwap { slot, .. } => Some(*slot),
            _ => None,
        })
        .collect()
}

fn done() -> LinkEvent {
    LinkEvent::SwapDone {
        error: None,
        missing: false,
    }
}

#[test]
fn workers_swap_one_at_a_time_in_place() {
    let mut p = Pool::ready(settings(), 3);
    let pids: Vec<(Pid, u64)> = (0..3).map(|i| p.primary(i)).collect();
    let (_, g0) = pids[0];
    p.set_load(0, g0, 1, 0, p.now);
    let (queued, actions) = p.ask(Swap {
        changes: r#"[{"path":"/a.json","kind":"rebindable"}]"#.into(),
    });
    assert_eq!(queued, Ok(3));
    assert_eq!(swapping(&p), vec![0], "one at a time");
    assert_eq!(
        p.state(0).public(),
        protocol::control::WorkerState::Swapping
    );
    assert!(actions.contains(&Action::Accept {
        slot: 0,
        generation: g0,
        open: false
    }));
    assert!(runs(&actions).is_empty(), "waits for its request");
    p.set_load(0, g0, 0, 0, p.now);
    let actions = p.tick();
    assert!(actions.iter().any(
        |a| matches!(a, Action::RunSwap { slot: 0, changes, .. } if changes.contains("/a.json"))
    ));
    let actions = p.event(0, g0, done());
    assert!(actions.contains(&Action::Accept {
        slot: 0,
        generation: g0,
        open: true
    }));
    assert_eq!(count(&actions, Counter::Swapped), 1);
    assert_eq!(runs(&actions), vec![1], "the next one");
    let (_, g1) = p.primary(1);
    let actions = p.event(1, g1, done());
    assert_eq!(runs(&actions), vec![2]);
    let (_, g2) = p.primary(2);
    p.event(2, g2, done());
    assert!(swapping(&p).is_empty());
    for (i, (pid, generation)) in pids.iter().enumerate() {
        assert_eq!(p.primary(i as u32), (*pid, *generation), "same process");
        let proc_ = &p.slot(i as u32).procs[0];
        assert_eq!(proc_.swaps, 1);
    }
    assert_eq!(spawns(&p.seen[..]), 3, "only the three first boots");
}

#[test]
fn never_the_last_active_worker_but_a_pool_of_one_swaps_its_worker() {
    let mut p = Pool::ready(settings(), 2);
    let (_, g0) = p.primary(0);
    let (_, g1) = p.primary(1);
    // One is in maintenance: the other is the last ACTIVE one.
    p.command(Maint { data: None });
    let maint_slot = (0..2)
        .find(|i| matches!(p.state(*i), ProcState::Maint { .. }))
        .unwrap();
    let actions = p.command(Swap {
        changes: "[]".into(),
    });
    assert!(runs(&actions).is_empty());
    assert!(swapping(&p).is_empty(), "the last ACTIVE one stays");
    // The sweep goes on to the other worker first; then the swap's turn.
    let g = |slot| if slot == 0 { g0 } else { g1 };
    p.event(maint_slot, g(maint_slot), LinkEvent::MaintDone(None));
    assert!(swapping(&p).is_empty());
    let next = 1 - maint_slot;
    let actions = p.event(next, g(next), LinkEvent::MaintDone(None));
    assert_eq!(swapping(&p).len(), 1, "now one can go: {actions:?}");

    let mut solo = Pool::ready(settings(), 1);
    let actions = solo.command(Swap {
        changes: "[]".into(),
    });
    assert_eq!(runs(&actions), vec![0]);
}

#[test]
fn a_failed_or_missing_swap_replaces_the_worker_while_it_serves() {
    for missing in [false, true] {
        let mut p = Pool::ready(settings(), 2);
        let (pid, g0) = p.primary(0);
        p.command(Swap {
            changes: "[]".into(),
        });
        let actions = p.event(
            0,
            g0,
            LinkEvent::SwapDone {
                error: Some("boom".into()),
                missing,
            },
        );
        assert_eq!(count(&actions, Counter::SwapReplaced), 1);
        assert!(actions.contains(&Action::Accept {
            slot: 0,
            generation: g0,
            open: true
        }));
        assert_eq!(spawns(&actions), 1, "its replacement boots");
        assert!(
            logs(&actions)
                .iter()
                .any(|l| matches!(l, Log::SwapFailed { missing: m, .. } if *m == missing))
        );
        assert!(kills(&actions).is_empty());
        assert_eq!(p.slot(0).procs[0].pid, pid, "the old one serves meanwhile");
        p.ready_all();
        assert!(matches!(
            p.slot(0)
                .procs
                .iter()
                .find(|q| q.generation == g0)
                .unwrap()
                .state,
            ProcState::Draining { .. }
        ));
    }
}

#[test]
fn a_swap_past_its_timeout_kills_the_worker() {
    let mut p = Pool::ready(settings(), 2);
    let (pid, _) = p.primary(0);
    p.command(Swap {
        changes: "[]".into(),
    });
    let timeout = p.core.settings().swap_timeout.as_millis() as u64;
    let actions = p.at(timeout - 1).tick();
    assert!(kills(&actions).is_empty());
    let actions = p.at(timeout + 1).tick();
    assert_eq!(kills(&actions), vec![pid]);
    assert_eq!(count(&actions, Counter::SwapReplaced), 1);
}

#[test]
fn a_rolling_restart_waits_for_a_running_swap() {
    let mut p = Pool::ready(settings(), 2);
    p.command(Swap {
        changes: "[]".into(),
    });
    let (_, g0) = p.primary(0);
    let actions = p.command(Restart {
        slot: None,
        reason: Reason::Restart,
    });
    // Slot 1 rotates; slot 0 only once its swap is over.
    assert_eq!(spawns(&actions), 1);
    assert_eq!(swapping(&p), vec![0]);
    p.event(0, g0, done());
    assert!(matches!(p.state(0), ProcState::Active { .. }));
}
