//! The SQLite state file as the manager's store: what an existing file
//! holds is loaded at start; a missing one is created at the first spawn.
//! The core holds every job the file keeps, so the store's reads are the
//! core's (the trait's defaults); its writes go to the writer thread.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;

use super::Writer;
use crate::jobs::core::Save;
use crate::jobs::error::StoreError;
use crate::jobs::outage::Tracker;
use crate::jobs::record::Loaded;
use crate::jobs::store::{Broken, JobStore};

/// The state file of this bextd alone.
#[derive(Debug)]
pub enum FileStore {
    /// No file yet: created at the first spawn (its writer will report
    /// outages through this tracker).
    Absent {
        path: PathBuf,
        outage: Tracker,
    },
    Open(Writer),
}

impl FileStore {
    /// Opens the state file at `path` if it exists and loads what it
    /// holds; if that fails the store is broken (jobs run, nothing is
    /// kept).
    pub fn restore(path: &Path, outage: Tracker) -> (Box<dyn JobStore>, Vec<Loaded>) {
        if !path.exists() {
            let path = path.to_path_buf();
            return (Box::new(FileStore::Absent { path, outage }), Vec::new());
        }
        let opened = open_and_load(path);
        match opened {
            Ok((conn, loaded)) => match Writer::start(conn, outage) {
                Ok(w) => (Box::new(FileStore::Open(w)), loaded),
                Err(e) => {
                    let why = StoreError::WriterThread(Arc::new(e));
                    (Box::new(Broken(Arc::new(why))), Vec::new())
                }
            },
            Err(e) => {
                tracing::error!(error = %e, "cannot use the jobs state file; jobs will run but their state is not kept");
                (Box::new(Broken(e)), Vec::new())
            }
        }
    }
}

/// Why the state file cannot be used.
type Why = Arc<dyn std::error::Error + Send + Sync>;

/// The state file at `path`, open, and what it holds.
fn open_and_load(path: &Path) -> Result<(rusqlite::Connection, Vec<Loaded>), Why> {
    let conn = super::open(path).map_err(|e| Arc::new(e) as Why)?;
    let loaded = super::load(&conn).map_err(|e| Arc::new(e) as Why)?;
    Ok((conn, loaded))
}

impl JobStore for FileStore {
    /// Opens (creating) the state file if it is not open yet.
    fn ready(&mut self) -> Result<(), StoreError> {
        if let FileStore::Absent { path, outage } = self {
            let conn = super::open(path).map_err(|e| StoreError::NotCreated(Box::new(e)))?;
            let w = Writer::start(conn, outage.clone())
                .map_err(|e| StoreError::WriterThread(Arc::new(e)))?;
            tracing::info!(state_file = %path.display(), "jobs state file created");
            *self = FileStore::Open(w);
        }
        Ok(())
    }

    /// Without a file yet, nothing was spawned to be kept.
    fn save(&self, save: Save) {
        let FileStore::Open(w) = self else {
            return;
        };
        match save {
            Save::Row(row) | Save::Insert(row) => w.put(*row),
            Save::Checkpoint { id, json, .. } => w.checkpoint(&id, json),
            Save::Logs { id, logs, .. } => w.logs(&id, logs),
            Save::Prune { keep } => w.prune(keep),
            // Leases are the shared store's.
            Save::Release { .. } => {}
        }
    }

    /// Writes what is queued and folds the write-ahead log into the file.
    fn close(&self, wait: Duration) -> BoxFuture<'_, ()> {
        let FileStore::Open(w) = self else {
            return Box::pin(std::future::ready(()));
        };
        let w = w.clone();
        Box::pin(async move {
            let _ = tokio::task::spawn_blocking(move || w.close(wait)).await;
        })
    }
}
