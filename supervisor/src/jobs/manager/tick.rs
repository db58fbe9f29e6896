//! The periodic tick (`[jobs] sample_interval_ms`): daemons whose backoff
//! is over go back to the front of the queue; a running job still there
//! after its stop's grace or past its timeout is killed; every other
//! running job's RSS is read, warned about and killed when it stays over
//! its reservation past `memory_grace_ms`.

use std::time::{Duration, Instant};

use nix::sys::signal::Signal;

use super::{Manager, Proc};
use crate::jobs::policy::{self, Memory};
use crate::metrics::JobMetrics;
use crate::process::memory::rss_bytes;

impl Manager {
    pub(super) fn on_tick(&mut self, now: Instant) {
        let (grace, warn_pct) = (self.cfg.memory_grace, self.cfg.memory_warn_pct);
        let mut due = Vec::new();
        for (id, job) in self.jobs.iter_mut() {
            if job.restart_at.is_some_and(|at| at <= now) && self.stopping.is_none() {
                job.restart_at = None;
                due.push(id.clone());
            }
            let reserved = job.row.config.memory_bytes;
            let timeout_ms = job.row.config.timeout_ms;
            let Some(p) = job.proc.as_mut() else {
                continue;
            };
            if p.exit.is_some() {
                continue;
            }
            if p.kill_if_stop_overdue(now) {
                continue;
            }
            if p.kill_if_past_deadline(id, timeout_ms, now, &self.metrics) {
                continue;
            }
            p.sample_memory(id, reserved, warn_pct, grace, now, &self.metrics);
        }
        // Restarted daemons go first: they held their place before.
        for id in due.into_iter().rev() {
            self.queue.push_front(id);
        }
    }
}

impl Proc {
    /// Kills a run still there after the grace of its stop (a cancel or
    /// bextd's shutdown).
    fn kill_if_stop_overdue(&mut self, now: Instant) -> bool {
        if let Some((_, kill_at)) = self.stop
            && now >= kill_at
            && self.killed.is_none()
        {
            self.killed = Some(format!(
                "killed: still running {} ms after it was asked to stop",
                now.duration_since(self.started).as_millis()
            ));
            self.process.signal(Signal::SIGKILL);
            return true;
        }
        false
    }

    /// Kills a run past its timeout.
    fn kill_if_past_deadline(
        &mut self,
        id: &str,
        timeout_ms: u64,
        now: Instant,
        metrics: &JobMetrics,
    ) -> bool {
        if let Some(deadline) = self.deadline
            && now >= deadline
            && self.killed.is_none()
        {
            self.killed = Some(format!(
                "timeout: ran longer than its timeout of {timeout_ms} ms"
            ));
            metrics.killed("timeout");
            tracing::warn!(job = %id, pid = self.pid.as_raw(), "job ran past its timeout; killing it");
            self.process.signal(Signal::SIGKILL);
            return true;
        }
        false
    }

    /// Reads a run's RSS, warns when it nears or passes its reservation
    /// (`warn_pct`) and kills it once it has been over for longer than the
    /// grace.
    fn sample_memory(
        &mut self,
        id: &str,
        reserved: u64,
        warn_pct: u32,
        grace: Duration,
        now: Instant,
        metrics: &JobMetrics,
    ) {
        let Some(rss) = rss_bytes(self.pid) else {
            return;
        };
        self.rss = Some(rss);
        let verdict = policy::memory(rss, reserved, warn_pct, grace, self.over_since, now);
        match verdict {
            Memory::Fine => self.over_since = None,
            // A job that went past the warning line between two samples
            // is warned about too.
            Memory::Warn | Memory::Over { .. } => {
                self.over_since = match verdict {
                    Memory::Over { since } => Some(since),
                    _ => None,
                };
                if !self.warned {
                    self.warned = true;
                    tracing::warn!(job = %id, pid = self.pid.as_raw(),
                        rss = %protocol::size::format_size(rss),
                        reserved = %protocol::size::format_size(reserved),
                        "job is using {warn_pct}% or more of its memory reservation");
                }
            }
            Memory::Kill { since } => {
                if self.killed.is_none() {
                    self.killed = Some(format!(
                        "memory: RSS {} over its reservation of {} for {} ms",
                        protocol::size::format_size(rss),
                        protocol::size::format_size(reserved),
                        now.duration_since(since).as_millis()
                    ));
                    metrics.killed("memory");
                    tracing::warn!(job = %id, pid = self.pid.as_raw(), "job over its memory reservation past the grace; killing it");
                    self.process.signal(Signal::SIGKILL);
                }
            }
        }
    }
}
