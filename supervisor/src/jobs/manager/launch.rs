//! Starting a job's process: a pooled job worker of its pool waiting for
//! work (`spare.rs`), or a new one through the spawner thread, its output
//! into the log, its socket's tasks (the hello, `RunJob`, the reports), its
//! pid with the registry so the reaper's exit comes back here. And the end
//! of a run: its process kept for the next job, or its socket closed.

use std::sync::Arc;

use nix::sys::signal::Signal;
use protocol::worker::{JobOutcome, JobStart};

use super::{Handle, Manager, clock};
use crate::jobs::PoolInfo;
use crate::jobs::core::{Input, Report};
use crate::jobs::run;
use crate::process::reaper::ExitKind;
use crate::process::spawn::SpawnSpec;

impl Manager {
    /// Starts run `seq` of job `id`; returns what came of it for the core.
    pub(super) async fn launch(
        &mut self,
        id: String,
        seq: u64,
        pool: &PoolInfo,
        start: JobStart,
    ) -> Input {
        let pooled = pool.worker_max_jobs > 0 && !start.daemon;
        if pooled && let Some(idle) = self.spare.take(&pool.name) {
            let pid = idle.process.pid;
            idle.link.run(start, seq);
            let handle = Handle {
                run: seq,
                process: idle.process,
                link: Some(idle.link),
                jobs: idle.jobs + 1,
            };
            self.handles.insert(id.clone(), handle);
            let at = clock().at;
            return Input::Launched {
                id,
                run: seq,
                pid,
                at,
            };
        }
        let mut env = pool.env.clone();
        if self.cfg.store.is_some() {
            // Shared store: the process stops itself if bextd stays frozen
            // for a lease's time (worker-bin/src/serve/frozen.rs).
            let ttl = self.cfg.lease_ttl.as_millis().to_string();
            env.insert("BEXT_JOB_LEASE_MS".into(), ttl);
        }
        let spec = SpawnSpec {
            program: self.services.worker_bin.clone(),
            env,
            env_pass: pool.env_pass.clone(),
            title: match pooled {
                true => format!("bext-worker: jobs ({})", pool.name),
                false => format!("bext-worker: job {id} ({})", pool.name),
            },
            uid: pool.uid,
            gid: pool.gid,
            pool: pool.name.clone(),
            spawn: pool.spawn,
        };
        let at = clock().at;
        let failed = |error: String| Input::LaunchFailed {
            id: id.clone(),
            run: seq,
            error,
        };
        let spawned = match self.services.spawner.spawn(spec).await {
            Ok(s) => s,
            Err(e) => {
                let bin = self.services.worker_bin.display();
                return failed(format!("cannot start {bin}: {e}"));
            }
        };
        let label: Arc<str> = match pooled {
            true => format!("{} jobs", pool.name).into(),
            false => format!("{} job {id}", pool.name).into(),
        };
        for (fd, stream) in [(spawned.stdout, "stdout"), (spawned.stderr, "stderr")] {
            if let Some(fd) = fd {
                crate::process::output::capture(fd, stream, label.clone(), 0, spawned.pid.as_raw());
            }
        }
        let pid = spawned.pid;
        // Requests first: a job process yields the CPU to the workers.
        let nice = self.cfg.nice as i32;
        if nice > 0
            && let Some(p) = rustix::process::Pid::from_raw(pid.as_raw())
            && let Err(e) = rustix::process::setpriority_process(Some(p), nice)
        {
            tracing::warn!(job = %id, pid = pid.as_raw(), error = %e,
                "cannot lower the job process's CPU priority ([jobs] nice)");
        }
        let link = match run::connect(spawned.socket, start, seq, self.events_tx.clone()) {
            Ok(link) => link,
            Err(e) => {
                spawned.process.signal(Signal::SIGKILL);
                return failed(format!("cannot watch the job's socket: {e}"));
            }
        };
        let handle = Handle {
            run: seq,
            process: spawned.process,
            link: Some(link),
            jobs: u32::from(pooled),
        };
        self.handles.insert(id.clone(), handle);
        if let Some(exit) = self
            .services
            .registry
            .register(pid, at, self.exits_tx.clone())
        {
            let _ = self.exits_tx.send(exit);
        }
        Input::Launched {
            id,
            run: seq,
            pid,
            at,
        }
    }

    /// Run `run` of job `id` reports its end. A pooled process that may
    /// run another job is kept (the core hears of its close and a clean
    /// exit now, as if it had gone); any other is closed, and exits.
    pub(super) async fn finished(&mut self, id: String, run: u64, outcome: JobOutcome) {
        let finished = |report| Input::Report {
            id: id.clone(),
            run,
            report,
        };
        let keep = self
            .handle(&id, run)
            .is_some_and(|h| self.may_keep(&id, h, &outcome));
        if !keep {
            if let Some(h) = self.handles.get_mut(&id).filter(|h| h.run == run) {
                h.link = None;
            }
            self.apply(finished(Report::Finished(outcome))).await;
            return;
        }
        let h = self.handles.remove(&id).expect("checked above");
        if let Some(link) = &h.link {
            link.idle();
        }
        let (pid, pool) = (
            h.process.pid,
            self.core.job(&id).map(|j| j.row.pool.clone()),
        );
        self.apply(finished(Report::Finished(outcome))).await;
        self.apply(finished(Report::Closed(None))).await;
        let status = ExitKind::Code(0);
        self.apply(Input::Exit { pid, status }).await;
        let (Some(pool), Some(link)) = (pool, h.link) else {
            return;
        };
        let max = self.cfg.max_running_per_pool.max(1) as usize;
        self.spare.keep(&pool, h.process, link, h.jobs, max);
    }

    /// Whether the process of a finished run may take another job.
    fn may_keep(&self, id: &str, h: &Handle, outcome: &JobOutcome) -> bool {
        if h.jobs == 0 || matches!(outcome, JobOutcome::Cancelled) || self.core.is_stopping() {
            return false;
        }
        let Some(job) = self.core.job(id) else {
            return false;
        };
        let max_jobs = self
            .core
            .pool(Some(&job.row.pool))
            .map_or(0, |p| p.worker_max_jobs);
        let rss = crate::process::memory::rss_bytes(h.process.pid);
        h.jobs < max_jobs && rss.is_some_and(|rss| rss <= job.row.config.memory_bytes)
    }
}
