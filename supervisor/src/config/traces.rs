//! `[tracing]`: where and how bextd exports OpenTelemetry traces.
//!
//! Each key may be left out; then the standard `OTEL_*` variable of bextd's
//! environment gives it (see `otel::settings`, which merges the two when
//! bextd starts). The checks here are those that need no environment: a
//! known sampler, a supported protocol, an `http(s)://` endpoint.

use serde::{Deserialize, Serialize};

use super::checker::Checker;

/// `[tracing]` as written. Off unless `enabled = true`, or unless left
/// unset while `OTEL_EXPORTER_OTLP_ENDPOINT` is in the environment.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct TracingSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// The OTLP/HTTP base URL (`/v1/traces` is appended), or the full
    /// traces URL when it already ends so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
    /// `http/protobuf` (the only one built in).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// One of [`SAMPLERS`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sampler: Option<String>,
    /// The share of new traces kept by the `*traceidratio` samplers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_name: Option<String>,
    /// Answer with `traceresponse` and `server-timing` headers.
    pub server_timing: bool,
    /// Longest an export may take before its batch is dropped.
    pub export_timeout_ms: u64,
    /// Ended spans held for export; past it new spans are dropped (and
    /// counted), never waited for.
    pub max_queue_size: u64,
    /// A sampled request slower than this is an event in the status page's
    /// feed, with its trace id (0: never).
    pub slow_ms: u64,
    /// Query parameters whose values spans keep in `url.query` and
    /// `url.full`; every other value is exported as `REDACTED`.
    pub keep_query_params: Vec<String>,
}

impl Default for TracingSection {
    fn default() -> Self {
        TracingSection {
            enabled: None,
            endpoint: None,
            protocol: None,
            sampler: None,
            ratio: None,
            service_name: None,
            server_timing: false,
            export_timeout_ms: 10_000,
            max_queue_size: 2_048,
            slow_ms: 1_000,
            keep_query_params: Vec::new(),
        }
    }
}

/// A bad `OTEL_*` variable (see `otel::settings`): a configuration error,
/// as for a bad key, so bextd exits 78 with this one line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("environment variable {name}={value:?} {rule}")]
pub struct EnvError {
    pub name: &'static str,
    pub value: String,
    pub rule: String,
}

/// The samplers of the OpenTelemetry specification's `OTEL_TRACES_SAMPLER`.
pub const SAMPLERS: &[&str] = &[
    "always_on",
    "always_off",
    "traceidratio",
    "parentbased_always_on",
    "parentbased_always_off",
    "parentbased_traceidratio",
];

/// The OTLP protocols bextd speaks.
pub const PROTOCOLS: &[&str] = &["http/protobuf"];

/// The rules of `[tracing]`; the ranges are the catalogue's.
pub(super) fn check(c: &mut Checker<'_>, s: &TracingSection) -> TracingSection {
    if let Some(sampler) = &s.sampler {
        c.rule(
            SAMPLERS.contains(&sampler.as_str()),
            &["tracing", "sampler"],
            format!("{sampler:?}"),
            || format!("must be one of {}", SAMPLERS.join(", ")),
        );
    }
    if let Some(protocol) = &s.protocol {
        c.rule(
            PROTOCOLS.contains(&protocol.as_str()),
            &["tracing", "protocol"],
            format!("{protocol:?}"),
            || "must be \"http/protobuf\" (OTLP over HTTP with protobuf bodies; gRPC is not built in)".into(),
        );
    }
    if let Some(endpoint) = &s.endpoint {
        c.rule(
            endpoint_ok(endpoint),
            &["tracing", "endpoint"],
            format!("{endpoint:?}"),
            || "must be an http:// or https:// URL, such as \"http://127.0.0.1:4318\"".into(),
        );
    }
    for name in &s.keep_query_params {
        c.rule(
            !name.is_empty() && !name.contains(['&', '=', '#']),
            &["tracing", "keep_query_params"],
            format!("{name:?}"),
            || "each must be a query parameter's name, not empty and without &, = or #".into(),
        );
    }
    s.clone()
}

/// Whether `url` is an absolute `http(s)` URL with a host.
pub fn endpoint_ok(url: &str) -> bool {
    url.parse::<hyper::Uri>()
        .is_ok_and(|u| matches!(u.scheme_str(), Some("http" | "https")) && u.authority().is_some())
}
