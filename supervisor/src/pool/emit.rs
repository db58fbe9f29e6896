//! One log line per [`Log`] the core reports, with the fields operators
//! and scripts rely on (`pool`, `worker`, `pid`, `reason`, `boot_ms`, ...).
//! One match names every variant: a new one cannot go unlogged.

use super::core::Log;
use crate::logging::untrusted;

pub(super) fn log(pool: &str, log: &Log) {
    super::report::report(pool, log);
    match log {
        Log::Ready {
            slot,
            pid,
            generation,
            boot,
            cached,
            compiled,
        } => {
            let ms = boot.as_secs_f64() * 1000.0;
            tracing::info!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                generation,
                boot_ms = format!("{ms:.1}"),
                modules_cached = cached,
                modules_compiled = compiled,
                "worker ready"
            );
        }
        Log::BootFailed { slot, pid, error } => {
            tracing::error!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                "worker failed to boot: {}",
                untrusted(error)
            );
        }
        Log::SpawnFailed {
            slot,
            error,
            retry_in,
        } => match retry_in {
            Some(d) => tracing::warn!(
                pool,
                worker = slot,
                retry_in_ms = d.as_millis() as u64,
                "cannot start a worker for lack of resources: {error}; retrying (not counted as a failure)"
            ),
            None => tracing::error!(pool, worker = slot, "{error}"),
        },
        Log::Stopped { slot, pid, status } => {
            tracing::info!(pool, worker = slot, pid = pid.as_raw(), status = %status, "worker stopped");
        }
        Log::BootExited {
            slot,
            pid,
            status,
            failures,
        } => {
            tracing::debug!(pool, worker = slot, pid = pid.as_raw(), status = %status, consecutive_failures = failures, "worker exited after its failed boot");
        }
        Log::Retired { slot, pid, status } => {
            tracing::info!(pool, worker = slot, pid = pid.as_raw(), status = %status, "worker removed (scale down)");
        }
        Log::Crashed(c) => {
            let held = untrusted(&c.held.join(", "));
            tracing::error!(
                pool, worker = c.slot, pid = c.pid.as_raw(), status = %c.status,
                reason = %untrusted(&c.why), own_fault = c.own_fault, state = %c.state,
                uptime_ms = c.uptime.as_millis() as u64, requests_served = c.served,
                rss_mb = c.rss / (1024 * 1024), in_flight = %held,
                consecutive_failures = c.failures,
                "worker exited unexpectedly: {}", untrusted(&c.why)
            );
        }
        Log::Backoff { slot, delay } => {
            tracing::warn!(
                pool,
                worker = slot,
                delay_ms = delay.as_millis() as u64,
                "restarting after backoff"
            );
        }
        Log::GaveUp {
            slot,
            failures,
            last_error,
        } => {
            tracing::error!(
                pool, worker = slot, failures, last_error = %untrusted(last_error),
                "ALERT: worker slot gave up after {failures} consecutive failures; the pool runs with reduced capacity"
            );
        }
        Log::ReplacementsFailing { slot, failures } => {
            tracing::error!(
                pool,
                worker = slot,
                failures,
                "ALERT: replacement workers keep failing; the old worker keeps serving"
            );
        }
        Log::Revived { slot } => {
            tracing::info!(pool, worker = slot, "restarting a slot that had given up");
        }
        Log::StartupTimeout { slot, pid, timeout } => {
            tracing::error!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                "worker did not boot within startup_timeout_ms ({} ms); killing it",
                timeout.as_millis()
            );
        }
        Log::DrainTimeout {
            slot,
            pid,
            in_flight,
        } => {
            tracing::warn!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                in_flight,
                "worker did not exit in time; killing it"
            );
        }
        Log::Hung { slot, pid, timeout } => {
            tracing::error!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                "no heartbeat for {} ms; killing the worker",
                timeout.as_millis()
            );
        }
        Log::Stuck { slot, pid, reason } => {
            tracing::error!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                "{}; killing the worker",
                untrusted(reason)
            );
        }
        Log::OverMemory { slot, pid, rss } => {
            tracing::warn!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                rss_mb = rss / (1024 * 1024),
                "worker over max_memory_mb; rotating"
            );
        }
        Log::SweepStarted { workers } => {
            tracing::info!(pool, workers, "maintenance sweep started");
        }
        Log::MaintDone { slot, pid, error } => match error {
            Some(e) => {
                tracing::warn!(pool, worker = slot, pid = pid.as_raw(), error = %untrusted(e), "maint() failed")
            }
            None => tracing::info!(pool, worker = slot, pid = pid.as_raw(), "maintenance done"),
        },
        Log::SwapStarted { workers } => {
            tracing::info!(pool, workers, "hot-swap started");
        }
        Log::Swapped { slot, pid } => {
            tracing::info!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                "swapped in place (same pid)"
            );
        }
        Log::SwapFailed {
            slot,
            pid,
            error,
            missing: true,
        } => {
            let _ = error;
            tracing::info!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                "the script does not export swap(): replacing the worker (rolling restart)"
            );
        }
        Log::SwapFailed {
            slot, pid, error, ..
        } => {
            tracing::warn!(pool, worker = slot, pid = pid.as_raw(), error = %untrusted(error), "swap() threw: replacing the worker (rolling restart)");
        }
        Log::SwapTimeout { slot, pid, timeout } => {
            tracing::warn!(
                pool,
                worker = slot,
                pid = pid.as_raw(),
                timeout_ms = timeout.as_millis() as u64,
                "swap() ran past swap_timeout_ms: killing and replacing the worker"
            );
        }
        Log::Rotating { slot, reason } => {
            tracing::info!(pool, worker = slot, reason = %reason, "rotating worker");
        }
        Log::Draining {
            slot,
            pid,
            reason,
            in_flight,
        } => {
            tracing::info!(pool, worker = slot, pid = pid.as_raw(), reason = %reason, in_flight, "draining worker");
        }
        Log::Reconfigured { from, to, roll } => {
            if *roll {
                tracing::info!(
                    pool,
                    slots_from = from,
                    slots_to = to,
                    "new settings: rolling restart of every worker"
                );
            } else {
                tracing::info!(
                    pool,
                    slots_from = from,
                    slots_to = to,
                    "new settings applied without restarting workers"
                );
            }
        }
        Log::ScaleUp {
            busy,
            target,
            from,
            to,
        } => tracing::info!(pool, busy, target, from, to, "scaling up"),
        Log::ScaleDown {
            busy,
            target,
            from,
            to,
            slots,
        } => tracing::info!(pool, busy, target, from, to, workers = ?slots, "scaling down"),
        Log::Illegal { slot, pid, what } => {
            tracing::error!(
                pool,
                worker = slot,
                pid = pid.map(|p| p.as_raw()),
                "{what}; ignored"
            );
        }
        Log::Overstaying {
            slot,
            pid,
            reason,
            error,
        } => tracing::warn!(pool, worker = slot, pid = pid.as_raw(), reason = %reason,
            error = %untrusted(error),
            "worker serves past its limit ({reason}): its replacement could not start"),
        Log::OverCeiling {
            slot,
            pid,
            rss,
            ceiling,
        } => tracing::error!(
            pool,
            worker = slot,
            pid = pid.as_raw(),
            rss,
            ceiling,
            "worker over the hard memory ceiling (twice max_memory_mb) with no replacement: draining it"
        ),
        Log::RolloutStopped { dropped } => {
            tracing::info!(pool, rotations_dropped = dropped, "rollout stopped")
        }
        Log::LeakFound { growth, workers } => tracing::warn!(
            pool,
            kb_per_1k = format!("{:.1}", growth.bytes_per_1k / 1024.0),
            workers,
            "pool leaking: its workers keep growing after warm-up, {}",
            growth.describe()
        ),
        Log::LeakGone { growth } => tracing::info!(
            pool,
            kb_per_1k = format!("{:.1}", growth.bytes_per_1k / 1024.0),
            "pool no longer leaking: {}",
            growth.describe()
        ),
    }
}
