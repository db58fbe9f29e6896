//! The canary side a link's answers are tallied for, while a canary
//! deploy is judged (`pool::core::canary`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{LinkEvent, WorkerLink};

/// One side of a canary (its workers, or the old version's), whose
/// answers are tallied for the verdict (`pool::core::canary`).
#[derive(Debug, Default)]
pub struct Side {
    pub canary: bool,
    pub tally: Mutex<crate::pool::core::canary::Tally>,
}

impl Side {
    pub fn new(canary: bool) -> Arc<Side> {
        Arc::new(Side {
            canary,
            tally: Mutex::default(),
        })
    }

    pub fn figures(&self) -> crate::pool::core::canary::Figures {
        self.tally.lock().unwrap().figures()
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
