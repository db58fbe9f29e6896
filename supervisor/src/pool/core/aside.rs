//! The two steps maintenance sweeps (`maint.rs`) and hot-swaps (`swap.rs`)
//! share: queued workers leave rotation as far as the sweep's limit and
//! the last ACTIVE worker allow (a pool of one worker lets it go too; its
//! requests wait in bextd's queue), then each one that emptied starts its
//! work. What differs is the state the worker is in meanwhile and the
//! action that runs the work.

use std::collections::VecDeque;
use std::time::Instant;

use super::{Action, Core, Phase, Probe, ProcState};

/// A worker waiting in a sweep's queue.
pub(super) trait Turn {
    fn slot(&self) -> u32;
    fn generation(&self) -> u64;
}

/// How one kind of sweep takes its workers out and runs them.
pub(super) struct Sweep<Q, T> {
    /// How many of the pool's workers may be out at once.
    pub limit: usize,
    /// Whether a worker is out for this sweep.
    pub out: fn(&ProcState) -> bool,
    /// Whether a queued worker in this state keeps its place (it is out
    /// for something else) rather than leave the queue.
    pub waits: fn(&ProcState) -> bool,
    /// Its state once out of rotation, emptying (`since` it was ACTIVE).
    pub emptying: fn(Instant, Q) -> ProcState,
    /// An emptying worker's `since` and its work.
    pub emptied: fn(&ProcState) -> Option<(Instant, T)>,
}

impl Core {
    /// Takes workers of `queue` out of rotation as far as `sweep` and the
    /// last ACTIVE worker allow; returns those that wait on.
    pub(super) fn take_out<Q: Turn, T>(
        &mut self,
        mut queue: VecDeque<Q>,
        sweep: &Sweep<Q, T>,
    ) -> VecDeque<Q> {
        let count = |core: &Core, f: &dyn Fn(&ProcState) -> bool| {
            core.slots
                .iter()
                .flat_map(|s| s.procs.iter())
                .filter(|p| f(&p.state))
                .count()
        };
        let solo = self
            .slots
            .iter()
            .filter(|s| s.phase != Phase::Retiring)
            .count()
            == 1;
        let mut out = count(self, &sweep.out);
        let mut active = count(self, &|s| matches!(s, ProcState::Active { .. }));
        let mut keep = VecDeque::new();
        while let Some(q) = queue.pop_front() {
            let (slot, generation) = (q.slot(), q.generation());
            let found = self.slot_index(slot).and_then(|i| {
                let p = self.slots[i]
                    .procs
                    .iter()
                    .find(|p| p.generation == generation)?;
                Some((i, p.state.clone()))
            });
            let (i, since) = match found {
                Some((i, ProcState::Active { since })) => (i, since),
                Some((_, state)) if (sweep.waits)(&state) => {
                    keep.push_back(q);
                    continue;
                }
                _ => continue, // draining or gone: nothing to do
            };
            if out >= sweep.limit || (active <= 1 && !solo) {
                keep.push_back(q);
                continue;
            }
            if self.set_proc(i, generation, (sweep.emptying)(since, q)) {
                self.out.push(Action::Accept {
                    slot,
                    generation,
                    open: false,
                });
                out += 1;
                active -= 1;
            }
        }
        keep
    }

    /// Starts the work of every worker out for `sweep` with no request
    /// left: it moves to `running(since)` and `run` is the action.
    pub(super) fn run_emptied<Q, T>(
        &mut self,
        probe: &dyn Probe,
        sweep: &Sweep<Q, T>,
        running: impl Fn(Instant) -> ProcState,
        run: impl Fn(u32, u64, T) -> Action,
    ) {
        for i in 0..self.slots.len() {
            let slot = self.slots[i].id;
            let ready: Vec<(u64, Instant, T)> = self.slots[i]
                .procs
                .iter()
                .filter_map(|p| {
                    let (since, work) = (sweep.emptied)(&p.state)?;
                    let empty = probe.load(slot, p.generation).in_flight == 0;
                    empty.then_some((p.generation, since, work))
                })
                .collect();
            for (generation, since, work) in ready {
                if self.set_proc(i, generation, running(since)) {
                    self.out.push(run(slot, generation, work));
                }
            }
        }
    }
}
