//! New settings from a reload: a size change adds or retires slots without
//! touching the other workers; any other change rolls every worker.

use super::*;

fn reconfigure(p: &mut Pool, settings: Settings, min: u32, max: u32, roll: bool) -> Vec<Action> {
    p.step(Input::Reconfigure {
        settings: Box::new(settings),
        min_workers: min,
        max_workers: max,
        roll,
    })
}

#[test]
fn growing_adds_slots_and_keeps_every_worker() {
    let mut p = Pool::ready(settings(), 2);
    let before: Vec<(Pid, u64)> = (0..2).map(|i| p.primary(i)).collect();
    let actions = reconfigure(&mut p, settings(), 3, 3, false);
    assert_eq!(spawns(&actions), 1, "one new slot boots");
    assert!(kills(&actions).is_empty());
    p.ready_all();
    assert_eq!(p.active_count(), 3);
    for (i, b) in before.iter().enumerate() {
        assert_eq!(p.primary(i as u32), *b, "untouched");
    }
}

#[test]
fn shrinking_drains_the_highest_slots_only() {
    let mut p = Pool::ready(settings(), 3);
    let keep = p.primary(0);
    let (pid2, _) = p.primary(2);
    let actions = reconfigure(&mut p, settings(), 1, 1, false);
    assert_eq!(spawns(&actions), 0);
    for id in [1, 2] {
        assert!(matches!(
            p.slot(id).procs[0].state,
            ProcState::Draining { .. }
        ));
        assert_eq!(p.slot(id).phase, Phase::Retiring);
    }
    assert_eq!(p.primary(0), keep);
    p.exit(pid2);
    assert!(
        p.core.slots().iter().all(|s| s.id != 2),
        "retired slot removed"
    );
}

#[test]
fn a_worker_setting_rolls_every_worker_under_the_new_settings() {
    let mut p = Pool::ready(settings(), 2);
    let old: Vec<Pid> = (0..2).map(|i| p.primary(i).0).collect();
    let mut s = settings();
    s.lifecycle.max_requests = 7;
    let actions = reconfigure(&mut p, s, 2, 2, true);
    assert_eq!(p.core.settings().lifecycle.max_requests, 7);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::Reconfigured { roll: true, .. }))
    );
    // max_concurrent_rotations = 1: one replacement at a time.
    assert_eq!(spawns(&actions), 1);
    // Each old worker drains once its replacement is ACTIVE; the next
    // rotation starts when it is gone.
    for pid in old {
        p.ready_all();
        p.exit(pid);
    }
    p.ready_all();
    assert_eq!((p.slot(0).generation, p.slot(1).generation), (2, 2));
    assert_eq!(p.active_count(), 2);
}
