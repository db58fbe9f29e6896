//! What the core does with spawn results, link events and exits.

use std::time::{Duration, Instant};

use nix::unistd::Pid;

use super::death::Death;
use super::log::Crash;
use super::{
    Action, Core, Counter, Exit, LastExit, LinkEvent, Log, Phase, Probe, Proc, ProcState, Reason,
    Rotation,
};
use crate::pool::policy;
use crate::process::reaper::ExitKind;

/// A boot-failed worker exits by itself; it is killed if it has not after this.
const FAILING_GRACE: Duration = Duration::from_secs(1);

/// The shortest wait before retrying a spawn that failed.
const MIN_SPAWN_RETRY: Duration = Duration::from_millis(100);

impl Core {
    pub(super) fn spawned(&mut self, slot: u32, generation: u64, pid: Pid, at: Instant) {
        let Some(i) = self.slot_index(slot) else {
            // The slot was removed meanwhile: nothing wants this process.
            self.out.push(Action::Kill { pid });
            return;
        };
        let deadline = at + self.settings.startup_timeout;
        self.slots[i].spawning = false;
        self.slots[i].spawn_retries = 0;
        self.slots[i].procs.push(Proc {
            pid,
            generation,
            state: ProcState::Booting { deadline },
            spawned_at: at,
            rss: 0,
            peak_rss: 0,
            maint_served: 0,
            maint_at: at,
            swaps: 0,
            census: Default::default(),
            growth: None,
            request_cap: false,
            heap_exhausted: false,
        });
        if self.stopping {
            self.kill(i, generation, Reason::Shutdown, None);
        }
    }

    pub(super) fn spawn_failed(&mut self, slot: u32, error: String, transient: bool, now: Instant) {
        let Some(i) = self.slot_index(slot) else {
            return;
        };
        self.slots[i].spawning = false;
        let retry_in = if transient {
            self.slots[i].spawn_retries += 1;
            Some(policy::resource_retry_delay(self.slots[i].spawn_retries))
        } else {
            None
        };
        self.log(Log::SpawnFailed {
            slot,
            error: error.clone(),
            retry_in,
        });
        if let Some(delay) = retry_in {
            // Out of descriptors or memory: not the script's fault, so not
            // counted; retried until it works, 100 ms doubling to 5 s.
            if self.slots[i].primary().is_some() {
                // A replacement: the old worker keeps serving meanwhile.
                self.overstay(i, &error);
                if let Some(r) = self.slots[i].rotation.as_mut() {
                    r.not_before = Some(now + delay);
                }
            } else {
                self.set_phase(i, Phase::Backoff { until: now + delay });
            }
            return;
        }
        if self.slots[i].primary().is_some() {
            // A replacement could not start: the old worker keeps serving
            // and the rotation is tried again after the backoff.
            if let Some(r) = self.slots[i].rotation.as_mut() {
                r.not_before = Some(now + MIN_SPAWN_RETRY);
            }
        }
        self.slots[i].failures += 1;
        self.out.push(Action::Count(Counter::Failure));
        self.slots[i].last_error = Some(format!("spawn failed: {error}"));
        if self.slots[i].primary().is_none() {
            self.after_failure(i, now, MIN_SPAWN_RETRY);
        } else {
            self.replacement_failed(i, now, &format!("spawn failed: {error}"));
        }
    }

