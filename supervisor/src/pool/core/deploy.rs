//! What keeps a deploy, or a replacement that cannot start, from costing
//! capacity.
//!
//! * A deploy whose first worker fails to load stops
//!   ([`Input::DeployFailed`](super::Input)): every rotation a deploy asked
//!   for is dropped, so the old workers keep every slot; the deploy's other
//!   booting workers are stopped (planned: they count as no failure).
//! * A worker whose replacement cannot start (spawn refused, boot failed,
//!   startup timeout) keeps serving past the soft limit it reached
//!   (`max_requests`, `max_uptime_hours`, `max_memory_mb`): its request cap
//!   is lifted, the slot says so in status (`overstaying`), and the
//!   rotation is tried again after the backoff. Memory has a hard ceiling,
//!   twice `max_memory_mb`: past it the worker drains even with no
//!   replacement, since a machine out of memory costs more than a slot.

use std::time::Instant;

use super::{Action, Core, Log, Probe, ProcState, Reason};

/// The RSS past which an overstaying worker drains anyway.
pub fn memory_ceiling(max_memory_bytes: Option<u64>) -> Option<u64> {
    max_memory_bytes.map(|m| m.saturating_mul(2))
}

impl Core {
    /// Stops a deploy's rollout (see the module docs).
    pub(super) fn deploy_failed(&mut self, stop: Vec<(u32, u64)>) {
        let mut dropped = 0;
        for s in &mut self.slots {
            if s.rotation.as_ref().is_some_and(|r| r.reason.is_deploy()) {
                s.rotation = None;
                dropped += 1;
            }
            if s.order.as_ref().is_some_and(Reason::is_deploy) {
                s.order = None;
                dropped += 1;
            }
        }
        for (slot, generation) in stop {
            if let Some(i) = self.slot_index(slot) {
                let reason = Reason::DeployFailed;
                self.kill(i, generation, reason, None);
            }
        }
        self.log(Log::RolloutStopped { dropped });
    }

    /// Slot `i`'s replacement could not start (`error`): its worker serves
    /// on past its limit.
    pub(super) fn overstay(&mut self, i: usize, error: &str) {
        let s = &self.slots[i];
        let Some(reason) = s.rotation.as_ref().map(|r| r.reason.clone()) else {
            return;
        };
        let soft = matches!(reason, Reason::Requests | Reason::Uptime | Reason::Memory);
        // The worker being replaced (another replacement may boot beside it).
        let Some(p) = s
            .procs
            .iter()
            .find(|p| matches!(p.state, ProcState::Active { .. }))
        else {
            return;
        };
        if !soft || s.overstaying.is_some() {
            return;
        }
        let (slot, pid, generation) = (s.id, p.pid, p.generation);
        self.slots[i].overstaying = Some(reason.clone());
        self.out.push(Action::RotateAfter {
            slot,
            generation,
            served: 0,
        });
        let error = error.to_string();
        self.log(Log::Overstaying {
            slot,
            pid,
            reason,
            error,
        });
    }

    /// An overstaying worker of slot `i` over the hard memory ceiling
    /// drains.
    pub(super) fn check_ceiling(
        &mut self,
        i: usize,
        generation: u64,
        rss: u64,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let Some(ceiling) = memory_ceiling(self.settings.lifecycle.max_memory_bytes) else {
            return;
        };
        let s = &self.slots[i];
        if s.overstaying.is_none() || rss <= ceiling {
            return;
        }
        // Its replacement may be booting beside it: the worker itself.
        let Some(pid) = s
            .procs
            .iter()
            .find(|p| p.generation == generation && matches!(p.state, ProcState::Active { .. }))
            .map(|p| p.pid)
        else {
            return;
        };
        let slot = s.id;
        self.log(Log::OverCeiling {
            slot,
            pid,
            rss,
            ceiling,
        });
        self.slots[i].overstaying = None;
        self.slots[i].rotation = None;
        self.drain(i, generation, Reason::Memory, now, probe);
    }
}
