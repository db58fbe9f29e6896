//! The status rows behind `/__bext/workers`, `/metrics` and `bext ps`.

use super::*;

impl Actor {
    /// One row per process, and one per slot that has none.
    pub(super) fn status(&mut self) -> Vec<WorkerStatus> {
        let now = Instant::now();
        let pool = self.handle.name.to_string();
        let mut rows = Vec::new();
        for s in &mut self.slots {
            if s.procs.is_empty() {
                let failed = s.given_up || s.failures > 0;
                rows.push(WorkerStatus {
                    id: s.id,
                    pool: pool.clone(),
                    pid: None,
                    generation: s.generation,
                    state: if failed {
                        SlotState::Failed
                    } else {
                        SlotState::Stopped
                    }
                    .name()
                    .into(),
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
                    rotation_reason: s.given_up.then(|| "gave up".to_string()),
                    last_error: s.last_error.clone(),
                    messages_sent: 0,
                });
                continue;
            }
            for p in &mut s.procs {
                if let Some(rss) = crate::memory::rss_bytes(p.pid) {
                    p.note_rss(rss);
                }
                let st = &p.link.stats;
                let served = st.served.load(Ordering::Relaxed);
                let total_ms = st.total_render_us.load(Ordering::Relaxed) as f64 / 1000.0;
                let last = st.last_request_unix_ms.load(Ordering::Relaxed);
                rows.push(WorkerStatus {
                    id: s.id,
                    pool: pool.clone(),
                    pid: Some(p.pid.as_raw() as u32),
                    generation: p.generation,
                    state: p.state.name().into(),
                    requests_served: served,
                    requests_failed: st.failed.load(Ordering::Relaxed),
                    in_flight: p.link.in_flight(),
                    total_render_time_ms: total_ms,
                    avg_render_time_ms: if served > 0 {
                        total_ms / served as f64
                    } else {
                        0.0
                    },
                    current_memory_bytes: p.rss_bytes,
                    peak_memory_bytes: p.peak_rss_bytes,
                    js_heap_bytes: p.link.stats.js_heap_bytes.load(Ordering::Relaxed),
                    started_at: p.started_unix_ms,
                    uptime_ms: now.duration_since(p.spawned_at).as_millis() as u64,
                    last_request_at: (last > 0).then_some(last),
                    restarts: s.restarts,
                    consecutive_failures: s.failures,
                    rotation_reason: p.reason.clone(),
                    last_error: s.last_error.clone(),
                    messages_sent: st.messages.load(Ordering::Relaxed),
                });
            }
        }
        rows
    }
}
