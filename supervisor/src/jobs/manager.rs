//! The job manager: one task owning every job, its process and its row.
//!
//! It selects on requests from [`JobsHandle`](super::JobsHandle)s, reports
//! from job processes, exits from the reaper and a sampling tick
//! (`[jobs] sample_interval_ms`). On each tick it reads every running job's
//! RSS from /proc (warn at `memory_warn_pct`, kill after `memory_grace_ms`
//! over the reservation), kills jobs past their timeout or their cancel's
//! grace, restarts daemons whose backoff is over, writes changed rows and
//! starts what the queue now lets through.
//!
//! A run ends when both its exit and the end of its socket are in (either
//! may come first): its last frames (`JobFinished`, the final checkpoint)
//! are read before it is judged.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use nix::unistd::Pid;
use protocol::control::{JobInfo, JobState, JobStats};
use protocol::worker::{JobOutcome, JobStart, LogLevel, MasterToWorker};
use tokio::sync::{mpsc, oneshot};

use super::policy::{self, DaemonBackoff, Limits, Memory, Usage, Waiting};
use super::run::{self, Report, RunEvent};
use super::store::{self, JobConfig, Row, Writer};
use super::{Msg, PoolInfo, SpawnRequest};
use crate::config::Jobs;
use crate::process::memory::{rss_bytes, unix_ms};
use crate::process::reaper::{Exit, ExitKind};
use crate::process::registry::Registry;
use crate::process::spawn::{SpawnSpec, Spawner};

/// Where job processes come from.
#[derive(Debug, Clone)]
pub struct Services {
    pub spawner: Spawner,
    pub registry: Arc<Registry>,
    pub worker_bin: std::path::PathBuf,
}

/// Why bextd asked a running job to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StopWhy {
    /// `bext jobs cancel`, `bext.jobs.cancel`.
    Cancel,
    /// bextd is stopping.
    Shutdown,
}

/// One process running a job.
struct Proc {
    seq: u64,
    pid: Pid,
    process: crate::process::pidfd::Process,
    tx: mpsc::UnboundedSender<MasterToWorker>,
    started: Instant,
    deadline: Option<Instant>,
    rss: Option<u64>,
    over_since: Option<Instant>,
    warned: bool,
    stop: Option<(StopWhy, Instant)>,
    outcome: Option<JobOutcome>,
    /// Why bextd killed it (memory, timeout), for the record.
    killed: Option<String>,
    broke: Option<String>,
    exit: Option<ExitKind>,
    closed: bool,
}

struct Job {
    row: Row,
    checkpoint: Option<String>,
    logs: String,
    /// Row or log changed since the last write.
    dirty: bool,
    logs_dirty: bool,
    proc: Option<Proc>,
    /// A crashed daemon waits until then.
    restart_at: Option<Instant>,
    /// Crashes in a row (daemons).
    crashes: u32,
}

impl Job {
    fn info(&self, with_checkpoint: bool) -> JobInfo {
        let r = &self.row;
        let now = Instant::now();
        JobInfo {
            id: r.id.clone(),
            pool: r.pool.clone(),
            script: r.script.clone(),
            status: r.status,
            daemon: r.config.daemon,
            memory_bytes: r.config.memory_bytes,
            timeout_ms: r.config.timeout_ms,
            retry_on_restart: r.config.retry_on_restart,
            data: r.config.data.clone(),
            progress: r.progress,
            result: r
                .result
                .as_deref()
                .and_then(|j| serde_json::from_str(j).ok()),
            error: r.error.clone(),
            checkpoint: if with_checkpoint {
                self.checkpoint
                    .as_deref()
                    .and_then(|j| serde_json::from_str(j).ok())
            } else {
                None
            },
            checkpoint_bytes: self.checkpoint.as_ref().map_or(0, |c| c.len() as u64),
            restart_count: r.restart_count,
            created_at: r.created_at,
            started_at: r.started_at,
            completed_at: r.completed_at,
            pid: self.proc.as_ref().map(|p| p.pid.as_raw() as u32),
            rss_bytes: self.proc.as_ref().and_then(|p| p.rss),
            restart_at: self
                .restart_at
                .map(|at| unix_ms() + at.saturating_duration_since(now).as_millis() as u64),
        }
    }
}

/// Where the state file stands.
enum Store {
    /// No file yet: created at the first spawn.
    Absent,
    Open(Writer),
    /// It exists and cannot be used: jobs run, nothing is kept.
    Broken(String),
}

