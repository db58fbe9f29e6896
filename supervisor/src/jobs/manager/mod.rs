//! The job manager: one task carrying out what the jobs core decides.
//!
//! It selects on requests from [`JobsHandle`](super::JobsHandle)s, reports
//! from job processes, exits from the reaper and a sampling tick
//! (`[jobs] sample_interval_ms`, only while something runs or waits to
//! restart). Each becomes an [`Input`] to [`Core::step`] at one reading of
//! the clock; the [`Action`]s that come back are carried out here: start a
//! process (`launch.rs`), ask it to stop, SIGKILL it through its pidfd,
//! hand rows to the store (`jobs/store.rs`, whichever is open), log
//! (`emit.rs`), count and publish metrics, reply. Reads and moves go
//! through the store with the core's answer; one the store gives later
//! is sent from a task of its own. What the core cannot do without I/O is
//! done before it is asked: the job's script is looked for on disk and the
//! store made ready before a job is queued (`intake.rs`), and every run's
//! RSS is read from /proc before a tick. The store's claims come in as
//! inputs (`claims.rs`). Here: the loop and the actions it carries out;
//! the commands' answers are in `commands.rs`, the thread it runs on in
//! `thread.rs`.

mod claims;
mod commands;
mod emit;
mod intake;
mod launch;
mod schedules;
mod spare;
#[cfg(test)]
mod tests;
mod thread;

pub(super) use thread::start;

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use protocol::worker::MasterToWorker;
use tokio::sync::mpsc;

use super::PoolInfo;
use super::command::{Envelope, Reply as Answered, Shutdown};
use super::core::{Action, Clock, Core, Counter, Input, Reply};
use super::outage::{HealthGauges, StoreHealth};
use super::run::{JobLink, RunEvent};
use super::store::{JobStore, StoreEvent};
use super::{Opened, Reporting};
use crate::config::Jobs;
use crate::process::memory::{rss_bytes, unix_ms};
use crate::process::reaper::Exit;
use crate::process::registry::Registry;
use crate::process::spawn::Spawner;

/// Where job processes come from.
#[derive(Debug, Clone)]
pub struct Services {
    pub spawner: Spawner,
    pub registry: Arc<Registry>,
    pub worker_bin: std::path::PathBuf,
}

/// The live half of a run: what reaches its process.
struct Handle {
    run: u64,
    process: crate::process::pidfd::Process,
    /// Its socket; None once closed (a process that will not run another
    /// job exits when it is).
    link: Option<JobLink>,
    /// Jobs its process has run, this one included; 0: a process of its
    /// own, never kept for another job (a daemon, `isolate = "process"`).
    jobs: u32,
}

struct Manager {
    core: Core,
    cfg: Arc<Jobs>,
    services: Services,
    metrics: crate::metrics::JobMetrics,
    store: Box<dyn JobStore>,
    handles: HashMap<String, Handle>,
    events_tx: mpsc::UnboundedSender<RunEvent>,
    exits_tx: mpsc::UnboundedSender<Exit>,
    /// What the store's task reports (its claims), if it has one.
    store_rx: Option<mpsc::UnboundedReceiver<StoreEvent>>,
    /// Told when a shutdown is over.
    stopped: Option<Answered<Shutdown>>,
    /// The pools' recurring jobs.
    timers: Vec<schedules::Timer>,
    /// Pooled job workers between jobs.
    spare: spare::Spare,
    /// When the gauges were last set, and when they are due again.
    published: Instant,
    publish_due: Option<Instant>,
}

/// Shortest time between two settings of the job gauges.
const PUBLISH_EVERY: Duration = Duration::from_millis(50);

/// The next report of the store's task (never, without one).
async fn recv_store(rx: &mut Option<mpsc::UnboundedReceiver<StoreEvent>>) -> Option<StoreEvent> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// Sleeps until Unix time `at` (ms); never, without one.
async fn until_ms(at: Option<u64>) {
    match at {
        Some(at) => tokio::time::sleep(Duration::from_millis(at.saturating_sub(unix_ms()))).await,
        None => std::future::pending().await,
    }
}

/// Sleeps until `at`; never, without one.
async fn until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// The one reading of the clock the core is given.
fn clock() -> Clock {
    Clock {
        at: Instant::now(),
        unix_ms: unix_ms(),
    }
}

/// The manager: opens its store, restores what it holds, then serves.
pub(super) async fn serve(
    cfg: Arc<Jobs>,
    pools: Vec<PoolInfo>,
    services: Services,
    metrics: crate::metrics::JobMetrics,
    health: StoreHealth,
    rx: mpsc::UnboundedReceiver<Envelope>,
) {
    let gauges = HealthGauges {
        up: metrics.store_up.clone(),
        down_since: metrics.store_down_since.clone(),
        outages: metrics.store_outages.clone(),
    };
    let reporting = Reporting {
        health,
        gauges,
        metrics: metrics.clone(),
    };
    let opened = super::open_store(&cfg, reporting);
    serve_on(opened, cfg, pools, services, metrics, rx).await;
}

