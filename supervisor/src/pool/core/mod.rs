//! The pool's decisions, as pure code.
//!
//! [`Core::step`] takes one [`Input`] (a command, a link event, an exit, a
//! spawn result, a memory sample, a tick) and the time, and returns the
//! [`Action`]s to perform: spawn, signal, drain, open or close a link,
//! publish the ACTIVE workers, reply, log, count. It reads no clock, sends
//! no signal, touches no file and no channel; the live counters of each
//! worker's link (requests in flight, served, last heartbeat) come through
//! the [`Probe`] it is given. So every policy (backoff, healthy reset,
//! give-up, staggered rotation, rotation budget, timeouts, autoscaling,
//! maintenance) is tested with a fake clock and a fake probe
//! (`core/tests/`), and the actor (`pool/actor.rs`) only carries out what
//! the core decided.

mod events;
mod log;
mod maint;
mod scale;
pub mod state;
mod timers;

#[cfg(test)]
mod tests;

use std::time::{Duration, Instant};

use nix::unistd::Pid;
pub use protocol::control::RotationReason as Reason;

pub use log::Log;
pub use scale::POOL_TICK;
pub use state::{MaintStage, Phase, ProcState};

use crate::config::Settings;
use crate::policy;
use state::Illegal;

/// The live counters of one worker process, read from its link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Load {
    pub in_flight: u32,
    pub served: u64,
    /// When it last said it is alive (its start, before its first heartbeat).
    pub last_beat: Instant,
}

/// Where the core reads the live counters of a process.
pub trait Probe {
    fn load(&self, slot: u32, generation: u64) -> Load;
}

/// What happened, as the core learns it.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// Time passed: deadlines, heartbeats, uptime, healthy reset.
    Tick,
    /// The autoscaling and automatic-maintenance tick.
    PoolTick,
    /// A process asked for with [`Action::Spawn`] started at `at`.
    Spawned {
        slot: u32,
        generation: u64,
        pid: Pid,
        at: Instant,
    },
    /// It could not be started. `transient`: for lack of resources (file
    /// descriptors, memory, processes), which is not the script's fault.
    SpawnFailed {
        slot: u32,
        generation: u64,
        error: String,
        transient: bool,
    },
    /// Something a worker's link reported.
    Link {
        slot: u32,
        generation: u64,
        event: LinkEvent,
    },
    /// A process exited; `broken` is how it broke the protocol, if its link
    /// saw that first.
    Exit {
        pid: Pid,
        status: String,
        broken: Option<String>,
    },
    /// RSS samples: (slot, generation, bytes).
    Memory(Vec<(u32, u64, u64)>),
    /// Rotate every slot, or one; slots that gave up start again.
    Restart { slot: Option<u32>, reason: Reason },
    /// Start a maintenance sweep of every ACTIVE worker.
    Maint { data: Option<String> },
    /// Stop: drain (graceful) or kill every worker.
    Shutdown { graceful: bool },
    /// Kill a process that stopped answering.
    Kill {
        slot: u32,
        generation: u64,
        reason: String,
    },
}

/// What a worker's link reports (see `link.rs`).
#[derive(Debug, Clone, PartialEq)]
pub enum LinkEvent {
    /// The script loaded and `startup()` returned; how many modules came
    /// from the pool's bytecode and how many were compiled.
    Ready { cached: u32, compiled: u32 },
    /// The script failed to load or `startup()` threw.
    BootFailed(String),
    /// The worker reached its `max_requests` threshold.
    RequestLimit,
    /// The worker answered out of memory; it should be rotated.
    OutOfMemory,
    /// The worker broke the protocol (garbage, oversized frame, bad hello);
    /// the link killed it.
    ProtocolError(String),
    /// `maint()` finished (with its error, if it threw).
    MaintDone(Option<String>),
    /// The socket closed.
    Closed,
}

/// What to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Start a process for this slot and generation, then report
    /// [`Input::Spawned`] or [`Input::SpawnFailed`].
    Spawn {
        slot: u32,
        generation: u64,
    },
    /// SIGKILL it.
    Kill {
        pid: Pid,
    },
    /// Drain its link: no new requests, SIGTERM once its requests are answered.
    Drain {
        slot: u32,
        generation: u64,
    },
    /// Open or close its link to new requests.
    Accept {
        slot: u32,
        generation: u64,
        open: bool,
    },
    /// Report [`LinkEvent::RequestLimit`] once it has served this many.
    RotateAfter {
        slot: u32,
        generation: u64,
        served: u64,
    },
    /// Send it `maint(data)`.
    RunMaint {
        slot: u32,
        generation: u64,
        data: Option<String>,
    },
    /// The ACTIVE processes (slot, generation), in slot order, changed.
    Publish(Vec<(u32, u64)>),
    Log(Log),
    Count(Counter),
    Reply(Reply),
    /// Every process is gone after a shutdown.
    Stopped,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    Restart,
    Failure,
    IllegalTransition,
}

