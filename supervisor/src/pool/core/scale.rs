//! Autoscaling between `min_workers` and `max_workers` (pixl-server-pool's
//! rules): a worker serving `busy_factor` or more requests is busy; the
//! pool aims for `policy::autoscale_target`; at most
//! `max_concurrent_launches` workers boot at once; only idle ACTIVE workers
//! that have lived `cooldown_ms` are removed, highest slot first; workers in
//! maintenance, draining or booting are not available and never removed.

use std::time::{Duration, Instant};

use super::{Core, Log, Phase, Probe, ProcState, Reason, Slot};
use crate::pool::policy;

/// How often the pool is sampled for autoscaling and automatic maintenance.
pub const POOL_TICK: Duration = Duration::from_millis(250);

impl Core {
    pub(super) fn autoscale(&mut self, now: Instant, probe: &dyn Probe) {
        if self.min_workers == self.max_workers || self.stopping {
            return;
        }
        let sc = self.settings.scaling;
        let live = || self.slots.iter().filter(|s| s.phase != Phase::Retiring);
        // Workers in maintenance are not available; empty slots waiting out
        // a backoff are (they come back by themselves).
        let current = live()
            .filter(|s| s.primary().is_none_or(|p| !p.state.is_aside()))
            .count() as u32;
        let busy = live()
            .filter_map(|s| s.primary().map(|p| (s.id, p)))
            .filter(|(id, p)| {
                matches!(p.state, ProcState::Active { .. })
                    && probe.load(*id, p.generation).in_flight >= sc.busy_factor
            })
            .count() as u32;
        let target =
            policy::autoscale_target(busy, sc.headroom_pct, self.min_workers, self.max_workers);
        if target > current {
            self.scale_up(busy, target, current, now);
        } else if target < current {
            self.scale_down(busy, target, current, now, probe);
        }
    }

    fn scale_up(&mut self, busy: u32, target: u32, current: u32, now: Instant) {
        let booting = self
            .slots
            .iter()
            .flat_map(|s| s.procs.iter())
            .filter(|p| matches!(p.state, ProcState::Booting { .. }))
            .count() as u32;
        let launches = self.settings.scaling.max_concurrent_launches;
        let add = (target - current).min(launches.saturating_sub(booting));
        for _ in 0..add {
            let id = (0..)
                .find(|id| !self.slots.iter().any(|s| s.id == *id))
                .unwrap_or(0);
            self.slots.push(Slot::new(id, now));
        }
        if add > 0 {
            self.log(Log::ScaleUp {
                busy,
                target,
                from: current,
                to: current + add,
            });
        }
    }

    fn scale_down(
        &mut self,
        busy: u32,
        target: u32,
        current: u32,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let cooldown = self.settings.scaling.cooldown;
        let mut idle: Vec<u32> = self
            .slots
            .iter()
            .filter(|s| s.phase == Phase::Serving && s.procs.len() == 1 && s.rotation.is_none())
            .filter(|s| {
                let p = &s.procs[0];
                matches!(p.state, ProcState::Active { since } if now.saturating_duration_since(since) >= cooldown)
                    && probe.load(s.id, p.generation).in_flight == 0
                    && !self.queued_for_maint(s.id, p.generation)
                    && !self.queued_for_swap(s.id, p.generation)
            })
            .map(|s| s.id)
            .collect();
        idle.sort_unstable_by(|a, b| b.cmp(a));
        idle.truncate((current - target) as usize);
        if idle.is_empty() {
            return;
        }
        self.log(Log::ScaleDown {
            busy,
            target,
            from: current,
            to: current - idle.len() as u32,
            slots: idle.clone(),
        });
        for id in idle {
            let Some(i) = self.slot_index(id) else {
                continue;
            };
            if self.set_phase(i, Phase::Retiring) {
                let generation = self.slots[i].procs[0].generation;
                self.drain(i, generation, Reason::ScaleDown, now, probe);
            }
        }
    }
}
