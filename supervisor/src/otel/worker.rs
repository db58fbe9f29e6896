//! Spans a worker reports (`WorkerToMaster::Spans`: its `fetch()` client
//! spans, `bext.trace.span`'s), exported through bextd's own tracer so they
//! share its queue, its counters and its resource.
//!
//! The worker chose their ids (a `fetch()` sent its span's id downstream
//! before the span ended) and timed them; the SDK takes neither from a
//! span builder, so each is started with `sample::start_seeded` under a
//! remote parent made of the ids it names, with its start time, and ended
//! at its end time. A worker makes spans only for sampled requests; what
//! it sends is still checked here: a span with a zero id is dropped, text
//! and attribute counts are cut to `protocol::trace`'s limits, and a
//! `url.full` or `url.query` is scrubbed (`redact`) as the server span's
//! query is: every span leaves the host through here, so one place holds
//! `keep_query_params` and the worker needs no copy of it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use opentelemetry::trace::{
    Span as _, SpanContext, SpanId, SpanKind, Status, TraceContextExt, TraceFlags, TraceId,
    TraceState, Tracer as _,
};
use opentelemetry::{Context, KeyValue, Value};
use protocol::trace::{AttrValue, MAX_SPAN_ATTRIBUTES, MAX_SPAN_TEXT, ReportedSpan};

use super::sample;

/// Exports `spans`, reported by worker `slot` of `pool`. Does nothing while
/// tracing is off.
pub fn export(spans: Vec<ReportedSpan>, pool: &str, slot: Option<u32>) {
    let Some(live) = super::live() else {
        return;
    };
    for s in spans {
        let trace_id = TraceId::from_bytes(s.trace_id);
        let span_id = SpanId::from_bytes(s.span_id);
        let parent_id = SpanId::from_bytes(s.parent_id);
        if [
            trace_id == TraceId::INVALID,
            span_id == SpanId::INVALID,
            parent_id == SpanId::INVALID,
        ]
        .contains(&true)
        {
            tracing::debug!(pool, "a worker reported a span with a zero id; dropped");
            continue;
        }
        let parent = Context::new().with_remote_span_context(SpanContext::new(
            trace_id,
            parent_id,
            TraceFlags::SAMPLED,
            true,
            TraceState::default(),
        ));
        let mut attributes: Vec<KeyValue> = s
            .attributes
            .into_iter()
            .take(MAX_SPAN_ATTRIBUTES)
            .map(|(k, v)| {
                let v = scrubbed(&k, v, &live.keep_query_params);
                KeyValue::new(cut(k), value(v))
            })
            .collect();
        attributes.push(KeyValue::new("bext.pool", pool.to_owned()));
        if let Some(slot) = slot {
            attributes.push(KeyValue::new("bext.worker.id", i64::from(slot)));
        }
        let builder = live
            .tracer
            .span_builder(cut(s.name))
            .with_kind(match s.kind {
                protocol::trace::SpanKind::Client => SpanKind::Client,
                protocol::trace::SpanKind::Internal => SpanKind::Internal,
            })
            .with_start_time(at(s.start_us))
            .with_attributes(attributes);
        let mut span = sample::start_seeded(builder, &live.tracer, &parent, trace_id, span_id);
        if let Some(why) = s.error {
            span.set_status(Status::error(cut(why)));
        }
        span.end_with_timestamp(at(s.end_us.max(s.start_us)));
    }
}

/// `v` with what `redact` hides taken out, when `key` names a URL or a
/// query (a `fetch()`'s `url.full`, or the same names a handler set).
fn scrubbed(key: &str, v: AttrValue, keep: &[String]) -> AttrValue {
    let redact = match key {
        "url.full" => super::redact::url_full,
        "url.query" => super::redact::query,
        _ => return v,
    };
    match v {
        AttrValue::Str(s) => match redact(&s, keep) {
            std::borrow::Cow::Owned(scrubbed) => AttrValue::Str(scrubbed),
            std::borrow::Cow::Borrowed(_) => AttrValue::Str(s),
        },
        v => v,
    }
}

fn at(unix_us: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_micros(unix_us)
}

fn value(v: AttrValue) -> Value {
    match v {
        AttrValue::Str(s) => Value::from(cut(s)),
        AttrValue::Int(i) => Value::from(i),
        AttrValue::Float(f) => Value::from(f),
        AttrValue::Bool(b) => Value::from(b),
    }
}

/// `s` cut to `MAX_SPAN_TEXT` bytes, on a character boundary.
fn cut(mut s: String) -> String {
    if s.len() > MAX_SPAN_TEXT {
        let mut end = MAX_SPAN_TEXT;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
    }
    s
}
