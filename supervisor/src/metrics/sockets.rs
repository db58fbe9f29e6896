//! Per-worker WebSocket gauges, filled from each status row at a scrape:
//! `bext_worker_websockets_open`, and `bext_worker_websocket_messages` and
//! `bext_worker_websocket_bytes` by direction (`in`: from clients).

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use protocol::control::SocketStats;

use super::WorkerLabels;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DirectionLabels {
    pool: String,
    worker: String,
    direction: &'static str,
}

#[derive(Debug, Clone, Default)]
pub(super) struct SocketGauges {
    open: Family<WorkerLabels, Gauge>,
    messages: Family<DirectionLabels, Gauge>,
    bytes: Family<DirectionLabels, Gauge>,
}

impl SocketGauges {
    pub fn register(registry: &mut Registry) -> SocketGauges {
        let g = SocketGauges::default();
        registry.register(
            "worker_websockets_open",
            "WebSockets the worker process holds now",
            g.open.clone(),
        );
        registry.register(
            "worker_websocket_messages",
            "WebSocket messages of the worker process so far, by direction (in: from clients)",
            g.messages.clone(),
        );
        registry.register(
            "worker_websocket_bytes",
            "Bytes of WebSocket messages of the worker process so far, by direction",
            g.bytes.clone(),
        );
        g
    }

    pub fn set(&self, l: &WorkerLabels, s: &SocketStats) {
        let clamp = |v: u64| v.min(i64::MAX as u64) as i64;
        self.open.get_or_create(l).set(i64::from(s.open));
        for (direction, messages, bytes) in [
            ("in", s.messages_in, s.bytes_in),
            ("out", s.messages_out, s.bytes_out),
        ] {
            let d = DirectionLabels {
                pool: l.pool.clone(),
                worker: l.worker.clone(),
                direction,
            };
            self.messages.get_or_create(&d).set(clamp(messages));
            self.bytes.get_or_create(&d).set(clamp(bytes));
        }
    }
}
