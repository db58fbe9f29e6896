//! The shared store behind the manager's one interface ([`JobStore`]):
//! jobs reach the core by claim, leased to this node; reads, cancels,
//! retries and discards of jobs this node does not hold, and unique
//! spawns, go to the database in tasks of their own, so the manager never
//! waits on it.

use std::time::Duration;

use futures_util::future::BoxFuture;
use protocol::control::{JobInfo, JobStats};
use tokio::sync::mpsc;

use super::{Counters, SetupError, Shared, StoreEvent};
use crate::config::Jobs;
use crate::jobs::core::{Capacity, Holding, Save, unique_since};
use crate::jobs::error::JobsError;
use crate::jobs::record::Row;
use crate::jobs::store::{Answer, JobStore, Moved};

/// Most jobs `bext jobs ls` shows from the shared store.
const LIST_LIMIT: i64 = 10_000;

/// The shared store as the manager holds it: the handle, and what its
/// task reports until the manager takes it.
#[derive(Debug)]
pub struct SharedStore {
    shared: Shared,
    events: Option<mpsc::UnboundedReceiver<StoreEvent>>,
}

impl Shared {
    /// Starts the store's task for node `node`, as the manager's store.
    pub fn open(
        cfg: &Jobs,
        url: &str,
        node: String,
        counters: Counters,
    ) -> Result<SharedStore, SetupError> {
        let (tx, rx) = mpsc::unbounded_channel();
        let shared = Shared::start(cfg, url, node, tx, counters)?;
        Ok(SharedStore {
            shared,
            events: Some(rx),
        })
    }
}

/// `f` of the store's handle, in a task of its own.
fn later<T, F>(s: &Shared, f: impl FnOnce(Shared) -> F) -> Answer<T>
where
    F: Future<Output = T> + Send + 'static,
{
    Answer::Later(Box::pin(f(s.clone())))
}

impl JobStore for SharedStore {
    fn holding(&self) -> Holding {
        Holding::Claimed {
            node: self.shared.node.clone(),
        }
    }

    fn save(&self, save: Save) {
        self.shared.save(save);
    }

    fn close(&self, wait: Duration) -> BoxFuture<'_, ()> {
        Box::pin(self.shared.close(wait))
    }

    fn set_capacity(&self, cap: Capacity) {
        self.shared.set_capacity(cap);
    }

    fn events(&mut self) -> Option<mpsc::UnboundedReceiver<StoreEvent>> {
        self.events.take()
    }

    /// A job this node holds, unless it ended here: it may have been
    /// retried from another node since.
    fn get(&self, id: String, held: Option<JobInfo>) -> Answer<Option<JobInfo>> {
        if held.as_ref().is_some_and(|j| !j.status.is_final()) {
            return Answer::Now(held);
        }
        later(&self.shared, |s| async move {
            s.get(&id).await.ok().flatten().map(|(info, _)| info)
        })
    }

    /// Every job of the store, with what this node knows of its own runs
    /// (pid, RSS); this node's own list if the store cannot be read.
    fn list(&self, held: (Vec<JobInfo>, JobStats)) -> Answer<(Vec<JobInfo>, JobStats)> {
        // While the store is out (its task said so once), this node's own
        // jobs at once: no wait on a dead server, no line per request.
        if !self.shared.health.is_up() {
            return Answer::Now(held);
        }
        later(&self.shared, |s| async move {
            let (mine, stats) = held;
            let all = match s.list(LIST_LIMIT).await {
                Ok(all) => all,
                Err(e) => {
                    tracing::debug!(error = %e, "jobs store: cannot list the shared jobs; showing this node's");
                    return (mine, stats);
                }
            };
            let merged = all
                .into_iter()
                .map(|j| {
                    mine.iter()
                        .find(|m| m.id == j.id && !m.status.is_final() && m.node == j.node)
                        .cloned()
                        .unwrap_or(j)
                })
                .collect();
            (merged, stats)
        })
    }

    fn logs(&self, id: String, held: Option<String>) -> Answer<Option<String>> {
        if held.is_some() {
            return Answer::Now(held);
        }
        later(&self.shared, |s| async move {
            s.get(&id).await.ok().flatten().map(|(_, logs)| logs)
        })
    }

    /// A job this node does not hold is cancelled in the store.
    fn cancel(&self, id: String, held: Moved) -> Answer<Moved> {
        match held {
            Err(JobsError::NoJob(_)) => later(&self.shared, |s| async move { s.cancel(&id).await }),
            held => Answer::Now(held),
        }
    }

    fn discard(&self, id: String, held: Moved, kept: bool) -> Answer<Moved> {
        if kept {
            return Answer::Now(held);
        }
        later(&self.shared, |s| async move { s.discard(&id).await })
    }

    /// A final job has no lease: the store is the truth.
    fn retry(&self, id: String) -> Option<BoxFuture<'static, Moved>> {
        let s = self.shared.clone();
        Some(Box::pin(async move { s.retry(&id).await }))
    }

    /// One statement under the key's advisory lock decides, for every
    /// node: the one round trip the manager waits for.
    fn insert_unique(
        &self,
        row: Row,
        window: u64,
    ) -> Option<BoxFuture<'static, Result<(String, protocol::control::JobState), JobsError>>> {
        let s = self.shared.clone();
        let since = unique_since(window, row.created_at);
        let ever = window == crate::jobs::core::EVER;
        Some(Box::pin(async move {
            Ok(s.insert_unique(&row, since, ever).await?)
        }))
    }
}
