//! Heap censuses, the pool's leak verdict, and the heap walk of `bext heap`.
//!
//! Each census a worker sends after an idle collection joins its series
//! (`pool::growth`); the series' figure is the worker's growth per 1,000
//! requests, which feeds the rotation triggers (`max_heap_growth_kb_per_1k`)
//! and the pool's verdict. The pool is flagged as leaking once most of its
//! workers with a figure (current or rotated away) leak, and unflagged when
//! that stops: one log line and one event per episode, not per census.
//!
//! A heap walk takes one worker out of rotation the way a maintenance
//! sweep does (`maint.rs`: MAINT, wait until it has no request, run, back
//! to ACTIVE), but never the pool's last ACTIVE worker.

use std::time::Instant;

use protocol::heap::{Census, HeapReport, WalkLimits};

use super::{Action, Apply, Command, Core, Log, PoolError, Probe, ProcState, Work, maint::Queued};

/// Walks the heap of one worker (`slot`, or the ACTIVE one that served
/// most) out of rotation (`bext heap`). The core answers which worker; the
/// actor answers the walk's report once the worker sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapWalk {
    pub slot: Option<u32>,
    pub limits: WalkLimits,
}

impl Command for HeapWalk {
    type Answer = protocol::heap::HeapAnswer;
    type Error = PoolError;
}

impl Apply for HeapWalk {
    /// The worker chosen: (slot, generation).
    type Out = (u32, u64);
    fn apply(
        self,
        core: &mut Core,
        _: Instant,
        probe: &dyn Probe,
    ) -> Result<(u32, u64), PoolError> {
        core.start_walk(self.slot, self.limits, probe)
    }
}

impl Core {
    /// A census from process `generation` of slot `i`.
    pub(super) fn census(
        &mut self,
        i: usize,
        generation: u64,
        c: Census,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let slot = self.slots[i].id;
        let Some(p) = self.slots[i].proc_mut(generation) else {
            return;
        };
        p.census.push(c);
        p.growth = p.census.estimate();
        if let Some(g) = p.growth {
            self.growth.update(slot, generation, g);
        }
        self.judge_pool();
        self.evaluate(i, generation, now, probe);
    }

    /// Flags or unflags the pool from its workers' figures.
    fn judge_pool(&mut self) {
        let Some(v) = self.growth.verdict() else {
            return;
        };
        if v.leaking != self.leaking {
            self.leaking = v.leaking;
            self.log(if v.leaking {
                Log::LeakFound {
                    growth: v.growth,
                    workers: v.workers,
                }
            } else {
                Log::LeakGone { growth: v.growth }
            });
        }
    }

    /// Whether the pool is flagged as leaking, with its figure.
    pub fn leak(&self) -> Option<crate::pool::growth::PoolVerdict> {
        self.growth.verdict().filter(|_| self.leaking)
    }

    /// Chooses the worker to walk (`slot`, or the ACTIVE one that served
    /// most) and queues it first for its turn out of rotation.
    fn start_walk(
        &mut self,
        slot: Option<u32>,
        limits: WalkLimits,
        probe: &dyn Probe,
    ) -> Result<(u32, u64), PoolError> {
        let active: Vec<(u32, u64)> = self
            .slots
            .iter()
            .flat_map(|s| s.procs.iter().map(move |p| (s.id, p)))
            .filter(|(_, p)| matches!(p.state, ProcState::Active { .. }))
            .map(|(id, p)| (id, p.generation))
            .collect();
        let chosen = match slot {
            Some(n) => active
                .iter()
                .find(|(id, _)| *id == n)
                .copied()
                .ok_or(PoolError::NotActive(n))?,
            None => active
                .iter()
                .max_by_key(|(id, g)| probe.load(*id, *g).served)
                .copied()
                .ok_or(PoolError::NoActiveWorker)?,
        };
        if active.len() < 2 {
            return Err(PoolError::LastActiveWorker);
        }
        let (slot, generation) = chosen;
        self.maint_queue.push_front(Queued {
            slot,
            generation,
            work: Work::Walk(limits),
        });
        Ok(chosen)
    }

    /// The walk ended: its report goes to whoever asked, the worker back
    /// into rotation.
    pub(super) fn walked(
        &mut self,
        i: usize,
        generation: u64,
        report: Box<HeapReport>,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let slot = self.slots[i].id;
        let Some(p) = self.slots[i].proc_mut(generation) else {
            return;
        };
        p.census.push(report.census);
        p.growth = p.census.estimate();
        let (pid, growth) = (p.pid, p.growth);
        let error = report.error.clone();
        self.out.push(Action::HeapReport {
            slot,
            generation,
            pid,
            report,
            growth,
        });
        self.maint_done(i, generation, error, now, probe);
    }
}
