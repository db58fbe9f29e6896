//! Where jobs are kept, as the manager sees it. The SQLite state file:
//! what an existing file holds is loaded at start; a missing one is
//! created at the first spawn. The core's [`Save`]s go to whichever store
//! is open through [`JobStore`] (never waited on); a clean stop closes it.
//! A third store is one more arm here and its own folder.

use std::path::Path;
use std::time::Duration;

use crate::jobs::core::Save;
use crate::jobs::outage::Tracker;
use crate::jobs::record::{JobStore, Loaded};
use crate::jobs::sqlite::{self, Writer};

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
        match sqlite::open(path).and_then(|c| sqlite::load(&c).map(|l| (c, l))) {
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
            let conn = sqlite::open(path)
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

    /// The store the core's writes go to; none without a usable one.
    fn kept(&self) -> Option<&dyn JobStore> {
        match self {
            Store::Open(w) => Some(w),
            Store::Shared(s) => Some(s),
            Store::Absent(_) | Store::Broken(_) => None,
        }
    }

    /// Hands one write to the store; without a usable one it is dropped.
    pub fn save(&self, save: Save) {
        if let Some(store) = self.kept() {
            store.save(save);
        }
    }

    /// Writes what is queued, waiting at most `wait`.
    pub async fn close(&self, wait: Duration) {
        if let Some(store) = self.kept() {
            store.close(wait).await;
        }
    }
}
