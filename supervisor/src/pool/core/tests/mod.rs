//! The pool's policies against a fake clock and a fake probe: every test
//! drives [`Core::step`] with inputs at chosen instants and asserts on the
//! actions, never on time that really passed.

mod canary;
mod deploy;
mod heap;
mod maint;
mod reconfigure;
mod recovery;
mod rotation;
mod scaling;
mod swap;
mod timeouts;
mod validated;

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::{Duration, Instant};

use nix::unistd::Pid;

use super::*;
use crate::process::reaper::ExitKind;

pub(super) fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// Counters the test sets by hand. A process without any is idle and has
/// just sent a heartbeat.
pub(super) struct FakeProbe {
    pub loads: RefCell<HashMap<(u32, u64), Load>>,
    pub now: std::cell::Cell<Instant>,
}

impl Probe for FakeProbe {
    fn load(&self, slot: u32, generation: u64) -> Load {
        self.loads
            .borrow()
            .get(&(slot, generation))
            .copied()
            .unwrap_or(Load {
                in_flight: 0,
                served: 0,
                last_beat: self.now.get(),
                busy_until: None,
            })
    }
}

/// A core, a clock and a probe. Spawns succeed at once with fresh pids
/// unless `fail_spawns` says otherwise.
pub(super) struct Pool {
    pub core: Core,
    pub probe: FakeProbe,
    pub t0: Instant,
    pub now: Instant,
    next_pid: i32,
    pub fail_spawns: Option<(String, bool)>,
    /// Every action of every step, in order.
    pub seen: Vec<Action>,
}

impl Pool {
    pub fn new(settings: Settings, min: u32, max: u32) -> Pool {
        let t0 = Instant::now();
        let mut p = Pool {
            core: Core::new(settings, min, max, t0),
            probe: FakeProbe {
                loads: RefCell::new(HashMap::new()),
                now: std::cell::Cell::new(t0),
            },
            t0,
            now: t0,
            next_pid: 1000,
            fail_spawns: None,
            seen: Vec::new(),
        };
        p.step(Input::Tick);
        p
    }

    /// A pool of `n` fixed workers, all ACTIVE.
    pub fn ready(settings: Settings, n: u32) -> Pool {
        let mut p = Pool::new(settings, n, n);
        p.ready_all();
        p
    }

    pub fn at(&mut self, millis: u64) -> &mut Pool {
        self.now = self.t0 + ms(millis);
        self
    }

    /// Steps `input` now, then carries out spawns as the actor would.
    pub fn step(&mut self, input: Input) -> Vec<Action> {
        let mut all = Vec::new();
        let mut queue = vec![input];
        self.probe.now.set(self.now);
        while let Some(input) = queue.pop() {
            let actions = self.core.step(input, self.now, &self.probe);
            for a in &actions {
                if let Action::Spawn { slot, generation } = a {
                    queue.insert(0, self.spawn_result(*slot, *generation));
                }
            }
            all.extend(actions);
        }
        self.seen.extend(all.clone());
        all
    }

