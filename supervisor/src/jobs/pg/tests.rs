//! The job stores against a real PostgreSQL server (started here, one
//! schema per test): one conformance suite that both the SQLite store and
//! the shared store pass, and the nodes the other tests run
//! (`node_tests.rs`: what only the shared store does).

#[path = "../../../../tests/src/pg.rs"]
pub(super) mod server;

use std::path::PathBuf;
use std::time::Duration;

use protocol::control::JobState;
use tokio::sync::mpsc;

use super::{Counters, Shared, StoreEvent};
use crate::config::Jobs;
use crate::jobs::core::{Capacity, Save};
use crate::jobs::outage::Tracker;
use crate::jobs::record::{JobConfig, Loaded, Row};
use crate::jobs::sqlite::{self as store, Writer};

pub(super) const WAIT: Duration = Duration::from_secs(10);

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

impl Under for crate::jobs::memory::MemoryStore {
    async fn add(&mut self, row: Row) -> Row {
        self.save(Save::Insert(Box::new(row.clone())));
        row
    }
    fn save(&self, s: Save) {
        crate::jobs::store::JobStore::save(self, s);
    }
    async fn sync(&self) {}
    async fn read(&self, id: &str) -> Option<Loaded> {
        self.load().into_iter().find(|l| l.row.id == id)
    }
}

/// One node of the shared store, claiming with room for 100 jobs.
pub(super) struct Node {
    pub(super) s: Shared,
    pub(super) events: mpsc::UnboundedReceiver<StoreEvent>,
    seen: u64,
    pub(super) counters: Counters,
}

impl Node {
    pub(super) fn start(url: &str, ttl_ms: u64) -> Node {
        Node::with(url, ttl_ms, 100)
    }

    pub(super) fn with(url: &str, ttl_ms: u64, slots: u32) -> Node {
        Node::polling(url, ttl_ms, slots, 50)
    }

    pub(super) fn polling(url: &str, ttl_ms: u64, slots: u32, claim_ms: u64) -> Node {
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

    pub(super) fn room(&self, slots: u32) {
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
    pub(super) async fn fenced(&mut self) -> (String, u64) {
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

#[tokio::test]
async fn the_memory_store_passes_the_conformance_suite() {
    conformance(&mut crate::jobs::memory::MemoryStore::default()).await;
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
