//! Which pool owns which pid, so the reaper's exits reach the right actor.
//!
//! A worker can exit before its pool has registered it (exec failed, or it
//! crashed at once); such exits wait in `unclaimed` and are handed over at
//! registration. Exits nobody claims are orphans bextd adopted as PID 1 or
//! subreaper; they are forgotten after a minute.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use nix::unistd::Pid;
use tokio::sync::mpsc;

use crate::process::reaper::{Exit, ExitKind};

const UNCLAIMED_TTL: Duration = Duration::from_secs(60);

#[derive(Debug, Default)]
pub struct Registry {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    owners: HashMap<Pid, mpsc::UnboundedSender<Exit>>,
    unclaimed: HashMap<Pid, (ExitKind, Instant)>,
}

impl Registry {
    /// Claims `pid`, forked at `spawned_at`, for the pool behind `tx`.
    /// Returns its exit if it has already happened.
    pub fn register(
        &self,
        pid: Pid,
        spawned_at: Instant,
        tx: mpsc::UnboundedSender<Exit>,
    ) -> Option<Exit> {
        let mut inner = self.inner.lock().unwrap();
        if let Some((status, at)) = inner.unclaimed.remove(&pid) {
            // An older exit under a reused pid is not this process's.
            if at >= spawned_at {
                return Some(Exit { pid, status });
            }
        }
        inner.owners.insert(pid, tx);
        None
    }

    /// Routes one exit to its owner; returns false for an orphan.
    pub fn deliver(&self, exit: Exit) -> bool {
        let mut inner = self.inner.lock().unwrap();
        if let Some(tx) = inner.owners.remove(&exit.pid) {
            let _ = tx.send(exit);
            return true;
        }
        let now = Instant::now();
        inner
            .unclaimed
            .retain(|_, (_, at)| now.duration_since(*at) < UNCLAIMED_TTL);
        inner.unclaimed.insert(exit.pid, (exit.status, now));
        false
    }
}