/// The manager on the store `opened`, whichever it is: restores what it
/// held, then serves.
async fn serve_on(
    opened: Opened,
    cfg: Arc<Jobs>,
    pools: Vec<PoolInfo>,
    services: Services,
    metrics: crate::metrics::JobMetrics,
    rx: mpsc::UnboundedReceiver<Envelope>,
) {
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let (exits_tx, exits_rx) = mpsc::unbounded_channel();
    let timers = schedules::timers(&pools, &[], unix_ms());
    let Opened { mut store, loaded } = opened;
    let store_rx = store.events();
    let core = Core::new(cfg.clone(), pools, store.holding());
    let m = Manager {
        core,
        cfg,
        services,
        metrics,
        store,
        handles: HashMap::new(),
        events_tx,
        exits_tx,
        store_rx,
        stopped: None,
        timers,
        spare: spare::Spare::default(),
        published: Instant::now() - PUBLISH_EVERY,
        publish_due: None,
    };
    m.run(loaded, rx, events_rx, exits_rx).await;
}

impl Manager {
    async fn run(
        mut self,
        loaded: Vec<super::record::Loaded>,
        mut rx: mpsc::UnboundedReceiver<Envelope>,
        mut events: mpsc::UnboundedReceiver<RunEvent>,
        mut exits: mpsc::UnboundedReceiver<Exit>,
    ) {
        let mut tick = tokio::time::interval(self.cfg.sample_interval);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        self.apply(Input::Restore(loaded)).await;
        loop {
            let (due, stopping) = (self.next_due(), self.core.is_stopping());
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(envelope) => self.on_command(envelope).await,
                    None => break,
                },
                Some(ev) = events.recv() => self.on_event(ev).await,
                Some(exit) = exits.recv() => {
                    if !self.spare.exited(exit.pid) {
                        self.apply(Input::Exit { pid: exit.pid, status: exit.status }).await;
                    }
                }
                _ = until(self.spare.next_expiry()) => self.spare.expire(Instant::now()),
                _ = until(self.publish_due) => self.publish(),
                Some(ev) = recv_store(&mut self.store_rx) => self.on_store(ev).await,
                // The next due time of a schedule (none: never).
                _ = until_ms(due), if !stopping => {
                    self.fire_schedules().await;
                }
                // Idle (no job process, no restart due), bextd does not wake.
                _ = tick.tick(), if self.core.needs_tick() => {
                    let rss = self.core.to_sample().into_iter()
                        .filter_map(|(id, run, pid)| Some((id, run, rss_bytes(pid)?)))
                        .collect();
                    self.apply(Input::Tick { rss }).await;
                }
            }
            if self.core.is_stopping() {
                self.spare.close_all();
            }
            if self.core.is_stopped() {
                break;
            }
        }
        for action in self.core.flush() {
            self.carry_out(action).await;
        }
        self.store.close(Duration::from_secs(5)).await;
        if let Some(done) = self.stopped.take() {
            let _ = done.send(Ok(()));
        }
    }

    /// Steps the core with `input` and carries out what it decides, with
    /// the inputs that carrying it out produces (a launch's result);
    /// returns the reply, if the input asked a question.
    async fn apply(&mut self, input: Input) -> Option<Reply> {
        let mut reply = None;
        let mut inputs = VecDeque::from([input]);
        while let Some(input) = inputs.pop_front() {
            for action in self.core.step(input, clock()) {
                match action {
                    Action::Reply(r) => reply = Some(r),
                    action => inputs.extend(self.carry_out(action).await),
                }
            }
        }
        reply
    }

    async fn carry_out(&mut self, action: Action) -> Option<Input> {
        match action {
            Action::Launch {
                id,
                run,
                pool,
                start,
            } => return Some(self.launch(id, run, &pool, *start).await),
            Action::AskStop {
                id,
                run,
                interrupt_after_ms,
            } => {
                if let Some(link) = self.handle(&id, run).and_then(|h| h.link.as_ref()) {
                    link.send(MasterToWorker::CancelJob { interrupt_after_ms });
                }
            }
            Action::Kill { id, run } => {
                if let Some(h) = self.handle(&id, run) {
                    h.process.signal(Signal::SIGKILL);
                }
            }
            Action::Forget { id, run } => {
                if self.handle(&id, run).is_some() {
                    self.handles.remove(&id);
                }
            }
            Action::Save(save) => self.store.save(save),
            Action::Log(log) => emit::log(&log),
            Action::Count(c) => self.count(c),
            Action::Publish => {
                if let Some(cap) = self.core.claim_capacity() {
                    self.store.set_capacity(cap);
                }
                // The gauges count every job kept: under a stream of
                // thousands of short jobs, at most every PUBLISH_EVERY.
                let next = self.published + PUBLISH_EVERY;
                match Instant::now() >= next {
                    true => self.publish(),
                    false => drop(self.publish_due.get_or_insert(next)),
                }
            }
            Action::Reply(_) => unreachable!("taken by apply"),
        }
        None
    }

    fn publish(&mut self) {
        let counts = self.core.counts();
        self.metrics
            .set(&counts, self.core.reserved(), self.cfg.budget_bytes);
        self.published = Instant::now();
        self.publish_due = None;
    }

    fn handle(&self, id: &str, run: u64) -> Option<&Handle> {
        self.handles.get(id).filter(|h| h.run == run)
    }

    fn count(&self, c: Counter) {
        match c {
            Counter::Killed(reason) => self.metrics.killed(reason),
            Counter::Finished(state) => self.metrics.finished(state.name()),
            Counter::Restart => {
                self.metrics.restarts.inc();
            }
            Counter::IllegalTransition => {
                self.metrics.illegal_transitions.inc();
            }
            Counter::LeaseLost => {
                self.metrics.lease_losses.inc();
            }
        }
    }
}
