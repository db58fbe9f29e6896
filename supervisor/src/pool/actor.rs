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

use nix::sys::signal::Signal;
use nix::unistd::Pid;
use protocol::worker::{MasterToWorker, WorkerSettings};
use tokio::sync::{mpsc, oneshot};

use super::core::{Action, Core, Counter, Input, Load, Probe, Reply};
use super::link::{self, TaggedEvent, WorkerLink};
use super::{COMPRESS_MIN_BYTES, PoolHandle, PoolMsg, Services};
use crate::process::reaper::Exit;
use crate::process::spawn::SpawnSpec;

type Links = HashMap<(u32, u64), Arc<WorkerLink>>;

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

/// Where the answer to the command being stepped goes.
enum ReplyTo {
    Restart(oneshot::Sender<Result<u32, String>>),
    Maint(oneshot::Sender<u32>),
    Swap(oneshot::Sender<u32>),
}

struct Actor {
    handle: Arc<PoolHandle>,
    services: Services,
    core: Core,
    links: Links,
    pids: HashMap<Pid, (u32, u64)>,
    events_tx: mpsc::UnboundedSender<TaggedEvent>,
    exits_tx: mpsc::UnboundedSender<Exit>,
    done: Vec<oneshot::Sender<()>>,
    stopped: bool,
    /// The cgroup's OOM-kill count at the last exit.
    oom_kills: Option<u64>,
    /// How long a worker running a request counts as alive without a
    /// heartbeat: the request timeout and its grace.
    busy_limit: Option<std::time::Duration>,
}

