//! The pool actor: the thin shell around the pure core. It turns messages,
//! link events, exits and ticks into [`Input`]s, and carries out the
//! [`Action`]s the core returns: spawning (through the spawner thread),
//! signalling, draining and opening links, publishing the ACTIVE links,
//! replying, logging and counting. Every clock read, syscall and `/proc`
//! read of the pool happens here, never in the core.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use nix::unistd::Pid;
use tokio::sync::mpsc;

use super::core::{Apply, Core, Input, Load, PoolError, Probe};
use super::link::{TaggedEvent, WorkerLink};
use super::{PoolHandle, Services};
use crate::process::reaper::Exit;

mod act;
mod canary;
mod command;
mod expiry;
mod start;
mod versions;

pub use canary::{RolloutAnswer, RolloutOp};
pub use command::{Ask, Envelope, Reply};
pub(crate) use versions::code_settings;

type Links = HashMap<(u32, u64), Arc<WorkerLink>>;
/// Which load of the pool's code each process was started with.
type Loads = HashMap<(u32, u64), Arc<super::version::Load>>;

/// Reads the live counters from the links; with the longest a request may
/// take (its timeout and the grace after it), if there is one.
struct LinkProbe<'a>(&'a Links, Option<std::time::Duration>);

impl Probe for LinkProbe<'_> {
    fn load(&self, slot: u32, generation: u64) -> Load {
        match self.0.get(&(slot, generation)) {
            Some(l) => Load {
                in_flight: l.in_flight(),
                served: l.stats.served.load(Ordering::Relaxed),
                last_beat: l.last_beat(),
                busy_until: l.oldest_request().map(|at| match self.1 {
                    Some(limit) => at + limit,
                    // No request timeout: a worker running a request is
                    // taken as alive for as long as it runs.
                    None => Instant::now() + std::time::Duration::from_secs(86_400),
                }),
            },
            None => Load {
                in_flight: 0,
                served: 0,
                last_beat: Instant::now(),
                busy_until: None,
            },
        }
    }
}

struct Actor {
    handle: Arc<PoolHandle>,
    services: Services,
    core: Core,
    links: Links,
    loads: Loads,
    pids: HashMap<Pid, (u32, u64)>,
    events_tx: mpsc::UnboundedSender<TaggedEvent>,
    exits_tx: mpsc::UnboundedSender<Exit>,
    /// Who waits for the pool to stop.
    done: Vec<Reply<super::core::Shutdown>>,
    stopped: bool,
    /// The cgroup's OOM-kill count at the last exit.
    oom_kills: Option<u64>,
    /// How long a worker running a request counts as alive without a
    /// heartbeat: the request timeout and its grace.
    busy_limit: Option<std::time::Duration>,
    /// The canary under way, if a deploy is being judged.
    canary: Option<canary::Run>,
    /// Who waits for the heap walk of each worker being walked.
    walks: HashMap<(u32, u64), command::HeapReply>,
}

