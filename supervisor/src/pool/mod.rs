//! The pool actor: the one owner of a pool's worker slots.
//!
//! It selects on four inputs (messages from the daemon, events from worker
//! links, exits from the reaper, and its own nearest deadline) and makes
//! every lifecycle decision: boot, mark ACTIVE, rotate, drain, kill, restart
//! with backoff, give up. After each step it publishes the list of ACTIVE
//! links, which is all the request path reads.
//!
//! A slot may briefly hold two processes: on rotation the replacement boots
//! while the old one keeps serving, and the old one drains only once the
//! replacement is ACTIVE, so a rotation never lowers capacity.

use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use protocol::control::WorkerStatus;
use protocol::worker::{MasterToWorker, WorkerSettings};
use tokio::sync::{mpsc, oneshot};

use crate::config::Pool as PoolConfig;
use crate::link::{self, LinkEvent, TaggedEvent, WorkerLink};
use crate::metrics::PoolMetrics;
use crate::policy;
use crate::reaper::Exit;
use crate::registry::Registry;
use crate::slot::SlotState;

mod boot;
mod events;
mod maint;
mod scale;
mod status;
mod timers;
use crate::spawn::{SpawnSpec, Spawner};

/// Responses shorter than this are not compressed: the headers would eat
/// the gain.
pub const COMPRESS_MIN_BYTES: u32 = 1024;

/// Requests to a pool actor.
#[derive(Debug)]
pub enum PoolMsg {
    /// Drain every worker (or kill them, if not graceful) and stop.
    Shutdown {
        graceful: bool,
        done: oneshot::Sender<()>,
    },
    /// Rotate every worker, or one slot. The reply (if asked for) is the
    /// number of slots that will be restarted, or why none will.
    Restart {
        slot: Option<u32>,
        reason: &'static str,
        reply: Option<oneshot::Sender<Result<u32, String>>>,
    },
    /// Start a rolling maintenance sweep of every ACTIVE worker; the reply
    /// is how many were queued.
    Maint {
        data_json: Option<String>,
        reply: oneshot::Sender<u32>,
    },
    /// Send a message to every worker process; the reply is how many got it.
    Message {
        data_json: String,
        reply: oneshot::Sender<u32>,
    },
    /// A status row per worker process and per empty slot.
    Status {
        reply: oneshot::Sender<Vec<WorkerStatus>>,
    },
    /// Kill a process that stopped answering (request past its deadline).
    Kill {
        slot: u32,
        generation: u64,
        reason: String,
    },
}

/// What the request path and the daemon hold of a pool.
#[derive(Debug)]
pub struct PoolHandle {
    pub name: Arc<str>,
    pub config: PoolConfig,
    pub tx: mpsc::UnboundedSender<PoolMsg>,
    pub metrics: PoolMetrics,
    /// `max_concurrent_requests` and its queue, if set.
    pub admission: Option<crate::admission::Admission>,
    /// Modules its workers compiled, for the next ones.
    pub modules: Arc<crate::modcache::ModuleCache>,
    active: RwLock<Arc<Vec<Arc<WorkerLink>>>>,
}

impl PoolHandle {
    /// The links that take requests now.
    pub fn active(&self) -> Arc<Vec<Arc<WorkerLink>>> {
        self.active.read().unwrap().clone()
    }

    /// Asks the actor for a status snapshot.
    pub async fn status(&self) -> Vec<WorkerStatus> {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(PoolMsg::Status { reply }).is_err() {
            return Vec::new();
        }
        rx.await.unwrap_or_default()
    }

    fn publish(&self, links: Vec<Arc<WorkerLink>>) {
        *self.active.write().unwrap() = Arc::new(links);
    }
}

/// Shared services every pool uses.
#[derive(Debug, Clone)]
pub struct Services {
    pub spawner: Spawner,
    pub registry: Arc<Registry>,
    pub worker_bin: std::path::PathBuf,
}

#[derive(Debug)]
struct Proc {
    pid: Pid,
    generation: u64,
    link: Arc<WorkerLink>,
    state: SlotState,
    spawned_at: Instant,
    started_unix_ms: u64,
    active_at: Option<Instant>,
    /// Why it is being replaced, once it is.
    reason: Option<String>,
    /// SIGKILL at this time (boot timeout, drain timeout).
    kill_at: Option<Instant>,
    killed: bool,
    rss_bytes: u64,
    peak_rss_bytes: u64,
    /// Where it is in a maintenance sweep.
    maint: maint::Stage,
    /// `served` and time at its last maintenance (or its start), for
    /// automatic sweeps.
    maint_served: u64,
    maint_at: Instant,
}

impl Proc {
    fn note_rss(&mut self, rss: u64) {
        self.rss_bytes = rss;
        self.peak_rss_bytes = self.peak_rss_bytes.max(rss);
    }
}

