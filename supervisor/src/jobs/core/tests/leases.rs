//! The shared store's rules, against a fake clock: claims queue and start
//! as any job, a lost lease kills its run and forgets the job without a
//! write, leases not renewed for their TTL kill every run, a stop releases
//! every lease without counting a crash, a claimed daemon keeps its
//! backoff.

use super::restart::row;
use super::*;

fn ttl_config() -> Jobs {
    let mut c = config();
    c.lease_ttl = ms(3_000);
    c
}

/// Job `id` claimed at attempt `attempt` by a statement sent now.
fn claim(h: &mut Harness, id: &str, daemon: bool, attempt: u64) -> Vec<Action> {
    let mut l = row(id, JobState::Queued, daemon, false);
    l.row.attempt = attempt;
    l.row.node = Some("n1".into());
    let jobs = vec![Claimed {
        job: l,
        cancel: false,
    }];
    let sent_at = h.now.at;
    h.step(Input::Claimed {
        jobs,
        sent_at,
        batch: 1,
    })
}

fn saves(actions: &[Action]) -> Vec<&Save> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Save(s) => Some(s),
            _ => None,
        })
        .collect()
}

#[test]
fn a_new_job_goes_to_the_store_for_any_node_to_claim() {
    let mut h = Harness::shared(config());
    let a = h.queue(job("j", "render"));
    assert!(launched(&a).is_empty());
    assert!(
        saves(&a)
            .iter()
            .any(|s| matches!(s, Save::Insert(r) if r.id == "j" && r.status == JobState::Queued))
    );
    assert!(h.core.job("j").is_none(), "held only once claimed");
    let a = claim(&mut h, "j", false, 1);
    assert_eq!(launched(&a), ["j"]);
    assert_eq!(h.status("j"), JobState::Running);
    // Every write of the run carries its attempt.
    let a = h.report("j", Report::Checkpoint("{}".into()));
    assert!(
        saves(&a)
            .iter()
            .any(|s| matches!(s, Save::Checkpoint { attempt: 1, .. }))
    );
}

#[test]
fn capacity_counts_runs_and_claims_not_yet_started() {
    let mut cfg = config();
    cfg.max_running = 3;
    cfg.max_running_per_pool = 2;
    let mut h = Harness::shared(cfg);
    claim(&mut h, "a", false, 1);
    let cap = h.core.capacity();
    assert_eq!(cap.slots, 2);
    assert_eq!(
        cap.pools,
        vec![("render".to_string(), 1), ("b".to_string(), 2)]
    );
    assert_eq!(cap.budget_bytes, 256 * MB - 8 * MB);
    assert_eq!(cap.claims_seen, 1);
    h.step(Input::Shutdown {
        deadline: h.now.at + ms(1_000),
    });
    assert_eq!(h.core.capacity().slots, 0, "a stopping node claims nothing");
}

#[test]
fn leases_not_renewed_for_their_ttl_kill_every_run_then_not_before() {
    let mut h = Harness::shared(ttl_config());
    claim(&mut h, "a", false, 1);
    claim(&mut h, "d", true, 4);
    // Renewed at 1 s: good until 4 s.
    h.at(1_000);
    let sent_at = h.now.at;
    h.step(Input::Renewed {
        sent_at,
        cancel: Vec::new(),
    });
    h.at(3_999);
    assert!(killed(&h.tick(&[])).is_empty());
    h.at(4_000);
    let a = h.tick(&[]);
    let mut k = killed(&a);
    k.sort();
    assert_eq!(k, ["a", "d"]);
    assert_eq!(counted(&a, Counter::LeaseLost), 2);
    // Their ends write nothing: the jobs are other nodes' now.
    let a = h.end("a", KILLED);
    let d = h.end("d", KILLED);
    assert!(saves(&a).is_empty() && saves(&d).is_empty(), "{a:?} {d:?}");
    assert!(h.core.job("a").is_none() && h.core.job("d").is_none());
}

