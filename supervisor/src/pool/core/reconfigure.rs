//! New settings from a config reload. Size, autoscaling and admission
//! apply to the running workers: slots are added up to the new
//! `min_workers` and the highest ones retired down to the new
//! `max_workers`, without restarting any other worker. Any other change
//! (`roll`) replaces every worker by a rolling restart, under the new
//! settings.

use std::time::Instant;

use super::{Core, Log, Phase, Probe, ProcState, Reason, Slot};
use crate::config::Settings;

impl Core {
    pub(super) fn reconfigure(
        &mut self,
        settings: Settings,
        min_workers: u32,
        max_workers: u32,
        roll: bool,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let from = self.live_slots();
        self.settings = settings;
        self.min_workers = min_workers;
        self.max_workers = max_workers;
        let mut live = from;
        while live < min_workers {
            let id = (0..)
                .find(|id| !self.slots.iter().any(|s| s.id == *id))
                .unwrap_or(0);
            self.slots.push(Slot::new(id, now));
            live += 1;
        }
        if live > max_workers {
            self.retire_highest(live - max_workers, now, probe);
        }
        self.log(Log::Reconfigured {
            from,
            to: self.live_slots(),
            roll,
        });
        if roll {
            // Every slot exists: the count is not asked for.
            let _ = self.restart(None, Reason::ConfigReload, now);
        }
    }

    /// Slots that are not being removed.
    fn live_slots(&self) -> u32 {
        self.slots
            .iter()
            .filter(|s| s.phase != Phase::Retiring)
            .count() as u32
    }

    /// Removes the `n` highest live slots: empty ones at once, the others
    /// drain (a booting process is stopped) and go when their last process
    /// exits.
    fn retire_highest(&mut self, n: u32, now: Instant, probe: &dyn Probe) {
        let mut ids: Vec<u32> = self
            .slots
            .iter()
            .filter(|s| s.phase != Phase::Retiring)
            .map(|s| s.id)
            .collect();
        ids.sort_unstable_by(|a, b| b.cmp(a));
        ids.truncate(n as usize);
        for id in ids {
            let Some(i) = self.slot_index(id) else {
                continue;
            };
            if self.slots[i].procs.is_empty() {
                self.slots.remove(i);
                continue;
            }
            if self.slots[i].phase != Phase::Serving {
                continue;
            }
            self.slots[i].rotation = None;
            self.slots[i].order = None;
            if !self.set_phase(i, Phase::Retiring) {
                continue;
            }
            let procs: Vec<(u64, bool)> = self.slots[i]
                .procs
                .iter()
                .map(|p| {
                    let serving = matches!(p.state, ProcState::Active { .. }) || p.state.is_aside();
                    (p.generation, serving)
                })
                .collect();
            for (generation, serving) in procs {
                let booting = self.slots[i]
                    .proc_mut(generation)
                    .is_some_and(|p| matches!(p.state, ProcState::Booting { .. }));
                if serving {
                    self.drain(i, generation, Reason::ScaleDown, now, probe);
                } else if booting {
                    self.kill(i, generation, Reason::ScaleDown, None);
                }
            }
        }
    }
}
