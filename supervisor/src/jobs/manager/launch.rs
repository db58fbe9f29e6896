//! Starting a job's process: through the spawner thread, its output into
//! the log, its socket's tasks (the hello, `RunJob`, the reports), its pid
//! with the registry so the reaper's exit comes back here.

use std::sync::Arc;

use nix::sys::signal::Signal;
use protocol::worker::JobStart;

use super::{Handle, Manager, clock};
use crate::jobs::PoolInfo;
use crate::jobs::core::Input;
use crate::jobs::run;
use crate::process::spawn::SpawnSpec;

impl Manager {
    /// Starts run `seq` of job `id`; returns what came of it for the core.
    pub(super) async fn launch(
        &mut self,
        id: String,
        seq: u64,
        pool: &PoolInfo,
        start: JobStart,
    ) -> Input {
        let mut env = pool.env.clone();
        if self.cfg.store.is_some() {
            // Shared store: the process stops itself if bextd stays frozen
            // for a lease's time (worker-bin/src/serve/frozen.rs).
            let ttl = self.cfg.lease_ttl.as_millis().to_string();
            env.insert("BEXT_JOB_LEASE_MS".into(), ttl);
        }
        let spec = SpawnSpec {
            program: self.services.worker_bin.clone(),
            env,
            env_pass: pool.env_pass.clone(),
            title: format!("bext-worker: job {id} ({})", pool.name),
            uid: pool.uid,
            gid: pool.gid,
            pool: pool.name.clone(),
            spawn: pool.spawn,
        };
        let at = clock().at;
        let failed = |error: String| Input::LaunchFailed {
            id: id.clone(),
            run: seq,
            error,
        };
        let spawned = match self.services.spawner.spawn(spec).await {
            Ok(s) => s,
            Err(e) => {
                let bin = self.services.worker_bin.display();
                return failed(format!("cannot start {bin}: {e}"));
            }
        };
        let label: Arc<str> = format!("{} job {id}", pool.name).into();
        for (fd, stream) in [(spawned.stdout, "stdout"), (spawned.stderr, "stderr")] {
            if let Some(fd) = fd {
                crate::process::output::capture(fd, stream, label.clone(), 0, spawned.pid.as_raw());
            }
        }
        let pid = spawned.pid;
        let tx = match run::connect(spawned.socket, start, seq, self.events_tx.clone()) {
            Ok(tx) => tx,
            Err(e) => {
                spawned.process.signal(Signal::SIGKILL);
                return failed(format!("cannot watch the job's socket: {e}"));
            }
        };
        let handle = Handle {
            run: seq,
            process: spawned.process,
            tx,
        };
        self.handles.insert(id.clone(), handle);
        if let Some(exit) = self
            .services
            .registry
            .register(pid, at, self.exits_tx.clone())
        {
            let _ = self.exits_tx.send(exit);
        }
        Input::Launched {
            id,
            run: seq,
            pid,
            at,
        }
    }
}
