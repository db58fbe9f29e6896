//! Commands from operators and the request path: restart ([`Restart`]),
//! shutdown, kill.

use std::time::Instant;

use super::{Apply, Command, Core, Log, Phase, PoolError, Probe, ProcState, Reason};

/// Rolling restart of every slot, or of one; slots that gave up start
/// again. Answers how many slots.
#[derive(Debug, Clone, PartialEq)]
pub struct Restart {
    pub slot: Option<u32>,
    pub reason: Reason,
}

impl Command for Restart {
    type Answer = u32;
    type Error = PoolError;
}

impl Apply for Restart {
    type Out = u32;
    fn apply(self, core: &mut Core, now: Instant, _: &dyn Probe) -> Result<u32, PoolError> {
        core.restart(self.slot, self.reason, now)
    }
}

impl Core {
    pub(super) fn restart(
        &mut self,
        slot: Option<u32>,
        reason: Reason,
        now: Instant,
    ) -> Result<u32, PoolError> {
        if let Some(n) = slot
            && self.slot_index(n).is_none()
        {
            return Err(PoolError::NoSuchWorker {
                slot: n,
                slots: self.slots.iter().map(|s| s.id).collect(),
            });
        }
        let mut count = 0;
        for i in 0..self.slots.len() {
            let s = &self.slots[i];
            if slot.is_some_and(|n| n != s.id) || s.phase == Phase::Retiring {
                continue;
            }
            count += 1;
            if s.phase == Phase::GaveUp || s.primary().is_none() {
                // An operator's restart (one slot, a pool, all, or SIGHUP)
                // gives a slot that gave up, or waits out a backoff, a new
                // chance now.
                let was_given_up = s.phase == Phase::GaveUp;
                let id = s.id;
                if self.set_phase(i, Phase::Backoff { until: now }) {
                    self.slots[i].failures = 0;
                    if was_given_up {
                        self.log(Log::Revived { slot: id });
                    }
                }
            } else {
                // The trigger function takes it (`reconcile`).
                self.slots[i].order = Some(reason.clone());
            }
        }
        Ok(count)
    }

    pub(super) fn shutdown(&mut self, graceful: bool, now: Instant, probe: &dyn Probe) {
        self.stopping = true;
        for i in 0..self.slots.len() {
            self.slots[i].rotation = None;
            self.slots[i].order = None;
            let gens: Vec<(u64, bool)> = self.slots[i]
                .procs
                .iter()
                .map(|p| {
                    let servable =
                        matches!(p.state, ProcState::Active { .. }) || p.state.is_aside();
                    (p.generation, servable)
                })
                .collect();
            for (generation, servable) in gens {
                let draining = self.slots[i]
                    .proc_mut(generation)
                    .is_some_and(|p| matches!(p.state, ProcState::Draining { .. }));
                if graceful && servable {
                    self.drain(i, generation, Reason::Shutdown, now, probe);
                } else if !(graceful && draining) {
                    self.kill(i, generation, Reason::Shutdown, None);
                }
            }
        }
    }

    pub(super) fn kill_stuck(&mut self, slot: u32, generation: u64, reason: String) {
        let Some(i) = self.slot_index(slot) else {
            return;
        };
        let Some(pid) = self.slots[i].proc_mut(generation).map(|p| p.pid) else {
            return;
        };
        self.log(Log::Stuck {
            slot,
            pid,
            reason: reason.clone(),
        });
        // The text is the stuck reason's ("request 7 got no answer …").
        let why = Reason::parse(&reason).unwrap_or_else(|| Reason::Stuck(reason.clone()));
        self.kill(i, generation, why, Some(reason));
    }
}
