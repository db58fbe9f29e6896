//! The status rows behind `/__bext/workers`, `/metrics` and `bext ps`: one
//! per process, and one per slot that has none.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use protocol::control::{WorkerState, WorkerStatus};

use super::core::{Core, Phase, Proc, ProcState, Reason, Slot};
use super::link::WorkerLink;

/// What status shows of the pool's versions.
pub(super) struct Versions<'a> {
    /// Which load each process was started with.
    pub loads: &'a HashMap<(u32, u64), Arc<super::version::Load>>,
    /// The pool's last deploy failure, if no deploy succeeded since.
    pub note: Option<String>,
}

pub(super) fn rows(
    pool: &str,
    core: &Core,
    links: &HashMap<(u32, u64), Arc<WorkerLink>>,
    versions: Versions<'_>,
) -> Vec<WorkerStatus> {
    let now = Instant::now();
    let mut rows = Vec::new();
    for s in core.slots() {
        if s.procs.is_empty() {
            rows.push(empty_slot(pool, s));
        }
        for p in &s.procs {
            let key = (s.id, p.generation);
            let mut row = process(pool, s, p, links.get(&key), now);
            row.version = versions
                .loads
                .get(&key)
                .and_then(|l| l.id().map(String::from));
            rows.push(row);
        }
    }
    for row in &mut rows {
        row.deploy = versions.note.clone();
    }
    rows
}

fn empty_slot(pool: &str, s: &Slot) -> WorkerStatus {
    let gave_up = s.phase == Phase::GaveUp;
    WorkerStatus {
        id: s.id,
        pool: pool.into(),
        pid: None,
        generation: s.generation,
        state: if gave_up || s.failures > 0 {
            WorkerState::Failed
        } else {
            WorkerState::Stopped
        },
        requests_served: 0,
        requests_failed: 0,
        in_flight: 0,
        total_render_time_ms: 0.0,
        avg_render_time_ms: 0.0,
        current_memory_bytes: 0,
        peak_memory_bytes: 0,
        js_heap_bytes: 0,
        started_at: 0,
        uptime_ms: 0,
        last_request_at: None,
        restarts: s.restarts,
        consecutive_failures: s.failures,
        rotation_reason: gave_up.then_some(Reason::GaveUp),
        last_error: s.last_error.clone(),
        messages_sent: 0,
        last_exit: last_exit(s),
        swaps: 0,
        version: None,
        deploy: None,
        overstaying: None,
        sockets: Default::default(),
        census: None,
        heap_growth: None,
    }
}

/// The slot's last unplanned exit, in one line.
fn last_exit(s: &Slot) -> Option<String> {
    let e = s.last_exit.as_ref()?;
    let held = if e.held.is_empty() {
        "nothing in flight".to_string()
    } else {
        format!("in flight: {}", e.held.join(", "))
    };
    Some(format!(
        "{}; pid {}, up {} ms, {} requests served, {held}",
        e.label,
        e.pid,
        e.uptime.as_millis(),
        e.served
    ))
}

/// Why the process is (being) replaced, as status shows it.
fn reason(s: &Slot, p: &Proc) -> Option<Reason> {
    match &p.state {
        ProcState::Draining { reason, .. } | ProcState::Killed { reason, .. } => {
            Some(reason.clone())
        }
        ProcState::Failing { error, .. } => Some(Reason::BootFailed(error.clone())),
        ProcState::Active { .. } => s.rotation.as_ref().map(|r| r.reason.clone()),
        _ => None,
    }
}

fn process(
    pool: &str,
    s: &Slot,
    p: &Proc,
    link: Option<&Arc<WorkerLink>>,
    now: Instant,
) -> WorkerStatus {
    let rss = crate::process::memory::rss_bytes(p.pid).unwrap_or(p.rss);
    let stat = |f: fn(&super::link::LinkStats) -> u64| link.map_or(0, |l| f(&l.stats));
    let served = stat(|s| s.served.load(Ordering::Relaxed));
    let total_ms = stat(|s| s.total_render_us.load(Ordering::Relaxed)) as f64 / 1000.0;
    let last = stat(|s| s.last_request_unix_ms.load(Ordering::Relaxed));
    let age = now.saturating_duration_since(p.spawned_at);
    WorkerStatus {
        id: s.id,
        pool: pool.into(),
        pid: Some(p.pid.as_raw() as u32),
        generation: p.generation,
        state: p.state.public(),
        requests_served: served,
        requests_failed: stat(|s| s.failed.load(Ordering::Relaxed)),
        in_flight: link.map_or(0, |l| l.in_flight()),
        total_render_time_ms: total_ms,
        avg_render_time_ms: if served > 0 {
            total_ms / served as f64
        } else {
            0.0
        },
        current_memory_bytes: rss,
        peak_memory_bytes: p.peak_rss.max(rss),
        js_heap_bytes: stat(|s| s.js_heap_bytes.load(Ordering::Relaxed)),
        started_at: crate::process::memory::unix_ms().saturating_sub(age.as_millis() as u64),
        uptime_ms: age.as_millis() as u64,
        last_request_at: (last > 0).then_some(last),
        restarts: s.restarts,
        consecutive_failures: s.failures,
        rotation_reason: reason(s, p),
        last_error: s.last_error.clone(),
        messages_sent: stat(|s| s.messages.load(Ordering::Relaxed)),
        last_exit: last_exit(s),
        swaps: p.swaps,
        version: None,
        deploy: None,
        overstaying: match (&s.overstaying, &p.state) {
            (Some(r), ProcState::Active { .. }) => Some(r.to_string()),
            _ => None,
        },
        sockets: link.map(|l| l.socket_stats()).unwrap_or_default(),
        census: p.census.last().copied(),
        heap_growth: p.growth,
    }
}
