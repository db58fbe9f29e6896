//! The end of a run. A run ends when both its exit (from the reaper) and
//! the end of its socket are in, in either order, so its last frames are
//! read first; it is then judged: the job completes, fails, is cancelled,
//! is queued again or, for a daemon that crashed, waits out its backoff
//! before it runs again.

use std::time::Duration;

use nix::sys::signal::Signal;
use nix::unistd::Pid;
use protocol::control::JobState;
use protocol::worker::JobOutcome;

use super::policy::DaemonBackoff;
use super::state::{KillReason, Run, RunState, StopWhy};
use super::{Action, Clock, Core, Counter, Job, Log};
use crate::process::reaper::ExitKind;

impl Core {
    pub(super) fn on_exit(&mut self, pid: Pid, status: ExitKind, now: Clock) {
        let Some(id) = self.by_pid.remove(&pid) else {
            return;
        };
        if let Some(run) = self.jobs.get_mut(&id).and_then(|j| j.run.as_mut()) {
            run.exit = Some(status);
        }
        self.maybe_ended(&id, now);
    }

    /// Judges the run of `id` once its exit and the end of its socket are
    /// both in.
    pub(super) fn maybe_ended(&mut self, id: &str, now: Clock) {
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        if !job.run.as_ref().is_some_and(Run::is_over) {
            return;
        }
        let run = job.run.take().expect("checked above");
        self.out.push(Action::Forget {
            id: id.to_owned(),
            run: run.seq,
        });
        if job.lost {
            // Another node's now: nothing of this run is written.
            self.jobs.remove(id);
            return;
        }
        self.judge(id, run, now);
    }

    /// What a run that ended means for its job.
    fn judge(&mut self, id: &str, run: Run, now: Clock) {
        let Some(daemon) = self.jobs.get(id).map(|j| j.row.config.daemon) else {
            return;
        };
        let ran = now.at.saturating_duration_since(run.started);
        let exit = run.exit.expect("checked by maybe_ended");
        let (stop, killed) = match run.state {
            RunState::Killed { reason, stop } => (stop, Some(reason)),
            state => (state.stop(), None),
        };
        if stop == Some(StopWhy::Shutdown)
            && self.stopped_at_shutdown(id, run.outcome.as_ref(), now)
        {
            return;
        }
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        match (stop, run.outcome, killed) {
            (Some(StopWhy::Cancel), outcome, killed) => {
                let error = killed.map(|k| format!("cancelled, then {k}"));
                let result = match outcome {
                    Some(JobOutcome::Completed { result_json }) => Some(result_json),
                    _ => None,
                };
                if exit == ExitKind::Signal(Signal::SIGKILL as i32) {
                    self.out.push(Action::Count(Counter::Killed("cancel")));
                }
                self.finish(id, JobState::Cancelled, error, result, now);
            }
            // A timeout is the job's own failure, a daemon's too (a
            // one-off job's attempt, retried if it has more).
            (_, _, Some(k @ KillReason::Timeout { .. })) if daemon => {
                self.finish(id, JobState::Failed, Some(k.to_string()), None, now);
            }
            (_, _, Some(k @ KillReason::Timeout { .. })) => {
                self.fail_attempt(id, k.to_string(), now);
            }
            (_, Some(JobOutcome::Completed { result_json }), _) => {
                job.row.progress = 1.0;
                self.finish(id, JobState::Completed, None, Some(result_json), now);
            }
            (_, Some(JobOutcome::Cancelled), _) => {
                self.finish(id, JobState::Cancelled, None, None, now);
            }
            (_, Some(JobOutcome::Failed { message, stack }), None) => {
                let why = if stack.is_empty() {
                    message
                } else {
                    format!("{message}\n{}", stack.trim_end())
                };
                self.crashed(id, why, ran, now);
            }
            (_, _, killed) => {
                let why = killed.map(|k| k.to_string()).unwrap_or_else(|| {
                    format!("the job process died ({exit}) before run(job) returned")
                });
                self.crashed(id, why, ran, now);
            }
        }
    }

