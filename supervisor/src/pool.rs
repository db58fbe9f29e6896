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
use protocol::worker::WorkerSettings;
use tokio::sync::{mpsc, oneshot};

use crate::config::Pool as PoolConfig;
use crate::link::{self, LinkEvent, TaggedEvent, WorkerLink};
use crate::metrics::PoolMetrics;
use crate::policy;
use crate::reaper::Exit;
use crate::registry::Registry;
use crate::slot::SlotState;
use crate::spawn::{SpawnSpec, Spawner};

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
        active: RwLock::new(Arc::new(Vec::new())),
    });
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let (exits_tx, exits_rx) = mpsc::unbounded_channel();
    let slots = (0..config.min_workers)
        .map(|id| Slot {
            id,
            procs: Vec::new(),
            generation: 0,
            failures: 0,
            restarts: 0,
            retry_at: Some(Instant::now()),
            given_up: false,
            rotate: None,
            rotate_not_before: None,
            last_error: None,
        })
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

    fn proc_mut(&mut self, slot: u32, generation: u64) -> Option<&mut Proc> {
        self.slots
            .get_mut(slot as usize)?
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
            PoolMsg::Status { reply } => {
                let _ = reply.send(self.status());
            }
            PoolMsg::Restart {
                slot,
                reason,
                reply,
            } => {
                if let Some(n) = slot
                    && n as usize >= self.slots.len()
                {
                    if let Some(r) = reply {
                        let _ = r.send(Err(format!(
                            "pool {} has no worker {n} (its workers are 0 to {})",
                            self.handle.name,
                            self.slots.len().saturating_sub(1)
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

    fn on_event(&mut self, ev: TaggedEvent) {
        let name = self.handle.name.clone();
        let TaggedEvent {
            slot,
            generation,
            event,
        } = ev;
        let threshold = policy::max_requests_threshold(
            self.cfg().settings.lifecycle.max_requests,
            slot,
            self.slots.len() as u32,
        );
        let stopping = self.stopping;
        let Some(p) = self.proc_mut(slot, generation) else {
            return;
        };
        let pid = p.pid.as_raw();
        match event {
            LinkEvent::Ready => {
                if p.state != SlotState::Booting {
                    return;
                }
                if !transition(p, SlotState::Active) {
                    return;
                }
                p.active_at = Some(Instant::now());
                p.kill_at = None;
                p.link.rotate_after.store(threshold, Ordering::Relaxed);
                p.link.set_accepting(!stopping);
                let ms = p.spawned_at.elapsed().as_secs_f64() * 1000.0;
                tracing::info!(pool = %name, worker = slot, pid, generation, boot_ms = format!("{ms:.1}"), "worker ready");
                self.replace_old(slot, generation);
            }
            LinkEvent::BootFailed(error) => {
                tracing::error!(pool = %name, worker = slot, pid, "worker failed to boot: {error}");
                let first = error.lines().next().unwrap_or("").to_string();
                p.reason = Some(format!("boot failed: {first}"));
                // It exits by itself; make sure of it.
                p.kill_at = Some(Instant::now() + Duration::from_secs(1));
                let s = &mut self.slots[slot as usize];
                s.last_error = Some(first);
            }
            LinkEvent::RequestLimit => self.request_rotation(slot, generation, "requests"),
            LinkEvent::OutOfMemory => self.request_rotation(slot, generation, "js heap limit"),
            LinkEvent::ProtocolError(e) => {
                tracing::error!(pool = %name, worker = slot, pid, "worker broke the protocol ({e}); killing it");
                p.reason = Some(format!("protocol error: {e}"));
                kill_proc(p, "protocol error");
            }
            LinkEvent::Closed => {
                // The exit arrives from the reaper; until then, no requests.
                p.link.set_accepting(false);
            }
        }
    }

    /// Once a replacement is ACTIVE, the slot's older processes drain.
    fn replace_old(&mut self, slot: u32, generation: u64) {
        let drain = Duration::from_millis(self.cfg().settings.lifecycle.drain_timeout_ms);
        let now = Instant::now();
        let name = self.handle.name.clone();
        let rotate_reason = self.slots[slot as usize].rotate.take();
        for p in &mut self.slots[slot as usize].procs {
            if p.generation != generation && matches!(p.state, SlotState::Active | SlotState::Maint)
            {
                transition(p, SlotState::Draining);
                if p.reason.is_none() {
                    p.reason = rotate_reason.clone();
                }
                p.link.drain();
                p.kill_at = Some(now + drain);
                tracing::info!(
                    pool = %name, worker = slot, pid = p.pid.as_raw(),
                    reason = p.reason.as_deref().unwrap_or("restart"),
                    in_flight = p.link.in_flight(),
                    "draining worker"
                );
            }
        }
    }

    fn request_rotation(&mut self, slot: u32, generation: u64, reason: &str) {
        let s = &mut self.slots[slot as usize];
        if let Some(p) = s
            .procs
            .iter_mut()
            .find(|p| p.generation == generation && p.state == SlotState::Active)
        {
            if p.reason.is_none() {
                p.reason = Some(reason.to_string());
            }
            if s.rotate.is_none() {
                s.rotate = Some(reason.to_string());
            }
        }
    }

    fn on_exit(&mut self, exit: Exit) {
        let name = self.handle.name.clone();
        let handle = self.handle.clone();
        let recovery = &handle.config.settings.lifecycle.recovery;
        let stopping = self.stopping;
        for s in &mut self.slots {
            let Some(i) = s.procs.iter().position(|p| p.pid == exit.pid) else {
                continue;
            };
            let p = s.procs.remove(i);
            // A drained worker may exit on its own or be killed at the drain
            // deadline; either way it was meant to go.
            let expected = p.state == SlotState::Draining || stopping;
            if expected {
                tracing::info!(pool = %name, worker = s.id, pid = exit.pid.as_raw(), status = %exit.status, "worker stopped");
            } else {
                s.failures += 1;
                handle.metrics.failures.inc();
                let why = p
                    .reason
                    .clone()
                    .unwrap_or_else(|| format!("crashed ({})", exit.status));
                s.last_error = Some(why.clone());
                tracing::error!(
                    pool = %name, worker = s.id, pid = exit.pid.as_raw(), status = %exit.status,
                    state = %p.state, consecutive_failures = s.failures,
                    "worker exited unexpectedly: {why}"
                );
            }
            if !expected && s.primary().is_some() && s.rotate.is_some() {
                // A replacement failed while the old worker still serves:
                // try the rotation again after the backoff, or drop it.
                match policy::restart_delay(s.failures, recovery) {
                    Some(delay) => s.rotate_not_before = Some(Instant::now() + delay),
                    None => {
                        s.rotate = None;
                        tracing::error!(pool = %name, worker = s.id, failures = s.failures, "ALERT: replacement workers keep failing; the old worker keeps serving");
                    }
                }
            }
            if s.primary().is_none() && !stopping && s.retry_at.is_none() && !s.given_up {
                match policy::restart_delay(s.failures, recovery) {
                    Some(delay) => {
                        if !delay.is_zero() {
                            tracing::warn!(pool = %name, worker = s.id, delay_ms = delay.as_millis() as u64, "restarting after backoff");
                        }
                        s.retry_at = Some(Instant::now() + delay);
                    }
                    None => {
                        s.given_up = true;
                        tracing::error!(
                            pool = %name, worker = s.id, failures = s.failures,
                            last_error = s.last_error.as_deref().unwrap_or(""),
                            "ALERT: worker slot gave up after {} consecutive failures; the pool runs with reduced capacity",
                            s.failures
                        );
                    }
                }
            }
            return;
        }
    }

    /// Deadlines: boot and drain timeouts, heartbeats, uptime, healthy reset.
    fn on_time(&mut self, now: Instant) {
        let name = self.handle.name.clone();
        let handle = self.handle.clone();
        let st = &handle.config.settings;
        let startup = Duration::from_millis(st.startup_timeout_ms);
        let beat_timeout = Duration::from_millis(st.heartbeat_timeout_ms);
        let max_uptime = hours(st.lifecycle.max_uptime_hours);
        let healthy = Duration::from_millis(st.lifecycle.recovery.healthy_reset_ms);
        for s in &mut self.slots {
            let mut rotate = None;
            for p in &mut s.procs {
                if p.killed {
                    continue;
                }
                if p.state == SlotState::Booting && now >= p.spawned_at + startup {
                    tracing::error!(pool = %name, worker = s.id, pid = p.pid.as_raw(), "worker did not boot within startup_timeout_ms ({} ms); killing it", st.startup_timeout_ms);
                    p.reason = Some("startup timeout".into());
                    kill_proc(p, "startup timeout");
                } else if p.kill_at.is_some_and(|at| now >= at) {
                    tracing::warn!(pool = %name, worker = s.id, pid = p.pid.as_raw(), in_flight = p.link.in_flight(), "worker did not exit in time; killing it");
                    kill_proc(p, "drain timeout");
                } else if p.state == SlotState::Active && now >= p.link.last_beat() + beat_timeout {
                    tracing::error!(pool = %name, worker = s.id, pid = p.pid.as_raw(), "no heartbeat for {} ms; killing the worker", st.heartbeat_timeout_ms);
                    p.reason = Some("missed heartbeats".into());
                    kill_proc(p, "hang");
                } else if p.state == SlotState::Active {
                    let up = p
                        .active_at
                        .map(|a| now.duration_since(a))
                        .unwrap_or_default();
                    if !max_uptime.is_zero() && up >= max_uptime && p.reason.is_none() {
                        p.reason = Some("uptime".into());
                        rotate = Some("uptime");
                    }
                    if s.failures > 0 && up >= healthy {
                        s.failures = 0;
                    }
                }
            }
            if let Some(r) = rotate
                && s.rotate.is_none()
            {
                s.rotate = Some(r.into());
            }
        }
    }

    /// Reads each ACTIVE worker's RSS from /proc and rotates those over the limit.
    fn check_memory(&mut self) {
        let limit = self.cfg().settings.lifecycle.max_memory_mb * 1024 * 1024;
        let mut over = Vec::new();
        for s in &mut self.slots {
            for p in &mut s.procs {
                if let Some(rss) = crate::memory::rss_bytes(p.pid) {
                    p.note_rss(rss);
                    if limit > 0
                        && rss > limit
                        && p.state == SlotState::Active
                        && p.reason.is_none()
                    {
                        over.push((s.id, p.generation, rss));
                    }
                }
            }
        }
        for (slot, generation, rss) in over {
            tracing::warn!(pool = %self.handle.name, worker = slot, rss_mb = rss / (1024 * 1024), "worker over max_memory_mb; rotating");
            self.request_rotation(slot, generation, "memory");
        }
    }

    /// One row per process, and one per slot that has none.
    fn status(&mut self) -> Vec<WorkerStatus> {
        let now = Instant::now();
        let pool = self.handle.name.to_string();
        let mut rows = Vec::new();
        for s in &mut self.slots {
            if s.procs.is_empty() {
                let failed = s.given_up || s.failures > 0;
                rows.push(WorkerStatus {
                    id: s.id,
                    pool: pool.clone(),
                    pid: None,
                    generation: s.generation,
                    state: if failed {
                        SlotState::Failed
                    } else {
                        SlotState::Stopped
                    }
                    .name()
                    .into(),
                    requests_served: 0,
                    requests_failed: 0,
                    in_flight: 0,
                    total_render_time_ms: 0.0,
                    avg_render_time_ms: 0.0,
                    current_memory_bytes: 0,
                    peak_memory_bytes: 0,
                    js_heap_bytes: 0,
                    started_at: 0,
                    uptime_ms: 0,
                    last_request_at: None,
                    restarts: s.restarts,
                    consecutive_failures: s.failures,
                    rotation_reason: s.given_up.then(|| "gave up".to_string()),
                    last_error: s.last_error.clone(),
                });
                continue;
            }
            for p in &mut s.procs {
                if let Some(rss) = crate::memory::rss_bytes(p.pid) {
                    p.note_rss(rss);
                }
                let st = &p.link.stats;
                let served = st.served.load(Ordering::Relaxed);
                let total_ms = st.total_render_us.load(Ordering::Relaxed) as f64 / 1000.0;
                let last = st.last_request_unix_ms.load(Ordering::Relaxed);
                rows.push(WorkerStatus {
                    id: s.id,
                    pool: pool.clone(),
                    pid: Some(p.pid.as_raw() as u32),
                    generation: p.generation,
                    state: p.state.name().into(),
                    requests_served: served,
                    requests_failed: st.failed.load(Ordering::Relaxed),
                    in_flight: p.link.in_flight(),
                    total_render_time_ms: total_ms,
                    avg_render_time_ms: if served > 0 {
                        total_ms / served as f64
                    } else {
                        0.0
                    },
                    current_memory_bytes: p.rss_bytes,
                    peak_memory_bytes: p.peak_rss_bytes,
                    js_heap_bytes: p.link.stats.js_heap_bytes.load(Ordering::Relaxed),
                    started_at: p.started_unix_ms,
                    uptime_ms: now.duration_since(p.spawned_at).as_millis() as u64,
                    last_request_at: (last > 0).then_some(last),
                    restarts: s.restarts,
                    consecutive_failures: s.failures,
                    rotation_reason: p.reason.clone(),
                    last_error: s.last_error.clone(),
                });
            }
        }
        rows
    }

    fn next_deadline(&self) -> Option<Instant> {
        let st = &self.cfg().settings;
        let startup = Duration::from_millis(st.startup_timeout_ms);
        let uptime = hours(st.lifecycle.max_uptime_hours);
        let healthy = Duration::from_millis(st.lifecycle.recovery.healthy_reset_ms);
        let mut next: Option<Instant> = None;
        let mut at = |t: Instant| next = Some(next.map_or(t, |n| n.min(t)));
        for s in &self.slots {
            if let Some(r) = s.retry_at.or(s.rotate_not_before) {
                at(r);
            }
            for p in s.procs.iter().filter(|p| !p.killed) {
                if let Some(k) = p.kill_at {
                    at(k);
                }
                match p.state {
                    SlotState::Booting => at(p.spawned_at + startup),
                    SlotState::Active => {
                        if let Some(a) = p.active_at {
                            if !uptime.is_zero() && p.reason.is_none() {
                                at(a + uptime);
                            }
                            if s.failures > 0 {
                                at(a + healthy);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        next
    }

    /// Boots what is missing: empty slots whose backoff is over, and queued
    /// rotations as far as `max_concurrent_rotations` allows.
    async fn reconcile(&mut self) {
        if self.stopping {
            return;
        }
        let now = Instant::now();
        for i in 0..self.slots.len() {
            let s = &self.slots[i];
            if s.primary().is_none() && !s.given_up && s.retry_at.is_some_and(|t| now >= t) {
                self.slots[i].retry_at = None;
                self.boot(i).await;
            }
        }
        let limit = self.cfg().settings.lifecycle.max_concurrent_rotations as usize;
        let mut busy = self.slots.iter().filter(|s| s.rotating()).count();
        for i in 0..self.slots.len() {
            if busy >= limit {
                break;
            }
            let s = &self.slots[i];
            let ready = s.rotate.is_some()
                && s.rotate_not_before.is_none_or(|t| now >= t)
                && !s.rotating()
                && s.primary().is_some_and(|p| p.state == SlotState::Active);
            if ready {
                let reason = s.rotate.clone().unwrap_or_default();
                tracing::info!(pool = %self.handle.name, worker = s.id, reason = %reason, "rotating worker");
                if let Some(p) = self.slots[i]
                    .procs
                    .iter_mut()
                    .rev()
                    .find(|p| p.state == SlotState::Active)
                {
                    p.reason.get_or_insert(reason);
                }
                self.boot(i).await;
                busy += 1;
            }
        }
    }

    async fn boot(&mut self, i: usize) {
        let handle = self.handle.clone();
        let cfg = &handle.config;
        let slot = &mut self.slots[i];
        slot.generation += 1;
        let generation = slot.generation;
        if generation > 1 {
            slot.restarts += 1;
            handle.metrics.restarts.inc();
        }
        let spec = SpawnSpec {
            program: self.services.worker_bin.clone(),
            env: cfg.settings.env.clone(),
            title: format!("bext-worker: {} #{}", cfg.name, slot.id),
        };
        let spawned_at = Instant::now();
        let spawned = match self.services.spawner.spawn(spec).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(pool = %cfg.name, worker = slot.id, "cannot start {}: {e}", self.services.worker_bin.display());
                slot.failures += 1;
                handle.metrics.failures.inc();
                slot.last_error = Some(format!("spawn failed: {e}"));
                slot.retry_at =
                    policy::restart_delay(slot.failures, &cfg.settings.lifecycle.recovery)
                        .map(|d| Instant::now() + d.max(Duration::from_millis(100)));
                slot.given_up = slot.retry_at.is_none();
                return;
            }
        };
        let settings = WorkerSettings {
            script: cfg.script.to_string_lossy().into_owned(),
            request_timeout_ms: cfg.settings.request_timeout_ms,
            heartbeat_interval_ms: cfg.settings.heartbeat_interval_ms,
            js_memory_limit_mb: cfg.settings.js_memory_limit_mb,
            max_frame_bytes: protocol::DEFAULT_MAX_FRAME_BYTES,
        };
        let pid = spawned.pid;
        for (fd, stream) in [(spawned.stdout, "stdout"), (spawned.stderr, "stderr")] {
            if let Some(fd) = fd {
                crate::output::capture(fd, stream, self.handle.name.clone(), slot.id, pid.as_raw());
            }
        }
        let link = match link::connect(
            self.handle.name.clone(),
            slot.id,
            pid,
            generation,
            spawned.socket,
            settings,
            self.events_tx.clone(),
        ) {
            Ok(l) => l,
            Err(e) => {
                tracing::error!(pool = %cfg.name, worker = slot.id, pid = pid.as_raw(), "cannot watch the worker's socket: {e}");
                let _ = kill(pid, Signal::SIGKILL);
                return;
            }
        };
        tracing::debug!(pool = %cfg.name, worker = slot.id, pid = pid.as_raw(), generation, "worker spawned");
        slot.procs.push(Proc {
            pid,
            generation,
            link,
            state: SlotState::Booting,
            spawned_at,
            started_unix_ms: crate::memory::unix_ms(),
            active_at: None,
            reason: None,
            kill_at: None,
            killed: false,
            rss_bytes: 0,
            peak_rss_bytes: 0,
        });
        if let Some(exit) = self
            .services
            .registry
            .register(pid, spawned_at, self.exits_tx.clone())
        {
            let _ = self.exits_tx.send(exit);
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

fn hours(h: f64) -> Duration {
    if h > 0.0 {
        Duration::from_secs_f64(h * 3600.0)
    } else {
        Duration::ZERO
    }
}

fn kill_proc(p: &mut Proc, _why: &str) {
    if !p.killed {
        p.killed = true;
        p.link.set_accepting(false);
        let _ = kill(p.pid, Signal::SIGKILL);
    }
}
