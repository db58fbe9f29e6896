//! The in-memory store: a store of this bextd alone that keeps what the
//! core saves in a map, as the SQLite file would, without a disk. The unit
//! tests of the jobs core keep their jobs in it and restart a core from
//! what it holds; the store battery (`jobs/store/tests.rs`) holds it to
//! the same checks as the SQLite store.
//!
//! It is the smallest store there is: writes (`save`, `close`) and what it
//! holds at start ([`MemoryStore::load`]); reads and moves are the core's
//! (the [`JobStore`] defaults), as for every store the core holds whole.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use futures_util::future::BoxFuture;

use crate::jobs::core::Save;
use crate::jobs::record::{Loaded, Row};
use crate::jobs::store::JobStore;

/// A job as the store keeps it: its row and large columns.
#[derive(Debug, Clone)]
struct Kept {
    row: Row,
    checkpoint: Option<String>,
    logs: Option<String>,
}

/// The store; clones share what it holds.
#[derive(Debug, Clone, Default)]
pub struct MemoryStore {
    jobs: Arc<Mutex<HashMap<String, Kept>>>,
}

impl MemoryStore {
    fn jobs(&self) -> MutexGuard<'_, HashMap<String, Kept>> {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Every job it holds, oldest first, as a restart would load them.
    pub fn load(&self) -> Vec<Loaded> {
        let mut all: Vec<Loaded> = self
            .jobs()
            .values()
            .map(|k| Loaded {
                row: k.row.clone(),
                checkpoint: k.checkpoint.clone(),
                logs: k.logs.clone().unwrap_or_default(),
            })
            .collect();
        all.sort_by(|a, b| (a.row.created_at, &a.row.id).cmp(&(b.row.created_at, &b.row.id)));
        all
    }

    /// Keeps the newest `keep` final jobs (by completion, then id) and
    /// every other.
    fn prune(&self, keep: u32) {
        let mut jobs = self.jobs();
        let mut finals: Vec<(Option<u64>, String)> = jobs
            .values()
            .filter(|k| k.row.status.is_final())
            .map(|k| (k.row.completed_at, k.row.id.clone()))
            .collect();
        finals.sort_by(|a, b| b.cmp(a));
        for (_, id) in finals.into_iter().skip(keep as usize) {
            jobs.remove(&id);
        }
    }
}

impl JobStore for MemoryStore {
    fn save(&self, save: Save) {
        match save {
            Save::Row(row) | Save::Insert(row) => {
                let mut jobs = self.jobs();
                match jobs.get_mut(&row.id) {
                    Some(k) => k.row = *row,
                    None => {
                        let k = Kept {
                            row: *row,
                            checkpoint: None,
                            logs: None,
                        };
                        jobs.insert(k.row.id.clone(), k);
                    }
                }
            }
            // As in a file: the large columns of a job it keeps.
            Save::Checkpoint { id, json, .. } => {
                if let Some(k) = self.jobs().get_mut(&id) {
                    k.checkpoint = Some(json);
                }
            }
            Save::Logs { id, logs, .. } => {
                if let Some(k) = self.jobs().get_mut(&id) {
                    k.logs = Some(logs);
                }
            }
            Save::Prune { keep } => self.prune(keep),
            // Leases are a shared store's.
            Save::Release { .. } => {}
        }
    }

    /// Every write is done when `save` returns.
    fn close(&self, _wait: Duration) -> BoxFuture<'_, ()> {
        Box::pin(std::future::ready(()))
    }
}