#[derive(Debug)]
struct Slot {
    id: u32,
    procs: Vec<Proc>,
    generation: u64,
    failures: u32,
    restarts: u32,
    /// When an empty slot boots again (after a backoff).
    retry_at: Option<Instant>,
    /// Given up after max_consecutive_failures.
    given_up: bool,
    /// A rotation waiting for its turn (max_concurrent_rotations).
    rotate: Option<String>,
    /// After a failed replacement, the next try waits until then.
    rotate_not_before: Option<Instant>,
    last_error: Option<String>,
    /// Spawns in a row that failed for lack of resources (not failures).
    spawn_retries: u32,
    /// Being removed by autoscaling: drain, never restart, then drop.
    retiring: bool,
}

impl Slot {
    fn new(id: u32, now: Instant) -> Slot {
        Slot {
            id,
            procs: Vec::new(),
            generation: 0,
            failures: 0,
            restarts: 0,
            retry_at: Some(now),
            given_up: false,
            rotate: None,
            rotate_not_before: None,
            last_error: None,
            spawn_retries: 0,
            retiring: false,
        }
    }
}

impl Slot {
    /// The process that is (or is becoming) the slot's server.
    fn primary(&self) -> Option<&Proc> {
        self.procs.iter().rev().find(|p| {
            matches!(
                p.state,
                SlotState::Active | SlotState::Booting | SlotState::Maint
            )
        })
    }

    fn rotating(&self) -> bool {
        self.procs.iter().any(|p| p.state == SlotState::Draining)
            || (self.procs.len() > 1 && self.procs.iter().any(|p| p.state == SlotState::Booting))
    }
}

struct Actor {
    handle: Arc<PoolHandle>,
    services: Services,
    slots: Vec<Slot>,
    events_tx: mpsc::UnboundedSender<TaggedEvent>,
    exits_tx: mpsc::UnboundedSender<Exit>,
    shutting_down: Option<oneshot::Sender<()>>,
    stopping: bool,
}