    /// A run that ended while bextd stops; returns whether that judged it
    /// (a run that completed or threw is judged as any other).
    fn stopped_at_shutdown(&mut self, id: &str, outcome: Option<&JobOutcome>, now: Clock) -> bool {
        let claims = self.claims();
        let Some(job) = self.jobs.get_mut(id) else {
            return true;
        };
        let daemon = job.row.config.daemon;
        // What `run(job)` returned is kept; a run that threw or died while
        // bextd stopped it (interrupted, killed) is handed over.
        let completed = matches!(outcome, Some(JobOutcome::Completed { .. }));
        let ended = completed || matches!(outcome, Some(JobOutcome::Failed { .. }));
        if claims && (daemon || !completed) {
            // Shared store: the lease goes back, another node takes the
            // job over at once (a daemon from its checkpoint, a one-off
            // job queued again, its attempt unused).
            if !daemon {
                give_back_attempt(job);
                self.changed.insert(id.to_owned());
            }
            self.release(id);
        } else if daemon {
            // Daemons stay "running" (however their run ended) to start
            // again with bextd from their checkpoint.
            self.touch(id);
        } else if ended {
            return false;
        } else if job.row.config.retry_on_restart {
            // A one-off job that did not finish is queued again, or
            // marked interrupted.
            give_back_attempt(job);
            self.set_status(id, JobState::Queued);
        } else {
            let why = "interrupted: bextd shut down while the job ran".to_string();
            self.finish(id, JobState::Failed, Some(why), None, now);
        }
        true
    }

    fn backoff(&self) -> DaemonBackoff {
        DaemonBackoff {
            initial: self.cfg.daemon_backoff_initial,
            max: self.cfg.daemon_backoff_max,
            healthy: self.cfg.daemon_healthy,
        }
    }

    /// A run failed after `ran`: a daemon waits out its backoff, then runs
    /// again from its last checkpoint; a one-off job's attempt failed.
    pub(super) fn crashed(&mut self, id: &str, why: String, ran: Duration, now: Clock) {
        let backoff = self.backoff();
        let Some(job) = self.jobs.get_mut(id) else {
            return;
        };
        if !job.row.config.daemon {
            self.fail_attempt(id, why, now);
            return;
        }
        job.crashes = backoff.crashes(job.crashes, ran);
        let delay = backoff.delay(job.crashes);
        job.restart_at = Some(now.at + delay);
        // Kept with the row, for a node that takes the daemon over.
        job.row.crashes = job.crashes;
        job.row.backoff_ms = delay.as_millis() as u64;
        job.row.restart_count = job.row.restart_count.saturating_add(1);
        job.row.error = Some(why.clone());
        job.dirty = true;
        self.changed.insert(id.to_owned());
        let log = Log::DaemonCrashed {
            id: id.to_owned(),
            pool: job.row.pool.clone(),
            restarts: job.row.restart_count,
            delay_ms: delay.as_millis() as u64,
            error: why,
        };
        self.out.push(Action::Count(Counter::Restart));
        self.log(log);
    }

    /// Marks a job final and keeps it among the finished (the oldest
    /// beyond `keep_finished` are forgotten).
    pub(super) fn finish(
        &mut self,
        id: &str,
        state: JobState,
        error: Option<String>,
        result: Option<String>,
        now: Clock,
    ) {
        if !self.set_status(id, state) {
            return;
        }
        let job = self.jobs.get_mut(id).expect("set_status found it");
        if error.is_some() {
            job.row.error = error;
        }
        if result.is_some() {
            job.row.result = result;
        }
        job.row.completed_at = Some(now.unix_ms);
        let pool = job.row.pool.clone();
        job.row.run_at = None;
        let log = match state {
            JobState::Failed => Log::Failed {
                id: id.to_owned(),
                pool,
                error: job.row.error.clone().unwrap_or_default(),
            },
            _ => Log::Ended {
                id: id.to_owned(),
                pool,
                state,
            },
        };
        self.out.push(Action::Count(Counter::Finished(state)));
        self.log(log);
        self.finished.push_back(id.to_owned());
        self.forget_finished();
    }

    /// Forgets the oldest final jobs beyond `keep_finished`; the store
    /// forgets them at its next prune.
    pub(super) fn forget_finished(&mut self) {
        let keep = self.cfg.keep_finished as usize;
        while self.finished.len() > keep {
            if let Some(old) = self.finished.pop_front() {
                self.jobs.remove(&old);
            }
            self.since_prune += 1;
        }
    }
}

/// A graceful stop ended the run: the attempt it had started is not used.
fn give_back_attempt(job: &mut Job) {
    job.row.tries = job.row.tries.saturating_sub(1);
    job.dirty = true;
}
