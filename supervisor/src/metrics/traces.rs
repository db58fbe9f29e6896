//! The trace exporter's own metrics: spans sent to the OTLP receiver and
//! spans lost on the way (the export queue was full, or an export failed or
//! timed out). Counted on the exporter's thread and in `Span::end`, which
//! hold no metrics handle: process-wide statics, like `front`.

use std::sync::OnceLock;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::registry::Registry;

/// The exemplar of a latency bucket: the request's trace and server span.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct TraceExemplar {
    pub trace_id: String,
    pub span_id: String,
}

#[derive(Debug, Default)]
struct Traces {
    exported: Counter,
    dropped: Counter,
}

static TRACES: OnceLock<Traces> = OnceLock::new();

fn traces() -> &'static Traces {
    TRACES.get_or_init(Traces::default)
}

/// `n` spans reached the receiver.
pub fn exported(n: u64) {
    traces().exported.inc_by(n);
}

/// `n` spans were dropped rather than wait for room or a receiver.
pub fn dropped(n: u64) {
    traces().dropped.inc_by(n);
}

/// The spans dropped so far.
pub fn dropped_now() -> u64 {
    traces().dropped.get()
}

pub(super) fn register(registry: &mut Registry) {
    let t = traces();
    registry.register(
        "trace_spans_exported",
        "Spans sent to the OTLP receiver ([tracing])",
        t.exported.clone(),
    );
    registry.register(
        "trace_spans_dropped",
        "Spans dropped because the export queue was full or an export failed or timed out ([tracing] max_queue_size, export_timeout_ms)",
        t.dropped.clone(),
    );
}
