//! Autoscaling between `min_workers` and `max_workers` (pixl-server-pool's
//! rules): a worker serving `busy_factor` or more requests is busy; the
//! pool aims for `policy::autoscale_target`; at most
//! `max_concurrent_launches` workers boot at once; only idle ACTIVE workers
//! that have lived `cooldown_ms` are removed; workers in maintenance,
//! draining or booting are not available and never removed.

use super::*;

/// How often the pool is sampled.
pub(super) const TICK: Duration = Duration::from_millis(250);

impl Actor {
    pub(super) fn autoscale(&mut self, now: Instant) {
        let handle = self.handle.clone();
        let cfg = &handle.config;
        if cfg.min_workers == cfg.max_workers || self.stopping {
            return;
        }
        let st = &cfg.settings;
        let live = || self.slots.iter().filter(|s| !s.retiring);
        // Workers in maintenance or draining are not available; empty slots
        // waiting out a backoff are (they come back by themselves).
        let current = live()
            .filter(|s| s.primary().is_none_or(|p| p.state != SlotState::Maint))
            .count() as u32;
        let busy = live()
            .filter_map(|s| s.primary())
            .filter(|p| p.state == SlotState::Active && p.link.in_flight() >= st.busy_factor)
            .count() as u32;
        let target =
            policy::autoscale_target(busy, st.headroom_pct, cfg.min_workers, cfg.max_workers);
        if target > current {
            let booting = self
                .slots
                .iter()
                .flat_map(|s| s.procs.iter())
                .filter(|p| p.state == SlotState::Booting)
                .count() as u32;
            let add = (target - current).min(st.max_concurrent_launches.saturating_sub(booting));
            for _ in 0..add {
                let id = (0..)
                    .find(|id| !self.slots.iter().any(|s| s.id == *id))
                    .unwrap_or(0);
                self.slots.push(Slot::new(id, now));
            }
            if add > 0 {
                tracing::info!(
                    pool = %handle.name, busy, target, from = current, to = current + add,
                    "scaling up"
                );
            }
        } else if target < current {
            let cooldown = Duration::from_millis(st.cooldown_ms);
            let mut idle: Vec<u32> = live()
                .filter(|s| s.procs.len() == 1 && s.rotate.is_none())
                .filter(|s| {
                    let p = &s.procs[0];
                    p.state == SlotState::Active
                        && p.link.in_flight() == 0
                        && p.maint == maint::Stage::Idle
                        && p.active_at
                            .is_some_and(|a| now.duration_since(a) >= cooldown)
                })
                .map(|s| s.id)
                .collect();
            idle.sort_unstable_by(|a, b| b.cmp(a));
            idle.truncate((current - target) as usize);
            if idle.is_empty() {
                return;
            }
            tracing::info!(
                pool = %handle.name, busy, target, from = current, to = current - idle.len() as u32,
                workers = ?idle, "scaling down"
            );
            let drain = Duration::from_millis(st.lifecycle.drain_timeout_ms);
            for id in idle {
                if let Some(s) = self.slot_mut(id) {
                    s.retiring = true;
                    let p = &mut s.procs[0];
                    if transition(p, SlotState::Draining) {
                        p.reason = Some("scale down".into());
                        p.link.drain();
                        p.kill_at = Some(now + drain);
                    }
                }
            }
        }
    }
}
