//! The state file, as the manager sees it: what an existing file holds is
//! loaded at start; a missing one is created at the first spawn; the
//! core's [`Save`]s go to the writer thread (never waited on); a clean
//! stop closes it into one file. This is the narrow interface between the
//! jobs core and where jobs are kept.

use std::path::Path;
use std::time::Duration;

use crate::jobs::core::Save;
use crate::jobs::outage::Tracker;
use crate::jobs::store::{self, Loaded, Writer};

/// Where jobs are kept: the SQLite state file of this bextd alone, or the
/// PostgreSQL store it shares with others (`[jobs] store`).
pub enum Store {
    /// No file yet: created at the first spawn (its writer will report
    /// outages through this tracker).
    Absent(Tracker),
    Open(Writer),
    /// It exists and cannot be used: jobs run, nothing is kept.
    Broken(String),
    /// The shared store: claimed, leased, fenced (`jobs/pg/`).
    Shared(crate::jobs::pg::Shared),
}

impl Store {
    /// Opens the state file at `path` if it exists and loads what it
    /// holds; if that fails the store is broken (jobs run, nothing is
    /// kept).
    pub fn restore(path: &Path, outage: Tracker) -> (Store, Vec<Loaded>) {
        if !path.exists() {
            return (Store::Absent(outage), Vec::new());
        }
        match store::open(path).and_then(|c| store::load(&c).map(|l| (c, l))) {
            Ok((conn, loaded)) => match Writer::start(conn, outage) {
                Ok(w) => (Store::Open(w), loaded),
                Err(e) => {
                    let why = format!("cannot start the writer thread: {e}");
                    (Store::Broken(why), Vec::new())
                }
            },
            Err(e) => {
                tracing::error!(error = %e, "cannot use the jobs state file; jobs will run but their state is not kept");
                (Store::Broken(e), Vec::new())
            }
        }
    }

    /// Opens (creating) the state file at `path` if it is not open yet;
    /// refuses when it cannot keep a job's state.
    pub fn open(&mut self, path: &Path) -> Result<(), String> {
        if let Store::Absent(outage) = self {
            let conn = store::open(path)
                .map_err(|e| format!("{e} (set [jobs] state_file to a writable path)"))?;
            let w = Writer::start(conn, outage.clone()).map_err(|e| e.to_string())?;
            tracing::info!(state_file = %path.display(), "jobs state file created");
            *self = Store::Open(w);
        }
        match self {
            Store::Broken(e) => Err(format!(
                "the jobs state file cannot be used ({e}); no job is started whose state could not be kept"
            )),
            Store::Open(_) | Store::Absent(_) | Store::Shared(_) => Ok(()),
        }
    }

    /// Hands one write to the writer thread; without a usable file it is
    /// dropped.
    pub fn save(&self, save: Save) {
        let w = match self {
            Store::Open(w) => w,
            Store::Shared(s) => return s.save(save),
            Store::Absent(_) | Store::Broken(_) => return,
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
    pub async fn close(&self, wait: Duration) {
        if let Store::Shared(s) = self {
            return s.close(wait).await;
        }
        if let Store::Open(w) = self {
            let w = w.clone();
            let _ = tokio::task::spawn_blocking(move || w.close(wait)).await;
        }
    }
}
