//! The end of a run. A run ends when both its exit (from the reaper) and
//! the end of its socket are in; it is then judged: the job completes,
//! fails, is cancelled, is queued again or, for a daemon that crashed,
//! waits out its backoff before it runs again.

use std::time::{Duration, Instant};

use nix::sys::signal::Signal;
use protocol::control::JobState;
use protocol::worker::JobOutcome;

use super::{Manager, Proc, StopWhy};
use crate::jobs::policy::DaemonBackoff;
use crate::process::memory::unix_ms;
use crate::process::reaper::{Exit, ExitKind};

impl Manager {
    pub(super) fn on_exit(&mut self, exit: Exit) {
        let Some(id) = self.by_pid.remove(&exit.pid) else {
            return;
        };
        if let Some(p) = self.jobs.get_mut(&id).and_then(|j| j.proc.as_mut()) {
            p.exit = Some(exit.status);
        }
        self.maybe_ended(&id);
    }

    /// Judges a run once its exit and the end of its socket are both in.
    pub(super) fn maybe_ended(&mut self, id: &str) {
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
        self.judge(id, p);
    }

    /// What a run that ended (`p`, its exit in) means for its job.
    fn judge(&mut self, id: &str, p: Proc) {
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        let ran = p.started.elapsed();
        let daemon = job.row.config.daemon;
        let exit = p.exit.expect("checked by maybe_ended");
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
                self.run_failed(id, why, ran, daemon);
            }
            (_, _, killed) => {
                let why = killed.unwrap_or_else(|| {
                    format!("the job process died ({exit}) before run(job) returned")
                });
                self.run_failed(id, why, ran, daemon);
            }
        }
    }

    /// A run that failed: a daemon runs again after its backoff, a one-off
    /// job fails.
    fn run_failed(&mut self, id: &str, why: String, ran: Duration, daemon: bool) {
        if daemon {
            self.crashed(id, why, ran);
        } else {
            self.finish(id, JobState::Failed, Some(why), None);
        }
    }

    fn metrics_killed_if(&self, exit: ExitKind, reason: &str) {
        if exit == ExitKind::Signal(Signal::SIGKILL as i32) {
            self.metrics.killed(reason);
        }
    }

    fn backoff(&self) -> DaemonBackoff {
        DaemonBackoff {
            initial: self.cfg.daemon_backoff_initial,
            max: self.cfg.daemon_backoff_max,
            healthy: self.cfg.daemon_healthy,
        }
    }

    /// A daemon's run ended badly: wait out the backoff, then run again
    /// from its last checkpoint. A one-off job that could not start fails.
    pub(super) fn crashed(&mut self, id: &str, why: String, ran: Duration) {
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
    pub(super) fn finish(
        &mut self,
        id: &str,
        state: JobState,
        error: Option<String>,
        result: Option<String>,
    ) {
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
}
