//! What a state file held when bextd started: queued jobs queue again,
//! daemons that were running start again (from their checkpoint), a
//! one-off job that was running is failed as interrupted, or queued again
//! if it asked for that (`retryOnRestart`: the interrupted attempt counts),
//! and a retryable job waits out the rest of its backoff.

use std::time::Duration;

use protocol::control::JobState;

use super::{Clock, Core, Job, Log};
use crate::jobs::record::Loaded;

impl Core {
    pub(super) fn restore(&mut self, loaded: Vec<Loaded>, now: Clock) {
        if loaded.is_empty() {
            return;
        }
        let (mut daemons, mut requeued, mut interrupted) = (0, 0, 0);
        for l in loaded {
            let id = l.row.id.clone();
            let (status, daemon, retry) = (
                l.row.status,
                l.row.config.daemon,
                l.row.config.retry_on_restart,
            );
            self.jobs
                .insert(id.clone(), Job::new(l.row, l.checkpoint, l.logs));
            match status {
                JobState::Queued => self.enqueue_or_wait(&id, now),
                JobState::Running if daemon => {
                    daemons += 1;
                    self.enqueue(&id, false);
                }
                JobState::Running if retry => {
                    let why = "interrupted: bextd stopped while the job ran";
                    if self.count_interrupted(&id, why, now) {
                        requeued += 1;
                        self.set_status(&id, JobState::Queued);
                        self.enqueue(&id, false);
                    }
                }
                // Its backoff goes on from where it was.
                JobState::Retryable => {
                    let job = self.jobs.get_mut(&id).expect("just inserted");
                    let wait = job.row.run_at.unwrap_or(0).saturating_sub(now.unix_ms);
                    job.restart_at = Some(now.at + Duration::from_millis(wait));
                }
                JobState::Running => {
                    interrupted += 1;
                    if self.set_status(&id, JobState::Failed) {
                        let job = self.jobs.get_mut(&id).expect("just inserted");
                        job.row.error = Some("interrupted: bextd stopped while the job ran".into());
                        job.row.completed_at = Some(now.unix_ms);
                    }
                    self.finished.push_back(id);
                }
                _ => self.finished.push_back(id),
            }
        }
        // A file written before a crash may hold more than it keeps (it is
        // pruned by the tenth): the newest stay, as after a clean stop.
        let jobs = &self.jobs;
        let ended = |id: &String| jobs.get(id).map(|j| (j.row.completed_at, id.clone()));
        self.finished.make_contiguous().sort_by_key(ended);
        self.forget_finished();
        self.log(Log::Restored {
            jobs: self.jobs.len(),
            queued: self.queue.len(),
            daemons,
            requeued,
            interrupted,
        });
    }
}
