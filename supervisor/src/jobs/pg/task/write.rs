//! The task's writes: the batch in one transaction, put back under what
//! came in meanwhile when it fails; what a written batch ended or had
//! fenced.

use super::{STATEMENT_WAIT, Task};
use crate::jobs::pg::batch::{Written, write};
use crate::jobs::pg::{StoreEvent, sql};

impl Task {
    /// Writes the batch in one transaction; None if it could not (it is
    /// kept for the next try).
    pub(super) async fn write(&mut self) -> Option<Written> {
        let batch = std::mem::take(&mut self.batch);
        let idle = sql::idle_limit(self.ttl);
        let r = tokio::time::timeout(STATEMENT_WAIT, write(&self.pool, &self.node, idle, &batch));
        let r = r.await;
        match self.outcome(r) {
            Some(w) => Some(w),
            None => {
                // Folded back under what came in meanwhile (newer wins).
                let newer = std::mem::replace(&mut self.batch, batch);
                self.batch.inserts.extend(newer.inserts);
                self.batch.puts.extend(newer.puts);
                self.batch.checkpoints.extend(newer.checkpoints);
                self.batch.logs.extend(newer.logs);
                self.batch.releases.extend(newer.releases);
                self.batch.prune = newer.prune.or(self.batch.prune);
                None
            }
        }
    }

    pub(super) fn after_write(&mut self, w: Written) {
        for id in w.gone {
            self.held.remove(&id);
        }
        for (id, attempt) in w.fenced {
            self.counters.fenced.inc();
            tracing::warn!(job = %id, attempt, "jobs store: a write of an attempt this node no longer holds was refused");
            if self.held.get(&id) == Some(&attempt) {
                self.held.remove(&id);
            }
            let _ = self.events.send(StoreEvent::Fenced { id, attempt });
        }
    }
}
