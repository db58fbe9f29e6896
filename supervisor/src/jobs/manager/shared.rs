//! The shared store, from the manager: its task's reports become inputs of
//! the core; reads and cancels of jobs this node does not hold go to the
//! database in tasks of their own, so the manager never waits on it.

use protocol::control::{JobInfo, JobState, JobStats};
use tokio::sync::oneshot;

use super::Manager;
use crate::jobs::core::Input;
use crate::jobs::pg::{Shared, StoreEvent};

/// Most jobs `bext jobs ls` shows from the shared store.
const LIST_LIMIT: i64 = 10_000;

impl Manager {
    pub(super) async fn on_store(&mut self, ev: StoreEvent) {
        match ev {
            StoreEvent::Claimed {
                jobs,
                sent_at,
                batch,
            } => {
                let input = Input::Claimed {
                    jobs,
                    sent_at,
                    batch,
                };
                self.apply(input).await;
            }
            StoreEvent::Renewed {
                sent_at,
                lost,
                cancel,
            } => {
                self.apply(Input::Renewed { sent_at, cancel }).await;
                for (id, attempt) in lost {
                    self.apply(Input::LeaseLost { id, attempt }).await;
                }
            }
            StoreEvent::Fenced { id, attempt } => {
                self.apply(Input::LeaseLost { id, attempt }).await;
            }
        }
    }
}

/// A job this node does not hold, from the store.
pub(super) fn get(s: &Shared, id: String, reply: oneshot::Sender<Option<JobInfo>>) {
    let s = s.clone();
    tokio::spawn(async move {
        let job = s.get(&id).await.ok().flatten().map(|(info, _)| info);
        let _ = reply.send(job);
    });
}

pub(super) fn logs(s: &Shared, id: String, reply: oneshot::Sender<Option<String>>) {
    let s = s.clone();
    tokio::spawn(async move {
        let logs = s.get(&id).await.ok().flatten().map(|(_, logs)| logs);
        let _ = reply.send(logs);
    });
}

/// Every job of the store, with what this node knows of its own runs
/// (pid, RSS); this node's own list if the store cannot be read.
pub(super) fn list(
    s: &Shared,
    local: (Vec<JobInfo>, JobStats),
    reply: oneshot::Sender<(Vec<JobInfo>, JobStats)>,
) {
    let s = s.clone();
    tokio::spawn(async move {
        let (mine, stats) = local;
        // While the store is out (its task said so once), this node's own
        // jobs at once: no wait on a dead server, no line per request.
        if !s.health.is_up() {
            let _ = reply.send((mine, stats));
            return;
        }
        let all = match s.list(LIST_LIMIT).await {
            Ok(all) => all,
            Err(e) => {
                tracing::debug!(error = %e, "jobs store: cannot list the shared jobs; showing this node's");
                let _ = reply.send((mine, stats));
                return;
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
        let _ = reply.send((merged, stats));
    });
}

pub(super) fn cancel(s: &Shared, id: String, reply: oneshot::Sender<Result<JobState, String>>) {
    let s = s.clone();
    tokio::spawn(async move {
        let _ = reply.send(s.cancel(&id).await);
    });
}

pub(super) fn retry(s: &Shared, id: String, reply: oneshot::Sender<Result<JobState, String>>) {
    let s = s.clone();
    tokio::spawn(async move {
        let _ = reply.send(s.retry(&id).await);
    });
}

pub(super) fn discard(s: &Shared, id: String, reply: oneshot::Sender<Result<JobState, String>>) {
    let s = s.clone();
    tokio::spawn(async move {
        let _ = reply.send(s.discard(&id).await);
    });
}