    /// Carries out `command` now, then spawns as the actor would; the
    /// core's answer and every action.
    pub fn ask<C: Apply>(&mut self, command: C) -> (Result<C::Out, PoolError>, Vec<Action>) {
        self.probe.now.set(self.now);
        let (answer, actions) = self.core.command(command, self.now, &self.probe);
        self.seen.extend(actions.clone());
        let spawns: Vec<(u32, u64)> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Spawn { slot, generation } => Some((*slot, *generation)),
                _ => None,
            })
            .collect();
        let mut all = actions;
        for (slot, generation) in spawns {
            let input = self.spawn_result(slot, generation);
            all.extend(self.step(input));
        }
        (answer, all)
    }

    /// Carries out `command` now; every action.
    pub fn command<C: Apply>(&mut self, command: C) -> Vec<Action> {
        self.ask(command).1
    }

    fn spawn_result(&mut self, slot: u32, generation: u64) -> Input {
        if let Some((error, transient)) = self.fail_spawns.clone() {
            return Input::SpawnFailed {
                slot,
                generation,
                error,
                transient,
            };
        }
        self.next_pid += 1;
        Input::Spawned {
            slot,
            generation,
            pid: Pid::from_raw(self.next_pid),
            at: self.now,
        }
    }

    pub fn tick(&mut self) -> Vec<Action> {
        self.step(Input::Tick)
    }

    /// Every BOOTING process reports ready.
    pub fn ready_all(&mut self) -> Vec<Action> {
        let booting: Vec<(u32, u64)> = self
            .core
            .slots()
            .iter()
            .flat_map(|s| s.procs.iter().map(move |p| (s.id, p)))
            .filter(|(_, p)| matches!(p.state, ProcState::Booting { .. }))
            .map(|(id, p)| (id, p.generation))
            .collect();
        let mut all = Vec::new();
        for (slot, generation) in booting {
            all.extend(self.event(
                slot,
                generation,
                LinkEvent::Ready {
                    cached: 0,
                    compiled: 1,
                },
            ));
        }
        all
    }

    pub fn event(&mut self, slot: u32, generation: u64, event: LinkEvent) -> Vec<Action> {
        self.step(Input::Link {
            slot,
            generation,
            event,
        })
    }

    /// Asks for a rotation of slot `id`'s worker, as a limit would.
    pub fn slots_mut_rotation(&mut self, id: u32, reason: Reason) {
        let i = self.core.slot_index(id).unwrap();
        self.core.slots[i].rotation = Some(crate::pool::core::Rotation::now(reason));
    }

    pub fn slot(&self, id: u32) -> &Slot {
        self.core.slots().iter().find(|s| s.id == id).unwrap()
    }

    /// The slot's live process: (pid, generation).
    pub fn primary(&self, id: u32) -> (Pid, u64) {
        let p = self.slot(id).primary().expect("a live process");
        (p.pid, p.generation)
    }

    pub fn state(&self, id: u32) -> ProcState {
        self.slot(id)
            .primary()
            .expect("a live process")
            .state
            .clone()
    }

    /// The process exits as if killed by a signal from outside.
    pub fn exit(&mut self, pid: Pid) -> Vec<Action> {
        self.exit_with(pid, ExitKind::Signal(9), None)
    }

    pub fn exit_with(&mut self, pid: Pid, status: ExitKind, broken: Option<String>) -> Vec<Action> {
        self.step(Input::Exit(Exit {
            pid,
            status,
            broken,
            oom: false,
            held: vec!["GET /x (5 ms)".into()],
        }))
    }

    /// The slot's primary crashes.
    pub fn crash(&mut self, id: u32) -> Vec<Action> {
        let (pid, _) = self.primary(id);
        self.exit(pid)
    }

    pub fn set_load(&self, slot: u32, generation: u64, in_flight: u32, served: u64, beat: Instant) {
        self.probe.loads.borrow_mut().insert(
            (slot, generation),
            Load {
                in_flight,
                served,
                last_beat: beat,
                busy_until: None,
            },
        );
    }

    pub fn active_count(&self) -> usize {
        self.core
            .slots()
            .iter()
            .flat_map(|s| s.procs.iter())
            .filter(|p| matches!(p.state, ProcState::Active { .. }))
            .count()
    }
}

pub(super) fn logs(actions: &[Action]) -> Vec<&Log> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Log(l) => Some(l),
            _ => None,
        })
        .collect()
}

pub(super) fn spawns(actions: &[Action]) -> usize {
    actions
        .iter()
        .filter(|a| matches!(a, Action::Spawn { .. }))
        .count()
}

pub(super) fn kills(actions: &[Action]) -> Vec<Pid> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Kill { pid } => Some(*pid),
            _ => None,
        })
        .collect()
}

pub(super) fn count(actions: &[Action], c: Counter) -> usize {
    actions.iter().filter(|a| **a == Action::Count(c)).count()
}

/// Settings with a small, readable recovery schedule.
pub(super) fn settings() -> Settings {
    let mut s = Settings::default();
    s.recovery.backoff_initial = ms(100);
    s.recovery.backoff_multiplier = 3.0;
    s.recovery.backoff_max = ms(1000);
    s.recovery.max_consecutive_failures = 5;
    s.recovery.healthy_reset = ms(60_000);
    s.lifecycle.max_requests = 0;
    s.lifecycle.max_uptime = None;
    s.lifecycle.max_memory_bytes = None;
    s
}

#[test]
fn a_new_pool_boots_every_slot_at_once_and_publishes_them_when_ready() {
    let mut p = Pool::new(settings(), 3, 3);
    assert_eq!(spawns(&p.seen), 3);
    assert!(p.seen.iter().all(|a| !matches!(a, Action::Publish(_))));
    let actions = p.ready_all();
    let published: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Publish(l) => Some(l.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(published.last().unwrap(), &vec![(0, 1), (1, 1), (2, 1)]);
    // Nothing changed: nothing published.
    let again = p.tick();
    assert!(!again.iter().any(|a| matches!(a, Action::Publish(_))));
}

#[test]
fn a_move_the_table_refuses_is_counted_and_not_applied() {
    let mut p = Pool::ready(settings(), 1);
    let (_, g) = p.primary(0);
    let actions = p.event(0, g, LinkEvent::BootFailed("late".into()));
    assert_eq!(count(&actions, Counter::IllegalTransition), 1);
    assert!(
        matches!(p.state(0), ProcState::Active { .. }),
        "still ACTIVE"
    );
    assert!(
        logs(&actions)
            .iter()
            .any(|l| matches!(l, Log::Illegal { what, .. } if what.contains("Active -> Failing")))
    );
}
