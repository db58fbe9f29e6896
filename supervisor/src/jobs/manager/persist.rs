//! The state file and the metrics: at start, what an existing state file
//! holds is taken up again; the file is created at the first spawn; changed
//! rows and logs go to the writer thread (never waited on), and the counts
//! by state and the budget in use are published as metrics.

use std::collections::HashMap;
use std::path::Path;

use protocol::control::JobState;

use super::{Job, Manager, Store};
use crate::jobs::store::{self, Loaded, Writer};
use crate::process::memory::unix_ms;

impl Manager {
    /// Opens an existing state file and takes up what it holds: queued
    /// jobs queue again, daemons that were running start again (with their
    /// checkpoint), a one-off job that was running is marked failed
    /// (interrupted), or queued again if it asked for that.
    pub(super) fn restore(&mut self) {
        let path = self.cfg.state_file.clone();
        if !path.exists() {
            return;
        }
        let Some(loaded) = self.open_existing(&path) else {
            return;
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

    /// Opens the existing state file, loads it and starts its writer; if
    /// that fails the store is broken (jobs run, nothing is kept).
    fn open_existing(&mut self, path: &Path) -> Option<Vec<Loaded>> {
        match store::open(path).and_then(|c| store::load(&c).map(|l| (c, l))) {
            Ok((conn, loaded)) => match Writer::start(conn) {
                Ok(w) => {
                    self.store = Store::Open(w);
                    Some(loaded)
                }
                Err(e) => {
                    self.store = Store::Broken(format!("cannot start the writer thread: {e}"));
                    None
                }
            },
            Err(e) => {
                tracing::error!(error = %e, "cannot use the jobs state file; jobs will run but their state is not kept");
                self.store = Store::Broken(e);
                None
            }
        }
    }

    /// Opens (creating) the state file if it is not open yet.
    pub(super) fn writer(&mut self) -> Result<Option<&Writer>, String> {
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

    /// Sends every changed row and log to the writer.
    pub(super) fn save(&mut self) {
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

    pub(super) fn publish(&self) {
        let mut counts: HashMap<&str, u64> = JobState::ALL.iter().map(|s| (s.name(), 0)).collect();
        for j in self.jobs.values() {
            *counts.entry(j.row.status.name()).or_default() += 1;
        }
        let by_state: Vec<(&str, u64)> = counts.into_iter().collect();
        self.metrics
            .set(&by_state, self.reserved(), self.cfg.budget_bytes);
    }
}
