//! Asking jobs to stop: a cancel (`bext jobs cancel`, `bext.jobs.cancel`)
//! and bextd's shutdown. A running job is asked to stop and given a grace;
//! the tick kills it if it is still there after that.

use std::time::Instant;

use protocol::control::JobState;
use protocol::worker::MasterToWorker;
use tokio::sync::oneshot;

use super::{Manager, StopWhy};

impl Manager {
    /// Cancels a job; returns the state it was in.
    pub(super) fn cancel(&mut self, id: &str, now: Instant) -> Result<JobState, String> {
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

    pub(super) fn begin_shutdown(&mut self, deadline: Instant, done: oneshot::Sender<()>) {
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
}
