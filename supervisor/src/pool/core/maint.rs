//! Rolling maintenance sweeps (pixl-server-pool's `requestMaint`): each
//! queued worker leaves rotation (MAINT), waits until it has no request in
//! flight, runs `maint(data)` (default: QuickJS garbage collection), and
//! comes back ACTIVE. At most `max_concurrent_maint` workers of the pool are
//! out at once, and never the last ACTIVE one, unless the pool has only one
//! (its requests then wait in bextd's queue). Sweeps are asked for with
//! `bext maint`, or run by themselves every `maint_requests` requests or
//! `maint_time_ms` per worker when `auto_maint` is on.

use std::time::Instant;

use super::aside::{Sweep, Turn};
use super::{Action, Core, Log, MaintStage, Probe, ProcState};
use crate::config::MaintEvery;

/// A worker waiting for its turn in a sweep.
#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub slot: u32,
    pub generation: u64,
    pub work: Work,
}

impl Turn for Queued {
    fn slot(&self) -> u32 {
        self.slot
    }
    fn generation(&self) -> u64 {
        self.generation
    }
}

/// What a worker out of rotation does: `maint(data)`, or the heap walk of
/// `bext heap` (see `heap.rs`), which goes the same way out and back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    Maint(Option<String>),
    Walk(protocol::heap::WalkLimits),
}

impl Core {
    /// Whether the worker waits for its turn in a sweep.
    pub(super) fn queued_for_maint(&self, slot: u32, generation: u64) -> bool {
        self.queued(slot, generation)
    }

    fn queued(&self, slot: u32, generation: u64) -> bool {
        self.maint_queue
            .iter()
            .any(|q| q.slot == slot && q.generation == generation)
    }

    /// The ACTIVE processes that are not queued yet.
    fn idle_active(&self) -> Vec<(u32, u64)> {
        self.slots
            .iter()
            .flat_map(|s| s.procs.iter().map(move |p| (s.id, p)))
            .filter(|(_, p)| matches!(p.state, ProcState::Active { .. }))
            .map(|(id, p)| (id, p.generation))
            .filter(|(id, g)| !self.queued(*id, *g))
            .collect()
    }

    /// Queues every ACTIVE worker; returns how many.
    pub(super) fn start_sweep(&mut self, data: Option<String>) -> u32 {
        let todo = self.idle_active();
        let n = todo.len() as u32;
        for (slot, generation) in todo {
            self.maint_queue.push_back(Queued {
                slot,
                generation,
                work: Work::Maint(data.clone()),
            });
        }
        self.log(Log::SweepStarted { workers: n });
        n
    }

    /// Queues the workers due for automatic maintenance.
    pub(super) fn auto_maint(&mut self, now: Instant, probe: &dyn Probe) {
        let Some(every) = self.settings.maint.auto else {
            return;
        };
        for (slot, generation) in self.idle_active() {
            let Some(p) = self.slot_index(slot).and_then(|i| {
                self.slots[i]
                    .procs
                    .iter()
                    .find(|p| p.generation == generation)
            }) else {
                continue;
            };
            let due = match every {
                MaintEvery::Time(t) => now.saturating_duration_since(p.maint_at) >= t,
                MaintEvery::Requests(n) => {
                    probe
                        .load(slot, generation)
                        .served
                        .saturating_sub(p.maint_served)
                        >= n
                }
            };
            if due {
                self.maint_queue.push_back(Queued {
                    slot,
                    generation,
                    work: Work::Maint(None),
                });
            }
        }
    }

    /// Moves sweeps on: takes queued workers out of rotation as far as the
    /// limits allow, and starts `maint()` on those that emptied.
    pub(super) fn advance_maint(&mut self, probe: &dyn Probe) {
        let sweep = Sweep {
            limit: self.settings.maint.max_concurrent as usize,
            out: |s| matches!(s, ProcState::Maint { .. }),
            // Out for something else (a swap): left out of the sweep.
            waits: |_| false,
            emptying: |since, q: Queued| ProcState::Maint {
                since,
                stage: MaintStage::Emptying { work: q.work },
            },
            emptied: |s| match s {
                ProcState::Maint {
                    since,
                    stage: MaintStage::Emptying { work },
                } => Some((*since, work.clone())),
                _ => None,
            },
        };
        let queue = std::mem::take(&mut self.maint_queue);
        self.maint_queue = self.take_out(queue, &sweep);
        // `maint()` on every worker in maintenance with no request left.
        self.run_emptied(
            probe,
            &sweep,
            |since| ProcState::Maint {
                since,
                stage: MaintStage::Running,
            },
            |slot, generation, work| Action::RunMaint {
                slot,
                generation,
                work,
            },
        );
    }

    /// `maint()` finished on a worker: back into rotation.
    pub(super) fn maint_done(
        &mut self,
        i: usize,
        generation: u64,
        error: Option<String>,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let slot = self.slots[i].id;
        let served = probe.load(slot, generation).served;
        let Some(p) = self.slots[i].proc_mut(generation) else {
            return;
        };
        p.maint_served = served;
        p.maint_at = now;
        let pid = p.pid;
        let ProcState::Maint { since, .. } = p.state else {
            return;
        };
        self.log(Log::MaintDone { slot, pid, error });
        if self.set_proc(i, generation, ProcState::Active { since }) {
            self.out.push(Action::Accept {
                slot,
                generation,
                open: !self.stopping,
            });
        }
    }
}

/// A maintenance sweep of every ACTIVE worker (`bext maint`), `data` the
/// JSON `maint()` gets; answers how many workers were queued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maint {
    pub data: Option<String>,
}

impl super::Command for Maint {
    type Answer = u32;
    type Error = super::PoolError;
}

impl super::Apply for Maint {
    type Out = u32;
    fn apply(self, core: &mut Core, _: Instant, _: &dyn Probe) -> Result<u32, super::PoolError> {
        Ok(core.start_sweep(self.data))
    }
}
