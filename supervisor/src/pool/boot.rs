//! Booting processes: filling empty slots after their backoff, and
//! replacements for rotations as far as `max_concurrent_rotations` allows.

use super::*;

impl Actor {
    /// Boots what is missing: empty slots whose backoff is over, and queued
    /// rotations as far as `max_concurrent_rotations` allows.
    pub(super) async fn reconcile(&mut self) {
        if self.stopping {
            return;
        }
        let now = Instant::now();
        for i in 0..self.slots.len() {
            let s = &self.slots[i];
            if s.primary().is_none()
                && !s.given_up
                && !s.retiring
                && s.retry_at.is_some_and(|t| now >= t)
            {
                self.slots[i].retry_at = None;
                self.boot(i).await;
            }
        }
        let limit = self.cfg().settings.lifecycle.max_concurrent_rotations as usize;
        let mut busy = self.slots.iter().filter(|s| s.rotating()).count();
        for i in 0..self.slots.len() {
            if busy >= limit {
                break;
            }
            let s = &self.slots[i];
            let ready = s.rotate.is_some()
                && !s.retiring
                && s.rotate_not_before.is_none_or(|t| now >= t)
                && !s.rotating()
                && s.primary().is_some_and(|p| p.state == SlotState::Active);
            if ready {
                let reason = s.rotate.clone().unwrap_or_default();
                tracing::info!(pool = %self.handle.name, worker = s.id, reason = %reason, "rotating worker");
                if let Some(p) = self.slots[i]
                    .procs
                    .iter_mut()
                    .rev()
                    .find(|p| p.state == SlotState::Active)
                {
                    p.reason.get_or_insert(reason);
                }
                self.boot(i).await;
                busy += 1;
            }
        }
        self.advance_maint();
    }

    pub(super) async fn boot(&mut self, i: usize) {
        let handle = self.handle.clone();
        let cfg = &handle.config;
        let spec = SpawnSpec {
            program: self.services.worker_bin.clone(),
            env: cfg.settings.env.clone(),
            title: format!("bext-worker: {} #{}", cfg.name, self.slots[i].id),
            uid: cfg.uid,
            gid: cfg.gid,
        };
        let spawned_at = Instant::now();
        let spawned = match self.services.spawner.spawn(spec).await {
            Ok(s) => s,
            Err(e) => return self.spawn_failed(i, &e),
        };
        let slot = &mut self.slots[i];
        slot.spawn_retries = 0;
        slot.generation += 1;
        let generation = slot.generation;
        if generation > 1 {
            slot.restarts += 1;
            handle.metrics.restarts.inc();
        }
        let settings = WorkerSettings {
            script: cfg.script.to_string_lossy().into_owned(),
            request_timeout_ms: cfg.settings.request_timeout_ms,
            heartbeat_interval_ms: cfg.settings.heartbeat_interval_ms,
            js_memory_limit_mb: cfg.settings.js_memory_limit_mb,
            max_frame_bytes: protocol::DEFAULT_MAX_FRAME_BYTES,
            compress: cfg
                .settings
                .compress
                .then(|| protocol::worker::Compression {
                    content_type_regex: cfg.settings.compress_regex.clone(),
                    min_bytes: COMPRESS_MIN_BYTES,
                }),
        };
        let pid = spawned.pid;
        for (fd, stream) in [(spawned.stdout, "stdout"), (spawned.stderr, "stderr")] {
            if let Some(fd) = fd {
                crate::output::capture(fd, stream, self.handle.name.clone(), slot.id, pid.as_raw());
            }
        }
        let new = link::NewLink {
            pool: self.handle.name.clone(),
            slot: slot.id,
            pid,
            generation,
            settings,
            modules: self.handle.modules.clone(),
        };
        let link = match link::connect(new, spawned.socket, self.events_tx.clone()) {
            Ok(l) => l,
            Err(e) => {
                tracing::error!(pool = %cfg.name, worker = slot.id, pid = pid.as_raw(), "cannot watch the worker's socket: {e}");
                let _ = kill(pid, Signal::SIGKILL);
                return self.spawn_failed(i, &e);
            }
        };
        tracing::debug!(pool = %cfg.name, worker = slot.id, pid = pid.as_raw(), generation, "worker spawned");
        slot.procs.push(Proc {
            pid,
            generation,
            link,
            state: SlotState::Booting,
            spawned_at,
            started_unix_ms: crate::memory::unix_ms(),
            active_at: None,
            reason: None,
            kill_at: None,
            killed: false,
            rss_bytes: 0,
            peak_rss_bytes: 0,
            maint: maint::Stage::Idle,
            maint_served: 0,
            maint_at: spawned_at,
        });
        if let Some(exit) = self
            .services
            .registry
            .register(pid, spawned_at, self.exits_tx.clone())
        {
            let _ = self.exits_tx.send(exit);
        }
    }

    /// A worker could not be started. For lack of resources (descriptors,
    /// processes, memory) the slot tries again after a growing delay and
    /// the failure is not counted against the script; otherwise it is a
    /// failure like a crash, with its backoff, and may make the slot give up.
    fn spawn_failed(&mut self, i: usize, e: &std::io::Error) {
        let handle = self.handle.clone();
        let cfg = &handle.config;
        let bin = self.services.worker_bin.display().to_string();
        let slot = &mut self.slots[i];
        if crate::spawn::lacks_resources(e) {
            slot.spawn_retries += 1;
            let delay = policy::resource_retry_delay(slot.spawn_retries);
            tracing::warn!(
                pool = %cfg.name, worker = slot.id, attempt = slot.spawn_retries,
                retry_in_ms = delay.as_millis() as u64,
                "cannot start a worker for lack of resources: {e}; retrying (not counted as a failure)"
            );
            let at = Instant::now() + delay;
            if slot.primary().is_some() {
                slot.rotate_not_before = Some(at); // a replacement: the old one serves
            } else {
                slot.retry_at = Some(at);
            }
            return;
        }
        tracing::error!(pool = %cfg.name, worker = slot.id, "cannot start {bin}: {e}");
        slot.failures += 1;
        handle.metrics.failures.inc();
        slot.last_error = Some(format!("spawn failed: {e}"));
        slot.retry_at = policy::restart_delay(slot.failures, &cfg.settings.lifecycle.recovery)
            .map(|d| Instant::now() + d.max(Duration::from_millis(100)));
        if slot.retry_at.is_none() {
            slot.given_up = true;
            tracing::error!(
                pool = %cfg.name, worker = slot.id, failures = slot.failures,
                last_error = %crate::logging::untrusted(slot.last_error.as_deref().unwrap_or("")),
                "ALERT: worker slot gave up after {} consecutive failures; the pool runs with reduced capacity",
                slot.failures
            );
        }
    }
}
