//! What only the shared store does, against a real PostgreSQL server:
//! racing claims, fencing after a lease expired, release, daemon backoff
//! kept, NOTIFY, a cancel from any node.

use std::collections::HashMap;
use std::time::Duration;

use protocol::control::JobState;

use super::StoreEvent;
use super::tests::{Node, Under, WAIT, row, server};
use crate::jobs::core::Save;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_nodes_never_claim_a_job_twice() {
    let pg = server::Postgres::start();
    let url = pg.schema("race");
    const JOBS: usize = 200;
    let feeder = Node::with(&url, 5_000, 0);
    for i in 0..JOBS {
        let mut r = row(&format!("j{i:03}"), false);
        r.created_at = i as u64;
        feeder.s.save(Save::Insert(Box::new(r)));
    }
    feeder.sync().await;
    // Six nodes, each taking at most 7 at a time and finishing what it
    // took before it claims again.
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let url = url.clone();
        tasks.push(tokio::spawn(async move {
            let mut n = Node::with(&url, 5_000, 7);
            let mut mine = Vec::new();
            while let Some(rows) = n.claimed(Duration::from_millis(1_500)).await {
                for mut r in rows {
                    mine.push((r.id.clone(), r.attempt));
                    r.status = JobState::Completed;
                    r.completed_at = Some(1);
                    n.save(Save::Row(Box::new(r)));
                }
                n.sync().await;
                n.room(7);
            }
            mine
        }));
    }
    let mut count: HashMap<String, u32> = HashMap::new();
    for t in tasks {
        for (id, attempt) in t.await.unwrap() {
            assert_eq!(attempt, 1, "{id} was claimed at attempt {attempt}");
            *count.entry(id).or_default() += 1;
        }
    }
    assert_eq!(count.len(), JOBS, "every job was claimed");
    assert!(count.values().all(|n| *n == 1), "a job claimed twice");
    assert_eq!(
        pg.psql("SELECT count(*) FROM race.bext_jobs WHERE status = 'completed'"),
        JOBS.to_string()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_write_of_an_expired_attempt_is_refused() {
    let pg = server::Postgres::start();
    let url = pg.schema("fence");
    let mut a = Node::start(&url, 60_000);
    let old = a.add(row("d", true)).await;
    assert_eq!(old.attempt, 1);
    a.room(0); // A hangs: it claims nothing more
    a.save(Save::Checkpoint {
        id: "d".into(),
        attempt: 1,
        json: "{\"count\":5}".into(),
    });
    a.sync().await;
    // A's lease runs out (as if A had hung): B rescues the job.
    pg.psql("UPDATE fence.bext_jobs SET lease_until = now() - interval '1 second'");
    let mut b = Node::start(&url, 60_000);
    let new = b.claimed(WAIT).await.expect("B claims the expired job");
    assert_eq!(new.len(), 1);
    assert_eq!(new[0].attempt, 2);
    assert_eq!(b.counters.rescues.get(), 1);
    let l = b.read("d").await.unwrap();
    assert_eq!(l.checkpoint.as_deref(), Some("{\"count\":5}"));
    b.save(Save::Checkpoint {
        id: "d".into(),
        attempt: 2,
        json: "{\"count\":6}".into(),
    });
    b.sync().await;
    // A wakes up and writes as attempt 1: refused, reported, counted.
    let mut stale = old.clone();
    stale.progress = 0.9;
    a.save(Save::Row(Box::new(stale)));
    a.save(Save::Checkpoint {
        id: "d".into(),
        attempt: 1,
        json: "{\"count\":99}".into(),
    });
    assert_eq!(a.fenced().await, ("d".into(), 1));
    a.sync().await;
    assert!(a.counters.fenced.get() >= 1);
    let l = b.read("d").await.unwrap();
    assert_eq!(l.checkpoint.as_deref(), Some("{\"count\":6}"));
    assert_eq!(l.row.progress, 0.0);
    assert_eq!(l.row.attempt, 2);
    assert_eq!(l.row.node.as_deref(), Some(b.s.node.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_release_hands_over_at_once_and_a_daemon_keeps_its_backoff() {
    let pg = server::Postgres::start();
    let url = pg.schema("handover");
    let mut a = Node::start(&url, 60_000);
    let d = a.add(row("d", true)).await;
    let j = a.add(row("j", false)).await;
    let mut running = j.clone();
    running.status = JobState::Running;
    a.save(Save::Row(Box::new(running)));
    // A claims no more (as a stopping node), so B gets what it releases.
    a.room(0);
    for r in [&d, &j] {
        a.save(Save::Release {
            id: r.id.clone(),
            attempt: r.attempt,
            requeue: !r.config.daemon,
        });
    }
    a.sync().await;
    assert_eq!(
        pg.psql("SELECT status FROM handover.bext_jobs WHERE id = 'j'"),
        "queued"
    );
    // B takes both at once, long before A's 60 s leases would have ended.
    let mut b = Node::start(&url, 60_000);
    let mut got = Vec::new();
    while got.len() < 2 {
        got.extend(b.claimed(WAIT).await.expect("claimed"));
        b.room(100);
    }
    assert!(got.iter().all(|r| r.attempt == 2));
    assert_eq!(b.counters.rescues.get(), 0, "a release is not a rescue");

    // A daemon crashed three times and waits 1.5 s: released, nobody
    // takes it before that.
    let mut bd = got.into_iter().find(|r| r.id == "d").unwrap();
    bd.status = JobState::Running;
    bd.crashes = 3;
    bd.backoff_ms = 1_500;
    bd.restart_count = 3;
    b.room(0);
    b.save(Save::Row(Box::new(bd.clone())));
    b.save(Save::Release {
        id: "d".into(),
        attempt: bd.attempt,
        requeue: false,
    });
    b.sync().await;
    let mut c = Node::start(&url, 60_000);
    let t0 = std::time::Instant::now();
    let again = c.claimed(WAIT).await.expect("claimed after its backoff");
    assert!(
        t0.elapsed() >= Duration::from_millis(1_000),
        "{:?}",
        t0.elapsed()
    );
    assert_eq!(again[0].id, "d");
    assert_eq!(again[0].crashes, 3);
    assert_eq!(again[0].restart_count, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_wakes_other_nodes_long_before_their_poll() {
    let pg = server::Postgres::start();
    let url = pg.schema("notify");
    // B polls once a minute: only the NOTIFY of A's insert explains a
    // claim within seconds.
    let a = Node::polling(&url, 60_000, 0, 50_000);
    let mut b = Node::polling(&url, 60_000, 10, 50_000);
    // Both listen; B's first poll (at its start) finds nothing.
    pg.wait_for(
        "SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN bext_jobs'",
        |n| n == "2",
        WAIT,
    );
    assert!(b.claimed(Duration::from_millis(500)).await.is_none());
    let t0 = std::time::Instant::now();
    a.s.save(Save::Insert(Box::new(row("n", false))));
    let got = b
        .claimed(Duration::from_secs(30))
        .await
        .expect("woken by the NOTIFY");
    assert_eq!(got[0].id, "n");
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_from_any_node_ends_a_queued_job_and_reaches_a_running_ones_node() {
    let pg = server::Postgres::start();
    let url = pg.schema("cancel");
    // Renewals every 100 ms.
    let mut a = Node::start(&url, 300);
    let held = a.add(row("held", false)).await;
    a.room(0);
    a.s.save(Save::Insert(Box::new(row("waiting", false))));
    a.sync().await;
    let other = Node::with(&url, 300, 0);
    assert_eq!(other.s.cancel("waiting").await, Ok(JobState::Queued));
    assert_eq!(
        pg.psql("SELECT status FROM cancel.bext_jobs WHERE id = 'waiting'"),
        "cancelled"
    );
    assert_eq!(other.s.cancel("held").await, Ok(JobState::Queued));
    assert_eq!(
        other.s.cancel("nope").await,
        Err(crate::jobs::JobsError::NoJob("nope".into()))
    );
    // The node holding it hears of it at its next renewal.
    let end = tokio::time::Instant::now() + WAIT;
    loop {
        let ev = tokio::time::timeout_at(end, a.events.recv())
            .await
            .unwrap()
            .unwrap();
        if let StoreEvent::Renewed { cancel, .. } = ev
            && cancel.contains(&held.id)
        {
            break;
        }
    }
}