struct Manager {
    cfg: Arc<Jobs>,
    pools: Vec<PoolInfo>,
    services: Services,
    metrics: crate::metrics::JobMetrics,
    jobs: HashMap<String, Job>,
    /// Waiting to start, oldest first.
    queue: VecDeque<String>,
    /// Final jobs, oldest first, kept up to `keep_finished`.
    finished: VecDeque<String>,
    by_pid: HashMap<Pid, String>,
    store: Store,
    events_tx: mpsc::UnboundedSender<RunEvent>,
    exits_tx: mpsc::UnboundedSender<Exit>,
    next_seq: u64,
    stopping: Option<(Instant, oneshot::Sender<()>)>,
    since_prune: u32,
    /// Something happened that may let a queued job start or changes the
    /// counts: admit, save and publish after it. Progress, checkpoints and
    /// log lines (a thousand a second with 20 busy jobs) do not; their rows
    /// are saved on the next tick.
    recheck: bool,
}

pub(super) fn start(
    cfg: Arc<Jobs>,
    pools: Vec<PoolInfo>,
    services: Services,
    metrics: crate::metrics::JobMetrics,
    rx: mpsc::UnboundedReceiver<Msg>,
) {
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let (exits_tx, exits_rx) = mpsc::unbounded_channel();
    let mut m = Manager {
        cfg,
        pools,
        services,
        metrics,
        jobs: HashMap::new(),
        queue: VecDeque::new(),
        finished: VecDeque::new(),
        by_pid: HashMap::new(),
        store: Store::Absent,
        events_tx,
        exits_tx,
        next_seq: 1,
        stopping: None,
        since_prune: 0,
        recheck: true,
    };
    m.restore();
    tokio::spawn(m.run(rx, events_rx, exits_rx));
}

fn level_name(l: LogLevel) -> &'static str {
    match l {
        LogLevel::Error => "error",
        LogLevel::Warn => "warn",
        LogLevel::Info => "info",
        LogLevel::Debug => "debug",
    }
}

impl Manager {
    fn limits(&self) -> Limits {
        Limits {
            max_running: self.cfg.max_running,
            max_running_per_pool: self.cfg.max_running_per_pool,
            budget_bytes: self.cfg.budget_bytes,
        }
    }

    fn backoff(&self) -> DaemonBackoff {
        DaemonBackoff {
            initial: self.cfg.daemon_backoff_initial,
            max: self.cfg.daemon_backoff_max,
            healthy: self.cfg.daemon_healthy,
        }
    }

    /// Opens an existing state file and takes up what it holds: queued
    /// jobs queue again, daemons that were running start again (with their
    /// checkpoint), a one-off job that was running is marked failed
    /// (interrupted), or queued again if it asked for that.
    fn restore(&mut self) {
        let path = self.cfg.state_file.clone();
        if !path.exists() {
            return;
        }
        let loaded = match store::open(&path).and_then(|c| store::load(&c).map(|l| (c, l))) {
            Ok((conn, loaded)) => match Writer::start(conn) {
                Ok(w) => {
                    self.store = Store::Open(w);
                    loaded
                }
                Err(e) => {
                    self.store = Store::Broken(format!("cannot start the writer thread: {e}"));
                    return;
                }
            },
            Err(e) => {
                tracing::error!(error = %e, "cannot use the jobs state file; jobs will run but their state is not kept");
                self.store = Store::Broken(e);
                return;
            }
        };
        let (mut daemons, mut requeued, mut interrupted) = (0, 0, 0);
        for l in loaded {
            let mut job = Job {
                row: l.row,
                checkpoint: l.checkpoint,
                logs: l.logs,
                dirty: false,
                logs_dirty: false,
                proc: None,
                restart_at: None,
                crashes: 0,
            };
            let id = job.row.id.clone();
            match job.row.status {
                JobState::Queued => self.queue.push_back(id.clone()),
                JobState::Running if job.row.config.daemon => {
                    daemons += 1;
                    self.queue.push_back(id.clone());
                }
                JobState::Running if job.row.config.retry_on_restart => {
                    requeued += 1;
                    job.row.status = JobState::Queued;
                    job.dirty = true;
                    self.queue.push_back(id.clone());
                }
                JobState::Running => {
                    interrupted += 1;
                    job.row.status = JobState::Failed;
                    job.row.error = Some("interrupted: bextd stopped while the job ran".into());
                    job.row.completed_at = Some(unix_ms());
                    job.dirty = true;
                    self.finished.push_back(id.clone());
                }
                _ => self.finished.push_back(id.clone()),
            }
            self.jobs.insert(id, job);
        }
        tracing::info!(
            state_file = %path.display(),
            jobs = self.jobs.len(),
            queued = self.queue.len(),
            daemons,
            requeued,
            interrupted,
            "jobs restored"
        );
    }

