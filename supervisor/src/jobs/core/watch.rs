//! The sampling tick (`[jobs] sample_interval_ms`): daemons whose backoff
//! is over go back to the front of the queue; a run still there after its
//! stop's grace or past its timeout is killed; every other run's RSS (read
//! by the manager) is judged: a warning near its reservation, a kill once
//! it has stayed over it for `memory_grace_ms`.

use std::collections::HashMap;

use super::policy::{self, Memory};
use super::state::{KillReason, Run, RunState};
use super::{Action, Clock, Core, Counter, Log};

/// What a tick did to one run.
enum Verdict {
    Nothing,
    Warn { rss: u64 },
    Kill(KillReason),
}

impl Core {
    pub(super) fn on_tick(&mut self, samples: &[(String, u64, u64)], now: Clock) {
        let rss: HashMap<(&str, u64), u64> = samples
            .iter()
            .map(|(id, run, rss)| ((id.as_str(), *run), *rss))
            .collect();
        let (grace, warn_pct) = (self.cfg.memory_grace, self.cfg.memory_warn_pct);
        let mut due = Vec::new();
        let mut out = Vec::new();
        for (id, job) in self.jobs.iter_mut() {
            if job.restart_at.is_some_and(|at| at <= now.at) && !self.stopping {
                job.restart_at = None;
                due.push((job.row.created_at, id.clone()));
            }
            let reserved = job.row.config.memory_bytes;
            let timeout_ms = job.row.config.timeout_ms;
            let Some(run) = job.run.as_mut().filter(|r| r.exit.is_none()) else {
                continue;
            };
            let sample = rss.get(&(id.as_str(), run.seq)).copied();
            if sample.is_some() {
                run.rss = sample;
            }
            let verdict = judge_run(run, sample, reserved, timeout_ms, warn_pct, grace, now);
            match verdict {
                Verdict::Nothing => {}
                Verdict::Warn { rss } => out.push(Action::Log(Log::MemoryWarn {
                    id: id.clone(),
                    pid: run.pid,
                    rss,
                    reserved,
                    pct: warn_pct,
                })),
                Verdict::Kill(reason) => {
                    if let Some(metric) = reason.metric() {
                        out.push(Action::Count(Counter::Killed(metric)));
                        out.push(Action::Log(Log::Killing {
                            id: id.clone(),
                            pid: run.pid,
                            reason: reason.clone(),
                        }));
                    }
                    if run.kill(reason) {
                        out.push(Action::Kill {
                            id: id.clone(),
                            run: run.seq,
                        });
                    }
                }
            }
        }
        self.out.extend(out);
        // Restarted daemons go first, oldest first: they held their place
        // before.
        due.sort();
        for (_, id) in due.into_iter().rev() {
            self.enqueue(&id, true);
        }
    }
}

/// One live run at a tick: past its stop's grace, past its timeout, or
/// its memory, in that order.
fn judge_run(
    run: &mut Run,
    sample: Option<u64>,
    reserved: u64,
    timeout_ms: u64,
    warn_pct: u32,
    grace: std::time::Duration,
    now: Clock,
) -> Verdict {
    if let RunState::Stopping { asked, kill_at, .. } = run.state
        && now.at >= kill_at
    {
        let after_ms = now.at.duration_since(asked).as_millis() as u64;
        return Verdict::Kill(KillReason::StopOverdue { after_ms });
    }
    let Some(watch) = run.state.watch_mut() else {
        return Verdict::Nothing;
    };
    if watch.deadline.is_some_and(|d| now.at >= d) {
        return Verdict::Kill(KillReason::Timeout { timeout_ms });
    }
    let Some(rss) = sample else {
        return Verdict::Nothing;
    };
    let verdict = policy::memory(rss, reserved, warn_pct, grace, watch.over_since, now.at);
    match verdict {
        Memory::Fine => {
            watch.over_since = None;
            Verdict::Nothing
        }
        // A run that went past the warning line between two samples is
        // warned about too.
        Memory::Warn | Memory::Over { .. } => {
            watch.over_since = match verdict {
                Memory::Over { since } => Some(since),
                _ => None,
            };
            if std::mem::replace(&mut watch.warned, true) {
                Verdict::Nothing
            } else {
                Verdict::Warn { rss }
            }
        }
        Memory::Kill { since } => Verdict::Kill(KillReason::Memory {
            rss,
            reserved,
            over_ms: now.at.duration_since(since).as_millis() as u64,
        }),
    }
}