pub(super) fn spawn(
    handle: Arc<PoolHandle>,
    services: Services,
    rx: mpsc::UnboundedReceiver<PoolMsg>,
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
        pids: HashMap::new(),
        events_tx,
        exits_tx,
        done: Vec::new(),
        stopped: false,
        oom_kills: crate::process::memory::oom_kills(),
        busy_limit,
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
        mut rx: mpsc::UnboundedReceiver<PoolMsg>,
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
        self.feed(Input::Tick, None).await;
        while !self.stopped {
            let wake = self.core.next_deadline(Instant::now());
            tokio::select! {
                Some(msg) = rx.recv() => self.on_msg(msg).await,
                Some(ev) = events.recv() => self.feed(link_input(ev), None).await,
                Some(exit) = exits.recv() => {
                    // The worker's last frames (a boot error, answers) come
                    // before its exit is judged.
                    if let Some(l) = self.pids.get(&exit.pid).and_then(|k| self.links.get(k)) {
                        l.wait_closed(std::time::Duration::from_millis(500)).await;
                    }
                    while let Ok(ev) = events.try_recv() {
                        self.feed(link_input(ev), None).await;
                    }
                    let input = Input::Exit(self.exit_facts(exit));
                    self.feed(input, None).await;
                }
                _ = memory_tick.tick() => {
                    let samples = self.sample_memory();
                    self.feed(Input::Memory(samples), None).await;
                }
                _ = beat_tick.tick() => self.feed(Input::Tick, None).await,
                _ = pool_tick.tick() => self.feed(Input::PoolTick, None).await,
                _ = sleep_until(wake) => self.feed(Input::Tick, None).await,
            }
        }
        for done in self.done.drain(..) {
            let _ = done.send(());
        }
    }

    async fn on_msg(&mut self, msg: PoolMsg) {
        match msg {
            PoolMsg::Shutdown { graceful, done } => {
                self.done.push(done);
                self.feed(Input::Shutdown { graceful }, None).await;
            }
            PoolMsg::Restart {
                slot,
                reason,
                reply,
            } => {
                crate::fault::pool_restart();
                let input = Input::Restart { slot, reason };
                self.feed(input, Some(ReplyTo::Restart(reply))).await;
            }
            PoolMsg::Maint { data_json, reply } => {
                let input = Input::Maint { data: data_json };
                self.feed(input, Some(ReplyTo::Maint(reply))).await;
            }
            PoolMsg::Message { data_json, reply } => {
                let _ = reply.send(self.broadcast(&data_json));
            }
            PoolMsg::Swap {
                changes_json,
                reply,
            } => {
                let input = Input::Swap {
                    changes: changes_json,
                };
                self.feed(input, Some(ReplyTo::Swap(reply))).await;
            }
            PoolMsg::Reconfigure { roll } => {
                let cfg = self.handle.config();
                self.busy_limit = cfg.settings.busy_limit();
                let input = Input::Reconfigure {
                    settings: Box::new(cfg.settings.clone()),
                    min_workers: cfg.min_workers,
                    max_workers: cfg.max_workers,
                    roll,
                };
                self.feed(input, None).await;
            }
            PoolMsg::Status { reply } => {
                let rows = super::status::rows(&self.handle.name, &self.core, &self.links);
                let _ = reply.send(rows);
            }
            PoolMsg::Kill {
                slot,
                generation,
                reason,
            } => {
                let input = Input::Kill {
                    slot,
                    generation,
                    reason,
                };
                self.feed(input, None).await;
            }
        }
    }

    /// Steps the core with `input` and everything its actions lead to.
    async fn feed(&mut self, input: Input, mut reply: Option<ReplyTo>) {
        let mut queue = VecDeque::from([input]);
        while let Some(input) = queue.pop_front() {
            let exited = match &input {
                Input::Exit(e) => Some(e.pid),
                _ => None,
            };
            let probe = LinkProbe(&self.links, self.busy_limit);
            let actions = self.core.step(input, Instant::now(), &probe);
            for action in actions {
                self.act(action, &mut queue, &mut reply).await;
            }
            if let Some(pid) = exited
                && let Some(key) = self.pids.remove(&pid)
            {
                self.links.remove(&key);
            }
        }
        // Requests wait for a worker while one serves, boots or will boot
        // after a backoff; only a pool whose slots all gave up refuses at once.
        let live = self.core.slots().iter().any(|s| {
            s.primary().is_some() || matches!(s.phase, super::core::Phase::Backoff { .. })
        });
        self.handle.room.set_live(live);
    }

    async fn act(
        &mut self,
        action: Action,
        queue: &mut VecDeque<Input>,
        reply: &mut Option<ReplyTo>,
    ) {
        let link = |s: &Self, slot, generation| s.links.get(&(slot, generation)).cloned();
        match action {
            Action::Spawn { slot, generation } => self.spawn(slot, generation, queue).await,
            Action::Kill { pid } => {
                // Through the worker's pidfd, held by its link until its
                // exit is handled: never to a reaped pid.
                if let Some(l) = self.pids.get(&pid).and_then(|k| self.links.get(k)) {
                    l.signal(Signal::SIGKILL);
                }
            }
            Action::Drain { slot, generation } => {
                if let Some(l) = link(self, slot, generation) {
                    l.drain();
                }
            }
            Action::Accept {
                slot,
                generation,
                open,
            } => {
                if let Some(l) = link(self, slot, generation) {
                    l.set_accepting(open);
                }
            }
            Action::RotateAfter {
                slot,
                generation,
                served,
            } => {
                if let Some(l) = link(self, slot, generation) {
                    l.rotate_after.store(served, Ordering::Relaxed);
                }
            }
            Action::RunMaint {
                slot,
                generation,
                data,
            } => {
                if let Some(l) = link(self, slot, generation) {
                    l.send_untracked(MasterToWorker::Maint { data_json: data });
                }
            }
            Action::RunSwap {
                slot,
                generation,
                changes,
            } => {
                if let Some(l) = link(self, slot, generation) {
                    l.send_untracked(MasterToWorker::Swap {
                        changes_json: changes,
                    });
                }
            }
            Action::Publish(list) => {
                let links: Vec<_> = list
                    .iter()
                    .filter_map(|k| self.links.get(k).cloned())
                    .collect();
                let room: usize = links.iter().map(|l| l.free_room()).sum();
                self.handle.publish(links);
                // Waiting requests go to the workers that have room now.
                self.handle.room.freed(room);
            }
            Action::Log(log) => super::emit::log(&self.handle.name, &log),
            Action::Count(c) => self.count(c),
            Action::Reply(r) => send_reply(r, reply.take()),
            Action::Died {
                slot,
                generation,
                own_fault,
            } => {
                if let Some(l) = link(self, slot, generation) {
                    l.set_death(own_fault);
                }
            }
            Action::Stopped => self.stopped = true,
        }
    }

    fn count(&self, c: Counter) {
        let m = &self.handle.metrics;
        match c {
            Counter::Restart => m.restarts.inc(),
            Counter::Failure => m.failures.inc(),
            Counter::IllegalTransition => m.illegal_transitions.inc(),
            Counter::Swapped => m.swapped.inc(),
            Counter::SwapReplaced => m.swap_replaced.inc(),
        };
    }

    /// Starts a worker for `slot` and reports how that went.
    async fn spawn(&mut self, slot: u32, generation: u64, queue: &mut VecDeque<Input>) {
        let handle = self.handle.clone();
        let cfg = handle.config();
        let spec = SpawnSpec {
            program: self.services.worker_bin.clone(),
            env: cfg.settings.env.clone(),
            title: format!("bext-worker: {} #{slot}", cfg.name),
            uid: cfg.uid,
            gid: cfg.gid,
        };
        let at = Instant::now();
        let spawned = match self.services.spawner.spawn(spec).await {
            Ok(s) => s,
            Err(e) => {
                let transient = crate::process::spawn::lacks_resources(&e);
                let error = format!("cannot start {}: {e}", self.services.worker_bin.display());
                queue.push_back(Input::SpawnFailed {
                    slot,
                    generation,
                    error,
                    transient,
                });
                return;
            }
        };
        let pid = spawned.pid;
        if let Err(e) = self.watch(slot, generation, spawned) {
            queue.push_back(Input::SpawnFailed {
                slot,
                generation,
                error: format!("cannot watch the new worker's socket: {e}"),
                transient: crate::process::spawn::lacks_resources(&e),
            });
            return;
        }
        queue.push_back(Input::Spawned {
            slot,
            generation,
            pid,
            at,
        });
        let registry = &self.services.registry;
        if let Some(exit) = registry.register(pid, at, self.exits_tx.clone()) {
            let _ = self.exits_tx.send(exit);
        }
    }

    /// Captures a new worker's output and connects its link; on failure the
    /// worker is killed (its exit is reaped as an orphan's).
    fn watch(
        &mut self,
        slot: u32,
        generation: u64,
        spawned: crate::process::spawn::Spawned,
    ) -> std::io::Result<()> {
        let handle = self.handle.clone();
        let cfg = handle.config();
        let pid = spawned.pid;
        for (fd, stream) in [(spawned.stdout, "stdout"), (spawned.stderr, "stderr")] {
            if let Some(fd) = fd {
                crate::process::output::capture(
                    fd,
                    stream,
                    handle.name.clone(),
                    slot,
                    pid.as_raw(),
                );
            }
        }
        let process = spawned.process;
        let new = link::NewLink {
            pool: handle.name.clone(),
            slot,
            pid,
            generation,
            settings: worker_settings(&cfg, &self.services.jobs.config),
            modules: handle.modules.clone(),
            capacity: cfg.settings.worker_concurrency,
            room: handle.room.clone(),
            process,
            jobs: self.services.jobs.clone(),
        };
        match link::connect(new, spawned.socket, self.events_tx.clone()) {
            Ok(l) => {
                self.links.insert((slot, generation), l);
            }
            Err(e) => return Err(e),
        }
        self.pids.insert(pid, (slot, generation));
        tracing::debug!(pool = %cfg.name, worker = slot, pid = pid.as_raw(), generation, "worker spawned");
        Ok(())
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

    /// Sends `message(data)` to every process that still takes work.
    fn broadcast(&self, data_json: &str) -> u32 {
        let mut n = 0;
        for s in self.core.slots() {
            for p in s.procs.iter().filter(|p| p.state.is_live()) {
                let frame = MasterToWorker::Message {
                    data_json: data_json.to_string(),
                };
                if self
                    .links
                    .get(&(s.id, p.generation))
                    .is_some_and(|l| l.send_untracked(frame))
                {
                    n += 1;
                }
            }
        }
        n
    }
}

