//! New jobs, from the request to the running process: `spawn` checks a
//! request and queues the job, `admit` picks what the limits and the budget
//! let start, `launch` starts a job's process and hands it its work.

use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use nix::unistd::Pid;
use protocol::control::JobState;
use protocol::worker::{JobStart, MasterToWorker};
use tokio::sync::mpsc;

use super::{Job, Manager, Proc};
use crate::jobs::policy::{self, Limits, Usage, Waiting};
use crate::jobs::run;
use crate::jobs::store::{JobConfig, Row};
use crate::jobs::{PoolInfo, SpawnRequest};
use crate::process::memory::unix_ms;
use crate::process::spawn::SpawnSpec;

impl Manager {
    pub(super) fn spawn(&mut self, mut req: SpawnRequest) -> Result<(String, JobState), String> {
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
        let id = match req.id.take() {
            Some(id) if protocol::worker::is_job_id(&id) => id,
            Some(id) => return Err(format!("{id:?} is not a valid job id")),
            None => new_id(),
        };
        if self.jobs.contains_key(&id) {
            return Err(format!("a job with id {id} already exists"));
        }
        self.writer()?;
        let daemon = req.daemon;
        let row = queued_row(id.clone(), &pool, &script, memory, req);
        tracing::info!(job = %id, pool = %row.pool, script = %row.script, daemon,
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

    fn limits(&self) -> Limits {
        Limits {
            max_running: self.cfg.max_running,
            max_running_per_pool: self.cfg.max_running_per_pool,
            budget_bytes: self.cfg.budget_bytes,
        }
    }

    /// Starts queued jobs while the limits and the budget allow.
    pub(super) async fn admit(&mut self) {
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
        let start = self.job_start(id, &pool);
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
        let job = self.jobs.get_mut(id).expect("checked above");
        let timeout = job.row.config.timeout_ms;
        job.proc = Some(Proc::new(seq, pid, spawned.process, tx, at, timeout));
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

    /// The work a job's process is handed: its script, data, checkpoint
    /// and pool's settings.
    fn job_start(&self, id: &str, pool: &PoolInfo) -> JobStart {
        let job = &self.jobs[id];
        JobStart {
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
        }
    }
}

impl Proc {
    /// A run just started at `at`, with a deadline if it has a timeout.
    fn new(
        seq: u64,
        pid: Pid,
        process: crate::process::pidfd::Process,
        tx: mpsc::UnboundedSender<MasterToWorker>,
        at: Instant,
        timeout_ms: u64,
    ) -> Proc {
        Proc {
            seq,
            pid,
            process,
            tx,
            started: at,
            deadline: (timeout_ms > 0).then(|| at + Duration::from_millis(timeout_ms)),
            rss: None,
            over_since: None,
            warned: false,
            stop: None,
            outcome: None,
            killed: None,
            broke: None,
            exit: None,
            closed: false,
        }
    }
}

/// A new job's row, queued.
fn queued_row(
    id: String,
    pool: &PoolInfo,
    script: &std::path::Path,
    memory: u64,
    req: SpawnRequest,
) -> Row {
    Row {
        id,
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

#[cfg(test)]
mod tests {
    use super::*;

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
