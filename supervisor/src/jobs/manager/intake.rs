//! What comes in from outside the core's reach: a spawn request (its
//! script looked for on disk, its id made, the state file opened before
//! it is queued), a job process's reports, and the `bext.jobs` calls a
//! job makes, answered at once (`jobs/call.rs`, as a worker's are).

use std::path::{Path, PathBuf};

use protocol::control::{JobInfo, JobSpec, JobState};
use protocol::worker::MasterToWorker;

use super::{Manager, clock};
use crate::jobs::PoolInfo;
use crate::jobs::call::{self, Door};
use crate::jobs::core::{Input, Reply, Report};
use crate::jobs::error::{JobsError, Question, SpecError};
use crate::jobs::run::{self, RunEvent};
use crate::process::memory::unix_ms;

impl Manager {
    /// Completes `spec` (its id, its pool, its script's absolute path, the
    /// time a delay ends) and queues it.
    pub(super) async fn spawn(
        &mut self,
        mut spec: JobSpec,
    ) -> Result<(String, JobState), JobsError> {
        if self.core.is_stopping() {
            return Err(JobsError::ShuttingDown);
        }
        let pool = self.core.pool(spec.pool.as_deref())?;
        let script = find_script(
            pool,
            spec.cwd.take().map(PathBuf::from).as_deref(),
            &spec.script,
        )?;
        spec.pool = Some(pool.name.clone());
        spec.script = script.to_string_lossy().into_owned();
        spec.id = Some(spec.id.take().unwrap_or_else(new_id));
        spec.run_at_ms = run_at(spec.run_at_ms, spec.delay_ms.take(), unix_ms());
        spec.priority = spec.priority.map(|p| p.min(9));
        self.core.vet(&spec)?;
        if let Some((_, window)) = spec.unique() {
            let row = self.core.new_row(&spec, clock());
            if let Some(decided) = self.store.insert_unique(row, window) {
                return decided.await;
            }
        }
        self.store.ready()?;
        match self.apply(Input::Queue(Box::new(spec))).await {
            Some(Reply::Queued(r)) => r,
            _ => Err(JobsError::Unanswered(Question::Queue)),
        }
    }

    pub(super) async fn on_event(&mut self, ev: RunEvent) {
        let report = match ev.report {
            run::Report::Progress(x) => Report::Progress(x),
            run::Report::Checkpoint(json) => Report::Checkpoint(json),
            run::Report::Log(level, text) => Report::Log(level, text),
            run::Report::Finished(outcome) => {
                return self.finished(ev.id, ev.run, outcome).await;
            }
            run::Report::Closed(broke) => Report::Closed(broke),
            run::Report::Call { query, call } => {
                // A job using `bext.jobs`: answered like a pool worker's call.
                let Some(link) = self.handle(&ev.id, ev.run).and_then(|h| h.link.clone()) else {
                    return;
                };
                // Like a pool worker's, it reaches only jobs of its own
                // pool; its promise is rejected with the error's words.
                let pool = self.core.job(&ev.id).map(|j| j.row.pool.clone());
                let reply = call::answer(self, pool.as_deref(), call).await;
                let reply = reply.map_err(|e| e.to_string());
                link.send(MasterToWorker::JobReply { query, reply });
                return;
            }
        };
        let input = Input::Report {
            id: ev.id,
            run: ev.run,
            report,
        };
        self.apply(input).await;
    }
}

/// A job's calls reach the jobs the manager keeps, answered at once.
impl Door for Manager {
    async fn spawn(&mut self, spec: JobSpec) -> Result<String, JobsError> {
        Manager::spawn(self, spec).await.map(|(id, _)| id)
    }

    async fn get(&mut self, id: String) -> Option<JobInfo> {
        self.core.info(&id, true, clock())
    }

    async fn cancel(&mut self, id: String) -> Result<JobState, JobsError> {
        Manager::cancel(self, id).await
    }
}

/// The job's module: absolute; else in the pool script's folder; else
/// (from the CLI) in the caller's current folder.
fn find_script(pool: &PoolInfo, cwd: Option<&Path>, script: &str) -> Result<PathBuf, SpecError> {
    if script.trim().is_empty() {
        return Err(SpecError::EmptyScript);
    }
    let p = Path::new(script);
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
    Err(SpecError::NoScript {
        script: script.to_owned(),
        tried,
        pool: pool.name.clone(),
    })
}

/// When a job asked to run, if later than `now`.
fn run_at(at: Option<u64>, delay: Option<u64>, now: u64) -> Option<u64> {
    let t = at.unwrap_or(0).max(now.saturating_add(delay.unwrap_or(0)));
    (t > now).then_some(t)
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
            env_pass: Vec::new(),
            uid: None,
            gid: None,
            spawn: crate::config::Spawn::Exec,
            fetch: protocol::worker::FetchPolicy {
                allow: Vec::new(),
                timeout_ms: 30_000,
                max_response_bytes: 16 << 20,
            },
            max_attempts: 0,
            retry_backoff_ms: 0,
            worker_max_jobs: 0,
            schedules: Vec::new(),
            read: protocol::worker::ReadPolicy {
                root: "/app".into(),
                read_roots: Vec::new(),
            },
            tmp_max_bytes: 64 << 20,
        };
        assert!(find_script(&pool, Some(cwd.path()), "a.js").is_ok());
        assert!(find_script(&pool, Some(cwd.path()), "b.js").is_ok());
        let e = find_script(&pool, Some(cwd.path()), "c.js").unwrap_err();
        let tried = vec![pool_dir.path().join("c.js"), cwd.path().join("c.js")];
        assert_eq!(
            e,
            SpecError::NoScript {
                script: "c.js".into(),
                tried,
                pool: "render".into(),
            }
        );
        assert_eq!(
            find_script(&pool, None, " "),
            Err(SpecError::EmptyScript),
            "an empty path is refused before the disk is looked at"
        );
    }
}
