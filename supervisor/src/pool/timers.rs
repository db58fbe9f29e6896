//! Deadlines and periodic checks: boot, drain and heartbeat timeouts,
//! uptime, healthy reset, and RSS from /proc.

use super::*;

impl Actor {
    /// Deadlines: boot and drain timeouts, heartbeats, uptime, healthy reset.
    pub(super) fn on_time(&mut self, now: Instant) {
        let name = self.handle.name.clone();
        let handle = self.handle.clone();
        let st = &handle.config.settings;
        let startup = Duration::from_millis(st.startup_timeout_ms);
        let beat_timeout = Duration::from_millis(st.heartbeat_timeout_ms);
        let max_uptime = policy::hours(st.lifecycle.max_uptime_hours);
        let healthy = Duration::from_millis(st.lifecycle.recovery.healthy_reset_ms);
        for s in &mut self.slots {
            let mut rotate = None;
            for p in &mut s.procs {
                if p.killed {
                    continue;
                }
                if p.state == SlotState::Booting && now >= p.spawned_at + startup {
                    tracing::error!(pool = %name, worker = s.id, pid = p.pid.as_raw(), "worker did not boot within startup_timeout_ms ({} ms); killing it", st.startup_timeout_ms);
                    p.reason = Some("startup timeout".into());
                    kill_proc(p, "startup timeout");
                } else if p.kill_at.is_some_and(|at| now >= at) {
                    tracing::warn!(pool = %name, worker = s.id, pid = p.pid.as_raw(), in_flight = p.link.in_flight(), "worker did not exit in time; killing it");
                    kill_proc(p, "drain timeout");
                } else if p.state == SlotState::Active && now >= p.link.last_beat() + beat_timeout {
                    tracing::error!(pool = %name, worker = s.id, pid = p.pid.as_raw(), "no heartbeat for {} ms; killing the worker", st.heartbeat_timeout_ms);
                    p.reason = Some("missed heartbeats".into());
                    kill_proc(p, "hang");
                } else if p.state == SlotState::Active {
                    let up = p
                        .active_at
                        .map(|a| now.duration_since(a))
                        .unwrap_or_default();
                    if !max_uptime.is_zero() && up >= max_uptime && p.reason.is_none() {
                        p.reason = Some("uptime".into());
                        rotate = Some("uptime");
                    }
                    if s.failures > 0 && up >= healthy {
                        s.failures = 0;
                    }
                }
            }
            if let Some(r) = rotate
                && s.rotate.is_none()
            {
                s.rotate = Some(r.into());
            }
        }
    }

    /// Reads each ACTIVE worker's RSS from /proc and rotates those over the limit.
    pub(super) fn check_memory(&mut self) {
        let limit = policy::memory_limit_bytes(self.cfg().settings.lifecycle.max_memory_mb);
        let mut over = Vec::new();
        for s in &mut self.slots {
            for p in &mut s.procs {
                if let Some(rss) = crate::memory::rss_bytes(p.pid) {
                    p.note_rss(rss);
                    if limit > 0
                        && rss > limit
                        && p.state == SlotState::Active
                        && p.reason.is_none()
                    {
                        over.push((s.id, p.generation, rss));
                    }
                }
            }
        }
        for (slot, generation, rss) in over {
            tracing::warn!(pool = %self.handle.name, worker = slot, rss_mb = rss / (1024 * 1024), "worker over max_memory_mb; rotating");
            self.request_rotation(slot, generation, "memory");
        }
    }

    pub(super) fn next_deadline(&self) -> Option<Instant> {
        let st = &self.cfg().settings;
        let startup = Duration::from_millis(st.startup_timeout_ms);
        let uptime = policy::hours(st.lifecycle.max_uptime_hours);
        let healthy = Duration::from_millis(st.lifecycle.recovery.healthy_reset_ms);
        let mut next: Option<Instant> = self
            .maint_emptying()
            .then(|| Instant::now() + maint::EMPTYING_POLL);
        let mut at = |t: Instant| next = Some(next.map_or(t, |n| n.min(t)));
        for s in &self.slots {
            if let Some(r) = s.retry_at.or(s.rotate_not_before) {
                at(r);
            }
            for p in s.procs.iter().filter(|p| !p.killed) {
                if let Some(k) = p.kill_at {
                    at(k);
                }
                match p.state {
                    SlotState::Booting => at(p.spawned_at + startup),
                    SlotState::Active => {
                        if let Some(a) = p.active_at {
                            if !uptime.is_zero() && p.reason.is_none() {
                                at(a + uptime);
                            }
                            if s.failures > 0 {
                                at(a + healthy);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        next
    }
}
