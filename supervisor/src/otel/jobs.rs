//! Jobs in traces. A job spawned in a sampled request (the worker sends
//! `JobCall::SpawnLinked` with the spawning span's `traceparent`) is
//! remembered here by id; each run of a job is a `job` span (kind
//! consumer) at the root of a trace of its own, linked to the span that
//! spawned it, since a job may run long after, or many times after, the
//! request that asked for it. A run with such a link is always kept; any
//! other run is sampled at the configured ratio. The job process is handed
//! the run's context as OpenTelemetry hands one to a child process: a
//! `TRACEPARENT` (and `TRACESTATE`) variable in the environment `RunJob`
//! carries ([`JobRun::env`]), so the spans the job's own code makes
//! (`fetch()`, `bext.trace.span`) nest under its `job` span.
//!
//! The links are kept in memory, at most [`MAX_LINKS`] (the oldest go
//! first): a job that runs after bextd restarts, or on another node of a
//! shared store, runs without its link.

use std::collections::{HashMap, VecDeque};
use std::sync::{LazyLock, Mutex};

use opentelemetry::propagation::TextMapPropagator;
use opentelemetry::trace::{
    Link, Span as _, SpanContext, SpanKind, Status, TraceContextExt, Tracer as _,
};
use opentelemetry::{Context, KeyValue};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use protocol::worker::JobOutcome;

use super::sample;

/// Most jobs whose spawning span is remembered.
pub const MAX_LINKS: usize = 10_000;

#[derive(Default)]
struct Links {
    by_job: HashMap<String, SpanContext>,
    order: VecDeque<String>,
}

static LINKS: LazyLock<Mutex<Links>> = LazyLock::new(Mutex::default);

/// Job `job_id` was spawned under `traceparent` (W3C).
pub fn spawned(job_id: &str, traceparent: &str) {
    if super::live().is_none() {
        return;
    }
    let headers = HashMap::from([("traceparent".to_owned(), traceparent.to_owned())]);
    let cx = TraceContextPropagator::new().extract(&headers);
    let sc = cx.span().span_context().clone();
    if !sc.is_valid() {
        tracing::debug!(
            job = job_id,
            traceparent,
            "a job's spawning traceparent is not valid; no link"
        );
        return;
    }
    let mut links = LINKS.lock().unwrap_or_else(|e| e.into_inner());
    if links.by_job.insert(job_id.to_owned(), sc).is_none() {
        links.order.push_back(job_id.to_owned());
    }
    while links.order.len() > MAX_LINKS {
        if let Some(old) = links.order.pop_front() {
            links.by_job.remove(&old);
        }
    }
}

/// One run of a job: its span, if traced.
#[derive(Debug)]
pub struct JobRun {
    span: Option<opentelemetry_sdk::trace::Span>,
}

impl JobRun {
    /// Run `run` (the job's `restart_count`-th restart) of job `job_id` of
    /// `pool` starts.
    pub fn start(job_id: &str, pool: &str, restart_count: u32, run: u64) -> JobRun {
        let Some(live) = super::live() else {
            return JobRun { span: None };
        };
        let link = LINKS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .by_job
            .get(job_id)
            .cloned();
        let (trace_id, span_id) = sample::random_ids();
        if link.is_none() && !sample::decide(None, trace_id, live.sampling) {
            return JobRun { span: None };
        }
        let builder = live
            .tracer
            .span_builder("job")
            .with_kind(SpanKind::Consumer)
            .with_attributes([
                KeyValue::new("bext.job.id", job_id.to_owned()),
                KeyValue::new("bext.pool", pool.to_owned()),
                KeyValue::new("bext.job.restart_count", i64::from(restart_count)),
                KeyValue::new("bext.job.run", run as i64),
            ])
            .with_links(link.map(Link::with_context).into_iter().collect());
        let span = sample::start_seeded(builder, &live.tracer, &Context::new(), trace_id, span_id);
        JobRun { span: Some(span) }
    }

    /// The environment variables that hand the run's span to the job
    /// process (none when it is not traced).
    pub fn env(&self) -> Vec<(String, String)> {
        let Some(span) = &self.span else {
            return Vec::new();
        };
        let mut vars = HashMap::new();
        let cx = Context::new().with_remote_span_context(span.span_context().clone());
        TraceContextPropagator::new().inject_context(&cx, &mut vars);
        vars.into_iter()
            .map(|(k, v)| (k.to_ascii_uppercase(), v))
            .collect()
    }

    /// The run ended: how (`None`: the process went away without saying).
    pub fn finish(&mut self, outcome: Option<&JobOutcome>) {
        let Some(mut span) = self.span.take() else {
            return;
        };
        let (state, error) = match outcome {
            Some(JobOutcome::Completed { .. }) => ("completed", None),
            Some(JobOutcome::Failed { message, .. }) => ("failed", Some(message.clone())),
            Some(JobOutcome::Cancelled) => ("cancelled", None),
            None => (
                "closed",
                Some("the job process ended without a result".to_owned()),
            ),
        };
        span.set_attribute(KeyValue::new("bext.job.outcome", state));
        if let Some(why) = error {
            span.set_status(Status::error(why));
        }
        span.end();
    }
}

impl Drop for JobRun {
    fn drop(&mut self) {
        self.finish(None);
    }
}
