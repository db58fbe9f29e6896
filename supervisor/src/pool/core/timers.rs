//! Deadlines and periodic checks: boot, drain and heartbeat timeouts,
//! uptime, the healthy reset of failure counts, and memory samples.

use std::time::Instant;

use super::triggers::{self, Figures, Limits, Ordered, Verdict};
use super::{Core, Log, Phase, Probe, Proc, ProcState, Reason, Rotation};
use crate::pool::core::{MaintStage, SwapStage};

/// How often an emptying worker's in-flight count is looked at.
pub(super) const EMPTYING_POLL: std::time::Duration = std::time::Duration::from_millis(1);

impl Core {
    /// What [`triggers::due`] says of process `p` of slot `i`, ACTIVE
    /// since `since` (`probe`: for its requests served).
    fn figures(
        &self,
        i: usize,
        p: &Proc,
        since: Instant,
        probe: Option<(&dyn Probe, Instant)>,
    ) -> Verdict {
        let lc = &self.settings.lifecycle;
        let size = self.slots.len() as u32;
        let slot = self.slots[i].id;
        let limits = Limits {
            requests: crate::pool::policy::max_requests_threshold(lc.max_requests, slot, size),
            memory: lc.max_memory_bytes,
            heap_growth: lc.max_heap_growth_per_1k,
            uptime: lc.max_uptime,
        };
        let (served, now) = match probe {
            Some((probe, now)) => (probe.load(slot, p.generation).served, now),
            None => (0, since),
        };
        let ordered = self.slots[i].order.as_ref().map(|r| {
            if r.is_deploy() {
                Ordered::Deploy
            } else {
                Ordered::Operator
            }
        });
        let figures = Figures {
            since,
            served,
            request_cap: p.request_cap,
            rss: p.rss,
            heap_exhausted: p.heap_exhausted,
            heap_growth_per_1k: p
                .growth
                .filter(|g| g.leaking)
                .map(|g| g.bytes_per_1k.max(0.0) as u64),
            ordered,
        };
        triggers::due(&figures, &limits, now)
    }

    /// Asks for the rotation of process `generation` of slot `i` if one of
    /// its triggers is due: the one place rotations are decided, for a
    /// worker's own figures and for orders. An order replaces a routine
    /// rotation not yet started (that replacement would run what the order
    /// wants anyway, so the order is spent); one that came while a
    /// replacement boots waits for it to be ACTIVE, since that replacement
    /// may run the code the order replaces.
    pub(super) fn evaluate(&mut self, i: usize, generation: u64, now: Instant, probe: &dyn Probe) {
        let s = &self.slots[i];
        let Some(p) = s.procs.iter().find(|p| p.generation == generation) else {
            return;
        };
        let ProcState::Active { since } = p.state else {
            return;
        };
        // A worker a replacement boots beside is not the one to judge: the
        // replacement is (and an order waits for it).
        let newest = s.primary().map(|p| p.generation) == Some(generation);
        if !newest || (s.rotation.is_some() && s.order.is_none()) {
            return;
        }
        let Some(t) = self.figures(i, p, since, Some((probe, now))).due else {
            return;
        };
        let s = &mut self.slots[i];
        let order = s.order.take();
        let reason = t.reason(order.as_ref());
        s.rotation = Some(Rotation {
            reason,
            not_before: None,
        });
    }

    /// Turns the slots' orders into rotations where their workers are
    /// ACTIVE (run before each round of spawns).
    pub(super) fn take_orders(&mut self, now: Instant, probe: &dyn Probe) {
        for i in 0..self.slots.len() {
            if self.slots[i].order.is_none() {
                continue;
            }
            let active = self.slots[i]
                .primary()
                .filter(|p| matches!(p.state, ProcState::Active { .. }))
                .map(|p| p.generation);
            if let Some(generation) = active {
                self.evaluate(i, generation, now, probe);
            }
        }
    }

    pub(super) fn on_time(&mut self, now: Instant, probe: &dyn Probe) {
        for i in 0..self.slots.len() {
            let procs: Vec<(u64, ProcState)> = self.slots[i]
                .procs
                .iter()
                .map(|p| (p.generation, p.state.clone()))
                .collect();
            for (generation, state) in procs {
                self.check_proc(i, generation, state, now, probe);
            }
        }
    }

