//! The spans of one request: the server span the front opens, and for each
//! try a `dispatch` span with its `queue` and `run` children. Every method
//! is a no-op on [`RequestTrace::OFF`], which is what requests get while
//! tracing is off. A request that is not sampled (decided once, in
//! [`RequestTrace::start`]) opens no span: it only carries the context the
//! handler passes on.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use hyper::HeaderMap;
use opentelemetry::propagation::{Extractor, Injector, TextMapPropagator};
use opentelemetry::trace::{
    Span as _, SpanContext, SpanId, SpanKind, Status, TraceContextExt, TraceFlags, Tracer as _,
};
use opentelemetry::{Context, KeyValue};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use protocol::worker::HttpRequest;

use super::sample;

/// One request's trace: its server span, and how many tries it made.
/// A clone shares them: a render the response cache runs for the request
/// holds one, and its tries are spans under the same server span (even a
/// background revalidation that outlives the request).
#[derive(Debug, Clone)]
pub struct RequestTrace {
    live: Option<Arc<Open>>,
}

#[derive(Debug)]
struct Open {
    /// The caller's context with the server span in it (unsampled: the
    /// context handed on, with no span behind it).
    cx: Context,
    sampled: bool,
    tries: AtomicU32,
    server_timing: bool,
}

impl RequestTrace {
    /// Tracing is off (or the caller is not an HTTP request).
    pub const OFF: RequestTrace = RequestTrace { live: None };

    /// Continues the caller's trace (W3C `traceparent`/`tracestate`) or
    /// starts one, with a server span for `method path` routed to `pool`.
    /// Sampling is decided here, once: an unsampled request opens no span
    /// and builds no attribute, and only carries a context (a fresh span
    /// id, flags `00`) for the handler to pass on.
    pub fn start(
        method: &hyper::Method,
        uri: &hyper::Uri,
        headers: &HeaderMap,
        peer_ip: &str,
        pool: &str,
    ) -> RequestTrace {
        let Some(live) = super::live() else {
            return RequestTrace::OFF;
        };
        let parent = TraceContextPropagator::new().extract(&HeaderText::checked(headers));
        let remote = parent.span().span_context().clone();
        let (fresh_trace, span_id) = sample::random_ids();
        let trace_id = if remote.is_valid() {
            remote.trace_id()
        } else {
            fresh_trace
        };
        let caller = remote.is_valid().then(|| remote.is_sampled());
        if !sample::decide(caller, trace_id, live.sampling) {
            let sc = SpanContext::new(
                trace_id,
                span_id,
                TraceFlags::default(),
                false,
                remote.trace_state().clone(),
            );
            return RequestTrace::open(parent.with_remote_span_context(sc), false, live);
        }
        let builder = live
            .tracer
            .span_builder(method.as_str().to_owned())
            .with_kind(SpanKind::Server)
            .with_attributes(server_attributes(method, uri, headers, peer_ip, pool, live));
        let span = sample::start_seeded(builder, &live.tracer, &parent, trace_id, span_id);
        RequestTrace::open(parent.with_span(span), true, live)
    }

    fn open(cx: Context, sampled: bool, live: &super::Live) -> RequestTrace {
        RequestTrace {
            live: Some(Arc::new(Open {
                cx,
                sampled,
                tries: AtomicU32::new(0),
                server_timing: live.server_timing,
            })),
        }
    }

    /// Whether the request's spans are recorded and exported.
    pub fn sampled(&self) -> bool {
        self.live.as_ref().is_some_and(|o| o.sampled)
    }

    /// The server span's ids, for log lines.
    pub fn ids(&self) -> Option<(String, String)> {
        let open = self.live.as_ref()?;
        let span = open.cx.span();
        let sc = span.span_context();
        Some((sc.trace_id().to_string(), sc.span_id().to_string()))
    }

    /// The request body's size.
    pub fn request_size(&self, bytes: usize) {
        if let Some(open) = self.live.as_ref().filter(|o| o.sampled) {
            open.cx
                .span()
                .set_attribute(KeyValue::new("http.request.body.size", bytes as i64));
        }
    }

    /// How the response cache answered (`x-bext-cache`: hit, miss or
    /// stale), on the server span: a hit has no try under it.
    pub fn cache(&self, label: &str) {
        if let Some(open) = self.live.as_ref().filter(|o| o.sampled) {
            open.cx
                .span()
                .set_attribute(KeyValue::new("bext.cache", label.to_owned()));
        }
    }

