//! One battery of checks for every store this bextd alone writes, run
//! against the SQLite file and the in-memory store: what is saved comes
//! back at the next start (the newest row, checkpoint and log of each
//! job), a prune keeps the newest final jobs and every live one, and
//! reads and moves are the core's answers.

use std::time::Duration;

use protocol::control::{JobInfo, JobState, JobStats};

use super::{Answer, Holding, JobStore};
use crate::jobs::core::Save;
use crate::jobs::error::JobsError;
use crate::jobs::memory::MemoryStore;
use crate::jobs::outage::Tracker;
use crate::jobs::record::{JobConfig, Loaded, Row};
use crate::jobs::sqlite::FileStore;

/// A store under test: opens it (again), with what it held.
trait Subject {
    fn open(&mut self) -> (Box<dyn JobStore>, Vec<Loaded>);
}

struct Memory(MemoryStore);

impl Subject for Memory {
    fn open(&mut self) -> (Box<dyn JobStore>, Vec<Loaded>) {
        (Box::new(self.0.clone()), self.0.load())
    }
}

struct Sqlite(tempfile::TempDir);

impl Subject for Sqlite {
    fn open(&mut self) -> (Box<dyn JobStore>, Vec<Loaded>) {
        FileStore::restore(&self.0.path().join("jobs.db"), Tracker::detached())
    }
}

fn subjects() -> Vec<(&'static str, Box<dyn Subject>)> {
    vec![
        ("memory", Box::new(Memory(MemoryStore::default()))),
        ("sqlite", Box::new(Sqlite(tempfile::tempdir().unwrap()))),
    ]
}

fn row(id: &str, status: JobState, created_at: u64, completed_at: Option<u64>) -> Row {
    Row {
        status,
        config: JobConfig {
            daemon: true,
            memory_bytes: 64 << 20,
            timeout_ms: 0,
            retry_on_restart: false,
            data: serde_json::json!({"n": 1}),
            backoff_ms: 0,
        },
        progress: 0.5,
        created_at,
        completed_at,
        ..Row::sample(id)
    }
}

fn close(store: &dyn JobStore) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(store.close(Duration::from_secs(5)));
}

/// Saves with the store made ready for a spawn, then closes it.
fn saved(s: &mut dyn Subject, saves: Vec<Save>) {
    let (mut store, _) = s.open();
    store.ready().unwrap();
    for save in saves {
        store.save(save);
    }
    close(&*store);
}

fn ids(loaded: &[Loaded]) -> Vec<&str> {
    loaded.iter().map(|l| l.row.id.as_str()).collect()
}

#[test]
fn what_is_saved_comes_back_at_the_next_start_newest_first_wins() {
    for (name, mut s) in subjects() {
        let (_, empty) = s.open();
        assert!(empty.is_empty(), "{name}: a new store holds nothing");
        let first = row("a", JobState::Queued, 5, None);
        let newer = Row {
            progress: 0.75,
            ..row("a", JobState::Running, 5, None)
        };
        saved(
            &mut *s,
            vec![
                Save::Insert(Box::new(row("b", JobState::Queued, 9, None))),
                Save::Row(Box::new(first)),
                Save::Row(Box::new(newer.clone())),
                Save::Checkpoint {
                    id: "a".into(),
                    attempt: 0,
                    json: "{\"count\":1}".into(),
                },
                Save::Checkpoint {
                    id: "a".into(),
                    attempt: 0,
                    json: "{\"count\":2}".into(),
                },
                Save::Logs {
                    id: "a".into(),
                    attempt: 0,
                    logs: "line\n".into(),
                },
                // Leases are a shared store's: nothing changes.
                Save::Release {
                    id: "a".into(),
                    attempt: 0,
                    requeue: true,
                },
            ],
        );
        let (_, loaded) = s.open();
        assert_eq!(ids(&loaded), ["a", "b"], "{name}: oldest first");
        assert_eq!(loaded[0].row, newer, "{name}");
        assert_eq!(
            loaded[0].checkpoint.as_deref(),
            Some("{\"count\":2}"),
            "{name}"
        );
        assert_eq!(loaded[0].logs, "line\n", "{name}");
        assert_eq!(loaded[1].checkpoint, None, "{name}");
        assert_eq!(loaded[1].logs, "", "{name}");
    }
}

#[test]
fn a_prune_keeps_the_newest_final_jobs_and_every_live_one() {
    for (name, mut s) in subjects() {
        let mut saves: Vec<Save> = (0..5u64)
            .map(|i| {
                let r = row(&format!("f{i}"), JobState::Completed, i, Some(10 + i));
                Save::Row(Box::new(r))
            })
            .collect();
        saves.push(Save::Row(Box::new(row("live", JobState::Running, 1, None))));
        saves.push(Save::Prune { keep: 2 });
        saved(&mut *s, saves);
        let (_, loaded) = s.open();
        let mut kept = ids(&loaded);
        kept.sort();
        assert_eq!(kept, ["f3", "f4", "live"], "{name}");
    }
}

#[test]
fn reads_and_moves_are_the_cores_answers() {
    fn now<T>(a: Answer<T>) -> T {
        match a {
            Answer::Now(v) => v,
            Answer::Later(_) => panic!("a store the core holds whole never asks a server"),
        }
    }
    for (name, mut s) in subjects() {
        let (store, _) = s.open();
        assert_eq!(store.holding(), Holding::All, "{name}");
        let info: JobInfo = row("a", JobState::Running, 1, None).info(None, false);
        let got = now(store.get("a".into(), Some(info.clone())));
        assert_eq!(got.map(|j| j.id), Some("a".to_owned()), "{name}");
        assert!(now(store.get("zz".into(), None)).is_none(), "{name}");
        let (list, _) = now(store.list((vec![info], JobStats::default())));
        assert_eq!(list.len(), 1, "{name}");
        assert_eq!(now(store.logs("a".into(), None)), None, "{name}");
        let refused = Err(JobsError::NoJob("zz".into()));
        assert_eq!(
            now(store.cancel("zz".into(), refused.clone())),
            refused,
            "{name}"
        );
        let moved = now(store.discard("a".into(), Ok(JobState::Queued), true));
        assert_eq!(moved, Ok(JobState::Queued), "{name}");
        assert!(
            store.retry("a".into()).is_none(),
            "{name}: the core retries"
        );
        let unique = store.insert_unique(row("u", JobState::Queued, 1, None), 0);
        assert!(unique.is_none(), "{name}: the core decides a unique spawn");
    }
}
