//! Rolling maintenance sweeps (pixl-server-pool's `requestMaint`): each
//! queued worker leaves rotation (MAINT), waits until it has no request in
//! flight, runs `maint(data)` (default: QuickJS garbage collection), and
//! comes back ACTIVE. At most `max_concurrent_maint` workers of the pool are
//! out at once, and never the last ACTIVE one. Sweeps are asked for with
//! `bext maint`, or run by themselves every `maint_requests` requests or
//! `maint_time_ms` per worker when `auto_maint` is on.

use super::*;

/// A worker's place in a sweep.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) enum Stage {
    #[default]
    Idle,
    /// Waiting for its turn, with the data for `maint()`.
    Queued(Option<String>),
    /// Out of rotation, waiting for its requests to finish.
    Emptying(Option<String>),
    /// `maint()` is running.
    Running,
}

/// How often an emptying worker's in-flight count is looked at.
pub(super) const EMPTYING_POLL: Duration = Duration::from_millis(5);

impl Actor {
    /// Queues every ACTIVE worker; returns how many.
    pub(super) fn start_sweep(&mut self, data: Option<String>) -> u32 {
        let mut n = 0;
        for p in self.slots.iter_mut().flat_map(|s| s.procs.iter_mut()) {
            if p.state == SlotState::Active && p.maint == Stage::Idle {
                p.maint = Stage::Queued(data.clone());
                n += 1;
            }
        }
        tracing::info!(pool = %self.handle.name, workers = n, "maintenance sweep started");
        n
    }

    /// Queues the workers due for automatic maintenance.
    pub(super) fn auto_maint(&mut self, now: Instant) {
        let st = &self.handle.config.settings;
        if !st.auto_maint {
            return;
        }
        let by_time = st.maint_method == "time";
        let every_ms = Duration::from_millis(st.maint_time_ms);
        for p in self.slots.iter_mut().flat_map(|s| s.procs.iter_mut()) {
            if p.state != SlotState::Active || p.maint != Stage::Idle {
                continue;
            }
            let due = if by_time {
                now.duration_since(p.maint_at) >= every_ms
            } else {
                p.link.stats.served.load(Ordering::Relaxed) - p.maint_served >= st.maint_requests
            };
            if due {
                p.maint = Stage::Queued(None);
            }
        }
    }

    /// Moves the sweep on: takes queued workers out of rotation as far as
    /// the limits allow, and starts `maint()` on those that emptied.
    pub(super) fn advance_maint(&mut self) {
        let limit = self.handle.config.settings.max_concurrent_maint as usize;
        let procs = || self.slots.iter().flat_map(|s| s.procs.iter());
        let mut out = procs().filter(|p| p.state == SlotState::Maint).count();
        let mut active = procs().filter(|p| p.state == SlotState::Active).count();
        let name = self.handle.name.clone();
        for p in self.slots.iter_mut().flat_map(|s| s.procs.iter_mut()) {
            match &p.maint {
                Stage::Queued(data)
                    if p.state == SlotState::Active && out < limit && active > 1 =>
                {
                    let data = data.clone();
                    if transition(p, SlotState::Maint) {
                        p.link.set_accepting(false);
                        p.maint = Stage::Emptying(data);
                        out += 1;
                        active -= 1;
                    }
                }
                Stage::Queued(_) | Stage::Emptying(_)
                    if p.state != SlotState::Active && p.state != SlotState::Maint =>
                {
                    p.maint = Stage::Idle; // it is draining or dead: nothing to maintain
                }
                _ => {}
            }
            if let Stage::Emptying(data) = &p.maint
                && p.link.in_flight() == 0
            {
                let data_json = data.clone();
                if p.link.send_untracked(MasterToWorker::Maint { data_json }) {
                    tracing::debug!(pool = %name, worker = p.link.slot, pid = p.pid.as_raw(), "maintenance running");
                    p.maint = Stage::Running;
                }
            }
        }
    }

    /// Whether a worker is waiting to empty (the actor then polls).
    pub(super) fn maint_emptying(&self) -> bool {
        self.slots
            .iter()
            .flat_map(|s| s.procs.iter())
            .any(|p| matches!(p.maint, Stage::Emptying(_)))
    }

    /// `maint()` finished on a worker: back into rotation.
    pub(super) fn maint_done(&mut self, slot: u32, generation: u64, error: Option<String>) {
        let stopping = self.stopping;
        let name = self.handle.name.clone();
        let Some(p) = self.proc_mut(slot, generation) else {
            return;
        };
        if let Some(e) = &error {
            tracing::warn!(pool = %name, worker = slot, pid = p.pid.as_raw(), error = %crate::logging::untrusted(e), "maint() failed");
        }
        p.maint = Stage::Idle;
        p.maint_served = p.link.stats.served.load(Ordering::Relaxed);
        p.maint_at = Instant::now();
        if p.state == SlotState::Maint && transition(p, SlotState::Active) {
            p.link.set_accepting(!stopping);
            tracing::info!(pool = %name, worker = slot, pid = p.pid.as_raw(), "maintenance done");
        }
    }
}