    /// Opens the span of the next try (its queue wait begins now). An
    /// unsampled request's try only carries its context.
    pub fn attempt(&self, pool: &str) -> Attempt {
        let Some(open) = &self.live else {
            return Attempt { live: None };
        };
        let recording = open.sampled.then(super::live).flatten();
        let Some(live) = recording else {
            return Attempt {
                live: Some(Box::new(Try {
                    cx: open.cx.clone(),
                    handler_cx: open.cx.clone(),
                    run_id: SpanId::INVALID,
                    recording: false,
                    queue: None,
                    run: None,
                })),
            };
        };
        let try_no = open.tries.fetch_add(1, Ordering::Relaxed);
        let span = live
            .tracer
            .span_builder("dispatch")
            .with_kind(SpanKind::Internal)
            .with_attributes([
                KeyValue::new("bext.pool", pool.to_owned()),
                KeyValue::new("bext.retry", i64::from(try_no)),
            ])
            .start_with_context(&live.tracer, &open.cx);
        let cx = open.cx.with_span(span);
        let queue = live.tracer.start_with_context("queue", &cx);
        // The run span starts only once a worker has the request, but the
        // request carries its id: drawn now, given to it then.
        let run_id = sample::random_ids().1;
        let handler_cx = cx.with_remote_span_context(SpanContext::new(
            cx.span().span_context().trace_id(),
            run_id,
            TraceFlags::SAMPLED,
            false,
            cx.span().span_context().trace_state().clone(),
        ));
        Attempt {
            live: Some(Box::new(Try {
                cx,
                handler_cx,
                run_id,
                recording: true,
                queue: Some(queue),
                run: None,
            })),
        }
    }

    /// The handler threw: an `exception` event on the server span (with
    /// the semantic conventions' `exception.*` attributes). Whether the
    /// request is traced: the caller then logs it in the request's span,
    /// so its trace id is in the log.
    pub fn exception(&self, message: &str, stack: &str) -> bool {
        let Some(open) = &self.live else {
            return false;
        };
        if open.sampled {
            open.cx.span().add_event(
                "exception",
                vec![
                    KeyValue::new("exception.message", message.to_owned()),
                    KeyValue::new("exception.stacktrace", stack.to_owned()),
                ],
            );
        }
        true
    }

    /// Ends the server span with the answer's status and size, and adds
    /// `traceresponse` and `server-timing` when `server_timing` is on.
    pub fn finish<B: hyper::body::Body>(self, reply: &mut hyper::Response<B>) {
        let Some(open) = self.live else {
            return;
        };
        let span = open.cx.span();
        if open.sampled {
            let status = reply.status().as_u16();
            span.set_attribute(KeyValue::new(
                "http.response.status_code",
                i64::from(status),
            ));
            if let Some(n) = reply.body().size_hint().exact() {
                span.set_attribute(KeyValue::new("http.response.body.size", n as i64));
            }
            if status >= 500 {
                span.set_status(Status::error(""));
            }
        }
        if open.server_timing {
            let tp = traceparent(span.span_context());
            let headers = reply.headers_mut();
            if let Ok(v) = hyper::header::HeaderValue::from_str(&tp) {
                headers.insert("traceresponse", v);
            }
            if let Ok(v) =
                hyper::header::HeaderValue::from_str(&format!("traceparent;desc=\"{tp}\""))
            {
                headers.append("server-timing", v);
            }
        }
        span.end();
    }
}

/// One try of a request: the `dispatch` span and its children.
#[derive(Debug)]
pub struct Attempt {
    live: Option<Box<Try>>,
}

#[derive(Debug)]
struct Try {
    /// The dispatch span's context (unsampled: the request's).
    cx: Context,
    /// What the handler is told (the run span's ids; unsampled: `cx`).
    handler_cx: Context,
    run_id: SpanId,
    recording: bool,
    queue: Option<opentelemetry_sdk::trace::Span>,
    run: Option<opentelemetry_sdk::trace::Span>,
}

