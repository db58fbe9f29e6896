//! Runs asked to stop: a cancel (a queued job ends at once, a run is
//! asked, then killed after its grace) and bextd's shutdown (every run
//! asked, to be killed before the deadline; nothing new starts).

use std::time::Instant;

use protocol::control::JobState;

use super::state::{RunState, StopWhy, Watch};
use super::{Action, Clock, Core, Log};
use crate::jobs::error::JobsError;

impl Core {
    /// Cancels a job; returns the state it was in.
    pub(super) fn cancel(&mut self, id: &str, now: Clock) -> Result<JobState, JobsError> {
        let grace = self.cfg.cancel_grace;
        let kill_at = now.at + grace + self.cfg.kill_grace;
        let Some(job) = self.jobs.get_mut(id) else {
            return Err(JobsError::NoJob(id.to_owned()));
        };
        let was = job.row.status;
        if was.is_final() {
            return Ok(was);
        }
        let Some(run) = job.run.as_mut() else {
            // Queued, or a daemon between two runs.
            job.restart_at = None;
            self.queue.remove(id);
            self.finish(id, JobState::Cancelled, None, None, now);
            self.log(Log::CancelledBeforeRun { id: id.to_owned() });
            return Ok(was);
        };
        let watch = match &run.state {
            RunState::Running(w) => *w,
            RunState::Starting => Watch {
                deadline: None,
                over_since: None,
                warned: false,
            },
            // Asked already, or killed.
            RunState::Stopping { .. } | RunState::Killed { .. } => return Ok(was),
        };
        let asks = run.pid.is_some();
        run.state = RunState::Stopping {
            why: StopWhy::Cancel,
            asked: now.at,
            kill_at,
            watch,
        };
        let (seq, pid) = (run.seq, run.pid);
        if asks {
            self.out.push(Action::AskStop {
                id: id.to_owned(),
                run: seq,
                interrupt_after_ms: grace.as_millis() as u64,
            });
        }
        self.log(Log::CancelAsked {
            id: id.to_owned(),
            pid,
        });
        Ok(was)
    }

    /// bextd is stopping: every run is asked to stop, interrupted in time
    /// to still be killed before `deadline`; nothing new starts.
    pub(super) fn shutdown(&mut self, deadline: Instant, now: Clock) {
        self.stopping = true;
        if self.claims() {
            self.release_idle();
        }
        let left = deadline.saturating_duration_since(now.at);
        let grace = self.cfg.cancel_grace.min(left.mul_f64(0.8));
        let mut asked = 0;
        for (id, job) in self.jobs.iter_mut() {
            let Some(run) = job.run.as_mut() else {
                continue;
            };
            match &mut run.state {
                RunState::Killed { stop, .. } => *stop = Some(StopWhy::Shutdown),
                state => {
                    let watch = state.watch_mut().copied().unwrap_or(Watch {
                        deadline: None,
                        over_since: None,
                        warned: false,
                    });
                    *state = RunState::Stopping {
                        why: StopWhy::Shutdown,
                        asked: now.at,
                        kill_at: deadline,
                        watch,
                    };
                }
            }
            if run.pid.is_some() {
                self.out.push(Action::AskStop {
                    id: id.clone(),
                    run: run.seq,
                    interrupt_after_ms: grace.as_millis() as u64,
                });
            }
            asked += 1;
        }
        if asked > 0 {
            self.log(Log::StoppingAll { jobs: asked });
        }
    }
}