pub(super) fn spawn(
    handle: Arc<PoolHandle>,
    services: Services,
    rx: mpsc::UnboundedReceiver<Envelope>,
) {
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let (exits_tx, exits_rx) = mpsc::unbounded_channel();
    let cfg = handle.config();
    let core = Core::new(
        cfg.settings.clone(),
        cfg.min_workers,
        cfg.max_workers,
        Instant::now(),
    );
    let busy_limit = cfg.settings.busy_limit();
    let actor = Actor {
        handle,
        services,
        core,
        links: HashMap::new(),
        loads: HashMap::new(),
        pids: HashMap::new(),
        events_tx,
        exits_tx,
        done: Vec::new(),
        stopped: false,
        oom_kills: crate::process::memory::oom_kills(),
        busy_limit,
        canary: None,
        walks: HashMap::new(),
    };
    tokio::spawn(actor.run(rx, events_rx, exits_rx));
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

impl Actor {
    async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Envelope>,
        mut events: mpsc::UnboundedReceiver<TaggedEvent>,
        mut exits: mpsc::UnboundedReceiver<Exit>,
    ) {
        let st = self.core.settings().clone();
        let mut memory_tick = tokio::time::interval(st.lifecycle.memory_check_interval);
        // Heartbeat deadlines are checked on a tick (a quarter of the
        // timeout) rather than each tracked as a deadline: with hundreds of
        // workers beating every second, the nearest heartbeat deadline would
        // otherwise pass hundreds of times a second.
        let beat_every = (st.heartbeat_timeout / 4).max(std::time::Duration::from_millis(20));
        let mut beat_tick = tokio::time::interval(beat_every);
        beat_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Autoscaling and automatic maintenance look at the pool this often.
        let mut pool_tick = tokio::time::interval(super::core::POOL_TICK);
        pool_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        self.feed(Input::Tick).await;
        while !self.stopped {
            let now = Instant::now();
            let wake = self.core.next_deadline(now);
            let expiry = self.next_expiry(now);
            let verdict_due = self.canary.as_ref().and_then(|r| r.wake);
            tokio::select! {
                Some(envelope) = rx.recv() => self.carry(envelope).await,
                Some(ev) = events.recv() => match ev.event {
                    super::core::LinkEvent::Tallied => self.judge_canary().await,
                    _ => self.feed(link_input(ev)).await,
                },
                _ = sleep_until(verdict_due) => self.judge_canary().await,
                Some(exit) = exits.recv() => {
                    // The worker's last frames (a boot error, answers) come
                    // before its exit is judged.
                    if let Some(l) = self.pids.get(&exit.pid).and_then(|k| self.links.get(k)) {
                        l.wait_closed(std::time::Duration::from_millis(500)).await;
                    }
                    while let Ok(ev) = events.try_recv() {
                        self.feed(link_input(ev)).await;
                    }
                    let input = Input::Exit(self.exit_facts(exit));
                    self.feed(input).await;
                }
                _ = memory_tick.tick() => {
                    let samples = self.sample_memory();
                    self.feed(Input::Memory(samples)).await;
                }
                _ = beat_tick.tick() => self.feed(Input::Tick).await,
                _ = pool_tick.tick() => self.feed(Input::PoolTick).await,
                _ = sleep_until(wake) => self.feed(Input::Tick).await,
                _ = sleep_until(expiry) => self.expire_overdue().await,
            }
        }
        for done in self.done.drain(..) {
            let _ = done.send(Ok(()));
        }
    }

    /// Takes the reloaded configuration in the handle.
    async fn reconfigure(&mut self, roll: bool) {
        if roll {
            // New settings for the code: a deploy, never skipped.
            let cause = super::version::Cause::Reload;
            let _ = self.handle.versions.deploy(cause, None);
        }
        let cfg = self.handle.config();
        self.busy_limit = cfg.settings.busy_limit();
        let input = Input::Reconfigure {
            settings: Box::new(cfg.settings.clone()),
            min_workers: cfg.min_workers,
            max_workers: cfg.max_workers,
            roll,
        };
        self.feed(input).await;
    }

    /// A status row per worker process and per empty slot.
    fn status(&self) -> Vec<protocol::control::WorkerStatus> {
        let versions = super::status::Versions {
            loads: &self.loads,
            note: self.handle.versions.note(),
        };
        super::status::rows(&self.handle.name, &self.core, &self.links, versions)
    }

    /// Carries out a command the core decides, and everything its actions
    /// lead to; returns the core's answer.
    async fn apply<C: Apply>(&mut self, command: C) -> Result<C::Out, PoolError> {
        let probe = LinkProbe(&self.links, self.busy_limit);
        let (answer, actions) = self.core.command(command, Instant::now(), &probe);
        let mut queue = VecDeque::new();
        for action in actions {
            self.act(action, &mut queue).await;
        }
        self.run_queue(queue).await;
        answer
    }

    /// Steps the core with `input` and everything its actions lead to.
    async fn feed(&mut self, input: Input) {
        self.run_queue(VecDeque::from([input])).await;
    }

    /// Steps the core with each input of `queue` and everything their
    /// actions lead to.
    async fn run_queue(&mut self, mut queue: VecDeque<Input>) {
        while let Some(input) = queue.pop_front() {
            let exited = match &input {
                Input::Exit(e) => Some(e.pid),
                _ => None,
            };
            if let Some(first) = self.observe(&input) {
                // A failed deploy stops before the failure is stepped, so
                // the core does not start its rotation again meanwhile.
                queue.push_front(input);
                queue.push_front(first);
                continue;
            }
            let probe = LinkProbe(&self.links, self.busy_limit);
            let actions = self.core.step(input, Instant::now(), &probe);
            for action in actions {
                self.act(action, &mut queue).await;
            }
            if let Some(pid) = exited
                && let Some(key) = self.pids.remove(&pid)
            {
                self.links.remove(&key);
                self.loads.remove(&key);
                if let Some(reply) = self.walks.remove(&key) {
                    command::walk_lost(reply);
                }
            }
        }
        // Requests wait for a worker while one serves, boots or will boot
        // after a backoff; only a pool whose slots all gave up refuses at once.
        let live = self.core.slots().iter().any(|s| {
            s.primary().is_some() || matches!(s.phase, super::core::Phase::Backoff { .. })
        });
        self.handle.room.set_live(live);
    }

    /// What is known of an exit beyond its status: how the worker broke
    /// the protocol (if it did), whether the OOM killer struck, and what it
    /// held.
    fn exit_facts(&mut self, exit: Exit) -> super::core::Exit {
        let link = self.pids.get(&exit.pid).and_then(|k| self.links.get(k));
        let oom_kills = crate::process::memory::oom_kills();
        let oom = matches!((oom_kills, self.oom_kills), (Some(now), Some(before)) if now > before);
        self.oom_kills = oom_kills;
        super::core::Exit {
            pid: exit.pid,
            status: exit.status,
            broken: link.and_then(|l| l.broken().map(String::from)),
            oom,
            held: link.map(|l| l.held()).unwrap_or_default(),
        }
    }

    /// RSS of every process, from /proc.
    fn sample_memory(&self) -> Vec<(u32, u64, u64)> {
        self.core
            .slots()
            .iter()
            .flat_map(|s| s.procs.iter().map(move |p| (s.id, p)))
            .filter_map(|(id, p)| {
                crate::process::memory::rss_bytes(p.pid).map(|rss| (id, p.generation, rss))
            })
            .collect()
    }
}

fn link_input(ev: TaggedEvent) -> Input {
    Input::Link {
        slot: ev.slot,
        generation: ev.generation,
        event: ev.event,
    }
}
