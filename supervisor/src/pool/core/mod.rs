//! The pool's decisions, as pure code.
//!
//! [`Core::step`] takes one [`Input`] (a link event, an exit, a spawn
//! result, a memory sample, a tick) and the time, and [`Core::command`]
//! one [`Command`] (`command.rs`) with the time and returns its answer;
//! each returns the [`Action`]s to perform: spawn, signal, drain, open or
//! close a link, publish the ACTIVE workers, log, count. It reads no clock, sends
//! no signal, touches no file and no channel; the live counters of each
//! worker's link (requests in flight, served, last heartbeat) come through
//! the [`Probe`] it is given. So every policy (backoff, healthy reset,
//! give-up, staggered rotation, rotation budget, timeouts, autoscaling,
//! maintenance) is tested with a fake clock and a fake probe
//! (`core/tests/`), and the actor (`pool/actor/`) only carries out what
//! the core decided.

mod aside;
pub mod canary;
pub mod command;
mod commands;
pub mod death;
pub mod deploy;
mod events;
mod heap;
mod log;
mod maint;
mod model;
mod reconfigure;
mod scale;
pub mod state;
pub mod swap;
mod timers;
pub mod triggers;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

pub use protocol::control::RotationReason as Reason;

pub use command::{Apply, Command, Message, PoolError, Reconfigure, Shutdown, Status, Stopped};
pub use commands::Restart;
pub use heap::HeapWalk;
pub use log::{FollowUp, Log};
pub use maint::{Maint, Work};
pub use model::{
    Action, Counter, Exit, Input, LastExit, LinkEvent, Load, Probe, Proc, Rotation, Slot,
};
pub use scale::POOL_TICK;
pub use state::{MaintStage, Phase, ProcState, SwapStage};
pub use swap::Swap;

use crate::config::Settings;
use crate::pool::policy;
use state::Illegal;

/// The decisions of one pool.
#[derive(Debug)]
pub struct Core {
    settings: Settings,
    min_workers: u32,
    max_workers: u32,
    slots: Vec<Slot>,
    stopping: bool,
    stopped: bool,
    published: Vec<(u32, u64)>,
    /// Workers waiting for their turn in a maintenance sweep.
    maint_queue: std::collections::VecDeque<maint::Queued>,
    /// Workers waiting for their turn in a hot-swap.
    swap_queue: std::collections::VecDeque<swap::Queued>,
    /// Its workers' heap growth, current and rotated away.
    growth: crate::pool::growth::PoolGrowth,
    /// The pool is flagged as leaking (one log line per episode).
    leaking: bool,
    out: Vec<Action>,
}

impl Core {
    /// A pool of `min_workers` slots, each to boot at `now`.
    pub fn new(settings: Settings, min_workers: u32, max_workers: u32, now: Instant) -> Core {
        Core {
            settings,
            min_workers,
            max_workers,
            slots: (0..min_workers).map(|id| Slot::new(id, now)).collect(),
            stopping: false,
            stopped: false,
            published: Vec::new(),
            maint_queue: std::collections::VecDeque::new(),
            swap_queue: std::collections::VecDeque::new(),
            growth: Default::default(),
            leaking: false,
            out: Vec::new(),
        }
    }

    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn is_stopping(&self) -> bool {
        self.stopping
    }

    /// Takes one input at `now`; returns what to do.
    pub fn step(&mut self, input: Input, now: Instant, probe: &dyn Probe) -> Vec<Action> {
        match input {
            Input::Tick => self.on_time(now, probe),
            Input::PoolTick => {
                self.autoscale(now, probe);
                self.auto_maint(now, probe);
            }
            Input::Spawned {
                slot,
                generation,
                pid,
                at,
            } => self.spawned(slot, generation, pid, at),
            Input::SpawnFailed {
                slot,
                error,
                transient,
                ..
            } => self.spawn_failed(slot, error, transient, now),
            Input::Link {
                slot,
                generation,
                event,
            } => self.on_link(slot, generation, event, now, probe),
            Input::Exit(exit) => self.on_exit(exit, now, probe),
            Input::Memory(samples) => self.on_memory(samples, now, probe),
            Input::Reconfigure {
                settings,
                min_workers,
                max_workers,
                roll,
            } => self.reconfigure(*settings, min_workers, max_workers, roll, now, probe),
            Input::Shutdown { graceful } => self.shutdown(graceful, now, probe),
            Input::Kill {
                slot,
                generation,
                reason,
            } => self.kill_stuck(slot, generation, reason),
            Input::DeployFailed { stop } => self.deploy_failed(stop),
        }
        self.settle(now, probe)
    }

    /// After an input or a command: boots what is missing, publishes the
    /// ACTIVE workers, notes the end of a shutdown; returns what to do.
    fn settle(&mut self, now: Instant, probe: &dyn Probe) -> Vec<Action> {
        self.reconcile(now, probe);
        self.publish();
        if self.stopping && !self.stopped && self.slots.iter().all(|s| s.procs.is_empty()) {
            self.stopped = true;
            self.out.push(Action::Stopped);
        }
        std::mem::take(&mut self.out)
    }

    fn log(&mut self, log: Log) {
        self.out.push(Action::Log(log));
    }

    fn slot_index(&self, id: u32) -> Option<usize> {
        self.slots.iter().position(|s| s.id == id)
    }