    pub(super) fn on_link(
        &mut self,
        slot: u32,
        generation: u64,
        event: LinkEvent,
        now: Instant,
        probe: &dyn Probe,
    ) {
        let Some(i) = self.slot_index(slot) else {
            return;
        };
        let Some(p) = self.slots[i].proc_mut(generation) else {
            return;
        };
        let pid = p.pid;
        match event {
            LinkEvent::Ready { cached, compiled } => {
                let booting = matches!(p.state, ProcState::Booting { .. });
                if booting && self.set_proc(i, generation, ProcState::Active { since: now }) {
                    self.ready(i, generation, (cached, compiled), now, probe);
                }
            }
            LinkEvent::BootFailed(error) => {
                let first = error.lines().next().unwrap_or("").to_string();
                self.log(Log::BootFailed { slot, pid, error });
                let state = ProcState::Failing {
                    error: first.clone(),
                    deadline: now + FAILING_GRACE,
                };
                if self.set_proc(i, generation, state) {
                    // A replacement that failed: the worker it would
                    // replace serves on past its limit.
                    self.overstay(i, &first);
                    self.slots[i].last_error = Some(first);
                }
            }
            LinkEvent::RequestLimit => {
                p.request_cap = true;
                self.evaluate(i, generation, now, probe);
            }
            LinkEvent::OutOfMemory => {
                p.heap_exhausted = true;
                self.evaluate(i, generation, now, probe);
            }
            LinkEvent::ProtocolError(e) => {
                // The link logged it and killed the worker already.
                let failure = format!("protocol error: {e}");
                if !matches!(p.state, ProcState::Killed { .. }) {
                    let state = ProcState::Killed {
                        reason: Reason::ProtocolError(e),
                        failure: Some(failure),
                    };
                    self.set_proc(i, generation, state);
                }
            }
            LinkEvent::MaintDone(error) => self.maint_done(i, generation, error, now, probe),
            LinkEvent::Census(c) => self.census(i, generation, c, now, probe),
            LinkEvent::HeapReport(report) => self.walked(i, generation, report, now, probe),
            LinkEvent::SwapDone { error, missing } => {
                self.swap_done(i, generation, error, missing, now, probe)
            }
            LinkEvent::Closed | LinkEvent::Tallied => {}
        }
    }

    /// A process became ACTIVE: its request limit, its link opened, and the
    /// processes it replaces drained.
    fn ready(
        &mut self,
        i: usize,
        generation: u64,
        (cached, compiled): (u32, u32),
        now: Instant,
        probe: &dyn Probe,
    ) {
        let slot = self.slots[i].id;
        let Some((pid, spawned_at)) = self.slots[i]
            .proc_mut(generation)
            .map(|p| (p.pid, p.spawned_at))
        else {
            return;
        };
        let boot = now.saturating_duration_since(spawned_at);
        let size = self.slots.len() as u32;
        let served =
            policy::max_requests_threshold(self.settings.lifecycle.max_requests, slot, size);
        self.out.push(Action::RotateAfter {
            slot,
            generation,
            served,
        });
        self.out.push(Action::Accept {
            slot,
            generation,
            open: !self.stopping,
        });
        self.log(Log::Ready {
            slot,
            pid,
            generation,
            boot,
            cached,
            compiled,
        });
        self.replace_old(i, generation, now, probe);
    }

    /// Once a replacement is ACTIVE, the slot's older live processes drain.
    fn replace_old(&mut self, i: usize, generation: u64, now: Instant, probe: &dyn Probe) {
        self.slots[i].overstaying = None;
        let reason = self.slots[i]
            .rotation
            .take()
            .map(|r| r.reason)
            .unwrap_or(Reason::Restart);
        let old: Vec<u64> = self.slots[i]
            .procs
            .iter()
            .filter(|p| p.generation != generation)
            .filter(|p| matches!(p.state, ProcState::Active { .. }) || p.state.is_aside())
            .map(|p| p.generation)
            .collect();
        for g in old {
            self.drain(i, g, reason.clone(), now, probe);
        }
    }

    pub(super) fn on_exit(&mut self, exit: Exit, now: Instant, probe: &dyn Probe) {
        let Exit {
            pid,
            status,
            broken,
            oom,
            held,
        } = exit;
        let Some((i, at)) = self
            .slots
            .iter()
            .enumerate()
            .find_map(|(i, s)| s.procs.iter().position(|p| p.pid == pid).map(|at| (i, at)))
        else {
            return;
        };
        let p = self.slots[i].procs.remove(at);
        let slot = self.slots[i].id;
        self.growth.retire(slot, p.generation);
        let death = self.death(&p.state, status, broken, oom);
        self.out.push(Action::Died {
            slot,
            generation: p.generation,
            own_fault: death.own_fault(),
        });
        if self.slots[i].phase == Phase::Retiring && self.slots[i].procs.is_empty() {
            let status = status.to_string();
            self.log(Log::Retired { slot, pid, status });
            self.slots.remove(i);
            return;
        }
        if death == Death::Planned {
            let status = status.to_string();
            self.log(Log::Stopped { slot, pid, status });
        } else {
            let served = probe.load(slot, p.generation).served;
            self.unplanned(i, &p, death, status, (served, held), now);
        }
        if self.slots[i].primary().is_none()
            && !self.stopping
            && self.slots[i].phase == Phase::Serving
        {
            self.after_failure(i, now, Duration::ZERO);
        }
    }