    async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Msg>,
        mut events: mpsc::UnboundedReceiver<RunEvent>,
        mut exits: mpsc::UnboundedReceiver<Exit>,
    ) {
        let mut tick = tokio::time::interval(self.cfg.sample_interval);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        self.admit().await;
        loop {
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(msg) => self.on_msg(msg).await,
                    None => break,
                },
                Some(ev) = events.recv() => self.on_event(ev),
                Some(exit) = exits.recv() => {
                    self.recheck = true;
                    self.on_exit(exit);
                }
                // Idle (no job process, no restart due), bextd does not wake.
                _ = tick.tick(), if self.needs_tick() => {
                    self.recheck = true;
                    self.on_tick(Instant::now());
                }
            }
            if std::mem::take(&mut self.recheck) {
                self.settle().await;
            }
            if self.stopping.is_some() && self.live() == 0 {
                break;
            }
        }
        self.save();
        if let Store::Open(w) = &self.store {
            let w = w.clone();
            let _ = tokio::task::spawn_blocking(move || w.close(Duration::from_secs(5))).await;
        }
        if let Some((_, done)) = self.stopping.take() {
            let _ = done.send(());
        }
    }

    fn needs_tick(&self) -> bool {
        self.jobs
            .values()
            .any(|j| j.proc.is_some() || j.restart_at.is_some())
    }

    /// Job processes still running.
    fn live(&self) -> usize {
        self.jobs.values().filter(|j| j.proc.is_some()).count()
    }

    async fn settle(&mut self) {
        if self.stopping.is_none() {
            self.admit().await;
        }
        self.save();
        self.publish();
    }

    async fn on_msg(&mut self, msg: Msg) {
        if matches!(msg, Msg::Spawn(..) | Msg::Cancel(..) | Msg::Shutdown(..)) {
            self.recheck = true;
        }
        match msg {
            Msg::Spawn(req, reply) => {
                let r = self.spawn(req);
                let _ = reply.send(r);
            }
            Msg::Get(id, reply) => {
                let _ = reply.send(self.jobs.get(&id).map(|j| j.info(true)));
            }
            Msg::List(reply) => {
                let mut list: Vec<&Job> = self.jobs.values().collect();
                list.sort_by(|a, b| {
                    (a.row.created_at, &a.row.id).cmp(&(b.row.created_at, &b.row.id))
                });
                let infos = list.into_iter().map(|j| j.info(false)).collect();
                let _ = reply.send((infos, self.stats()));
            }
            Msg::Cancel(id, reply) => {
                let r = self.cancel(&id, Instant::now());
                let _ = reply.send(r);
            }
            Msg::Logs(id, reply) => {
                let _ = reply.send(self.jobs.get(&id).map(|j| j.logs.clone()));
            }
            Msg::Stats(reply) => {
                let _ = reply.send(self.stats());
            }
            Msg::Shutdown(deadline, done) => self.begin_shutdown(deadline, done),
            Msg::SetPools(pools) => self.pools = pools,
        }
    }

    fn stats(&self) -> JobStats {
        let running = self.jobs.values().filter(|j| j.proc.is_some()).count() as u32;
        JobStats {
            running,
            queued: self.queue.len() as u32,
            budget_used_bytes: self.reserved(),
            budget_total_bytes: self.cfg.budget_bytes,
            max_running: self.cfg.max_running,
            max_running_per_pool: self.cfg.max_running_per_pool,
        }
    }

    fn reserved(&self) -> u64 {
        self.jobs
            .values()
            .filter(|j| j.proc.is_some())
            .map(|j| j.row.config.memory_bytes)
            .sum()
    }

    fn pool(&self, name: Option<&str>) -> Result<&PoolInfo, String> {
        match name {
            None => self
                .pools
                .iter()
                .find(|p| p.name == "render")
                .or(self.pools.first())
                .ok_or_else(|| "no pool is configured".into()),
            Some(n) => self.pools.iter().find(|p| p.name == n).ok_or_else(|| {
                let names: Vec<&str> = self.pools.iter().map(|p| p.name.as_str()).collect();
                format!("no pool named {n:?} (pools: {})", names.join(", "))
            }),
        }
    }

    /// Opens (creating) the state file if it is not open yet.
    fn writer(&mut self) -> Result<Option<&Writer>, String> {
        if let Store::Absent = self.store {
            let conn = store::open(&self.cfg.state_file)
                .map_err(|e| format!("{e} (set [jobs] state_file to a writable path)"))?;
            let w = Writer::start(conn).map_err(|e| e.to_string())?;
            tracing::info!(state_file = %self.cfg.state_file.display(), "jobs state file created");
            self.store = Store::Open(w);
        }
        match &self.store {
            Store::Open(w) => Ok(Some(w)),
            Store::Broken(e) => Err(format!(
                "the jobs state file cannot be used ({e}); no job is started whose state could not be kept"
            )),
            Store::Absent => Ok(None),
        }
    }

    fn spawn(&mut self, req: SpawnRequest) -> Result<(String, JobState), String> {
        if self.stopping.is_some() {
            return Err("bextd is shutting down: no new jobs".into());
        }
        let pool = self.pool(req.pool.as_deref())?.clone();
        let script = find_script(&pool, req.cwd.as_deref(), &req.script)?;
        let memory = req.memory_bytes.unwrap_or(self.cfg.default_memory_bytes);
        if memory == 0 {
            return Err("memory must be more than 0 bytes".into());
        }
        if memory > self.cfg.budget_bytes {
            return Err(format!(
                "the job asks for {} of memory, more than the whole job budget of {} ([jobs] memory_budget_mb): it could never run",
                protocol::size::format_size(memory),
                protocol::size::format_size(self.cfg.budget_bytes)
            ));
        }
        let id = match req.id {
            Some(id) if protocol::worker::is_job_id(&id) => id,
            Some(id) => return Err(format!("{id:?} is not a valid job id")),
            None => new_id(),
        };
        if self.jobs.contains_key(&id) {
            return Err(format!("a job with id {id} already exists"));
        }
        self.writer()?;
        let row = Row {
            id: id.clone(),
            pool: pool.name.clone(),
            script: script.to_string_lossy().into_owned(),
            status: JobState::Queued,
            config: JobConfig {
                daemon: req.daemon,
                memory_bytes: memory,
                timeout_ms: req.timeout_ms,
                retry_on_restart: req.retry_on_restart,
                data: req.data,
            },
            progress: 0.0,
            result: None,
            error: None,
            restart_count: 0,
            created_at: unix_ms(),
            started_at: None,
            completed_at: None,
        };
        tracing::info!(job = %id, pool = %row.pool, script = %row.script, daemon = req.daemon,
            memory = %protocol::size::format_size(memory), "job queued");
        self.jobs.insert(
            id.clone(),
            Job {
                row,
                checkpoint: None,
                logs: String::new(),
                dirty: true,
                logs_dirty: false,
                proc: None,
                restart_at: None,
                crashes: 0,
            },
        );
        self.queue.push_back(id.clone());
        self.save();
        Ok((id, JobState::Queued))
    }

    /// Cancels a job; returns the state it was in.
    fn cancel(&mut self, id: &str, now: Instant) -> Result<JobState, String> {
        let grace = self.cfg.cancel_grace;
        let kill_at = now + grace + self.cfg.kill_grace;
        let Some(job) = self.jobs.get_mut(id) else {
            return Err(format!("no job {id}"));
        };
        let was = job.row.status;
        if was.is_final() {
            return Ok(was);
        }
        match job.proc.as_mut() {
            Some(p) => {
                if p.stop.is_none() {
                    p.stop = Some((StopWhy::Cancel, kill_at));
                    let _ = p.tx.send(MasterToWorker::CancelJob {
                        interrupt_after_ms: grace.as_millis() as u64,
                    });
                    tracing::info!(job = %id, pid = p.pid.as_raw(), "job cancelled: asking it to stop");
                }
            }
            None => {
                // Queued, or a daemon between two runs.
                self.queue.retain(|q| q != id);
                let job = self.jobs.get_mut(id).expect("found above");
                job.restart_at = None;
                self.finish(id, JobState::Cancelled, None, None);
                tracing::info!(job = %id, "job cancelled before it ran");
            }
        }
        Ok(was)
    }

    fn begin_shutdown(&mut self, deadline: Instant, done: oneshot::Sender<()>) {
        let now = Instant::now();
        let left = deadline.saturating_duration_since(now);
        // Interrupt in time to still be killed before the deadline.
        let grace = self.cfg.cancel_grace.min(left.mul_f64(0.8));
        let mut asked = 0;
        for job in self.jobs.values_mut() {
            if let Some(p) = job.proc.as_mut() {
                p.stop = Some((StopWhy::Shutdown, deadline));
                let _ = p.tx.send(MasterToWorker::CancelJob {
                    interrupt_after_ms: grace.as_millis() as u64,
                });
                asked += 1;
            }
        }
        if asked > 0 {
            tracing::info!(
                jobs = asked,
                "stopping jobs: cancelled, then killed at the shutdown deadline"
            );
        }
        self.stopping = Some((deadline, done));
    }

    /// Starts queued jobs while the limits and the budget allow.
    async fn admit(&mut self) {
        let picks: Vec<String> = {
            let mut usage = Usage::default();
            for j in self.jobs.values().filter(|j| j.proc.is_some()) {
                usage.running += 1;
                usage.reserved_bytes += j.row.config.memory_bytes;
                *usage.per_pool.entry(j.row.pool.as_str()).or_default() += 1;
            }
            let waiting: Vec<Waiting<'_>> = self
                .queue
                .iter()
                .map(|id| {
                    let j = &self.jobs[id];
                    Waiting {
                        pool: &j.row.pool,
                        memory_bytes: j.row.config.memory_bytes,
                    }
                })
                .collect();
            policy::admit(&waiting, &usage, self.limits())
                .into_iter()
                .map(|i| self.queue[i].clone())
                .collect()
        };
        for id in picks {
            self.queue.retain(|q| *q != id);
            self.launch(&id).await;
        }
    }

    async fn launch(&mut self, id: &str) {
        let Some(job) = self.jobs.get(id) else {
            return;
        };
        let Ok(pool) = self.pool(Some(&job.row.pool)).cloned() else {
            // Its pool is gone from the config.
            let why = format!("its pool {} is no longer configured", job.row.pool);
            self.finish(id, JobState::Failed, Some(why), None);
            return;
        };
        let spec = SpawnSpec {
            program: self.services.worker_bin.clone(),
            env: pool.env.clone(),
            title: format!("bext-worker: job {id} ({})", pool.name),
            uid: pool.uid,
            gid: pool.gid,
        };
        let at = Instant::now();
        let spawned = match self.services.spawner.spawn(spec).await {
            Ok(s) => s,
            Err(e) => {
                let why = format!("cannot start {}: {e}", self.services.worker_bin.display());
                self.crashed(id, why, Duration::ZERO);
                return;
            }
        };
        let seq = self.next_seq;
        self.next_seq += 1;
        let job = self.jobs.get_mut(id).expect("checked above");
        let start = JobStart {
            id: id.to_owned(),
            pool: pool.name.clone(),
            script: job.row.script.clone(),
            data_json: job.row.config.data.to_string(),
            checkpoint_json: job.checkpoint.clone(),
            restart_count: job.row.restart_count,
            daemon: job.row.config.daemon,
            max_checkpoint_bytes: self.cfg.max_checkpoint_bytes,
            max_frame_bytes: protocol::DEFAULT_MAX_FRAME_BYTES,
            env: pool
                .env
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            fetch: pool.fetch.clone(),
        };
        let label: Arc<str> = format!("{} job {id}", pool.name).into();
        for (fd, stream) in [(spawned.stdout, "stdout"), (spawned.stderr, "stderr")] {
            if let Some(fd) = fd {
                crate::process::output::capture(fd, stream, label.clone(), 0, spawned.pid.as_raw());
            }
        }
        let pid = spawned.pid;
        let tx = match run::connect(spawned.socket, start, seq, self.events_tx.clone()) {
            Ok(tx) => tx,
            Err(e) => {
                spawned.process.signal(Signal::SIGKILL);
                self.crashed(
                    id,
                    format!("cannot watch the job's socket: {e}"),
                    Duration::ZERO,
                );
                return;
            }
        };
        let timeout = job.row.config.timeout_ms;
        job.proc = Some(Proc {
            seq,
            pid,
            process: spawned.process,
            tx,
            started: at,
            deadline: (timeout > 0).then(|| at + Duration::from_millis(timeout)),
            rss: None,
            over_since: None,
            warned: false,
            stop: None,
            outcome: None,
            killed: None,
            broke: None,
            exit: None,
            closed: false,
        });
        job.restart_at = None;
        job.row.status = JobState::Running;
        job.row.started_at = Some(unix_ms());
        job.dirty = true;
        self.by_pid.insert(pid, id.to_owned());
        if let Some(exit) = self
            .services
            .registry
            .register(pid, at, self.exits_tx.clone())
        {
            let _ = self.exits_tx.send(exit);
        }
        tracing::info!(job = %id, pool = %pool.name, pid = pid.as_raw(), restarts = job.row.restart_count, "job started");
    }

    fn on_event(&mut self, ev: RunEvent) {
        let log_bytes = self.cfg.log_bytes;
        let Some(job) = self.jobs.get_mut(&ev.id) else {
            return;
        };
        let Some(p) = job.proc.as_mut().filter(|p| p.seq == ev.run) else {
            return; // a report of an earlier run
        };
        if matches!(
            ev.report,
            Report::Finished(_) | Report::Call { .. } | Report::Closed(_)
        ) {
            self.recheck = true;
        }
        match ev.report {
            Report::Progress(x) => {
                job.row.progress = x;
                job.dirty = true;
            }
            Report::Checkpoint(json) => {
                if let Store::Open(w) = &self.store {
                    w.checkpoint(&ev.id, json.clone());
                }
                job.checkpoint = Some(json);
            }
            Report::Log(level, text) => {
                let text = crate::logging::untrusted(&text);
                let secs = p.started.elapsed().as_secs_f64();
                append_log(
                    &mut job.logs,
                    &format!("[+{secs:.3}s] {} {text}\n", level_name(level)),
                    log_bytes,
                );
                job.logs_dirty = true;
                let (id, pool) = (&ev.id, &job.row.pool);
                match level {
                    LogLevel::Error => {
                        tracing::error!(target: "bext::job", job = %id, pool = %pool, "{text}")
                    }
                    LogLevel::Warn => {
                        tracing::warn!(target: "bext::job", job = %id, pool = %pool, "{text}")
                    }
                    LogLevel::Info => {
                        tracing::info!(target: "bext::job", job = %id, pool = %pool, "{text}")
                    }
                    LogLevel::Debug => {
                        tracing::debug!(target: "bext::job", job = %id, pool = %pool, "{text}")
                    }
                }
            }
            Report::Finished(outcome) => p.outcome = Some(outcome),
            Report::Call { query, call } => {
                // A job using `bext.jobs`: answered like a pool worker's call.
                let tx = p.tx.clone();
                let reply = self.local_call(&ev.id, call);
                let _ = tx.send(MasterToWorker::JobReply { query, reply });
            }
            Report::Closed(broke) => {
                p.closed = true;
                if let Some(why) = broke {
                    tracing::error!(job = %ev.id, pid = p.pid.as_raw(), error = %why, "job process broke the protocol; killing it");
                    p.broke = Some(why);
                    p.process.signal(Signal::SIGKILL);
                }
                self.maybe_ended(&ev.id);
            }
        }
    }

    /// A `bext.jobs` call from inside a job, answered at once.
    fn local_call(
        &mut self,
        from: &str,
        call: protocol::worker::JobCall,
    ) -> Result<String, String> {
        use protocol::worker::JobCall;
        match call {
            JobCall::Spawn(s) => {
                let pool = self.jobs.get(from).map(|j| j.row.pool.clone());
                let req = SpawnRequest::from_worker(s, pool);
                self.spawn(req)
                    .map(|(id, _)| serde_json::Value::String(id).to_string())
            }
            JobCall::Get { id } => serde_json::to_string(&self.jobs.get(&id).map(|j| j.info(true)))
                .map_err(|e| e.to_string()),
            JobCall::Cancel { id } => Ok(self
                .cancel(&id, Instant::now())
                .is_ok_and(|s| !s.is_final())
                .to_string()),
        }
    }

    fn on_exit(&mut self, exit: Exit) {
        let Some(id) = self.by_pid.remove(&exit.pid) else {
            return;
        };
        if let Some(p) = self.jobs.get_mut(&id).and_then(|j| j.proc.as_mut()) {
            p.exit = Some(exit.status);
        }
        self.maybe_ended(&id);
    }

    /// Judges a run once its exit and the end of its socket are both in.
    fn maybe_ended(&mut self, id: &str) {
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        let ready = job
            .proc
            .as_ref()
            .is_some_and(|p| p.closed && p.exit.is_some());
        if !ready {
            return;
        }
        let p = job.proc.take().expect("checked above");
        let ran = p.started.elapsed();
        let daemon = job.row.config.daemon;
        let exit = p.exit.expect("checked above");
        match (p.stop.map(|s| s.0), p.outcome, p.killed.or(p.broke)) {
            // bextd is stopping: daemons stay "running" (however their run
            // ended) to start again with it from their checkpoint.
            (Some(StopWhy::Shutdown), _, _) if daemon => job.dirty = true,
            // A one-off job that did not finish is queued again or marked
            // interrupted.
            (Some(StopWhy::Shutdown), outcome, _)
                if !matches!(
                    outcome,
                    Some(JobOutcome::Completed { .. } | JobOutcome::Failed { .. })
                ) =>
            {
                if job.row.config.retry_on_restart {
                    job.row.status = JobState::Queued;
                    job.dirty = true;
                } else {
                    let why = "interrupted: bextd shut down while the job ran".to_string();
                    self.finish(id, JobState::Failed, Some(why), None);
                }
            }
            (Some(StopWhy::Cancel), outcome, killed) => {
                let error = killed.map(|k| format!("cancelled, then {k}"));
                let result = match outcome {
                    Some(JobOutcome::Completed { result_json }) => Some(result_json),
                    _ => None,
                };
                self.metrics_killed_if(exit, "cancel");
                self.finish(id, JobState::Cancelled, error, result);
            }
            (_, _, Some(why)) if why.starts_with("timeout") => {
                self.finish(id, JobState::Failed, Some(why), None);
            }
            (_, Some(JobOutcome::Completed { result_json }), _) => {
                job.row.progress = 1.0;
                self.finish(id, JobState::Completed, None, Some(result_json));
            }
            (_, Some(JobOutcome::Cancelled), _) => {
                self.finish(id, JobState::Cancelled, None, None);
            }
            (_, Some(JobOutcome::Failed { message, stack }), None) => {
                let why = if stack.is_empty() {
                    message
                } else {
                    format!("{message}\n{}", stack.trim_end())
                };
                if daemon {
                    self.crashed(id, why, ran);
                } else {
                    self.finish(id, JobState::Failed, Some(why), None);
                }
            }
            (_, _, killed) => {
                let why = killed.unwrap_or_else(|| {
                    format!("the job process died ({exit}) before run(job) returned")
                });
                if daemon {
                    self.crashed(id, why, ran);
                } else {
                    self.finish(id, JobState::Failed, Some(why), None);
                }
            }
        }
    }

    fn metrics_killed_if(&self, exit: ExitKind, reason: &str) {
        if exit == ExitKind::Signal(Signal::SIGKILL as i32) {
            self.metrics.killed(reason);
        }
    }

    /// A daemon's run ended badly: wait out the backoff, then run again
    /// from its last checkpoint. A one-off job that could not start fails.
    fn crashed(&mut self, id: &str, why: String, ran: Duration) {
        let backoff = self.backoff();
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        if !job.row.config.daemon {
            self.finish(id, JobState::Failed, Some(why), None);
            return;
        }
        job.crashes = backoff.crashes(job.crashes, ran);
        let delay = backoff.delay(job.crashes);
        job.restart_at = Some(Instant::now() + delay);
        job.row.restart_count = job.row.restart_count.saturating_add(1);
        job.row.error = Some(why.clone());
        job.dirty = true;
        self.metrics.restarts.inc();
        tracing::warn!(job = %id, pool = %job.row.pool, restarts = job.row.restart_count,
            delay_ms = delay.as_millis() as u64, error = %why, "daemon crashed; restarting it after its backoff");
    }

    /// Marks a job final and keeps it among the finished.
    fn finish(&mut self, id: &str, state: JobState, error: Option<String>, result: Option<String>) {
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        job.row.status = state;
        if error.is_some() {
            job.row.error = error;
        }
        if result.is_some() {
            job.row.result = result;
        }
        job.row.completed_at = Some(unix_ms());
        job.dirty = true;
        self.metrics.finished(state.name());
        match state {
            JobState::Failed => tracing::warn!(job = %id, pool = %job.row.pool,
                error = %job.row.error.as_deref().unwrap_or(""), "job failed"),
            _ => tracing::info!(job = %id, pool = %job.row.pool, state = %state, "job ended"),
        }
        self.finished.push_back(id.to_owned());
        let keep = self.cfg.keep_finished as usize;
        while self.finished.len() > keep {
            if let Some(old) = self.finished.pop_front() {
                self.jobs.remove(&old);
            }
            self.since_prune += 1;
        }
    }

    fn on_tick(&mut self, now: Instant) {
        let (grace, warn_pct) = (self.cfg.memory_grace, self.cfg.memory_warn_pct);
        let mut due = Vec::new();
        for (id, job) in self.jobs.iter_mut() {
            if job.restart_at.is_some_and(|at| at <= now) && self.stopping.is_none() {
                job.restart_at = None;
                due.push(id.clone());
            }
            let reserved = job.row.config.memory_bytes;
            let Some(p) = job.proc.as_mut() else {
                continue;
            };
            if p.exit.is_some() {
                continue;
            }
            if let Some((_, kill_at)) = p.stop
                && now >= kill_at
                && p.killed.is_none()
            {
                p.killed = Some(format!(
                    "killed: still running {} ms after it was asked to stop",
                    now.duration_since(p.started).as_millis()
                ));
                p.process.signal(Signal::SIGKILL);
                continue;
            }
            if let Some(deadline) = p.deadline
                && now >= deadline
                && p.killed.is_none()
            {
                p.killed = Some(format!(
                    "timeout: ran longer than its timeout of {} ms",
                    job.row.config.timeout_ms
                ));
                self.metrics.killed("timeout");
                tracing::warn!(job = %id, pid = p.pid.as_raw(), "job ran past its timeout; killing it");
                p.process.signal(Signal::SIGKILL);
                continue;
            }
            let Some(rss) = rss_bytes(p.pid) else {
                continue;
            };
            p.rss = Some(rss);
            let verdict = policy::memory(rss, reserved, warn_pct, grace, p.over_since, now);
            match verdict {
                Memory::Fine => p.over_since = None,
                // A job that went past the warning line between two samples
                // is warned about too.
                Memory::Warn | Memory::Over { .. } => {
                    p.over_since = match verdict {
                        Memory::Over { since } => Some(since),
                        _ => None,
                    };
                    if !p.warned {
                        p.warned = true;
                        tracing::warn!(job = %id, pid = p.pid.as_raw(),
                            rss = %protocol::size::format_size(rss),
                            reserved = %protocol::size::format_size(reserved),
                            "job is using {warn_pct}% or more of its memory reservation");
                    }
                }
                Memory::Kill { since } => {
                    if p.killed.is_none() {
                        p.killed = Some(format!(
                            "memory: RSS {} over its reservation of {} for {} ms",
                            protocol::size::format_size(rss),
                            protocol::size::format_size(reserved),
                            now.duration_since(since).as_millis()
                        ));
                        self.metrics.killed("memory");
                        tracing::warn!(job = %id, pid = p.pid.as_raw(), "job over its memory reservation past the grace; killing it");
                        p.process.signal(Signal::SIGKILL);
                    }
                }
            }
        }
        // Restarted daemons go first: they held their place before.
        for id in due.into_iter().rev() {
            self.queue.push_front(id);
        }
    }

    /// Sends every changed row and log to the writer.
    fn save(&mut self) {
        let Store::Open(w) = &self.store else {
            for j in self.jobs.values_mut() {
                j.dirty = false;
                j.logs_dirty = false;
            }
            return;
        };
        for j in self.jobs.values_mut() {
            if j.dirty {
                w.put(j.row.clone());
                j.dirty = false;
            }
            if j.logs_dirty {
                w.logs(&j.row.id, j.logs.clone());
                j.logs_dirty = false;
            }
        }
        if self.since_prune > 0 {
            w.prune(self.cfg.keep_finished);
            self.since_prune = 0;
        }
    }

    fn publish(&self) {
        let mut counts: HashMap<&str, u64> = JobState::ALL.iter().map(|s| (s.name(), 0)).collect();
        for j in self.jobs.values() {
            *counts.entry(j.row.status.name()).or_default() += 1;
        }
        let by_state: Vec<(&str, u64)> = counts.into_iter().collect();
        self.metrics
            .set(&by_state, self.reserved(), self.cfg.budget_bytes);
    }
}