fn link_input(ev: TaggedEvent) -> Input {
    Input::Link {
        slot: ev.slot,
        generation: ev.generation,
        event: ev.event,
    }
}

fn send_reply(r: Reply, to: Option<ReplyTo>) {
    match (r, to) {
        (Reply::Restart(r), Some(ReplyTo::Restart(tx))) => {
            let _ = tx.send(r);
        }
        (Reply::Maint(n), Some(ReplyTo::Maint(tx))) | (Reply::Swap(n), Some(ReplyTo::Swap(tx))) => {
            let _ = tx.send(n);
        }
        _ => {}
    }
}

/// What a new worker's `Init` carries.
fn worker_settings(cfg: &crate::config::Pool, jobs: &crate::config::Jobs) -> WorkerSettings {
    let st = &cfg.settings;
    WorkerSettings {
        script: cfg.script.to_string_lossy().into_owned(),
        request_timeout_ms: st.request_timeout.map_or(0, |d| d.as_millis() as u64),
        heartbeat_interval_ms: st.heartbeat_interval.as_millis() as u64,
        js_memory_limit_mb: st.js_memory_limit_mb,
        max_frame_bytes: protocol::DEFAULT_MAX_FRAME_BYTES,
        compress: st
            .compress
            .clone()
            .map(|regex| protocol::worker::Compression {
                content_type_regex: regex,
                min_bytes: COMPRESS_MIN_BYTES,
            }),
        job_budget_bytes: jobs.budget_bytes,
        job_default_memory_bytes: jobs.default_memory_bytes,
        env: st.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        fetch: st.fetch.clone(),
    }
}
