//! Starting a worker for a slot: the spawn on the spawner thread, its
//! output captured, its link connected and its exit registered, with what
//! its `Init` carries.

use std::collections::VecDeque;
use std::time::Instant;

use protocol::worker::WorkerSettings;

use super::Actor;
use crate::pool::COMPRESS_MIN_BYTES;
use crate::pool::core::Input;
use crate::pool::link;
use crate::process::spawn::SpawnSpec;

impl Actor {
    /// Starts a worker for `slot` and reports how that went.
    pub(super) async fn spawn(&mut self, slot: u32, generation: u64, queue: &mut VecDeque<Input>) {
        let handle = self.handle.clone();
        let cfg = handle.config();
        let spec = SpawnSpec {
            program: self.services.worker_bin.clone(),
            env: cfg.settings.env.clone(),
            env_pass: cfg.settings.env_pass.clone(),
            title: format!("bext-worker: {} #{slot}", cfg.name),
            uid: cfg.uid,
            gid: cfg.gid,
            pool: cfg.name.clone(),
            spawn: cfg.settings.spawn,
        };
        let at = Instant::now();
        let spawned = match self.services.spawner.spawn(spec).await {
            Ok(s) => s,
            Err(e) => {
                let transient = crate::process::spawn::lacks_resources(&e);
                let error = format!("cannot start {}: {e}", self.services.worker_bin.display());
                queue.push_back(Input::SpawnFailed {
                    slot,
                    generation,
                    error,
                    transient,
                });
                return;
            }
        };
        let pid = spawned.pid;
        if let Err(e) = self.watch(slot, generation, spawned) {
            queue.push_back(Input::SpawnFailed {
                slot,
                generation,
                error: format!("cannot watch the new worker's socket: {e}"),
                transient: crate::process::spawn::lacks_resources(&e),
            });
            return;
        }
        queue.push_back(Input::Spawned {
            slot,
            generation,
            pid,
            at,
        });
        let registry = &self.services.registry;
        if let Some(exit) = registry.register(pid, at, self.exits_tx.clone()) {
            let _ = self.exits_tx.send(exit);
        }
    }

    /// Captures a new worker's output and connects its link; on failure the
    /// worker is killed (its exit is reaped as an orphan's).
    fn watch(
        &mut self,
        slot: u32,
        generation: u64,
        spawned: crate::process::spawn::Spawned,
    ) -> std::io::Result<()> {
        let handle = self.handle.clone();
        let cfg = handle.config();
        let pid = spawned.pid;
        for (fd, stream) in [(spawned.stdout, "stdout"), (spawned.stderr, "stderr")] {
            if let Some(fd) = fd {
                crate::process::output::capture(
                    fd,
                    stream,
                    handle.name.clone(),
                    slot,
                    pid.as_raw(),
                );
            }
        }
        let process = spawned.process;
        // The running version, or the deploy under way (see `version`);
        // beside a canary, the version it is judged against.
        let load = self.load_for(slot);
        let new = link::NewLink {
            pool: handle.name.clone(),
            slot,
            pid,
            generation,
            version: load.seq,
            settings: worker_settings(&cfg, &self.services.jobs.config),
            modules: load.modules.clone(),
            capacity: cfg.settings.worker_concurrency,
            room: handle.room.clone(),
            process,
            jobs: self.services.jobs.clone(),
            warmup: cfg.settings.deploy.warmup.clone().into(),
        };
        match link::connect(new, spawned.socket, self.events_tx.clone()) {
            Ok(l) => {
                self.links.insert((slot, generation), l);
                self.loads.insert((slot, generation), load);
                self.give_side((slot, generation));
            }
            Err(e) => return Err(e),
        }
        self.pids.insert(pid, (slot, generation));
        tracing::debug!(pool = %cfg.name, worker = slot, pid = pid.as_raw(), generation, "worker spawned");
        Ok(())
    }
}

/// What a new worker's `Init` carries.
fn worker_settings(cfg: &crate::config::Pool, jobs: &crate::config::Jobs) -> WorkerSettings {
    let st = &cfg.settings;
    WorkerSettings {
        script: cfg.script.to_string_lossy().into_owned(),
        request_timeout_ms: st.request_timeout.map_or(0, |d| d.as_millis() as u64),
        heartbeat_interval_ms: st.heartbeat_interval.as_millis() as u64,
        js_memory_limit_mb: st.js_memory_limit_mb,
        max_frame_bytes: protocol::DEFAULT_MAX_FRAME_BYTES,
        compress: st
            .compress
            .clone()
            .map(|regex| protocol::worker::Compression {
                content_type_regex: regex,
                min_bytes: COMPRESS_MIN_BYTES,
            }),
        job_budget_bytes: jobs.budget_bytes,
        job_default_memory_bytes: jobs.default_memory_bytes,
        env: st.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        fetch: st.fetch.clone(),
        batch_scheduling: st.batch_scheduling,
        read: cfg.read.clone(),
        tmp_max_bytes: st.tmp_max_bytes,
    }
}