    /// Moves process `gen` of slot `i` to `to`, if the table allows it.
    fn set_proc(&mut self, i: usize, generation: u64, to: ProcState) -> bool {
        let slot = &mut self.slots[i];
        let id = slot.id;
        let Some(p) = slot.proc_mut(generation) else {
            return false;
        };
        if p.state.allows(&to) {
            p.state = to;
            return true;
        }
        let (pid, from) = (p.pid, format!("{:?}", p.state.kind()));
        let illegal = Illegal {
            from,
            to: format!("{:?}", to.kind()),
        };
        self.out.push(Action::Count(Counter::IllegalTransition));
        self.log(Log::Illegal {
            slot: id,
            pid: Some(pid),
            what: illegal.to_string(),
        });
        false
    }

    /// Moves slot `i` to `to`, if the table allows it.
    fn set_phase(&mut self, i: usize, to: Phase) -> bool {
        let slot = &mut self.slots[i];
        if slot.phase.allows(&to) {
            slot.phase = to;
            return true;
        }
        let illegal = Illegal {
            from: format!("{:?}", slot.phase.kind()),
            to: format!("{:?}", to.kind()),
        };
        let id = slot.id;
        self.out.push(Action::Count(Counter::IllegalTransition));
        self.log(Log::Illegal {
            slot: id,
            pid: None,
            what: illegal.to_string(),
        });
        false
    }

    /// SIGKILLs process `generation` of slot `i` (once). `failure`: why its
    /// exit will count as a failure; `None` if it will not.
    fn kill(&mut self, i: usize, generation: u64, reason: Reason, failure: Option<String>) {
        let slot = self.slots[i].id;
        let Some(p) = self.slots[i].proc_mut(generation) else {
            return;
        };
        if matches!(p.state, ProcState::Killed { .. }) {
            return;
        }
        let pid = p.pid;
        if self.set_proc(i, generation, ProcState::Killed { reason, failure }) {
            self.out.push(Action::Accept {
                slot,
                generation,
                open: false,
            });
            self.out.push(Action::Kill { pid });
        }
    }

    /// Starts draining process `generation` of slot `i`.
    fn drain(
        &mut self,
        i: usize,
        generation: u64,
        reason: Reason,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let deadline = now + self.settings.lifecycle.drain_timeout;
        let slot = self.slots[i].id;
        let Some(pid) = self.slots[i].proc_mut(generation).map(|p| p.pid) else {
            return;
        };
        let state = ProcState::Draining {
            reason: reason.clone(),
            deadline,
        };
        if self.set_proc(i, generation, state) {
            self.out.push(Action::Drain { slot, generation });
            let in_flight = probe.load(slot, generation).in_flight;
            self.log(Log::Draining {
                slot,
                pid,
                reason,
                in_flight,
            });
        }
    }

    /// Asks for slot `i`'s worker to be replaced, unless one is already due.
    fn request_rotation(&mut self, i: usize, generation: u64, reason: Reason) {
        let s = &mut self.slots[i];
        let is_active = s
            .procs
            .iter()
            .any(|p| p.generation == generation && matches!(p.state, ProcState::Active { .. }));
        if is_active && s.rotation.is_none() {
            s.rotation = Some(Rotation {
                reason,
                not_before: None,
            });
        }
    }

    /// Boots what is missing: empty slots whose backoff is over, and queued
    /// rotations as far as `max_concurrent_rotations` allows.
    fn reconcile(&mut self, now: Instant, probe: &dyn Probe) {
        if self.stopping {
            return;
        }
        self.take_orders(now, probe);
        for i in 0..self.slots.len() {
            let due = matches!(self.slots[i].phase, Phase::Backoff { until } if now >= until);
            if due && self.slots[i].primary().is_none() && self.set_phase(i, Phase::Serving) {
                self.spawn(i);
            }
        }
        let limit = self.settings.lifecycle.max_concurrent_rotations as usize;
        let mut busy = self.slots.iter().filter(|s| s.rotating()).count();
        for i in 0..self.slots.len() {
            if busy >= limit {
                break;
            }
            let s = &self.slots[i];
            let ready = s.phase == Phase::Serving
                && s.rotation
                    .as_ref()
                    .is_some_and(|r| r.not_before.is_none_or(|t| now >= t))
                && !s.rotating()
                && s.primary()
                    .is_some_and(|p| matches!(p.state, ProcState::Active { .. }));
            if ready {
                let reason = s
                    .rotation
                    .as_ref()
                    .map(|r| r.reason.clone())
                    .unwrap_or(Reason::Restart);
                let slot = s.id;
                self.log(Log::Rotating { slot, reason });
                self.spawn(i);
                busy += 1;
            }
        }
        self.advance_maint(probe);
        self.advance_swap(now, probe);
    }

    /// Asks for a new process in slot `i`.
    fn spawn(&mut self, i: usize) {
        let s = &mut self.slots[i];
        s.generation += 1;
        s.spawning = true;
        let (slot, generation) = (s.id, s.generation);
        if generation > 1 {
            s.restarts += 1;
            self.out.push(Action::Count(Counter::Restart));
        }
        self.out.push(Action::Spawn { slot, generation });
    }

    fn publish(&mut self) {
        let active: Vec<(u32, u64)> = self
            .slots
            .iter()
            .flat_map(|s| s.procs.iter().map(move |p| (s.id, p)))
            .filter(|(_, p)| matches!(p.state, ProcState::Active { .. }))
            .map(|(id, p)| (id, p.generation))
            .collect();
        if active != self.published {
            self.published = active.clone();
            self.out.push(Action::Publish(active));
        }
    }

    /// The restart delay after the slot's `failures`-th failure, or `None`
    /// once it must give up.
    fn restart_delay(&self, failures: u32) -> Option<Duration> {
        policy::restart_delay(failures, &self.settings.recovery)
    }
}
