//! Censuses and heap walks in the core: a leak flagged once per episode,
//! `max_heap_growth_kb_per_1k` rotating with its reason, and a walk that
//! takes a worker out like maintenance, never the last ACTIVE one.

use super::*;
use protocol::heap::{Census, HeapReport, WalkLimits};

const LIMITS: WalkLimits = WalkLimits {
    budget_ms: 100,
    max_depth: 8,
    top: 10,
};

fn census(requests: u64, bytes_per_request: u64) -> Census {
    Census {
        requests,
        used_bytes: 1_000_000 + requests * bytes_per_request,
        ..Census::default()
    }
}

/// Sends slot `id`'s worker censuses every 200 requests up to `upto`.
fn feed(p: &mut Pool, id: u32, from: u64, upto: u64, per_request: u64) -> Vec<Action> {
    let (_, g) = p.primary(id);
    let mut all = Vec::new();
    for r in (from..=upto).step_by(200) {
        all.extend(p.event(id, g, LinkEvent::Census(census(r, per_request))));
    }
    all
}

fn leak_logs(actions: &[Action]) -> (usize, usize) {
    let ls = logs(actions);
    let found = ls
        .iter()
        .filter(|l| matches!(l, Log::LeakFound { .. }))
        .count();
    let gone = ls
        .iter()
        .filter(|l| matches!(l, Log::LeakGone { .. }))
        .count();
    (found, gone)
}

#[test]
fn a_pool_whose_workers_keep_growing_is_flagged_once_per_episode() {
    let mut p = Pool::ready(settings(), 2);
    let mut all = feed(&mut p, 0, 200, 6000, 700);
    all.extend(feed(&mut p, 1, 200, 6000, 700));
    assert_eq!(leak_logs(&all), (1, 0), "one line, not one per census");
    let v = p.core.leak().expect("flagged");
    assert!((v.growth.bytes_per_1k - 700_000.0).abs() < 1.0, "{v:?}");
    let row = p.core.slots()[0].procs[0].growth.unwrap();
    assert!(row.leaking);
    // Both workers flatten out (a fresh series each, after a rotation):
    // the episode ends, once.
    let mut all = Vec::new();
    for id in 0..2 {
        let (_, g) = p.primary(id);
        for r in (200..=6000).step_by(200) {
            all.extend(p.event(id, g, LinkEvent::Census(census(r, 0))));
        }
    }
    assert_eq!(leak_logs(&all), (0, 1));
    assert!(p.core.leak().is_none());
}

#[test]
fn a_worker_past_max_heap_growth_rotates_naming_it() {
    let mut s = settings();
    s.lifecycle.max_heap_growth_per_1k = Some(500 * 1024);
    let mut p = Pool::ready(s, 2);
    let all = feed(&mut p, 1, 200, 6000, 300);
    assert!(
        !logs(&all).iter().any(|l| matches!(l, Log::Rotating { .. })),
        "300 KB per 1,000 is under the limit"
    );
    let all = feed(&mut p, 0, 200, 6000, 800);
    assert!(
        logs(&all).contains(&&Log::Rotating {
            slot: 0,
            reason: Reason::HeapGrowth
        }),
        "{:?}",
        logs(&all)
    );
}

#[test]
fn a_walk_takes_one_worker_out_and_brings_it_back_never_the_last() {
    let mut p = Pool::ready(settings(), 2);
    let (_, g0) = p.primary(0);
    let (pid1, g1) = p.primary(1);
    p.set_load(1, g1, 0, 50, p.now);
    p.set_load(0, g0, 0, 10, p.now);
    let (chosen, actions) = p.ask(HeapWalk {
        slot: None,
        limits: LIMITS,
    });
    assert_eq!(chosen, Ok((1, g1)), "the busiest");
    assert!(actions.contains(&Action::Accept {
        slot: 1,
        generation: g1,
        open: false
    }));
    assert!(actions.contains(&Action::RunMaint {
        slot: 1,
        generation: g1,
        work: Work::Walk(LIMITS)
    }));
    // The other one is the last ACTIVE worker now: refused.
    let (refused, actions) = p.ask(HeapWalk {
        slot: Some(0),
        limits: LIMITS,
    });
    assert_eq!(refused, Err(PoolError::LastActiveWorker));
    assert!(actions.is_empty());
    let report = Box::new(HeapReport::default());
    let actions = p.event(1, g1, LinkEvent::HeapReport(report.clone()));
    assert!(actions.contains(&Action::HeapReport {
        slot: 1,
        generation: g1,
        pid: pid1,
        report,
        growth: None,
    }));
    assert!(actions.contains(&Action::Accept {
        slot: 1,
        generation: g1,
        open: true
    }));
    assert!(matches!(p.state(1), ProcState::Active { .. }));
}

#[test]
fn a_walk_of_a_pool_of_one_or_of_a_worker_not_active_is_refused() {
    let mut p = Pool::ready(settings(), 1);
    let (refused, actions) = p.ask(HeapWalk {
        slot: None,
        limits: LIMITS,
    });
    assert_eq!(refused, Err(PoolError::LastActiveWorker));
    assert!(actions.is_empty());
    let (refused, actions) = p.ask(HeapWalk {
        slot: Some(7),
        limits: LIMITS,
    });
    assert_eq!(refused, Err(PoolError::NotActive(7)));
    assert!(refused.unwrap_err().to_string().contains("worker 7"));
    assert!(actions.is_empty());
}
