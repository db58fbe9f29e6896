//! Traces: OpenTelemetry spans for each request bextd routes, exported over
//! OTLP (HTTP/protobuf) when `[tracing]` or the `OTEL_*` variables turn it
//! on. Off by default, and then the request path pays one load of an empty
//! `OnceLock`.
//!
//! Theory of operation. [`install`] runs once, before the async runtime,
//! and puts the tracer in a process-wide cell. For each request the front
//! reads W3C `traceparent`/`tracestate` (checked by `w3c`: a new trace
//! starts when they are absent or broken; `baggage` is passed to the
//! worker untouched) and opens
//! the server span (`request::RequestTrace`), having decided once whether
//! the request is sampled (`sample`; an unsampled one makes no span). Each try of the request
//! (`pool::dispatch`) is a `dispatch` span under it, with a `queue` span
//! (admission and waiting for a worker with room) and a `run` span (handed
//! to the worker until its answer); the `traceparent` the handler sees is
//! the dispatch span's, so the spans a handler's own calls make nest under
//! bextd's. A render the response cache runs for a request (a miss, a
//! stale entry's refresh) is that request's tries; a cache hit is the
//! server span alone, with `bext.cache`. Ended spans go through `export` (a bounded queue, a batch
//! thread, timeouts) and never make a request wait: past the queue's size
//! or when the receiver is down or slow they are dropped and counted in
//! `bext_trace_spans_dropped_total`.
//!
//! What spans say of URLs is scrubbed (`redact`): query values become
//! `REDACTED` but for `keep_query_params`, and a URL's credentials go.
//! With tracing off nothing is exported, but a client's trace headers
//! still reach the worker and its `fetch()`es: they are checked there too
//! (`request::Attempt::stamp`), and broken ones dropped.

mod export;
pub mod jobs;
pub mod redact;
pub mod request;
pub mod sample;
pub mod settings;
pub mod slow;
pub mod w3c;
pub mod worker;

use std::sync::{Arc, OnceLock};

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::{
    BatchConfigBuilder, BatchSpanProcessor, Sampler, SdkTracer, SdkTracerProvider,
};

pub use request::RequestTrace;
pub use settings::{EnvError, Settings};

/// What the request path needs once tracing is on.
#[derive(Debug)]
pub struct Live {
    pub tracer: SdkTracer,
    pub server_timing: bool,
    /// Decided per request (see `sample`); the SDK keeps every span.
    pub sampling: settings::Sampling,
    /// `slow_ms`: a sampled request slower goes to the feed.
    pub slow: Option<std::time::Duration>,
    /// `keep_query_params`: the query values spans keep (see `redact`).
    pub keep_query_params: Vec<String>,
}

static LIVE: OnceLock<Live> = OnceLock::new();

/// The tracer, when tracing is on.
pub fn live() -> Option<&'static Live> {
    LIVE.get()
}

/// Why tracing could not start.
#[derive(Debug, thiserror::Error)]
pub enum OtelError {
    #[error("cannot build the OTLP exporter for {url}: {source}")]
    Exporter {
        url: String,
        #[source]
        source: opentelemetry_otlp::ExporterBuildError,
    },
    #[error("tracing was already installed")]
    Twice,
}

/// Flushes what is queued (within the export timeout) when dropped.
#[derive(Debug)]
pub struct Guard(SdkTracerProvider);

impl Drop for Guard {
    fn drop(&mut self) {
        if let Err(e) = self.0.shutdown() {
            tracing::debug!(error = %e, "trace exporter shutdown");
        }
    }
}

/// Starts the exporter and makes tracing live for the process. Call it
/// outside the async runtime: the blocking HTTP client owns a runtime of
/// its own, which may not be made or dropped inside another.
pub fn install(s: &Settings) -> Result<Guard, OtelError> {
    // reqwest is built without a TLS provider of its own (for https
    // endpoints): ring, as for PostgreSQL. Already installed is fine.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(&s.traces_url)
        .with_timeout(s.export_timeout)
        .build()
        .map_err(|source| OtelError::Exporter {
            url: s.traces_url.clone(),
            source,
        })?;
    let pending = Arc::new(export::Pending::default());
    let counting = export::Counting {
        inner: exporter,
        pending: pending.clone(),
    };
    // The SDK's queue has room for more than ours: only ours drops.
    let config = BatchConfigBuilder::default()
        .with_max_queue_size(s.max_queue_size.saturating_mul(2).max(2))
        .build();
    let batch = BatchSpanProcessor::builder(counting)
        .with_batch_config(config)
        .build();
    let provider = SdkTracerProvider::builder()
        .with_span_processor(export::Bounded {
            inner: batch,
            pending,
            cap: s.max_queue_size,
        })
        .with_sampler(Sampler::AlwaysOn)
        .with_id_generator(sample::Seeded::default())
        .with_resource(
            Resource::builder()
                .with_service_name(s.service_name.clone())
                .build(),
        )
        .build();
    let live = Live {
        tracer: provider.tracer("bextd"),
        server_timing: s.server_timing,
        sampling: s.sampler,
        slow: s.slow,
        keep_query_params: s.keep_query_params.clone(),
    };
    LIVE.set(live).map_err(|_| OtelError::Twice)?;
    tracing::info!(
        endpoint = %s.traces_url,
        service = %s.service_name,
        ratio = s.sampler.ratio,
        parent_based = s.sampler.parent_based,
        "tracing on: exporting spans over OTLP/HTTP"
    );
    Ok(Guard(provider))
}

/// The settings `[tracing]` and bextd's environment give (`None`: off), or
/// the bad `OTEL_*` variable. `bextd` checks this with the file, before
/// `--check-config` answers, so a bad variable is refused like a bad key.
pub fn from_env(section: &crate::config::TracingSection) -> Result<Option<Settings>, EnvError> {
    settings::resolve(section, &|name: &str| std::env::var(name).ok())
}

/// Tracing as `[tracing]` and bextd's environment say: `None` when off. A
/// bad `OTEL_*` variable (exit 78) or an exporter that cannot be built
/// stops bextd before it starts, with a line that names the problem.
pub fn start(section: &crate::config::TracingSection) -> Result<Option<Guard>, crate::exit::Fatal> {
    match from_env(section)? {
        Some(s) => install(&s)
            .map(Some)
            .map_err(|e| crate::exit::Fatal::Setup(e.to_string())),
        None => Ok(None),
    }
}