#[test]
fn a_lost_lease_kills_that_run_at_once_and_no_other() {
    let mut h = Harness::shared(ttl_config());
    claim(&mut h, "a", false, 1);
    claim(&mut h, "b", false, 1);
    // A stale loss (an older attempt) changes nothing.
    let a = h.step(Input::LeaseLost {
        id: "a".into(),
        attempt: 0,
    });
    assert!(killed(&a).is_empty());
    let a = h.step(Input::LeaseLost {
        id: "a".into(),
        attempt: 1,
    });
    assert_eq!(killed(&a), ["a"]);
    // Its last reports are not written either.
    let a = h.report("a", Report::Progress(0.7));
    assert!(saves(&a).is_empty());
    let a = h.end("a", KILLED);
    assert!(saves(&a).is_empty(), "{a:?}");
    assert_eq!(h.status("b"), JobState::Running);
}

#[test]
fn a_stop_releases_every_lease_without_counting_a_crash() {
    let mut h = Harness::shared(config());
    claim(&mut h, "d", true, 2);
    claim(&mut h, "j", false, 5);
    h.report("d", Report::Checkpoint("{\"count\":9}".into()));
    let deadline = h.now.at + ms(10_000);
    h.step(Input::Shutdown { deadline });
    h.end("d", ExitKind::Code(0));
    let a = h.end("j", ExitKind::Code(0));
    let released: Vec<(String, u64, bool)> = h
        .seen
        .iter()
        .filter_map(|a| match a {
            Action::Save(Save::Release {
                id,
                attempt,
                requeue,
            }) => Some((id.clone(), *attempt, *requeue)),
            _ => None,
        })
        .collect();
    assert_eq!(
        released,
        [("d".to_string(), 2, false), ("j".to_string(), 5, true)]
    );
    assert_eq!(counted(&h.seen, Counter::Restart), 0);
    assert!(h.core.is_stopped(), "{a:?}");
}

#[test]
fn a_claim_held_but_not_started_is_released_at_once_at_a_stop() {
    let mut cfg = config();
    cfg.max_running = 1;
    let mut h = Harness::shared(cfg);
    claim(&mut h, "a", false, 1);
    claim(&mut h, "b", false, 1); // waits here for room
    let a = h.step(Input::Shutdown {
        deadline: h.now.at + ms(1_000),
    });
    assert!(
        saves(&a)
            .iter()
            .any(|s| matches!(s, Save::Release { id, requeue: true, .. } if id == "b"))
    );
}

#[test]
fn a_daemon_taken_over_keeps_its_crash_count_and_backoff() {
    let mut h = Harness::shared(config());
    let mut l = row("d", JobState::Running, true, false);
    l.row.attempt = 3;
    l.row.crashes = 3;
    let sent_at = h.now.at;
    h.step(Input::Claimed {
        jobs: vec![Claimed {
            job: l,
            cancel: false,
        }],
        sent_at,
        batch: 1,
    });
    let a = h.end("d", ExitKind::Code(1));
    let j = h.core.job("d").unwrap();
    // The fourth crash in a row: 8 s, as on the node it came from.
    assert_eq!(j.restart_at, Some(h.now.at + ms(8_000)));
    assert!(saves(&a).iter().any(
        |s| matches!(s, Save::Row(r) if r.crashes == 4 && r.backoff_ms == 8_000 && r.attempt == 3)
    ));
}

#[test]
fn a_job_cancelled_elsewhere_is_cancelled_here_at_the_renewal() {
    let mut h = Harness::shared(config());
    claim(&mut h, "j", false, 1);
    let sent_at = h.now.at;
    let a = h.step(Input::Renewed {
        sent_at,
        cancel: vec!["j".into()],
    });
    assert!(
        a.iter()
            .any(|a| matches!(a, Action::AskStop { id, .. } if id == "j"))
    );
}

#[test]
fn a_claim_that_arrives_as_the_node_stops_is_handed_back() {
    let mut h = Harness::shared(config());
    h.step(Input::Shutdown {
        deadline: h.now.at + ms(1_000),
    });
    let a = claim(&mut h, "late", false, 2);
    assert!(launched(&a).is_empty());
    assert!(
        saves(&a)
            .iter()
            .any(|s| matches!(s, Save::Release { id, attempt: 2, requeue: true } if id == "late"))
    );
}