/// Answers to commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// How many slots will restart, or why none.
    Restart(Result<u32, String>),
    /// How many workers were queued for maintenance.
    Maint(u32),
}

/// One worker process.
#[derive(Debug, Clone, PartialEq)]
pub struct Proc {
    pub pid: Pid,
    pub generation: u64,
    pub state: ProcState,
    pub spawned_at: Instant,
    pub rss: u64,
    pub peak_rss: u64,
    /// Requests served and time at its last maintenance (or its start).
    pub maint_served: u64,
    pub maint_at: Instant,
}

/// A pending replacement of a slot's worker.
#[derive(Debug, Clone, PartialEq)]
pub struct Rotation {
    pub reason: Reason,
    /// After a failed replacement, the next try waits until then.
    pub not_before: Option<Instant>,
}

/// A slot: a stable place in the pool whose process is replaced over time.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    pub id: u32,
    pub phase: Phase,
    /// Oldest first; at most one is live (booting, active, maintenance),
    /// except while a replacement boots beside the worker it replaces.
    pub procs: Vec<Proc>,
    pub generation: u64,
    pub failures: u32,
    pub restarts: u32,
    pub rotation: Option<Rotation>,
    pub last_error: Option<String>,
}

impl Slot {
    fn new(id: u32, now: Instant) -> Slot {
        Slot {
            id,
            phase: Phase::Backoff { until: now },
            procs: Vec::new(),
            generation: 0,
            failures: 0,
            restarts: 0,
            rotation: None,
            last_error: None,
        }
    }

    /// The process that is (or is becoming) the slot's server.
    pub fn primary(&self) -> Option<&Proc> {
        self.procs.iter().rev().find(|p| p.state.is_live())
    }

    /// A replacement boots, or an old process drains.
    fn rotating(&self) -> bool {
        self.procs
            .iter()
            .any(|p| matches!(p.state, ProcState::Draining { .. }))
            || (self.procs.len() > 1
                && self
                    .procs
                    .iter()
                    .any(|p| matches!(p.state, ProcState::Booting { .. })))
    }

    fn proc_mut(&mut self, generation: u64) -> Option<&mut Proc> {
        self.procs.iter_mut().find(|p| p.generation == generation)
    }
}

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
            Input::Exit {
                pid,
                status,
                broken,
            } => self.on_exit(pid, &status, broken, now),
            Input::Memory(samples) => self.on_memory(samples),
            Input::Restart { slot, reason } => self.restart(slot, reason, now),
            Input::Maint { data } => {
                let n = self.start_sweep(data);
                self.out.push(Action::Reply(Reply::Maint(n)));
            }
            Input::Shutdown { graceful } => self.shutdown(graceful, now, probe),
            Input::Kill {
                slot,
                generation,
                reason,
            } => self.kill_stuck(slot, generation, reason),
        }
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
    }

    /// Asks for a new process in slot `i`.
    fn spawn(&mut self, i: usize) {
        let s = &mut self.slots[i];
        s.generation += 1;
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

    fn restart(&mut self, slot: Option<u32>, reason: Reason, now: Instant) {
        if let Some(n) = slot
            && self.slot_index(n).is_none()
        {
            let ids: Vec<String> = self.slots.iter().map(|s| s.id.to_string()).collect();
            self.out.push(Action::Reply(Reply::Restart(Err(format!(
                "has no worker {n} (its workers are {})",
                ids.join(", ")
            )))));
            return;
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
                self.slots[i].rotation = Some(Rotation {
                    reason: reason.clone(),
                    not_before: None,
                });
            }
        }
        self.out.push(Action::Reply(Reply::Restart(Ok(count))));
    }

    fn shutdown(&mut self, graceful: bool, now: Instant, probe: &dyn Probe) {
        self.stopping = true;
        for i in 0..self.slots.len() {
            self.slots[i].rotation = None;
            let gens: Vec<(u64, bool)> = self.slots[i]
                .procs
                .iter()
                .map(|p| {
                    let servable =
                        matches!(p.state, ProcState::Active { .. } | ProcState::Maint { .. });
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

    fn kill_stuck(&mut self, slot: u32, generation: u64, reason: String) {
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
        self.kill(i, generation, Reason::Other(reason.clone()), Some(reason));
    }

    /// When the core next has something to do on its own (a backoff ends,
    /// a boot or drain deadline passes, uptime runs out, ...).
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        self.deadline(now)
    }

    /// The restart delay after the slot's `failures`-th failure, or `None`
    /// once it must give up.
    fn restart_delay(&self, failures: u32) -> Option<Duration> {
        policy::restart_delay(failures, &self.settings.recovery)
    }
}
