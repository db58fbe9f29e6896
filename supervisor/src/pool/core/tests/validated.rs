//! Configurations that pass validation, drawn at random, against the
//! core: the config's rules are what keeps the core's arithmetic safe.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};

use super::super::*;
use crate::process::reaper::ExitKind;

/// Property: whatever numbers validation accepts, the pool's decisions on
/// them (backoff, thresholds, deadlines, limits) do not panic, however far
/// the clock runs.
#[test]
fn values_that_pass_validation_never_panic_the_pool_core() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("w.js"), "export const handler = () => 1;").unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(10);
    let mut accepted = 0;
    for _ in 0..300 {
        let src = random_config(&mut rng);
        let Ok(c) = crate::config::parse(&src, &d.path().join("bext.toml")) else {
            continue;
        };
        accepted += 1;
        boot_serve_crash_and_tick(c.pools[0].settings.clone());
    }
    assert!(
        accepted > 20,
        "only {accepted} random configs were accepted"
    );
}

/// A `bext.toml` with small, large and extreme numbers in the keys the
/// core computes with; validation refuses some of them.
fn random_config(rng: &mut rand::rngs::StdRng) -> String {
    // Small, large and extreme numbers (TOML integers are i64).
    let int = |rng: &mut rand::rngs::StdRng| -> i64 {
        match rng.random_range(0..5) {
            0 => 0,
            1 => rng.random_range(1..100),
            2 => rng.random_range(0..i64::MAX),
            3 => i64::MAX,
            _ => 1 << rng.random_range(0..62),
        }
    };
    let float = |rng: &mut rand::rngs::StdRng| -> f64 {
        [0.0, 0.5, 1.0, 3.0, 8760.0, 8760.5, 1e16, 1e300][rng.random_range(0..8)]
            * rng.random_range(0.5..2.0)
    };
    // Within a bound most of the time, anything otherwise.
    let upto = |rng: &mut rand::rngs::StdRng, bound: i64| -> i64 {
        if rng.random_bool(0.8) {
            rng.random_range(0..=bound)
        } else {
            int(rng)
        }
    };
    let month = 2_592_000_000;
    let shutdown = upto(&mut *rng, month).max(1);
    let drain = rng.random_range(1..=shutdown);
    let initial = upto(&mut *rng, month);
    let max = initial.saturating_add(upto(&mut *rng, month)).min(month);
    format!(
        "[server]\nshutdown_timeout_ms = {shutdown}\n[render]\nscript = \"w.js\"\njsc_workers = 2\njs_memory_limit_mb = {}\nmaint_requests = {}\nheartbeat_timeout_ms = {}\n\
         [render.lifecycle]\nmax_requests = {}\nmax_memory_mb = {}\nmax_uptime_hours = {:?}\ndrain_timeout_ms = {drain}\n\
         [render.lifecycle.recovery]\nmax_consecutive_failures = {}\nbackoff_initial_ms = {initial}\nbackoff_max_ms = {max}\nbackoff_multiplier = {:?}\nhealthy_reset_ms = {}\n",
        upto(&mut *rng, 1 << 20),
        upto(&mut *rng, 1_000_000_000_000),
        upto(&mut *rng, month - 1001).saturating_add(1001),
        upto(&mut *rng, 1_000_000_000_000),
        upto(&mut *rng, 1 << 20),
        float(&mut *rng),
        upto(&mut *rng, 1_000_000).max(1),
        [1.0, 1.5, 3.0, 999.9][rng.random_range(0..4)],
        upto(&mut *rng, month),
    )
}

struct Idle(Instant);

impl Probe for Idle {
    fn load(&self, _: u32, _: u64) -> Load {
        Load {
            in_flight: 0,
            served: u64::MAX,
            last_beat: self.0,
            busy_until: None,
        }
    }
}

/// Boots two workers, serves, crashes and ticks far into the future.
fn boot_serve_crash_and_tick(settings: crate::config::Settings) {
    let t0 = Instant::now();
    let mut core = Core::new(settings, 2, 2, t0);
    let probe = Idle(t0);
    // Boot, serve, crash and tick far into the future.
    for (n, secs) in [0u64, 1, 60, 86_400, 31_536_000].into_iter().enumerate() {
        let now = t0 + Duration::from_secs(secs);
        for a in core.step(Input::Tick, now, &probe) {
            if let Action::Spawn { slot, generation } = a {
                let pid = nix::unistd::Pid::from_raw(10_000 + n as i32 * 10 + slot as i32);
                core.step(
                    Input::Spawned {
                        slot,
                        generation,
                        pid,
                        at: now,
                    },
                    now,
                    &probe,
                );
                let ready = LinkEvent::Ready {
                    cached: 0,
                    compiled: 0,
                };
                core.step(
                    Input::Link {
                        slot,
                        generation,
                        event: ready,
                    },
                    now,
                    &probe,
                );
            }
        }
        core.step(Input::Memory(vec![(0, 1, u64::MAX)]), now, &probe);
        if let Some(p) = core.slots()[0].primary().map(|p| p.pid) {
            core.step(
                Input::Exit(Exit {
                    pid: p,
                    status: ExitKind::Signal(11),
                    broken: None,
                    oom: false,
                    held: Vec::new(),
                }),
                now,
                &probe,
            );
        }
        let _ = core.next_deadline(now);
    }
}
