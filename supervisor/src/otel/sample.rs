//! Sampling, decided once per request before any span is made.
//!
//! The SDK's sampler runs when a span starts, so letting it decide would
//! still build each unsampled span's name, attributes and context only to
//! drop them. bextd decides itself at the front door ([`decide`], the
//! rules of the specification's `parentbased_*`/`traceidratio` samplers,
//! with the SDK's own trace id test so the same id gets the same answer
//! here and in any other OpenTelemetry SDK downstream) and opens spans
//! only for sampled requests; the SDK samples every span it is asked for.
//!
//! The SDK draws each span's ids from its `IdGenerator` and ignores ids
//! given to its span builder. A trace bextd starts is decided on a trace id
//! drawn first, and a span the worker reports has ids the worker gave out
//! (its `fetch()` sent them downstream): [`Seeded`] hands out the ids put
//! in [`seed`] by the same thread just before the span starts, else random
//! ones.

use std::cell::Cell;

use opentelemetry::Context;
use opentelemetry::trace::{SpanBuilder, SpanId, TraceId};
use opentelemetry_sdk::trace::{IdGenerator, RandomIdGenerator, SdkTracer};

use super::settings::Sampling;

/// Whether a request is sampled. `parent_sampled` is the caller's sampled
/// flag when it sent a valid `traceparent`.
pub fn decide(parent_sampled: Option<bool>, trace_id: TraceId, s: Sampling) -> bool {
    match parent_sampled {
        Some(flag) if s.parent_based => flag,
        _ => ratio_keeps(s.ratio, trace_id),
    }
}

/// The SDK's `TraceIdRatioBased` test: the low 63 bits of the id against
/// the ratio's share of them.
fn ratio_keeps(ratio: f64, trace_id: TraceId) -> bool {
    if ratio >= 1.0 {
        return true;
    }
    let bound = (ratio.max(0.0) * (1u64 << 63) as f64) as u64;
    let bytes = trace_id.to_bytes();
    let mut low = [0u8; 8];
    low.copy_from_slice(&bytes[8..]);
    (u64::from_be_bytes(low) >> 1) < bound
}

thread_local! {
    static SEED: Cell<(Option<TraceId>, Option<SpanId>)> = const { Cell::new((None, None)) };
}

/// The ids the next span started on this thread takes (each `None`: a
/// random one). Taken by that span: call it right before starting it.
pub fn seed(trace_id: Option<TraceId>, span_id: Option<SpanId>) {
    SEED.with(|s| s.set((trace_id, span_id)));
}

/// Random ids, unless [`seed`] gave some.
#[derive(Debug, Default)]
pub struct Seeded(RandomIdGenerator);

impl IdGenerator for Seeded {
    fn new_trace_id(&self) -> TraceId {
        let seeded = SEED.with(|s| {
            let (t, sp) = s.get();
            s.set((None, sp));
            t
        });
        seeded.unwrap_or_else(|| self.0.new_trace_id())
    }

    fn new_span_id(&self) -> SpanId {
        let seeded = SEED.with(|s| {
            let (t, sp) = s.get();
            s.set((t, None));
            sp
        });
        seeded.unwrap_or_else(|| self.0.new_span_id())
    }
}

/// Starts `builder`'s span under `parent` with these ids (`trace_id` is
/// the parent's when it has one).
pub fn start_seeded(
    builder: SpanBuilder,
    tracer: &SdkTracer,
    parent: &Context,
    trace_id: TraceId,
    span_id: SpanId,
) -> opentelemetry_sdk::trace::Span {
    seed(Some(trace_id), Some(span_id));
    let span = builder.start_with_context(tracer, parent);
    // Not left for the next span, whichever ids the SDK did not draw.
    seed(None, None);
    span
}

/// A fresh trace id and span id, for a request that is not sampled.
pub fn random_ids() -> (TraceId, SpanId) {
    let g = RandomIdGenerator::default();
    (g.new_trace_id(), g.new_span_id())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HALF: Sampling = Sampling {
        parent_based: true,
        ratio: 0.5,
    };

    fn id(low: u64) -> TraceId {
        TraceId::from(u128::from(low) | (0xabcd << 64))
    }

    #[test]
    fn a_callers_flag_is_followed_when_parent_based() {
        assert!(decide(Some(true), id(u64::MAX), HALF));
        assert!(!decide(Some(false), id(0), HALF));
        let own = Sampling {
            parent_based: false,
            ..HALF
        };
        assert!(decide(Some(false), id(0), own), "the ratio decides");
        assert!(!decide(Some(true), id(u64::MAX), own), "the ratio decides");
    }

    #[test]
    fn the_ratio_splits_on_the_low_bits_of_the_trace_id() {
        assert!(decide(None, id(0), HALF));
        assert!(decide(None, id((1 << 63) - 2), HALF));
        assert!(!decide(None, id(1 << 63), HALF));
        assert!(!decide(None, id(u64::MAX), HALF));
        let all = Sampling { ratio: 1.0, ..HALF };
        let none = Sampling { ratio: 0.0, ..HALF };
        assert!(decide(None, id(u64::MAX), all));
        assert!(!decide(None, id(0), none));
        // About the ratio over many random ids.
        let one_pct = Sampling {
            ratio: 0.01,
            ..HALF
        };
        let kept = (0..100_000)
            .filter(|_| decide(None, random_ids().0, one_pct))
            .count();
        assert!((700..1300).contains(&kept), "{kept}");
    }

    #[test]
    fn seeded_ids_are_taken_once() {
        let g = Seeded::default();
        let (t, s) = (TraceId::from(7u128), SpanId::from(9u64));
        seed(Some(t), Some(s));
        assert_eq!(g.new_span_id(), s);
        assert_eq!(g.new_trace_id(), t);
        assert_ne!(g.new_trace_id(), t);
        assert_ne!(g.new_span_id(), s);
    }
}
