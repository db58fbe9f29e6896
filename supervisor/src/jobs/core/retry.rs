//! Retries of one-off jobs. Each run is an attempt (`job.attempt`, 1
//! first; `Row::tries` counts them). A failed attempt (it threw, died,
//! timed out, was killed for its memory, could not start, or was cut short
//! by a crash of bextd for a `retryOnRestart` job) is kept in the job's
//! `errors`; with attempts left the job is `retryable` until its backoff
//! (`policy::RetryBackoff`, jittered by `policy::jitter`) is over, then
//! runs again; out of attempts it is `discarded` (`failed` when it had a
//! single attempt: no retry was asked for). By hand, `bext jobs retry`
//! queues a failed, discarded or cancelled job again with one more
//! attempt, and `bext jobs discard` gives up on a waiting one.
//!
//! With a shared store, a retryable job's lease goes back with the row
//! (its `run_after` is the backoff): any node claims its next attempt.

use protocol::control::{AttemptError, JobState};

use super::policy::{Retry, RetryBackoff, jitter};
use super::{Clock, Core, Log};
use crate::jobs::error::{JobsError, Rule};

/// The final state of a job whose last attempt failed.
fn out_of_attempts(max_attempts: u32) -> JobState {
    if max_attempts > 1 {
        JobState::Discarded
    } else {
        JobState::Failed
    }
}

impl Core {
    fn retry_backoff(&self, job_backoff_ms: u64) -> RetryBackoff {
        let initial = match job_backoff_ms {
            0 => self.cfg.retry_backoff,
            ms => std::time::Duration::from_millis(ms),
        };
        RetryBackoff {
            initial,
            max: self.cfg.retry_backoff_max.max(initial),
        }
    }

    /// Keeps `why` as the error of the job's current attempt.
    fn keep_error(&mut self, id: &str, why: &str, now: Clock) {
        if let Some(job) = self.jobs.get_mut(id) {
            job.row.errors.push(AttemptError {
                attempt: job.row.tries.max(1),
                at: now.unix_ms,
                error: why.to_owned(),
            });
            job.dirty = true;
            self.changed.insert(id.to_owned());
        }
    }

    /// The current attempt of one-off job `id` failed with `why`.
    pub(super) fn fail_attempt(&mut self, id: &str, why: String, now: Clock) {
        let Some(job) = self.jobs.get(id) else {
            return;
        };
        let (tries, max) = (job.row.tries.max(1), job.row.max_attempts);
        let pool = job.row.pool.clone();
        let backoff = self.retry_backoff(job.row.config.backoff_ms);
        self.keep_error(id, &why, now);
        let at = match backoff.after(tries, max, jitter(id, tries), now.at) {
            Retry::At(at) => at,
            Retry::GiveUp => {
                if max > 1 {
                    let log = Log::OutOfAttempts {
                        id: id.to_owned(),
                        pool,
                        attempts: tries,
                        error: why.clone(),
                    };
                    self.log(log);
                }
                self.finish(id, out_of_attempts(max), Some(why), None, now);
                return;
            }
        };
        if !self.set_status(id, JobState::Retryable) {
            return;
        }
        let delay = at.saturating_duration_since(now.at);
        let claims = self.claims();
        let job = self.jobs.get_mut(id).expect("set_status found it");
        job.row.error = Some(why.clone());
        job.row.run_at = Some(now.unix_ms + delay.as_millis() as u64);
        job.row.backoff_ms = delay.as_millis() as u64;
        let log = Log::Retrying {
            id: id.to_owned(),
            pool,
            attempt: tries,
            max_attempts: max,
            delay_ms: delay.as_millis() as u64,
            error: why,
        };
        if claims {
            // Any node claims the next attempt once the store's
            // `run_after` (the backoff) is past.
            self.log(log);
            self.release(id);
            return;
        }
        job.restart_at = Some(at);
        job.row.backoff_ms = 0;
        self.log(log);
    }

    /// A `retryOnRestart` job (or, with a shared store, any one-off job)
    /// that was running when its bextd died: that attempt counts, and is
    /// kept as failed. Returns whether it may run again.
    pub(super) fn count_interrupted(&mut self, id: &str, why: &str, now: Clock) -> bool {
        self.keep_error(id, why, now);
        let Some(job) = self.jobs.get(id) else {
            return false;
        };
        let (tries, max) = (job.row.tries, job.row.max_attempts);
        // With a single attempt (no retry asked for), `retryOnRestart`
        // alone decides, as before retries existed.
        if max > 1 && tries >= max {
            self.finish(id, JobState::Discarded, Some(why.to_owned()), None, now);
            return false;
        }
        true
    }

    /// `bext jobs retry`: a failed, discarded or cancelled job is queued
    /// again, with one more attempt if it had used them all.
    pub(super) fn retry_by_hand(&mut self, id: &str, now: Clock) -> Result<JobState, JobsError> {
        let Some(job) = self.jobs.get(id) else {
            return Err(JobsError::NoJob(id.to_owned()));
        };
        let was = job.row.status;
        if job.row.config.daemon
            || !matches!(
                was,
                JobState::Failed | JobState::Discarded | JobState::Cancelled
            )
        {
            return Err(JobsError::State {
                id: id.to_owned(),
                was,
                rule: Rule::Retry,
            });
        }
        if !self.set_status(id, JobState::Queued) {
            return Err(JobsError::NotRequeued {
                id: id.to_owned(),
                was,
            });
        }
        let job = self.jobs.get_mut(id).expect("set_status found it");
        job.row.max_attempts = job.row.max_attempts.max(job.row.tries + 1);
        job.row.completed_at = None;
        job.row.run_at = None;
        self.finished.retain(|f| f != id);
        self.enqueue(id, false);
        self.log(Log::RetriedByHand {
            id: id.to_owned(),
            was,
        });
        let _ = now;
        Ok(was)
    }

    /// `bext jobs discard`: a queued or retryable job is given up on.
    pub(super) fn discard_by_hand(&mut self, id: &str, now: Clock) -> Result<JobState, JobsError> {
        let Some(job) = self.jobs.get_mut(id) else {
            return Err(JobsError::NoJob(id.to_owned()));
        };
        let was = job.row.status;
        if job.run.is_some() || !matches!(was, JobState::Queued | JobState::Retryable) {
            return Err(JobsError::State {
                id: id.to_owned(),
                was,
                rule: Rule::Discard,
            });
        }
        job.restart_at = None;
        self.queue.remove(id);
        self.finish(id, JobState::Discarded, None, None, now);
        Ok(was)
    }
}
