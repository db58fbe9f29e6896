//! Maintenance sweeps: never the last ACTIVE worker, at most
//! max_concurrent_maint out at once, maint() only once a worker is empty,
//! back to ACTIVE after; automatic maintenance by requests and by time.

use super::*;
use crate::config::MaintEvery;

fn in_maint(p: &Pool) -> usize {
    p.core
        .slots()
        .iter()
        .flat_map(|s| s.procs.iter())
        .filter(|p| matches!(p.state, ProcState::Maint { .. }))
        .count()
}

fn runs(actions: &[Action]) -> Vec<u32> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::RunMaint { slot, .. } => Some(*slot),
            _ => None,
        })
        .collect()
}

#[test]
fn a_sweep_takes_workers_out_one_at_a_time_and_never_the_last() {
    let mut p = Pool::ready(settings(), 3);
    let (_, g0) = p.primary(0);
    p.set_load(0, g0, 2, 0, p.now); // slot 0 is busy
    let (queued, actions) = p.ask(Maint {
        data: Some("{\"deep\":true}".into()),
    });
    assert_eq!(queued, Ok(3));
    assert_eq!(in_maint(&p), 1, "max_concurrent_maint = 1");
    assert!(actions.contains(&Action::Accept {
        slot: 0,
        generation: g0,
        open: false
    }));
    assert!(runs(&actions).is_empty(), "waits for its requests");
    p.set_load(0, g0, 0, 0, p.now);
    let actions = p.tick();
    assert_eq!(runs(&actions), vec![0]);
    assert!(
        actions
            .iter()
            .any(|a| matches!(a, Action::RunMaint { work: crate::pool::core::Work::Maint(Some(d)), .. } if d == "{\"deep\":true}"))
    );
    let actions = p.event(0, g0, LinkEvent::MaintDone(None));
    assert!(actions.contains(&Action::Accept {
        slot: 0,
        generation: g0,
        open: true
    }));
    assert_eq!(runs(&actions), vec![1], "the next one");
    let (_, g1) = p.primary(1);
    let actions = p.event(1, g1, LinkEvent::MaintDone(None));
    assert_eq!(runs(&actions), vec![2]);
    assert!(p.active_count() >= 2);
}

#[test]
fn a_pool_of_one_maintains_its_worker_while_requests_wait() {
    let mut p = Pool::ready(settings(), 1);
    let (_, g) = p.primary(0);
    let actions = p.command(Maint { data: None });
    assert_eq!(in_maint(&p), 1);
    assert_eq!(runs(&actions), vec![0]);
    assert!(actions.contains(&Action::Publish(vec![])));
    let actions = p.event(0, g, LinkEvent::MaintDone(None));
    assert!(actions.contains(&Action::Publish(vec![(0, g)])));
}

#[test]
fn a_pool_of_two_keeps_one_worker_in_rotation() {
    let mut s = settings();
    s.maint.max_concurrent = 2;
    let mut p = Pool::ready(s, 2);
    p.command(Maint { data: None });
    assert_eq!(in_maint(&p), 1);
    assert_eq!(p.active_count(), 1);
}

#[test]
fn max_concurrent_maint_takes_several_out_at_once() {
    let mut s = settings();
    s.maint.max_concurrent = 2;
    let mut p = Pool::ready(s, 4);
    let actions = p.command(Maint { data: None });
    assert_eq!(in_maint(&p), 2);
    assert_eq!(runs(&actions).len(), 2, "both were empty");
}

#[test]
fn automatic_maintenance_by_requests_and_by_time() {
    let mut s = settings();
    s.maint.auto = Some(MaintEvery::Requests(100));
    let mut p = Pool::ready(s, 2);
    let (_, g0) = p.primary(0);
    p.set_load(0, g0, 0, 99, p.now);
    p.step(Input::PoolTick);
    assert_eq!(in_maint(&p), 0);
    p.set_load(0, g0, 0, 100, p.now);
    let actions = p.step(Input::PoolTick);
    assert_eq!(runs(&actions), vec![0]);
    p.event(0, g0, LinkEvent::MaintDone(None));
    p.step(Input::PoolTick);
    assert_eq!(in_maint(&p), 0, "counted from its last maintenance");

    let mut s = settings();
    s.maint.auto = Some(MaintEvery::Time(ms(5000)));
    let mut p = Pool::ready(s, 2);
    p.at(4999).step(Input::PoolTick);
    assert_eq!(in_maint(&p), 0);
    let actions = p.at(5000).step(Input::PoolTick);
    assert_eq!(runs(&actions).len(), 1);
}

#[test]
fn a_worker_that_drains_leaves_the_sweep() {
    let mut p = Pool::ready(settings(), 2);
    let (_, g0) = p.primary(0);
    let (_, g1) = p.primary(1);
    p.set_load(0, g0, 1, 0, p.now);
    p.command(Maint { data: None }); // 0 emptying, 1 queued
    p.event(1, g1, LinkEvent::RequestLimit);
    p.ready_all(); // 1 drains: its turn never comes
    p.set_load(0, g0, 0, 0, p.now);
    p.tick();
    let actions = p.event(0, g0, LinkEvent::MaintDone(None));
    assert!(runs(&actions).is_empty());
    assert_eq!(in_maint(&p), 0);
}
