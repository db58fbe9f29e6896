//! Hot-swap in place: each worker leaves rotation (SWAPPING), one at a
//! time and never the last ACTIVE one (unless the pool has only one, whose
//! requests then wait in bextd's queue, as for MAINT), waits until it has no
//! request in flight, runs `swap(changes)`, and comes back ACTIVE with the
//! same pid and generation, its `swaps` count one up. A worker whose script
//! exports no `swap`, or whose `swap` throws, comes back ACTIVE and is
//! replaced by a rotation (its replacement boots while it serves); one whose
//! `swap` runs past `swap_timeout_ms` is killed and its slot boots anew.

use std::time::Instant;

use super::aside::{Sweep, Turn};
use super::{Action, Core, Counter, Log, Phase, Probe, ProcState, Reason, SwapStage};

/// A worker waiting for its turn in a hot-swap.
#[derive(Debug, Clone, PartialEq)]
pub struct Queued {
    pub slot: u32,
    pub generation: u64,
    /// The JSON array `swap()` gets.
    pub changes: String,
}

impl Turn for Queued {
    fn slot(&self) -> u32 {
        self.slot
    }
    fn generation(&self) -> u64 {
        self.generation
    }
}

impl Core {
    /// Queues every serving worker (ACTIVE, or aside for now) for a swap
    /// with `changes`; a worker already queued takes the newer changes.
    /// Returns how many are queued.
    pub(super) fn start_swap(&mut self, changes: String) -> u32 {
        let serving: Vec<(u32, u64)> = self
            .slots
            .iter()
            .filter(|s| s.phase == Phase::Serving)
            .flat_map(|s| s.procs.iter().map(move |p| (s.id, p)))
            .filter(|(_, p)| matches!(p.state, ProcState::Active { .. }) || p.state.is_aside())
            .map(|(id, p)| (id, p.generation))
            .collect();
        for &(slot, generation) in &serving {
            match self
                .swap_queue
                .iter_mut()
                .find(|q| q.slot == slot && q.generation == generation)
            {
                Some(q) => q.changes = changes.clone(),
                None => self.swap_queue.push_back(Queued {
                    slot,
                    generation,
                    changes: changes.clone(),
                }),
            }
        }
        let workers = self.swap_queue.len() as u32;
        self.log(Log::SwapStarted { workers });
        workers
    }

    /// Whether the worker waits for its turn in a swap.
    pub(super) fn queued_for_swap(&self, slot: u32, generation: u64) -> bool {
        self.swap_queue
            .iter()
            .any(|q| q.slot == slot && q.generation == generation)
    }

    /// Moves the swap on: takes the next queued worker out of rotation when
    /// none is swapping, and starts `swap()` on one that emptied.
    pub(super) fn advance_swap(&mut self, now: Instant, probe: &dyn Probe) {
        let sweep = Sweep {
            limit: 1,
            out: |s| matches!(s, ProcState::Swapping { .. }),
            // In maintenance or already swapping: its turn comes later.
            waits: ProcState::is_aside,
            emptying: |since, q: Queued| ProcState::Swapping {
                since,
                stage: SwapStage::Emptying { changes: q.changes },
            },
            emptied: |s| match s {
                ProcState::Swapping {
                    since,
                    stage: SwapStage::Emptying { changes },
                } => Some((*since, changes.clone())),
                _ => None,
            },
        };
        let queue = std::mem::take(&mut self.swap_queue);
        self.swap_queue = self.take_out(queue, &sweep);
        // `swap()` on every swapping worker with no request left.
        let deadline = now + self.settings.swap_timeout;
        self.run_emptied(
            probe,
            &sweep,
            |since| ProcState::Swapping {
                since,
                stage: SwapStage::Running { deadline },
            },
            |slot, generation, changes| Action::RunSwap {
                slot,
                generation,
                changes,
            },
        );
    }

    /// `swap()` ended on a worker: back into rotation; replaced if it failed.
    pub(super) fn swap_done(
        &mut self,
        i: usize,
        generation: u64,
        error: Option<String>,
        missing: bool,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let slot = self.slots[i].id;
        let Some(p) = self.slots[i].proc_mut(generation) else {
            return;
        };
        let ProcState::Swapping { since, .. } = p.state else {
            return;
        };
        let pid = p.pid;
        if error.is_none() {
            p.swaps += 1;
        }
        if !self.set_proc(i, generation, ProcState::Active { since }) {
            return;
        }
        self.out.push(Action::Accept {
            slot,
            generation,
            open: !self.stopping,
        });
        match error {
            None => {
                self.out.push(Action::Count(Counter::Swapped));
                self.log(Log::Swapped { slot, pid });
            }
            Some(error) => {
                self.out.push(Action::Count(Counter::SwapReplaced));
                self.log(Log::SwapFailed {
                    slot,
                    pid,
                    error: error.clone(),
                    missing,
                });
                self.request_rotation(i, generation, Reason::SwapFailed(error.clone()));
            }
        }
        // The next worker's turn.
        self.advance_swap(now, probe);
    }

    /// A `swap()` past its deadline: the worker is killed and its slot
    /// boots a new one.
    pub(super) fn swap_timed_out(&mut self, i: usize, generation: u64) {
        let slot = self.slots[i].id;
        let Some(pid) = self.slots[i].proc_mut(generation).map(|p| p.pid) else {
            return;
        };
        let timeout = self.settings.swap_timeout;
        self.out.push(Action::Count(Counter::SwapReplaced));
        self.log(Log::SwapTimeout { slot, pid, timeout });
        self.kill(i, generation, Reason::SwapTimeout, None);
    }
}

/// A hot-swap of every serving worker, `changes` the JSON array `swap()`
/// gets; answers how many workers were queued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swap {
    pub changes: String,
}

impl super::Command for Swap {
    type Answer = u32;
    type Error = super::PoolError;
}

impl super::Apply for Swap {
    type Out = u32;
    fn apply(self, core: &mut Core, _: Instant, _: &dyn Probe) -> Result<u32, super::PoolError> {
        Ok(core.start_swap(self.changes))
    }
}
