//! The events of the history's feed (`history::feed`) that a pool's core
//! reports: boots, rotations and their reasons, crashes with their
//! forensics, kills, give-ups, scaling, reconfiguration, maintenance and
//! swaps. Called beside the log line of each (`emit`); one match names
//! every variant, those that make no event too.

use serde_json::json;

use super::core::Log;
use crate::history::{NewEvent, report as feed};

pub(super) fn report(pool: &str, log: &Log) {
    if let Some(e) = event(log) {
        feed(e.pool(pool));
    }
}

fn event(log: &Log) -> Option<NewEvent> {
    let e = match log {
        Log::Ready {
            slot,
            pid,
            generation,
            boot,
            ..
        } => NewEvent::new(
            "boot",
            "info",
            format!(
                "worker ready: pid {pid}, generation {generation}, booted in {:.1} ms",
                boot.as_secs_f64() * 1000.0
            ),
        )
        .worker(*slot),
        Log::BootFailed { slot, pid, error } => {
            NewEvent::new("boot", "error", format!("pid {pid} failed to boot"))
                .worker(*slot)
                .detail(json!({ "error": error }))
        }
        Log::Rotating { slot, reason } => {
            NewEvent::new("rotation", "info", format!("rotating: {reason}")).worker(*slot)
        }
        Log::Crashed(c) => NewEvent::new(
            "crash",
            "error",
            format!("pid {} exited unexpectedly: {}", c.pid, c.why),
        )
        .worker(c.slot)
        .detail(json!({
            "pid": c.pid.as_raw(), "status": c.status, "reason": c.why,
            "own_fault": c.own_fault, "state": c.state.to_string(),
            "uptime_ms": c.uptime.as_millis() as u64, "requests_served": c.served,
            "rss_bytes": c.rss, "in_flight": c.held, "consecutive_failures": c.failures,
        })),
        Log::GaveUp {
            slot,
            failures,
            last_error,
        } => NewEvent::new(
            "gave_up",
            "error",
            format!("slot gave up after {failures} consecutive failures"),
        )
        .worker(*slot)
        .detail(json!({ "last_error": last_error })),
        Log::StartupTimeout { slot, pid, timeout } => kill(
            *slot,
            format!("pid {pid} did not boot within {} ms", timeout.as_millis()),
        ),
        Log::Hung { slot, pid, timeout } => kill(
            *slot,
            format!("pid {pid} sent no heartbeat for {} ms", timeout.as_millis()),
        ),
        Log::Stuck { slot, pid, reason } => kill(*slot, format!("pid {pid}: {reason}")),
        Log::DrainTimeout {
            slot,
            pid,
            in_flight,
        } => kill(
            *slot,
            format!("pid {pid} did not finish draining ({in_flight} in flight)"),
        ),
        Log::OverMemory { slot, pid, rss } => NewEvent::new(
            "rotation",
            "warn",
            format!("pid {pid} over max_memory_mb ({} MB)", rss >> 20),
        )
        .worker(*slot),
        Log::Overstaying {
            slot, pid, reason, ..
        } => NewEvent::new(
            "rotation",
            "warn",
            format!("pid {pid} serves past its limit ({reason}): its replacement could not start"),
        )
        .worker(*slot),
        Log::ScaleUp { from, to, busy, .. } => NewEvent::new(
            "scale",
            "info",
            format!("scaling up {from} → {to} ({busy} busy)"),
        ),
        Log::ScaleDown { from, to, busy, .. } => NewEvent::new(
            "scale",
            "info",
            format!("scaling down {from} → {to} ({busy} busy)"),
        ),
        Log::Reconfigured { from, to, roll } => NewEvent::new(
            "reload",
            "info",
            if *roll {
                format!("new settings: rolling restart ({from} → {to} slots)")
            } else {
                format!("new settings applied ({from} → {to} slots)")
            },
        ),
        Log::LeakFound { growth, workers } => {
            NewEvent::new("leak", "warn", format!("leaking: {}", growth.describe()))
                .detail(json!({ "growth": growth, "workers": workers }))
        }
        Log::LeakGone { growth } => NewEvent::new(
            "leak",
            "info",
            format!("no longer leaking: {}", growth.describe()),
        ),
        Log::SweepStarted { workers } => NewEvent::new(
            "maint",
            "info",
            format!("maintenance sweep of {workers} workers"),
        ),
        Log::MaintDone {
            slot,
            error: Some(e),
            ..
        } => NewEvent::new("maint", "warn", format!("maint() failed: {e}")).worker(*slot),
        Log::SwapStarted { workers } => {
            NewEvent::new("swap", "info", format!("hot-swap of {workers} workers"))
        }
        Log::Swapped { slot, pid } => {
            NewEvent::new("swap", "info", format!("pid {pid} swapped in place")).worker(*slot)
        }
        Log::SwapFailed { slot, error, .. } => {
            NewEvent::new("swap", "warn", format!("swap failed, replacing: {error}")).worker(*slot)
        }
        Log::SwapTimeout { slot, pid, .. } => {
            NewEvent::new("swap", "warn", format!("pid {pid}: swap() timed out")).worker(*slot)
        }
        // No event: the log line says it all.
        Log::SpawnFailed { .. }
        | Log::Draining { .. }
        | Log::Stopped { .. }
        | Log::Retired { .. }
        | Log::BootExited { .. }
        | Log::Backoff { .. }
        | Log::ReplacementsFailing { .. }
        | Log::OverCeiling { .. }
        | Log::RolloutStopped { .. }
        | Log::Revived { .. }
        | Log::MaintDone { error: None, .. }
        | Log::Illegal { .. } => return None,
    };
    Some(e)
}

fn kill(slot: u32, text: String) -> NewEvent {
    NewEvent::new("kill", "error", text).worker(slot)
}
