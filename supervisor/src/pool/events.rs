//! What the actor does with link events and process exits.

use super::*;

impl Actor {
    pub(super) fn on_event(&mut self, ev: TaggedEvent) {
        let name = self.handle.name.clone();
        let TaggedEvent {
            slot,
            generation,
            event,
        } = ev;
        let threshold = policy::max_requests_threshold(
            self.cfg().settings.lifecycle.max_requests,
            slot,
            self.slots.len() as u32,
        );
        let stopping = self.stopping;
        let Some(p) = self.proc_mut(slot, generation) else {
            return;
        };
        let pid = p.pid.as_raw();
        match event {
            LinkEvent::Ready {
                modules_cached,
                modules_compiled,
            } => {
                if p.state != SlotState::Booting {
                    return;
                }
                if !transition(p, SlotState::Active) {
                    return;
                }
                p.active_at = Some(Instant::now());
                p.kill_at = None;
                p.link.rotate_after.store(threshold, Ordering::Relaxed);
                p.link.set_accepting(!stopping);
                let ms = p.spawned_at.elapsed().as_secs_f64() * 1000.0;
                tracing::info!(pool = %name, worker = slot, pid, generation, boot_ms = format!("{ms:.1}"), modules_cached, modules_compiled, "worker ready");
                self.replace_old(slot, generation);
            }
            LinkEvent::BootFailed(error) => {
                tracing::error!(pool = %name, worker = slot, pid, "worker failed to boot: {}", crate::logging::untrusted(&error));
                let first = error.lines().next().unwrap_or("").to_string();
                p.reason = Some(format!("boot failed: {first}"));
                // It exits by itself; make sure of it.
                p.kill_at = Some(Instant::now() + Duration::from_secs(1));
                if let Some(s) = self.slot_mut(slot) {
                    s.last_error = Some(first);
                }
            }
            LinkEvent::RequestLimit => self.request_rotation(slot, generation, "requests"),
            LinkEvent::OutOfMemory => self.request_rotation(slot, generation, "js heap limit"),
            LinkEvent::ProtocolError(e) => {
                // The link logged it and killed the worker already.
                p.reason = Some(format!("protocol error: {e}"));
                kill_proc(p, "protocol error");
            }
            LinkEvent::MaintDone(error) => self.maint_done(slot, generation, error),
            LinkEvent::Closed => {
                // The exit arrives from the reaper; until then, no requests.
                p.link.set_accepting(false);
            }
        }
    }

    /// Once a replacement is ACTIVE, the slot's older processes drain.
    pub(super) fn replace_old(&mut self, slot: u32, generation: u64) {
        let drain = Duration::from_millis(self.cfg().settings.lifecycle.drain_timeout_ms);
        let now = Instant::now();
        let name = self.handle.name.clone();
        let Some(s) = self.slot_mut(slot) else {
            return;
        };
        let rotate_reason = s.rotate.take();
        for p in &mut s.procs {
            if p.generation != generation && matches!(p.state, SlotState::Active | SlotState::Maint)
            {
                transition(p, SlotState::Draining);
                if p.reason.is_none() {
                    p.reason = rotate_reason.clone();
                }
                p.link.drain();
                p.kill_at = Some(now + drain);
                tracing::info!(
                    pool = %name, worker = slot, pid = p.pid.as_raw(),
                    reason = p.reason.as_deref().unwrap_or("restart"),
                    in_flight = p.link.in_flight(),
                    "draining worker"
                );
            }
        }
    }

    pub(super) fn request_rotation(&mut self, slot: u32, generation: u64, reason: &str) {
        let Some(s) = self.slot_mut(slot) else {
            return;
        };
        if let Some(p) = s
            .procs
            .iter_mut()
            .find(|p| p.generation == generation && p.state == SlotState::Active)
        {
            if p.reason.is_none() {
                p.reason = Some(reason.to_string());
            }
            if s.rotate.is_none() {
                s.rotate = Some(reason.to_string());
            }
        }
    }

    pub(super) fn on_exit(&mut self, exit: Exit) {
        let name = self.handle.name.clone();
        let handle = self.handle.clone();
        let recovery = &handle.config.settings.lifecycle.recovery;
        let stopping = self.stopping;
        let mut retired = None;
        for s in &mut self.slots {
            let Some(i) = s.procs.iter().position(|p| p.pid == exit.pid) else {
                continue;
            };
            let p = s.procs.remove(i);
            if s.retiring && s.procs.is_empty() {
                tracing::info!(pool = %name, worker = s.id, pid = exit.pid.as_raw(), status = %exit.status, "worker removed (scale down)");
                retired = Some(s.id);
                break;
            }
            // A drained worker may exit on its own or be killed at the drain
            // deadline; either way it was meant to go.
            let expected = p.state == SlotState::Draining || stopping;
            if expected {
                tracing::info!(pool = %name, worker = s.id, pid = exit.pid.as_raw(), status = %exit.status, "worker stopped");
            } else {
                s.failures += 1;
                handle.metrics.failures.inc();
                // The exit can overtake the link's event: ask the link too.
                let why = p
                    .reason
                    .clone()
                    .or_else(|| p.link.broken().map(|e| format!("protocol error: {e}")))
                    .unwrap_or_else(|| format!("crashed ({})", exit.status));
                s.last_error = Some(why.clone());
                tracing::error!(
                    pool = %name, worker = s.id, pid = exit.pid.as_raw(), status = %exit.status,
                    state = %p.state, consecutive_failures = s.failures,
                    "worker exited unexpectedly: {}", crate::logging::untrusted(&why)
                );
            }
            if !expected && s.primary().is_some() && s.rotate.is_some() {
                // A replacement failed while the old worker still serves:
                // try the rotation again after the backoff, or drop it.
                match policy::restart_delay(s.failures, recovery) {
                    Some(delay) => s.rotate_not_before = Some(Instant::now() + delay),
                    None => {
                        s.rotate = None;
                        tracing::error!(pool = %name, worker = s.id, failures = s.failures, "ALERT: replacement workers keep failing; the old worker keeps serving");
                    }
                }
            }
            if s.primary().is_none() && !stopping && s.retry_at.is_none() && !s.given_up {
                match policy::restart_delay(s.failures, recovery) {
                    Some(delay) => {
                        if !delay.is_zero() {
                            tracing::warn!(pool = %name, worker = s.id, delay_ms = delay.as_millis() as u64, "restarting after backoff");
                        }
                        s.retry_at = Some(Instant::now() + delay);
                    }
                    None => {
                        s.given_up = true;
                        tracing::error!(
                            pool = %name, worker = s.id, failures = s.failures,
                            last_error = %crate::logging::untrusted(s.last_error.as_deref().unwrap_or("")),
                            "ALERT: worker slot gave up after {} consecutive failures; the pool runs with reduced capacity",
                            s.failures
                        );
                    }
                }
            }
            return;
        }
        if let Some(id) = retired {
            self.slots.retain(|s| s.id != id);
        }
    }
}
