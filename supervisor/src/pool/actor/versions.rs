//! The actor's side of versions (`pool/version.rs`): which load each
//! worker runs, a deploy's first worker ready (a new version) or failed
//! (the rollout stops, reported once).

use std::collections::VecDeque;

use nix::unistd::Pid;
use serde_json::json;

use super::Actor;
use crate::history::{NewEvent, report as feed};
use crate::pool::core::{Input, LinkEvent, ProcState};
use crate::pool::version::{Failed, Settled};

/// The pool's settings that change what its code does, as a version's id
/// hashes them.
pub(crate) fn code_settings(cfg: &crate::config::Pool) -> String {
    let st = &cfg.settings;
    format!(
        "script={}\nenv={:?}\nfetch={:?}\njs_memory_limit_mb={}",
        cfg.script.display(),
        st.env,
        st.fetch,
        st.js_memory_limit_mb
    )
}

impl Actor {
    /// Looks at an input before the core does: a worker of a deploy ready
    /// or failed settles the deploy. Returns an input to step first.
    pub(super) fn observe(&mut self, input: &Input) -> Option<Input> {
        let Input::Link {
            slot,
            generation,
            event,
        } = input
        else {
            return None;
        };
        match event {
            LinkEvent::Ready { .. } => self.settle(*slot, *generation),
            LinkEvent::BootFailed(error) => {
                let mut first = VecDeque::new();
                self.load_failed(*slot, *generation, error, &mut first);
                return first.pop_front();
            }
            _ => {}
        }
        None
    }

    fn settle(&mut self, slot: u32, generation: u64) {
        let Some(load) = self.loads.get(&(slot, generation)).cloned() else {
            return;
        };
        let settings = code_settings(&self.handle.config());
        let pool = self.handle.name.clone();
        match self.handle.versions.settled(&load, &settings) {
            Settled::New { id, previous } => {
                self.canary_ready(&load, true);
                let cause = load.cause.name();
                let was = previous.as_deref().unwrap_or("none");
                tracing::info!(pool = %pool, version = %id, previous = was, cause, "version {id} running");
                feed(
                    NewEvent::new("deploy", "info", format!("version {id} running ({cause})"))
                        .detail(json!({ "version": id, "previous": previous, "cause": cause }))
                        .pool(&pool),
                );
            }
            Settled::Same { id } => {
                self.canary_ready(&load, false);
                tracing::info!(pool = %pool, version = %id, "deploy loaded the running version's code again");
            }
            Settled::Nothing => {}
        }
    }

    /// A worker of `(slot, generation)` failed to load or start.
    pub(super) fn load_failed(
        &mut self,
        slot: u32,
        generation: u64,
        error: &str,
        queue: &mut VecDeque<Input>,
    ) {
        let Some(load) = self.loads.get(&(slot, generation)).cloned() else {
            return;
        };
        let settings = code_settings(&self.handle.config());
        let Some(Failed { id, running, error }) =
            self.handle.versions.failed(&load, error, &settings)
        else {
            return;
        };
        self.end_canary();
        let pool = self.handle.name.clone();
        tracing::error!(pool = %pool, version = %id, running = %running, worker = slot,
            "ALERT: deploy of {id} failed: {error}; the rollout stopped, every worker stays on {running}");
        feed(
            NewEvent::new("deploy", "error", format!("deploy of {id} failed: {error}"))
                .detail(json!({ "version": id, "running": running, "error": error }))
                .pool(&pool),
        );
        // The deploy's other workers that have not started serving.
        let stop: Vec<(u32, u64)> = self
            .core
            .slots()
            .iter()
            .flat_map(|s| s.procs.iter().map(move |p| (s.id, p)))
            .filter(|(_, p)| matches!(p.state, ProcState::Booting { .. }))
            .map(|(id, p)| (id, p.generation))
            .filter(|k| *k != (slot, generation))
            .filter(|k| self.loads.get(k).is_some_and(|l| l.seq == load.seq))
            .collect();
        queue.push_back(Input::DeployFailed { stop });
    }

    /// A worker that did not start in time: a deploy's first one fails it.
    pub(super) fn timed_out(&mut self, pid: Pid, queue: &mut VecDeque<Input>) {
        if let Some(&(slot, generation)) = self.pids.get(&pid) {
            self.load_failed(slot, generation, "startup timeout", queue);
        }
    }
}
