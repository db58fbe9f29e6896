//! A version under a canary: its first workers' readiness made it the
//! running version (the one before is kept as previous), but its outcome
//! stays pending until the canary's verdict. A promotion only records
//! the end; a rollback makes the previous version the running one again
//! (its modules are still held, so every replacement forks from it without
//! reading a file) and remembers the rolled-back files as failed, so the
//! same code is not deployed again (except by `bext deploy`) until a file
//! changes.

use std::sync::Arc;

use super::{Load, Versions, graph_hash, short_id};

/// How a canary ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    Promoted,
    /// With the threshold and figures it broke.
    RolledBack(String),
}

impl Versions {
    /// The load being deployed, if its first worker is not ready yet.
    pub fn loading(&self) -> Option<Arc<Load>> {
        self.inner.lock().unwrap().loading.clone()
    }

    /// The load a worker outside `canary`'s slots starts while that canary
    /// is under way: the version it is judged against (the running one
    /// while the canary loads, the previous one once the canary's
    /// readiness made it the running one), so a routine replacement
    /// beside a canary neither widens it nor joins the verdict's other side
    /// with the new code.
    pub fn for_spawn_beside(&self, canary: &Load) -> Arc<Load> {
        let t = self.inner.lock().unwrap();
        let on_canary = t.running.as_ref().is_some_and(|r| r.seq == canary.seq);
        let old = if on_canary {
            t.previous.clone()
        } else {
            t.running.clone()
        };
        drop(t);
        old.unwrap_or_else(|| self.for_spawn())
    }

    /// `load` runs on its canary workers and is judged now.
    pub fn judging(&self, load: &Load) {
        self.inner.lock().unwrap().judging = Some(load.seq);
    }

    /// `load`'s canary passed.
    pub fn promoted(&self, load: &Load) {
        self.end(load, End::Promoted);
    }

    /// `load`'s canary failed (`why`): the previous version runs again.
    /// Returns its id, or `None` when `load` is not the running version or
    /// no previous version is kept (then nothing changed).
    pub fn rolled_back(&self, load: &Load, why: &str, settings: &str) -> Option<String> {
        let mut t = self.inner.lock().unwrap();
        let running = t.running.as_ref().is_some_and(|r| r.seq == load.seq);
        if !running || t.previous.is_none() {
            return None;
        }
        t.running = t.previous.take();
        let hash = load
            .fingerprint
            .unwrap_or_else(|| graph_hash(&load.modules.sources(), settings));
        t.failed.insert(hash);
        let id = load.id().map_or_else(|| short_id(&hash), String::from);
        t.note = Some(format!("{id} rolled back: {why}"));
        drop(t);
        self.end(load, End::RolledBack(why.to_string()));
        let t = self.inner.lock().unwrap();
        t.running.as_ref().and_then(|r| r.id().map(String::from))
    }

    fn end(&self, load: &Load, end: End) {
        let mut t = self.inner.lock().unwrap();
        if t.judging == Some(load.seq) {
            t.judging = None;
        }
        if let Some(e) = t.history.iter_mut().find(|e| e.load.seq == load.seq) {
            if let End::RolledBack(why) = &end {
                e.failed = Some(format!("rolled back: {why}"));
            }
            e.canary = Some(end);
        }
    }
}

/// Why `bext deploy promote` or `bext deploy rollback` did nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RolloutError {
    #[error("no canary under way")]
    NoCanary,
    #[error("a deploy is loading; try again once its first worker is ready")]
    Loading,
    #[error("no previous version is kept to roll back to")]
    NoPrevious,
    #[error("{want} is the running version already")]
    Running { want: String },
    #[error(
        "{want} is not kept (the previous version is {previous}): only the running and the previous version are held"
    )]
    NotKept { want: String, previous: String },
    #[error("the pool is stopping")]
    Stopping,
}

impl Versions {
    /// The previous version runs again (`want`, if given, must be its
    /// id), and the one that ran becomes the previous one: an operator's
    /// rollback, undone by the same command. Returns (from, to).
    pub fn revert(&self, want: Option<&str>) -> Result<(String, String), RolloutError> {
        let mut t = self.inner.lock().unwrap();
        if t.loading.is_some() {
            return Err(RolloutError::Loading);
        }
        let id = |l: &Option<Arc<Load>>| l.as_ref().and_then(|l| l.id().map(String::from));
        let previous = id(&t.previous).ok_or(RolloutError::NoPrevious)?;
        let running = id(&t.running).unwrap_or_default();
        match want {
            Some(w) if w == running => {
                return Err(RolloutError::Running { want: w.into() });
            }
            Some(w) if w != previous => {
                return Err(RolloutError::NotKept {
                    want: w.into(),
                    previous,
                });
            }
            _ => {}
        }
        let back = t.previous.take();
        t.previous = std::mem::replace(&mut t.running, back);
        t.note = None;
        Ok((running, previous))
    }
}