    /// Why process `p`, in `state`, ended.
    fn death(
        &self,
        state: &ProcState,
        status: ExitKind,
        broken: Option<String>,
        oom: bool,
    ) -> Death {
        match state {
            ProcState::Draining { .. } | ProcState::Killed { failure: None, .. } => Death::Planned,
            _ if self.stopping => Death::Planned,
            ProcState::Failing { error, .. } => Death::BootFailed(error.clone()),
            ProcState::Killed {
                reason: Reason::ProtocolError(e),
                ..
            } => Death::ProtocolBreach(e.clone()),
            ProcState::Killed {
                failure: Some(why), ..
            } => Death::KilledByBextd(why.clone()),
            _ => Death::of_exit(status, broken, oom),
        }
    }

    /// An unplanned end: counted, logged with its forensics, kept as the
    /// slot's last exit.
    fn unplanned(
        &mut self,
        i: usize,
        p: &Proc,
        death: Death,
        status: ExitKind,
        (served, held): (u64, Vec<String>),
        now: Instant,
    ) {
        let why = death.label();
        let uptime = now.saturating_duration_since(p.spawned_at);
        let s = &mut self.slots[i];
        s.failures += 1;
        s.last_error = Some(why.clone());
        s.last_exit = Some(LastExit {
            pid: p.pid,
            label: why.clone(),
            uptime,
            served,
            held: held.clone(),
        });
        let failures = s.failures;
        let slot = s.id;
        self.out.push(Action::Count(Counter::Failure));
        if let Death::BootFailed(_) = death {
            // Its error was logged when it was reported: one line per failure.
            self.log(Log::BootExited {
                slot,
                pid: p.pid,
                status: status.to_string(),
                failures,
            });
        } else {
            self.log_crash(slot, p, &death, status, failures, uptime, (served, held));
        }
        if self.slots[i].primary().is_some() && self.slots[i].rotation.is_some() {
            self.replacement_failed(i, now, &why);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn log_crash(
        &mut self,
        slot: u32,
        p: &Proc,
        death: &Death,
        status: ExitKind,
        failures: u32,
        uptime: Duration,
        (served, held): (u64, Vec<String>),
    ) {
        let why = death.label();
        self.log(Log::Crashed(Crash {
            slot,
            pid: p.pid,
            status: status.to_string(),
            state: p.state.public(),
            failures,
            why,
            own_fault: death.own_fault(),
            uptime,
            served,
            rss: p.rss,
            held,
        }));
    }

    /// A replacement failed while the old worker still serves: try the
    /// rotation again after the backoff, or drop it.
    fn replacement_failed(&mut self, i: usize, now: Instant, error: &str) {
        self.overstay(i, error);
        let failures = self.slots[i].failures;
        match self.restart_delay(failures) {
            Some(delay) => {
                if let Some(r) = self.slots[i].rotation.as_mut() {
                    r.not_before = Some(now + delay);
                }
            }
            None => {
                self.slots[i].rotation = None;
                let slot = self.slots[i].id;
                self.log(Log::ReplacementsFailing { slot, failures });
            }
        }
    }

    /// The slot has no process: restart after the backoff, or give up.
    fn after_failure(&mut self, i: usize, now: Instant, at_least: Duration) {
        let (slot, failures) = (self.slots[i].id, self.slots[i].failures);
        match self.restart_delay(failures) {
            Some(delay) => {
                if !delay.is_zero() {
                    self.log(Log::Backoff { slot, delay });
                }
                self.set_phase(
                    i,
                    Phase::Backoff {
                        until: now + delay.max(at_least),
                    },
                );
            }
            None => {
                if self.set_phase(i, Phase::GaveUp) {
                    let last_error = self.slots[i].last_error.clone().unwrap_or_default();
                    self.log(Log::GaveUp {
                        slot,
                        failures,
                        last_error,
                    });
                }
            }
        }
    }
}

impl Rotation {
    /// A rotation asked for now.
    pub fn now(reason: Reason) -> Rotation {
        Rotation {
            reason,
            not_before: None,
        }
    }
}
