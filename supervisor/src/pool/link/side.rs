//! One side of a canary (its workers, or the old version's): the answers
//! its links give are tallied for the verdict (`pool::core::canary`), and
//! the requests they are given counted, so that a canary draws no more
//! than its share of the window's traffic.
//!
//! Least-busy selection alone would not keep that share: a canary that
//! fails fast (or answers fast) is idle more often than the old workers and
//! is picked more often, so a version that fails every request would fail
//! far more than `canary_workers` workers' share of them. Dispatch asks
//! [`Side::over_share`] of a picked canary link and picks among the old
//! version's links instead while the canary is ahead.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{LinkEvent, WorkerLink};
use crate::pool::core::canary::{Figures, Tally};

#[derive(Debug, Default)]
pub struct Side {
    pub canary: bool,
    pub tally: Mutex<Tally>,
    /// Requests given to its links since the window began.
    given: AtomicU64,
    /// For the canary's side: the old version's, which its share is
    /// measured against.
    versus: Option<Arc<Side>>,
}

impl Side {
    /// The old version's side.
    pub fn old() -> Arc<Side> {
        Arc::new(Side::default())
    }

    /// The canary's side, judged against `old`.
    pub fn canary(old: &Arc<Side>) -> Arc<Side> {
        Arc::new(Side {
            canary: true,
            versus: Some(old.clone()),
            ..Side::default()
        })
    }

    pub fn figures(&self) -> Figures {
        self.tally.lock().unwrap().figures()
    }

    /// One request given to one of its links.
    pub fn given(&self) {
        self.given.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether this side, on `mine` links, was given more requests per
    /// link than the side it is judged against, on `theirs` links.
    pub fn over_share(&self, mine: usize, theirs: usize) -> bool {
        let Some(versus) = &self.versus else {
            return false;
        };
        let (a, b) = (
            self.given.load(Ordering::Relaxed) as u128,
            versus.given.load(Ordering::Relaxed) as u128,
        );
        theirs > 0 && a * theirs as u128 > b * mine as u128
    }
}

impl WorkerLink {
    /// Counts its answers for `side` from now on (`None`: no longer).
    pub fn set_side(&self, side: Option<Arc<Side>>) {
        *self.side.lock().unwrap() = side;
    }

    pub fn side(&self) -> Option<Arc<Side>> {
        self.side.lock().unwrap().clone()
    }

    /// An answer with `status` after `took`, for the canary's verdict; a
    /// canary's answer wakes the pool to judge it.
    pub(super) fn tallied(&self, status: u16, took: Duration, send: &dyn Fn(LinkEvent)) {
        let Some(side) = self.side() else {
            return;
        };
        side.tally.lock().unwrap().answered(status, took);
        if side.canary {
            send(LinkEvent::Tallied);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canary_is_over_its_share_once_ahead_per_link() {
        let old = Side::old();
        let canary = Side::canary(&old);
        assert!(!canary.over_share(1, 3), "nothing given yet");
        canary.given();
        assert!(canary.over_share(1, 3), "1 per canary link, 0 per old one");
        for _ in 0..2 {
            old.given();
        }
        assert!(canary.over_share(1, 3), "2 over 3 old links: still behind");
        old.given();
        assert!(!canary.over_share(1, 3), "even: its turn again");
        assert!(!canary.over_share(1, 0), "no old link to give to");
        assert!(!old.over_share(3, 1), "the old side has no share to keep");
    }
}
