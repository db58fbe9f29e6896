//! The HTTP front's own metrics: request bodies (their deadline and the
//! budget of buffered bodies) and writes to clients that do not read.
//!
//! They are counted where it happens (a connection's task, a body's read),
//! which hold no metrics handle: process-wide statics, registered once by
//! [`super::Metrics::new`], like `fetch_refused`.

use std::sync::OnceLock;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

#[derive(Debug, Default)]
struct Front {
    bodies_timed_out: Counter,
    bodies_refused: Counter,
    buffered_bytes: Gauge,
    writes_timed_out: Counter,
    window_overruns: Counter,
    rapid_resets: Counter,
}

static FRONT: OnceLock<Front> = OnceLock::new();

fn front() -> &'static Front {
    FRONT.get_or_init(Front::default)
}

/// A request body stopped arriving (`body_timeout_ms`) or took longer
/// than `request_timeout_ms`: answered 408.
pub fn body_timed_out() {
    front().bodies_timed_out.inc();
}

/// A request body found no room under `max_buffered_body_bytes`: 503.
pub fn body_refused() {
    front().bodies_refused.inc();
}

/// Request body bytes now held, across connections (`delta` may be
/// negative).
pub fn buffered(delta: i64) {
    front().buffered_bytes.inc_by(delta);
}

/// The bytes [`buffered`] holds now.
pub fn buffered_now() -> i64 {
    front().buffered_bytes.get()
}

/// A connection closed because its client took no byte of its response
/// for `write_timeout_ms`.
pub fn write_timed_out() {
    front().writes_timed_out.inc();
}

/// A worker sent more of a streamed body than the credit window allows.
pub fn window_overrun() {
    front().window_overruns.inc();
}

/// An HTTP/2 connection was cut off for abandoning many more requests than
/// it let finish (`front::h2`).
pub fn rapid_reset() {
    front().rapid_resets.inc();
}

pub(super) fn register(registry: &mut Registry) {
    let f = front();
    registry.register(
        "request_bodies_timed_out",
        "Request bodies that stopped arriving for body_timeout_ms or outlasted request_timeout_ms (answered 408)",
        f.bodies_timed_out.clone(),
    );
    registry.register(
        "request_bodies_refused",
        "Request bodies refused because max_buffered_body_bytes was in use for their whole wait (answered 503)",
        f.bodies_refused.clone(),
    );
    registry.register(
        "request_body_buffered_bytes",
        "Bytes of request bodies bextd holds now, across connections",
        f.buffered_bytes.clone(),
    );
    registry.register(
        "responses_write_timed_out",
        "Connections closed because the client read nothing of its response for write_timeout_ms",
        f.writes_timed_out.clone(),
    );
    registry.register(
        "stream_window_overruns",
        "Workers killed for sending more of a streamed answer than the credit window allows",
        f.window_overruns.clone(),
    );
    registry.register(
        "http2_rapid_resets",
        "HTTP/2 connections closed for resetting many more requests than they let finish (rapid reset)",
        f.rapid_resets.clone(),
    );
}