/// Starts a pool actor with its `min_workers` slots.
pub fn start(config: PoolConfig, services: Services, metrics: PoolMetrics) -> Arc<PoolHandle> {
    let (tx, rx) = mpsc::unbounded_channel();
    let handle = Arc::new(PoolHandle {
        name: config.name.as_str().into(),
        config: config.clone(),
        tx,
        metrics,
        modules: Arc::default(),
        admission: crate::admission::Admission::new(
            config.settings.max_concurrent_requests,
            config.settings.max_queue_size,
        ),
        active: RwLock::new(Arc::new(Vec::new())),
    });
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let (exits_tx, exits_rx) = mpsc::unbounded_channel();
    let now = Instant::now();
    let slots = (0..config.min_workers)
        .map(|id| Slot::new(id, now))
        .collect();
    let actor = Actor {
        handle: handle.clone(),
        services,
        slots,
        events_tx,
        exits_tx,
        shutting_down: None,
        stopping: false,
    };
    tokio::spawn(actor.run(rx, events_rx, exits_rx));
    handle
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

impl Actor {
    fn cfg(&self) -> &PoolConfig {
        &self.handle.config
    }

    async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<PoolMsg>,
        mut events: mpsc::UnboundedReceiver<TaggedEvent>,
        mut exits: mpsc::UnboundedReceiver<Exit>,
    ) {
        let check_every = Duration::from_millis(
            self.cfg()
                .settings
                .lifecycle
                .memory_check_interval_ms
                .max(100),
        );
        let mut memory_tick = tokio::time::interval(check_every);
        // Heartbeat deadlines are checked on a tick (a quarter of the
        // timeout) rather than each tracked as a deadline: with hundreds of
        // workers beating every second, the nearest heartbeat deadline would
        // otherwise pass hundreds of times a second.
        let beat_check =
            Duration::from_millis((self.cfg().settings.heartbeat_timeout_ms / 4).max(20));
        let mut beat_tick = tokio::time::interval(beat_check);
        beat_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Autoscaling and automatic maintenance look at the pool this often.
        let mut pool_tick = tokio::time::interval(scale::TICK);
        pool_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            self.reconcile().await;
            self.publish();
            if self.stopping && self.slots.iter().all(|s| s.procs.is_empty()) {
                if let Some(done) = self.shutting_down.take() {
                    let _ = done.send(());
                }
                return;
            }
            let wake = self.next_deadline();
            tokio::select! {
                Some(msg) = rx.recv() => self.on_msg(msg),
                Some(ev) = events.recv() => self.on_event(ev),
                Some(exit) = exits.recv() => self.on_exit(exit),
                _ = memory_tick.tick() => self.check_memory(),
                _ = beat_tick.tick() => {}
                _ = pool_tick.tick() => {
                    let now = Instant::now();
                    self.autoscale(now);
                    self.auto_maint(now);
                }
                _ = sleep_until(wake) => {}
            }
            self.on_time(Instant::now());
        }
    }

    fn publish(&self) {
        let current = self.handle.active();
        let same = {
            let mut now = self
                .slots
                .iter()
                .flat_map(|s| s.procs.iter())
                .filter(|p| p.state == SlotState::Active);
            current
                .iter()
                .all(|l| now.next().is_some_and(|p| Arc::ptr_eq(l, &p.link)))
                && now.next().is_none()
        };
        if same {
            return;
        }
        let links = self
            .slots
            .iter()
            .flat_map(|s| s.procs.iter())
            .filter(|p| p.state == SlotState::Active)
            .map(|p| p.link.clone())
            .collect();
        self.handle.publish(links);
    }

    fn slot_mut(&mut self, id: u32) -> Option<&mut Slot> {
        self.slots.iter_mut().find(|s| s.id == id)
    }

    fn proc_mut(&mut self, slot: u32, generation: u64) -> Option<&mut Proc> {
        self.slot_mut(slot)?
            .procs
            .iter_mut()
            .find(|p| p.generation == generation)
    }

    fn on_msg(&mut self, msg: PoolMsg) {
        match msg {
            PoolMsg::Shutdown { graceful, done } => {
                self.stopping = true;
                self.shutting_down = Some(done);
                let drain = Duration::from_millis(self.cfg().settings.lifecycle.drain_timeout_ms);
                let now = Instant::now();
                for slot in &mut self.slots {
                    slot.rotate = None;
                    slot.retry_at = None;
                    for p in &mut slot.procs {
                        if graceful
                            && matches!(
                                p.state,
                                SlotState::Active | SlotState::Maint | SlotState::Draining
                            )
                        {
                            if p.state != SlotState::Draining {
                                transition(p, SlotState::Draining);
                                p.reason = Some("shutdown".into());
                                p.link.drain();
                                p.kill_at = Some(now + drain);
                            }
                        } else {
                            kill_proc(p, "shutdown");
                        }
                    }
                }
            }
            PoolMsg::Maint { data_json, reply } => {
                let _ = reply.send(self.start_sweep(data_json));
            }
            PoolMsg::Message { data_json, reply } => {
                let mut n = 0;
                for p in self.slots.iter().flat_map(|s| s.procs.iter()) {
                    let frame = MasterToWorker::Message {
                        data_json: data_json.clone(),
                    };
                    if p.state != SlotState::Draining && p.link.send_untracked(frame) {
                        n += 1;
                    }
                }
                let _ = reply.send(n);
            }
            PoolMsg::Status { reply } => {
                let _ = reply.send(self.status());
            }
            PoolMsg::Restart {
                slot,
                reason,
                reply,
            } => {
                crate::fault::pool_restart();
                if let Some(n) = slot
                    && !self.slots.iter().any(|s| s.id == n)
                {
                    if let Some(r) = reply {
                        let _ = r.send(Err(format!(
                            "pool {} has no worker {n} (its workers are {})",
                            self.handle.name,
                            self.slots
                                .iter()
                                .map(|s| s.id.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )));
                    }
                    return;
                }
                let count = self
                    .slots
                    .iter()
                    .filter(|s| slot.is_none_or(|n| n == s.id))
                    .count() as u32;
                if let Some(r) = reply {
                    let _ = r.send(Ok(count));
                }
                for s in &mut self.slots {
                    if slot.is_none_or(|n| n == s.id) && !s.given_up {
                        s.rotate = Some(reason.to_string());
                    }
                    if slot == Some(s.id) && s.given_up {
                        // An operator's restart gives a failed slot a new chance.
                        s.given_up = false;
                        s.failures = 0;
                        s.retry_at = Some(Instant::now());
                    }
                }
            }
            PoolMsg::Kill {
                slot,
                generation,
                reason,
            } => {
                let name = self.handle.name.clone();
                if let Some(p) = self.proc_mut(slot, generation) {
                    tracing::error!(pool = %name, worker = slot, pid = p.pid.as_raw(), "{reason}; killing the worker");
                    p.reason = Some(reason);
                    kill_proc(p, "stuck");
                }
            }
        }
    }
}

/// Moves `p` to `to` if the state table allows it; otherwise logs and
/// leaves it as it is. Returns whether it moved.
fn transition(p: &mut Proc, to: SlotState) -> bool {
    match p.state.check(to) {
        Ok(s) => {
            p.state = s;
            true
        }
        Err(e) => {
            tracing::error!(pool = %p.link.pool, worker = p.link.slot, pid = p.pid.as_raw(), "{e}; ignored");
            false
        }
    }
}

fn kill_proc(p: &mut Proc, _why: &str) {
    if !p.killed {
        p.killed = true;
        p.link.set_accepting(false);
        let _ = kill(p.pid, Signal::SIGKILL);
    }
}
