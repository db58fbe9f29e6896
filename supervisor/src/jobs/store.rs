//! Where jobs are kept, as the manager and the core see it: one interface
//! ([`JobStore`]) for writes, reads, moves and claims. The SQLite file
//! (`sqlite/`), the shared PostgreSQL store (`pg/`) and the in-memory
//! store (`memory/`) implement it; a new store is one more folder and one
//! more arm in [`open`](super::open_store), beside the job manager's
//! handle.
//!
//! A store this bextd alone writes hands every job it keeps to the core at
//! start, so the core's answers are its own: the trait's defaults answer
//! reads and moves with them. A store several bextd share holds jobs the
//! core does not: it says how jobs reach the core ([`Holding`]), reads and
//! moves the rest itself (in tasks of their own: the manager never waits on
//! it) and reports its claims as [`StoreEvent`]s.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use protocol::control::{JobInfo, JobState, JobStats};
use tokio::sync::mpsc;

pub use super::core::Holding;
use super::core::{Capacity, Claimed, Save};
use super::error::{JobsError, StoreError};
use super::record::Row;

/// What a store's task tells the job manager of its claims.
#[derive(Debug)]
pub enum StoreEvent {
    Claimed {
        jobs: Vec<Claimed>,
        sent_at: Instant,
        batch: u64,
    },
    Renewed {
        sent_at: Instant,
        /// Held jobs the renewal did not find ours any more.
        lost: Vec<(String, u64)>,
        cancel: Vec<String>,
    },
    /// A write of `attempt` of job `id` was refused.
    Fenced { id: String, attempt: u64 },
}

/// An answer the store gives at once, or once it has asked its server.
pub enum Answer<T> {
    Now(T),
    Later(BoxFuture<'static, T>),
}

impl<T: std::fmt::Debug> std::fmt::Debug for Answer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Now(v) => f.debug_tuple("Now").field(v).finish(),
            Answer::Later(_) => f.write_str("Later"),
        }
    }
}

/// A spawn, cancel or move's result.
pub type Moved = Result<JobState, JobsError>;

/// Where jobs are kept. Writes are handed over without waiting; reads and
/// moves get the core's answer (what this bextd holds) and give the one
/// the caller sees.
pub trait JobStore: Send + std::fmt::Debug {
    /// How jobs reach the core.
    fn holding(&self) -> Holding {
        Holding::All
    }

    /// Makes sure a new job's state can be kept (the SQLite file is made
    /// at the first spawn); refuses when it cannot.
    fn ready(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    /// Takes one write; never waits on the disk or the network.
    fn save(&self, save: Save);

    /// Writes what is queued, waiting at most `wait`.
    fn close(&self, wait: Duration) -> BoxFuture<'_, ()>;

    /// What this node may claim now (a store that hands jobs out by claim).
    fn set_capacity(&self, _cap: Capacity) {}

    /// Its claims, renewals and refused writes, as they come; taken once.
    fn events(&mut self) -> Option<mpsc::UnboundedReceiver<StoreEvent>> {
        None
    }

    /// One job; `held`: the core's, if it holds it.
    fn get(&self, _id: String, held: Option<JobInfo>) -> Answer<Option<JobInfo>> {
        Answer::Now(held)
    }

    /// Every job; `held`: the core's jobs and counts.
    fn list(&self, held: (Vec<JobInfo>, JobStats)) -> Answer<(Vec<JobInfo>, JobStats)> {
        Answer::Now(held)
    }

    /// A job's log; `held`: the core's, if it holds the job.
    fn logs(&self, _id: String, held: Option<String>) -> Answer<Option<String>> {
        Answer::Now(held)
    }

    /// A cancel, after the core's (`held`).
    fn cancel(&self, _id: String, held: Moved) -> Answer<Moved> {
        Answer::Now(held)
    }

    /// A discard, after the core's (`held`); `kept`: whether the core
    /// still keeps the job.
    fn discard(&self, _id: String, held: Moved, _kept: bool) -> Answer<Moved> {
        Answer::Now(held)
    }

    /// A retry the store makes itself (none: the core's).
    fn retry(&self, _id: String) -> Option<BoxFuture<'static, Moved>> {
        None
    }

    /// A unique spawn the store decides itself, for every node (none: the
    /// core decides from the jobs it keeps): the job of `row`'s key
    /// created within `window` ms ([`EVER`](super::core::EVER): in any
    /// state), else `row`, inserted.
    fn insert_unique(
        &self,
        _row: Row,
        _window: u64,
    ) -> Option<BoxFuture<'static, Result<(String, JobState), JobsError>>> {
        None
    }
}

/// A store that cannot be used (why: the error that made it so): jobs
/// run, nothing is kept, nothing new is started.
#[derive(Debug)]
pub struct Broken(pub Arc<dyn std::error::Error + Send + Sync>);

impl JobStore for Broken {
    fn ready(&mut self) -> Result<(), StoreError> {
        Err(StoreError::Unusable(self.0.clone()))
    }

    fn save(&self, _save: Save) {}

    fn close(&self, _wait: Duration) -> BoxFuture<'_, ()> {
        Box::pin(std::future::ready(()))
    }
}

#[cfg(test)]
mod tests;
