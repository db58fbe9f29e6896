//! Spans a worker made and reports to bextd, which exports them with its
//! own (see the supervisor's `otel::worker`): a `fetch()`'s client span,
//! and the spans of `bext.trace.span(name, fn)`. A worker makes them only
//! for a sampled request (its `traceparent` says so), so the frame that
//! carries them is never sent while tracing is off.

use serde::{Deserialize, Serialize};

/// Longest span name or attribute text bextd keeps (longer is cut).
pub const MAX_SPAN_TEXT: usize = 1024;

/// Most attributes bextd keeps of one span.
pub const MAX_SPAN_ATTRIBUTES: usize = 64;

/// One ended span.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportedSpan {
    pub trace_id: [u8; 16],
    pub span_id: [u8; 8],
    /// The span it nests under: the request's `run` span, or another span
    /// of the worker's.
    pub parent_id: [u8; 8],
    pub name: String,
    pub kind: SpanKind,
    /// Unix time in microseconds.
    pub start_us: u64,
    pub end_us: u64,
    pub attributes: Vec<(String, AttrValue)>,
    /// Why it failed, if it did (the span's status is then an error).
    pub error: Option<String>,
}

/// The OpenTelemetry span kinds a worker makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpanKind {
    Internal,
    Client,
}

/// An attribute's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AttrValue {
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
}

/// The 32 (or 16) lower-case hex digits of a W3C id, as bytes; `None` for
/// anything else.
pub fn id_from_hex<const N: usize>(hex: &str) -> Option<[u8; N]> {
    if hex.len() != 2 * N {
        return None;
    }
    let mut out = [0u8; N];
    for (i, pair) in hex.as_bytes().chunks_exact(2).enumerate() {
        let digit = |b: u8| (b as char).to_digit(16);
        out[i] = (digit(pair[0])? * 16 + digit(pair[1])?) as u8;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_ids() {
        assert_eq!(
            id_from_hex::<8>("00f067aa0ba902b7"),
            Some([0x00, 0xf0, 0x67, 0xaa, 0x0b, 0xa9, 0x02, 0xb7])
        );
        assert_eq!(id_from_hex::<8>("00f067aa0ba902b"), None);
        assert_eq!(id_from_hex::<8>("00f067aa0ba902bz"), None);
        assert!(id_from_hex::<16>("4bf92f3577b34da6a3ce929d0e0e4736").is_some());
    }
}