/// The job's module: absolute; else in the pool script's folder; else
/// (from the CLI) in the caller's current folder.
fn find_script(
    pool: &PoolInfo,
    cwd: Option<&std::path::Path>,
    script: &str,
) -> Result<std::path::PathBuf, String> {
    if script.trim().is_empty() {
        return Err("the job's script path is empty".into());
    }
    let p = std::path::Path::new(script);
    let mut tried = vec![pool.dir.join(p)];
    if let Some(cwd) = cwd
        && p.is_relative()
    {
        tried.push(cwd.join(p));
    }
    for t in &tried {
        if t.is_file() {
            return Ok(t.canonicalize().unwrap_or_else(|_| t.clone()));
        }
    }
    let looked: Vec<String> = tried.iter().map(|t| t.display().to_string()).collect();
    Err(format!(
        "no job script {script:?} (looked for {}; a relative path is taken from the folder of pool {}'s script)",
        looked.join(" and "),
        pool.name
    ))
}

fn new_id() -> String {
    protocol::worker::new_job_id(unix_ms(), rand::random())
}

/// Appends `line` to a job's log, keeping the last `max` bytes (from a
/// line's start).
fn append_log(logs: &mut String, line: &str, max: usize) {
    logs.push_str(line);
    if logs.len() > max {
        let mut cut = logs.len() - max;
        while !logs.is_char_boundary(cut) {
            cut += 1;
        }
        let start = logs[cut..].find('\n').map_or(cut, |n| cut + n + 1);
        logs.drain(..start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_keeps_its_tail_from_a_line_start() {
        let mut l = String::new();
        for i in 0..100 {
            append_log(&mut l, &format!("line {i}\n"), 40);
        }
        assert!(l.len() <= 40, "{l}");
        assert!(l.starts_with("line "), "{l}");
        assert!(l.ends_with("line 99\n"), "{l}");
    }

    #[test]
    fn scripts_are_found_in_the_pool_folder_then_the_cwd() {
        let pool_dir = tempfile::tempdir().unwrap();
        let cwd = tempfile::tempdir().unwrap();
        std::fs::write(pool_dir.path().join("a.js"), "").unwrap();
        std::fs::write(cwd.path().join("b.js"), "").unwrap();
        let pool = PoolInfo {
            name: "render".into(),
            dir: pool_dir.path().to_path_buf(),
            env: Default::default(),
            uid: None,
            gid: None,
            fetch: protocol::worker::FetchPolicy {
                allow: Vec::new(),
                timeout_ms: 30_000,
                max_response_bytes: 16 << 20,
            },
        };
        assert!(find_script(&pool, Some(cwd.path()), "a.js").is_ok());
        assert!(find_script(&pool, Some(cwd.path()), "b.js").is_ok());
        let e = find_script(&pool, Some(cwd.path()), "c.js").unwrap_err();
        assert!(e.contains("c.js") && e.contains("render"), "{e}");
    }
}