    fn check_proc(
        &mut self,
        i: usize,
        generation: u64,
        state: ProcState,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let slot = self.slots[i].id;
        let Some(pid) = self.slots[i].proc_mut(generation).map(|p| p.pid) else {
            return;
        };
        match state {
            ProcState::Booting { deadline } if now >= deadline => {
                let timeout = self.settings.startup_timeout;
                self.log(Log::StartupTimeout { slot, pid, timeout });
                let failure = Some("startup timeout".to_string());
                self.kill(i, generation, Reason::StartupTimeout, failure);
            }
            ProcState::Draining { deadline, reason } if now >= deadline => {
                let in_flight = probe.load(slot, generation).in_flight;
                self.log(Log::DrainTimeout {
                    slot,
                    pid,
                    in_flight,
                });
                self.kill(i, generation, reason, None);
            }
            ProcState::Failing { deadline, error } if now >= deadline => {
                self.kill(
                    i,
                    generation,
                    Reason::BootFailed(error.clone()),
                    Some(format!("boot failed: {error}")),
                );
            }
            ProcState::Swapping {
                stage: SwapStage::Running { deadline },
                ..
            } if now >= deadline => self.swap_timed_out(i, generation),
            ProcState::Active { since } => {
                let timeout = self.settings.heartbeat_timeout;
                let load = probe.load(slot, generation);
                let busy = load.busy_until.is_some_and(|t| now < t);
                if now >= load.last_beat + timeout && !busy {
                    self.log(Log::Hung { slot, pid, timeout });
                    let failure = Some("missed heartbeats".to_string());
                    self.kill(i, generation, Reason::MissedHeartbeats, failure);
                    return;
                }
                self.check_active(i, generation, since, now, probe);
            }
            _ => {}
        }
    }

    /// Rotation triggers due with time (uptime) and the healthy reset of
    /// the failure count.
    fn check_active(
        &mut self,
        i: usize,
        generation: u64,
        since: Instant,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let up = now.saturating_duration_since(since);
        self.evaluate(i, generation, now, probe);
        let s = &mut self.slots[i];
        if s.failures > 0 && crate::pool::policy::failures_reset(up, &self.settings.recovery) {
            s.failures = 0;
        }
    }

    /// RSS samples: kept for status, and a worker over `max_memory_mb` is
    /// rotated.
    pub(super) fn on_memory(
        &mut self,
        samples: Vec<(u32, u64, u64)>,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let limit = self.settings.lifecycle.max_memory_bytes;
        for (slot, generation, rss) in samples {
            let Some(i) = self.slot_index(slot) else {
                continue;
            };
            let Some(p) = self.slots[i].proc_mut(generation) else {
                continue;
            };
            p.rss = rss;
            p.peak_rss = p.peak_rss.max(rss);
            let (pid, active) = (p.pid, matches!(p.state, ProcState::Active { .. }));
            let pending = self.slots[i].rotation.is_some();
            if active && !pending && limit.is_some_and(|l| rss > l) {
                self.log(Log::OverMemory { slot, pid, rss });
            }
            if active {
                self.evaluate(i, generation, now, probe);
                self.check_ceiling(i, generation, rss, now, probe);
            }
        }
    }

    /// When the core next has something to do on its own (a backoff ends,
    /// a boot or drain deadline passes, uptime runs out, ...).
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let mut next: Option<Instant> = None;
        let mut at = |t: Instant| next = Some(next.map_or(t, |n| n.min(t)));
        for (i, s) in self.slots.iter().enumerate() {
            if let Phase::Backoff { until } = s.phase {
                at(until);
            }
            if let Some(t) = s.rotation.as_ref().and_then(|r| r.not_before) {
                at(t);
            }
            for p in &s.procs {
                match &p.state {
                    ProcState::Booting { deadline }
                    | ProcState::Draining { deadline, .. }
                    | ProcState::Failing { deadline, .. } => at(*deadline),
                    ProcState::Active { since } => {
                        if s.rotation.is_none()
                            && let Some(t) = self.figures(i, p, *since, None).next_check
                        {
                            at(t);
                        }
                        if s.failures > 0 {
                            at(*since + self.settings.recovery.healthy_reset);
                        }
                    }
                    ProcState::Maint {
                        stage: MaintStage::Emptying { .. },
                        ..
                    }
                    | ProcState::Swapping {
                        stage: SwapStage::Emptying { .. },
                        ..
                    } => at(now + EMPTYING_POLL),
                    ProcState::Swapping {
                        stage: SwapStage::Running { deadline },
                        ..
                    } => at(*deadline),
                    _ => {}
                }
            }
        }
        next
    }
}