impl Attempt {
    /// `request` as the worker should see it: its `traceparent` (and
    /// `tracestate`) are the run span's, so the handler's own spans (its
    /// `fetch()`es, `bext.trace.span`) nest under bextd's. `baggage` is
    /// left as the caller sent it.
    /// Untraced, it is the request itself, shared, not copied, unless its
    /// `traceparent` or `tracestate` breaks the W3C rules: then without
    /// them (`w3c::clean`), so a worker's `fetch()` never passes them on.
    pub fn stamp(&self, request: &Arc<HttpRequest>) -> Arc<HttpRequest> {
        let Some(t) = &self.live else {
            return match super::w3c::clean(&request.headers) {
                None => request.clone(),
                Some(headers) => Arc::new(HttpRequest {
                    headers,
                    ..HttpRequest::clone(request)
                }),
            };
        };
        let mut out = HttpRequest::clone(request);
        out.headers
            .retain(|(k, _)| k != "traceparent" && k != "tracestate");
        TraceContextPropagator::new()
            .inject_context(&t.handler_cx, &mut HeaderPairs(&mut out.headers));
        Arc::new(out)
    }

    /// The try left the queue for the worker in `slot` (its `generation`
    /// and `pid`): its run begins.
    pub fn handed(&mut self, slot: u32, generation: u64, pid: i32) {
        let Some(t) = self.live.as_mut().filter(|t| t.recording) else {
            return;
        };
        if let Some(mut q) = t.queue.take() {
            q.end();
        }
        let span = t.cx.span();
        span.set_attribute(KeyValue::new("bext.worker.id", i64::from(slot)));
        span.set_attribute(KeyValue::new("bext.worker.generation", generation as i64));
        span.set_attribute(KeyValue::new("bext.worker.pid", i64::from(pid)));
        if let Some(live) = super::live() {
            let builder = live.tracer.span_builder("run");
            let trace_id = span.span_context().trace_id();
            t.run = Some(sample::start_seeded(
                builder,
                &live.tracer,
                &t.cx,
                trace_id,
                t.run_id,
            ));
        }
    }

    /// The try ended: `failure` names why it got no answer, if it did not.
    pub fn end(self, failure: Option<&'static str>) {
        let Some(mut t) = self.live.filter(|t| t.recording) else {
            return;
        };
        for mut s in [t.queue.take(), t.run.take()].into_iter().flatten() {
            if let Some(why) = failure {
                s.set_status(Status::error(why));
            }
            s.end();
        }
        let span = t.cx.span();
        if let Some(why) = failure {
            span.set_attribute(KeyValue::new("error.type", why));
            span.set_status(Status::error(why));
        }
        span.end();
    }
}

/// The server span's attributes (HTTP semantic conventions).
fn server_attributes(
    method: &hyper::Method,
    uri: &hyper::Uri,
    headers: &HeaderMap,
    peer_ip: &str,
    pool: &str,
    live: &super::Live,
) -> Vec<KeyValue> {
    let mut attributes = vec![
        KeyValue::new("http.request.method", method.as_str().to_owned()),
        KeyValue::new("url.path", uri.path().to_owned()),
        KeyValue::new("client.address", peer_ip.to_owned()),
        KeyValue::new("bext.pool", pool.to_owned()),
    ];
    if let Some(q) = uri.query() {
        let q = super::redact::query(q, &live.keep_query_params);
        attributes.push(KeyValue::new("url.query", q.into_owned()));
    }
    if let Some(ua) = headers
        .get(hyper::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
    {
        attributes.push(KeyValue::new("user_agent.original", ua.to_owned()));
    }
    attributes
}

/// W3C `traceparent` of `sc`.
fn traceparent(sc: &SpanContext) -> String {
    format!(
        "00-{}-{}-{:02x}",
        sc.trace_id(),
        sc.span_id(),
        sc.trace_flags().to_u8()
    )
}

/// A request's trace context as `w3c::check` leaves it, for the
/// propagator to read.
struct HeaderText(super::w3c::Checked);

impl HeaderText {
    fn checked(headers: &HeaderMap) -> HeaderText {
        let values = |name: &str| -> Vec<Option<&str>> {
            headers
                .get_all(name)
                .iter()
                .map(|v| v.to_str().ok())
                .collect()
        };
        HeaderText(super::w3c::check(
            &values("traceparent"),
            &values("tracestate"),
        ))
    }
}

impl Extractor for HeaderText {
    fn get(&self, key: &str) -> Option<&str> {
        match key {
            "traceparent" => self.0.traceparent.as_deref(),
            "tracestate" => self.0.tracestate.as_deref(),
            _ => None,
        }
    }

    fn keys(&self) -> Vec<&str> {
        ["traceparent", "tracestate"]
            .into_iter()
            .filter(|k| self.get(k).is_some())
            .collect()
    }
}

struct HeaderPairs<'a>(&'a mut Vec<(String, String)>);

impl Injector for HeaderPairs<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.push((key.to_ascii_lowercase(), value));
    }
}
