//! Reports from a running job's socket: progress, checkpoints, log lines
//! (kept as the tail of the job's log), its outcome, its `bext.jobs` calls
//! (answered at once) and the end of the socket, one half of the end of a
//! run (see `ended`).

use std::time::Instant;

use nix::sys::signal::Signal;
use protocol::worker::{LogLevel, MasterToWorker};

use super::{Job, Manager, Store};
use crate::jobs::SpawnRequest;
use crate::jobs::run::{Report, RunEvent};

impl Manager {
    pub(super) fn on_event(&mut self, ev: RunEvent) {
        let log_bytes = self.cfg.log_bytes;
        let Some(job) = self.jobs.get_mut(&ev.id) else {
            return;
        };
        let Some(p) = job.proc.as_mut().filter(|p| p.seq == ev.run) else {
            return; // a report of an earlier run
        };
        if matches!(
            ev.report,
            Report::Finished(_) | Report::Call { .. } | Report::Closed(_)
        ) {
            self.recheck = true;
        }
        match ev.report {
            Report::Progress(x) => {
                job.row.progress = x;
                job.dirty = true;
            }
            Report::Checkpoint(json) => {
                if let Store::Open(w) = &self.store {
                    w.checkpoint(&ev.id, json.clone());
                }
                job.checkpoint = Some(json);
            }
            Report::Log(level, text) => {
                let secs = p.started.elapsed().as_secs_f64();
                job_log(job, &ev.id, secs, level, &text, log_bytes);
            }
            Report::Finished(outcome) => p.outcome = Some(outcome),
            Report::Call { query, call } => {
                // A job using `bext.jobs`: answered like a pool worker's call.
                let tx = p.tx.clone();
                let reply = self.local_call(&ev.id, call);
                let _ = tx.send(MasterToWorker::JobReply { query, reply });
            }
            Report::Closed(broke) => {
                p.closed = true;
                if let Some(why) = broke {
                    tracing::error!(job = %ev.id, pid = p.pid.as_raw(), error = %why, "job process broke the protocol; killing it");
                    p.broke = Some(why);
                    p.process.signal(Signal::SIGKILL);
                }
                self.maybe_ended(&ev.id);
            }
        }
    }

    /// A `bext.jobs` call from inside a job, answered at once.
    fn local_call(
        &mut self,
        from: &str,
        call: protocol::worker::JobCall,
    ) -> Result<String, String> {
        use protocol::worker::JobCall;
        match call {
            JobCall::Spawn(s) => {
                let pool = self.jobs.get(from).map(|j| j.row.pool.clone());
                let req = SpawnRequest::from_worker(s, pool);
                self.spawn(req)
                    .map(|(id, _)| serde_json::Value::String(id).to_string())
            }
            JobCall::Get { id } => serde_json::to_string(&self.jobs.get(&id).map(|j| j.info(true)))
                .map_err(|e| e.to_string()),
            JobCall::Cancel { id } => Ok(self
                .cancel(&id, Instant::now())
                .is_ok_and(|s| !s.is_final())
                .to_string()),
        }
    }
}

/// A log line from job `id`, `secs` into its run: kept at the end of its
/// log and passed on to bextd's own log.
fn job_log(job: &mut Job, id: &str, secs: f64, level: LogLevel, text: &str, log_bytes: usize) {
    let text = crate::logging::untrusted(text);
    append_log(
        &mut job.logs,
        &format!("[+{secs:.3}s] {} {text}\n", level_name(level)),
        log_bytes,
    );
    job.logs_dirty = true;
    let pool = &job.row.pool;
    match level {
        LogLevel::Error => {
            tracing::error!(target: "bext::job", job = %id, pool = %pool, "{text}")
        }
        LogLevel::Warn => {
            tracing::warn!(target: "bext::job", job = %id, pool = %pool, "{text}")
        }
        LogLevel::Info => {
            tracing::info!(target: "bext::job", job = %id, pool = %pool, "{text}")
        }
        LogLevel::Debug => {
            tracing::debug!(target: "bext::job", job = %id, pool = %pool, "{text}")
        }
    }
}

fn level_name(l: LogLevel) -> &'static str {
    match l {
        LogLevel::Error => "error",
        LogLevel::Warn => "warn",
        LogLevel::Info => "info",
        LogLevel::Debug => "debug",
    }
}

/// Appends `line` to a job's log, keeping the last `max` bytes (from a
/// line's start).
fn append_log(logs: &mut String, line: &str, max: usize) {
    logs.push_str(line);
    if logs.len() > max {
        let mut cut = logs.len() - max;
        while !logs.is_char_boundary(cut) {
            cut += 1;
        }
        let start = logs[cut..].find('\n').map_or(cut, |n| cut + n + 1);
        logs.drain(..start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_keeps_its_tail_from_a_line_start() {
        let mut l = String::new();
        for i in 0..100 {
            append_log(&mut l, &format!("line {i}\n"), 40);
        }
        assert!(l.len() <= 40, "{l}");
        assert!(l.starts_with("line "), "{l}");
        assert!(l.ends_with("line 99\n"), "{l}");
    }
}
