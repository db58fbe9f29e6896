//! `host.trace*`: what `bext.trace.span` and `fetch()` need to make spans
//! (see `js/glue.js`, "trace"): the time in microseconds, fresh span ids,
//! the engine's async context (where the glue keeps the current request's
//! trace, so it follows `await`), and `traceSpan`, which queues an ended
//! span for the serve loop to send to bextd in a `Spans` frame. The glue
//! calls them only for sampled requests.

use std::rc::Rc;
use std::time::{SystemTime, UNIX_EPOCH};

use protocol::trace::{AttrValue, ReportedSpan, SpanKind, id_from_hex};
use rquickjs::{Array, Ctx, Function, Object, Result, Value};

use super::text::Text;
use super::{HostEvent, HostState};

/// Adds the trace functions to `host`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    host.set(
        "traceNow",
        Function::new(ctx.clone(), || {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_micros() as f64)
                .unwrap_or(0.0)
        })?,
    )?;
    host.set("traceNewId", Function::new(ctx.clone(), new_span_id)?)?;
    host.set(
        "traceContext",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| crate::node::context::get(&ctx))?,
    )?;
    host.set(
        "traceSetContext",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, v: Value<'js>| {
            crate::node::context::set(&ctx, v)
        })?,
    )?;
    let s = state.clone();
    host.set(
        "traceSpan",
        Function::new(
            ctx.clone(),
            move |ids: Array<'js>,
                  name: Text,
                  client: bool,
                  start_us: f64,
                  end_us: f64,
                  attributes: Array<'js>,
                  error: Option<Text>|
                  -> Result<()> {
                let id = |i: usize| ids.get::<String>(i).unwrap_or_default();
                let (Some(trace_id), Some(span_id), Some(parent_id)) = (
                    id_from_hex::<16>(&id(0)),
                    id_from_hex::<8>(&id(1)),
                    id_from_hex::<8>(&id(2)),
                ) else {
                    return Ok(());
                };
                s.push(HostEvent::Span(ReportedSpan {
                    trace_id,
                    span_id,
                    parent_id,
                    name: name.0,
                    kind: if client {
                        SpanKind::Client
                    } else {
                        SpanKind::Internal
                    },
                    start_us: start_us.max(0.0) as u64,
                    end_us: end_us.max(0.0) as u64,
                    attributes: attributes_of(&attributes),
                    error: error.map(|e| e.0),
                }));
                Ok(())
            },
        )?,
    )?;
    Ok(())
}

/// 16 hex digits from the operating system's generator (a worker forked
/// from a template must not repeat its siblings' ids).
fn new_span_id() -> String {
    let mut b = [0u8; 8];
    if getrandom::fill(&mut b).is_err() || b == [0; 8] {
        // Never a zero id, which W3C reads as absent.
        b = (SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
            | 1)
        .to_be_bytes();
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// `[key, value, key, value, …]`: strings, numbers and booleans as they
/// are (a whole number as an integer), anything else skipped.
fn attributes_of(flat: &Array<'_>) -> Vec<(String, AttrValue)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < flat.len() {
        let (Ok(key), Ok(v)) = (flat.get::<String>(i), flat.get::<Value>(i + 1)) else {
            break;
        };
        i += 2;
        let value = if let Some(s) = v.as_string() {
            AttrValue::Str(s.to_string().unwrap_or_default())
        } else if let Some(n) = v.as_int() {
            AttrValue::Int(i64::from(n))
        } else if let Some(f) = v.as_float() {
            if f.fract() == 0.0 && f.abs() < 9.0e15 {
                AttrValue::Int(f as i64)
            } else {
                AttrValue::Float(f)
            }
        } else if let Some(b) = v.as_bool() {
            AttrValue::Bool(b)
        } else {
            continue;
        };
        out.push((key, value));
    }
    out
}
