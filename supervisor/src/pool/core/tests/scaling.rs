//! Autoscaling: up to the target as fast as max_concurrent_launches allows,
//! down only for idle workers past the cooldown, highest slot first.

use super::*;

fn scaled(min: u32, max: u32, launches: u32) -> Pool {
    let mut s = settings();
    s.scaling.max_concurrent_launches = launches;
    s.scaling.cooldown = ms(60_000);
    let mut p = Pool::new(s, min, max);
    p.ready_all();
    p
}

/// Marks every ACTIVE worker as serving `n` requests.
fn load_all(p: &Pool, n: u32) {
    for s in p.core.slots() {
        for w in &s.procs {
            p.set_load(s.id, w.generation, n, 0, p.now);
        }
    }
}

#[test]
fn busy_workers_raise_the_pool_to_the_target_a_few_launches_at_a_time() {
    let mut p = scaled(1, 8, 2);
    load_all(&p, 1); // 1 busy -> target 2
    let actions = p.step(Input::PoolTick);
    assert_eq!(spawns(&actions), 1);
    assert!(logs(&actions).contains(&&Log::ScaleUp {
        busy: 1,
        target: 2,
        from: 1,
        to: 2
    }));
    p.ready_all();
    load_all(&p, 1); // 2 busy -> target 3, and so on
    p.step(Input::PoolTick);
    p.ready_all();
    load_all(&p, 5); // 3 busy -> target 4, at most 2 launches at once
    let actions = p.step(Input::PoolTick);
    assert_eq!(spawns(&actions), 1);
    assert_eq!(p.core.slots().len(), 4);
}

#[test]
fn launches_are_limited_while_others_boot() {
    let mut p = scaled(1, 8, 2);
    load_all(&p, 3);
    // busy 1 -> target 2; then 8 busy workers would want more, but the two
    // launch places are taken while they boot.
    p.step(Input::PoolTick);
    let s: Vec<_> = p.core.slots().iter().map(|s| s.id).collect();
    assert_eq!(s, vec![0, 1]);
    let actions = p.step(Input::PoolTick);
    assert!(spawns(&actions) <= 1);
}

#[test]
fn idle_workers_are_removed_after_the_cooldown_highest_slot_first() {
    let mut p = scaled(1, 4, 4);
    load_all(&p, 1);
    p.step(Input::PoolTick);
    p.ready_all();
    load_all(&p, 1);
    p.step(Input::PoolTick);
    p.ready_all();
    assert_eq!(p.core.slots().len(), 3);
    load_all(&p, 0);
    assert_eq!(spawns(&p.at(59_999).step(Input::PoolTick)), 0);
    assert!(
        p.core.slots().iter().all(|s| s.phase == Phase::Serving),
        "cooldown"
    );
    let actions = p.at(60_000).step(Input::PoolTick);
    assert!(logs(&actions).iter().any(|l| matches!(
        l,
        Log::ScaleDown { slots, from: 3, to: 1, .. } if *slots == vec![2, 1]
    )));
    assert_eq!(p.slot(2).phase, Phase::Retiring);
    assert_eq!(p.slot(0).phase, Phase::Serving);
    let (pid2, _) = {
        let s = p.slot(2);
        (s.procs[0].pid, s.procs[0].generation)
    };
    let actions = p.exit(pid2);
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::Retired { slot: 2, .. }))
    );
    assert_eq!(p.core.slots().len(), 2, "the slot is gone");
}

#[test]
fn a_busy_or_young_worker_is_never_removed() {
    let mut p = scaled(1, 3, 3);
    load_all(&p, 1);
    p.step(Input::PoolTick);
    p.ready_all();
    let (_, g1) = p.primary(1);
    load_all(&p, 0);
    p.set_load(1, g1, 2, 0, p.now);
    let actions = p.at(120_000).step(Input::PoolTick);
    assert_eq!(p.core.slots().len(), 2);
    assert!(
        !logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::ScaleDown { .. })),
        "only 0 is idle, and it is the minimum"
    );
}

#[test]
fn a_fixed_pool_never_scales() {
    let mut p = Pool::ready(settings(), 2);
    load_all(&p, 10);
    assert_eq!(spawns(&p.step(Input::PoolTick)), 0);
}

/// Tick after tick of full load, every launch booted in between: the pool
/// reaches max_workers and never goes past it (the end-to-end test only
/// samples the size while a real pool is loaded).
#[test]
fn a_pool_under_full_load_grows_to_max_workers_and_never_past_it() {
    let mut p = scaled(1, 4, 2);
    for tick in 0..20 {
        load_all(&p, 50);
        p.at(250 * tick).step(Input::PoolTick);
        p.ready_all();
        assert!(p.core.slots().len() <= 4, "{} slots", p.core.slots().len());
    }
    assert_eq!(p.core.slots().len(), 4);
}
