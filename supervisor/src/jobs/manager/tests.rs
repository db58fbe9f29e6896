//! The manager on a store it is handed (the in-memory one): it queues,
//! reads and cancels through the store's interface alone, and a manager
//! started again on what the store kept answers as the first did.

use std::path::Path;
use std::sync::Arc;

use protocol::control::{JobSpec, JobState};
use tokio::sync::mpsc;

use super::{Services, serve_on};
use crate::config::Jobs;
use crate::jobs::command::{Cancel, Get, List, Spawn};
use crate::jobs::memory::MemoryStore;
use crate::jobs::outage::StoreHealth;
use crate::jobs::{JobsHandle, Opened, PoolInfo};
use crate::process::registry::Registry;
use crate::process::spawn::Spawner;

fn pool(dir: &Path) -> PoolInfo {
    PoolInfo {
        name: "render".into(),
        dir: dir.to_path_buf(),
        env: Default::default(),
        env_pass: Vec::new(),
        uid: None,
        gid: None,
        spawn: crate::config::Spawn::Exec,
        fetch: protocol::worker::FetchPolicy {
            allow: Vec::new(),
            timeout_ms: 30_000,
            max_response_bytes: 16 << 20,
        },
        max_attempts: 0,
        retry_backoff_ms: 0,
        worker_max_jobs: 0,
        schedules: Vec::new(),
        read: protocol::worker::ReadPolicy {
            root: dir.display().to_string(),
            read_roots: Vec::new(),
        },
        tmp_max_bytes: 64 << 20,
    }
}

/// A manager on `store`, restored from what it holds; no job may start
/// (`max_running` 0), so no process is needed.
fn start(store: &MemoryStore, dir: &Path) -> JobsHandle {
    let cfg = Arc::new(Jobs {
        max_running: 0,
        ..Jobs::default()
    });
    let services = Services {
        spawner: Spawner::start().unwrap(),
        registry: Arc::new(Registry::default()),
        worker_bin: "/nonexistent/bext-worker".into(),
    };
    let opened = Opened {
        store: Box::new(store.clone()),
        loaded: store.load(),
    };
    let (tx, rx) = mpsc::unbounded_channel();
    let metrics = crate::metrics::JobMetrics::default();
    tokio::spawn(serve_on(
        opened,
        cfg.clone(),
        vec![pool(dir)],
        services,
        metrics,
        rx,
    ));
    JobsHandle {
        tx,
        config: cfg,
        health: StoreHealth::new("memory", String::new()),
    }
}

#[tokio::test]
async fn the_manager_keeps_its_jobs_in_the_store_it_is_handed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("job.js"), "").unwrap();
    let store = MemoryStore::default();
    let jobs = start(&store, dir.path());
    let spec = JobSpec {
        script: "job.js".into(),
        data: Some(serde_json::json!({"n": 1})),
        ..JobSpec::default()
    };
    let (id, state) = jobs.call(Spawn(Box::new(spec))).await.unwrap();
    assert_eq!(state, JobState::Queued);
    let got = jobs.call(Get { id: id.clone() }).await.unwrap();
    let got = got.expect("the job it queued");
    assert_eq!(got.pool, "render");
    assert!(got.script.ends_with("/job.js"), "{}", got.script);
    let was = jobs.call(Cancel { id: id.clone() }).await.unwrap();
    assert_eq!(was, JobState::Queued);
    let kept = store.load();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].row.status, JobState::Cancelled);
    assert_eq!(kept[0].row.config.data, serde_json::json!({"n": 1}));

    // bextd again, on what the store kept.
    let again = start(&store, dir.path());
    let got = again.call(Get { id: id.clone() }).await.unwrap();
    assert_eq!(got.map(|j| j.status), Some(JobState::Cancelled));
    let (list, _) = again.call(List).await.unwrap();
    assert_eq!(list.iter().map(|j| j.id.as_str()).collect::<Vec<_>>(), [id]);
}
