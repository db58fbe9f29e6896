//! The job stores against a real PostgreSQL server (started here, one
//! schema per test): one conformance suite that both the SQLite store and
//! the shared store pass, then what only the shared store does: racing
//! claims, fencing after a lease expired, release, daemon backoff kept.

#[path = "../../../../tests/src/pg.rs"]
pub(super) mod server;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use protocol::control::JobState;
use tokio::sync::mpsc;

use super::{Counters, Shared, StoreEvent};
use crate::config::Jobs;
use crate::jobs::core::{Capacity, Save};
use crate::jobs::outage::Tracker;
use crate::jobs::record::{JobConfig, JobStore, Loaded, Row};
use crate::jobs::sqlite::{self as store, Writer};

const WAIT: Duration = Duration::from_secs(10);

pub(super) fn row(id: &str, daemon: bool) -> Row {
    Row {
        config: JobConfig {
            daemon,
            memory_bytes: 1 << 20,
            timeout_ms: 0,
            retry_on_restart: false,
            data: serde_json::json!({"n": 1}),
            backoff_ms: 0,
        },
        ..Row::sample(id)
    }
}

pub(super) fn config(ttl_ms: u64, claim_ms: u64) -> Jobs {
    Jobs {
        lease_ttl: Duration::from_millis(ttl_ms),
        claim_interval: Duration::from_millis(claim_ms),
        ..Jobs::default()
    }
}

/// What the conformance suite needs of a store.
pub(super) trait Under {
    /// A new job, as its runner holds it (claimed, in a shared store).
    async fn add(&mut self, row: Row) -> Row;
    fn save(&self, s: Save);
    async fn sync(&self);
    async fn read(&self, id: &str) -> Option<Loaded>;
}

struct Sqlite {
    _dir: tempfile::TempDir,
    path: PathBuf,
    w: Writer,
}

impl Under for Sqlite {
    async fn add(&mut self, row: Row) -> Row {
        self.w.put(row.clone());
        row
    }
    fn save(&self, s: Save) {
        match s {
            Save::Row(r) | Save::Insert(r) => self.w.put(*r),
            Save::Checkpoint { id, json, .. } => self.w.checkpoint(&id, json),
            Save::Logs { id, logs, .. } => self.w.logs(&id, logs),
            Save::Prune { keep } => self.w.prune(keep),
            Save::Release { .. } => {}
        }
    }
    async fn sync(&self) {
        assert!(self.w.flush(WAIT));
    }
    async fn read(&self, id: &str) -> Option<Loaded> {
        let all = store::load(&store::open(&self.path).unwrap()).unwrap();
        all.into_iter().find(|l| l.row.id == id)
    }
}

/// One node of the shared store, claiming with room for 100 jobs.
pub(super) struct Node {
    pub(super) s: Shared,
    events: mpsc::UnboundedReceiver<StoreEvent>,
    seen: u64,
    counters: Counters,
}

impl Node {
    pub(super) fn start(url: &str, ttl_ms: u64) -> Node {
        Node::with(url, ttl_ms, 100)
    }

    fn with(url: &str, ttl_ms: u64, slots: u32) -> Node {
        Node::polling(url, ttl_ms, slots, 50)
    }

    fn polling(url: &str, ttl_ms: u64, slots: u32, claim_ms: u64) -> Node {
        let (tx, events) = mpsc::unbounded_channel();
        let counters = Counters::default();
        let s = Shared::start(
            &config(ttl_ms, claim_ms),
            url,
            super::new_node_id(),
            tx,
            counters.clone(),
        )
        .unwrap();
        let n = Node {
            s,
            events,
            seen: 0,
            counters,
        };
        n.room(slots);
        n
    }

    fn room(&self, slots: u32) {
        self.s.set_capacity(Capacity {
            claims_seen: self.seen,
            slots,
            pools: vec![("render".into(), slots)],
            budget_bytes: 1 << 40,
        });
    }

    /// The next claim (its rows), within `limit`.
    pub(super) async fn claimed(&mut self, limit: Duration) -> Option<Vec<Row>> {
        let end = tokio::time::Instant::now() + limit;
        loop {
            let ev = tokio::time::timeout_at(end, self.events.recv())
                .await
                .ok()??;
            if let StoreEvent::Claimed { jobs, batch, .. } = ev {
                self.seen = batch;
                return Some(jobs.into_iter().map(|c| c.job.row).collect());
            }
        }
    }

