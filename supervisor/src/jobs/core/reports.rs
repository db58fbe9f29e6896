//! Reports from a run's socket: progress, checkpoints, log lines (kept as
//! the tail of the job's log), its outcome, and the end of the socket, one
//! half of the end of a run (see `ended.rs`).

use protocol::worker::LogLevel;

use super::state::KillReason;
use super::{Action, Clock, Core, Job, Log, Report, Save};

impl Core {
    /// Takes one report of run `seq` of job `id`; returns whether it may
    /// change what runs (its outcome, its end).
    pub(super) fn on_report(&mut self, id: &str, seq: u64, report: Report, now: Clock) -> bool {
        let log_bytes = self.cfg.log_bytes;
        let Some(job) = self.jobs.get_mut(id) else {
            return false;
        };
        let Some(run) = job.run_mut(seq) else {
            return false; // a report of an earlier run
        };
        match report {
            Report::Progress(x) => {
                job.row.progress = x;
                job.dirty = true;
                self.changed.insert(id.to_owned());
                false
            }
            Report::Checkpoint(json) => {
                self.out.push(Action::Save(Save::Checkpoint {
                    id: id.to_owned(),
                    attempt: job.row.attempt,
                    json: json.clone(),
                }));
                job.checkpoint = Some(json);
                false
            }
            Report::Log(level, text) => {
                let secs = now.at.saturating_duration_since(run.started).as_secs_f64();
                let line = job_line(job, secs, level, &text, log_bytes);
                self.changed.insert(id.to_owned());
                self.out.push(Action::Log(line));
                false
            }
            Report::Finished(outcome) => {
                run.outcome = Some(outcome);
                true
            }
            Report::Closed(broke) => {
                run.closed = true;
                if let Some(why) = broke {
                    let reason = KillReason::Protocol(why);
                    self.out.push(Action::Log(Log::Killing {
                        id: id.to_owned(),
                        pid: run.pid,
                        reason: reason.clone(),
                    }));
                    run.kill(reason);
                    // Sent even if it was killed already: it must not live on.
                    self.out.push(Action::Kill {
                        id: id.to_owned(),
                        run: seq,
                    });
                }
                self.maybe_ended(id, now);
                true
            }
        }
    }
}

/// A log line of `job`, `secs` into its run: kept at the end of its log
/// (the last `log_bytes`), and returned for bextd's own log.
fn job_line(job: &mut Job, secs: f64, level: LogLevel, text: &str, log_bytes: usize) -> Log {
    let text = crate::logging::untrusted(text);
    append_log(
        &mut job.logs,
        &format!("[+{secs:.3}s] {} {text}\n", level_name(level)),
        log_bytes,
    );
    job.logs_dirty = true;
    Log::Line {
        id: job.row.id.clone(),
        pool: job.row.pool.clone(),
        level,
        text,
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