    /// The next refused write.
    async fn fenced(&mut self) -> (String, u64) {
        loop {
            let ev = tokio::time::timeout(WAIT, self.events.recv())
                .await
                .unwrap()
                .unwrap();
            if let StoreEvent::Fenced { id, attempt } = ev {
                return (id, attempt);
            }
        }
    }
}

impl Under for Node {
    async fn add(&mut self, row: Row) -> Row {
        let id = row.id.clone();
        self.s.save(Save::Insert(Box::new(row)));
        loop {
            let rows = self.claimed(WAIT).await.expect("claimed");
            self.room(100);
            if let Some(r) = rows.into_iter().find(|r| r.id == id) {
                return r;
            }
        }
    }
    fn save(&self, s: Save) {
        self.s.save(s);
    }
    async fn sync(&self) {
        assert!(self.s.flush(WAIT).await);
    }
    async fn read(&self, id: &str) -> Option<Loaded> {
        self.s.load(id).await.unwrap()
    }
}

/// What every store does.
async fn conformance(u: &mut impl Under) {
    // Rows, checkpoints and logs: the newest of each is what is read back.
    let mut r = u.add(row("a", true)).await;
    r.status = JobState::Running;
    r.progress = 0.25;
    r.started_at = Some(5);
    u.save(Save::Row(Box::new(r.clone())));
    for n in 1..=3 {
        u.save(Save::Checkpoint {
            id: "a".into(),
            attempt: r.attempt,
            json: format!("{{\"count\":{n}}}"),
        });
    }
    u.save(Save::Logs {
        id: "a".into(),
        attempt: r.attempt,
        logs: "one\ntwo\n".into(),
    });
    u.sync().await;
    let l = u.read("a").await.expect("stored");
    assert_eq!(l.row.status, JobState::Running);
    assert_eq!(l.row.progress, 0.25);
    assert_eq!(l.row.started_at, Some(5));
    assert!(l.row.config.daemon);
    assert_eq!(l.row.config.data, serde_json::json!({"n": 1}));
    assert_eq!(l.checkpoint.as_deref(), Some("{\"count\":3}"));
    assert_eq!(l.logs, "one\ntwo\n");

    // A final row keeps its result and error.
    let mut b = u.add(row("b", false)).await;
    b.status = JobState::Completed;
    b.progress = 1.0;
    b.result = Some("{\"ok\":true}".into());
    b.completed_at = Some(9);
    u.save(Save::Row(Box::new(b.clone())));
    u.sync().await;
    let l = u.read("b").await.unwrap();
    assert_eq!(l.row.status, JobState::Completed);
    assert_eq!(l.row.result.as_deref(), Some("{\"ok\":true}"));

    // Prune keeps the newest final jobs and every live one.
    for (i, id) in ["c", "d"].into_iter().enumerate() {
        let mut f = u.add(row(id, false)).await;
        f.status = JobState::Failed;
        f.completed_at = Some(10 + i as u64);
        u.save(Save::Row(Box::new(f)));
    }
    u.save(Save::Prune { keep: 1 });
    u.sync().await;
    assert!(u.read("b").await.is_none());
    assert!(u.read("c").await.is_none());
    assert!(u.read("d").await.is_some());
    assert!(u.read("a").await.is_some(), "a live job is never pruned");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sqlite_store_passes_the_conformance_suite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jobs.db");
    let w = Writer::start(store::open(&path).unwrap(), Tracker::detached()).unwrap();
    let mut u = Sqlite { _dir: dir, path, w };
    conformance(&mut u).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_store_passes_the_conformance_suite() {
    let pg = server::Postgres::start();
    let mut node = Node::start(&pg.schema("conformance"), 5_000);
    conformance(&mut node).await;
    // A second node on the same schema finds the migrations done.
    let other = Node::start(&pg.url("conformance"), 5_000);
    assert!(other.read("a").await.is_some());
    assert_eq!(
        pg.psql("SELECT version FROM conformance.bext_jobs_schema"),
        super::schema::MIGRATIONS.len().to_string()
    );
}

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
    assert!(other.s.cancel("nope").await.is_err());
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
