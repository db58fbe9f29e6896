//! The HTTP front: accepts connections, routes each request to the first
//! pool whose `route` matches its path, and answers with what the worker
//! said, or with the error of SPEC §7 when no worker could.
//!
//! Admin paths (`/__bext/*`, `/metrics`) are answered here, never by a
//! worker; who may call each one (health and readiness: anyone; the rest:
//! peers in `admin_allow` with an allowed `Host`) and what it answers are
//! the hub's table's (`hub::ops`).
//!
//! Around it: `accept` (the accept loop and the connection cap), `conn`
//! (one connection and its header and idle timeouts) and `body` (response
//! bodies).
//! Admission and the choice of a worker are the pool's
//! (`pool::dispatch`).

pub mod accept;
pub mod activation;
mod admin;
pub mod body;
pub mod conn;
pub mod edge;
pub mod graceful;
mod head;
pub mod intake;
pub mod static_files;
pub mod tls;
mod websocket;

pub use head::worker_response;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use hyper::body::Incoming;
use hyper::header::{CONTENT_LENGTH, CONTENT_TYPE, HOST, HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode, Version};
use protocol::worker::{HttpRequest, Outcome};

use crate::hub::{self, Hub};
use crate::otel::RequestTrace;
use crate::pool::PoolHandle;
use crate::pool::dispatch::{self, Failure};

/// Everything the request path needs.
#[derive(Debug)]
pub struct Front {
    /// The pools to route to, and what the admin paths read.
    hub: Arc<Hub>,
    pub max_body_bytes: u64,
    /// The deadline and budget of request bodies.
    intake: intake::Intake,
    /// Who may send forwarded headers; which hosts reach the pools.
    edge: edge::Edge,
    /// `[[static]]`: tried before the pools' routes.
    statics: static_files::Statics,
    /// `redirect_to_https`: the TLS listener's port, where plain requests
    /// are sent.
    redirect_https: Option<u16>,
}

type Reply = Response<body::Body>;

impl Front {
    pub fn new(hub: Arc<Hub>, max_body_bytes: u64) -> Front {
        Front {
            hub,
            max_body_bytes,
            intake: intake::Intake::from(&crate::config::ServerSection::default()),
            edge: edge::Edge::default(),
            statics: static_files::Statics::default(),
            redirect_https: None,
        }
    }

    /// Plain requests (but the admin paths) answered with a redirect to
    /// HTTPS on `port`.
    pub fn with_redirect(mut self, port: Option<u16>) -> Front {
        self.redirect_https = port;
        self
    }

    /// Files served from `[[static]]` folders before the pools' routes.
    pub fn with_statics(mut self, statics: static_files::Statics) -> Front {
        self.statics = statics;
        self
    }

    /// Forwarded headers and host names under `edge` instead of the
    /// defaults.
    pub fn with_edge(mut self, edge: edge::Edge) -> Front {
        self.edge = edge;
        self
    }

    /// Request bodies are read under `intake` (`body_timeout_ms`,
    /// `max_buffered_body_bytes`) instead of the defaults.
    pub fn with_intake(mut self, intake: intake::Intake) -> Front {
        self.intake = intake;
        self
    }

    /// Serves one request.
    pub async fn handle(
        self: Arc<Self>,
        peer: SocketAddr,
        peer_ip: &str,
        req: Request<Incoming>,
    ) -> Result<Reply, Infallible> {
        if let Some(why) = bad_host(&req) {
            return Ok(plain(StatusCode::BAD_REQUEST, why));
        }
        if hub::is_admin_path(req.uri().path()) {
            return Ok(self.admin(peer, req).await);
        }
        if let Some(port) = self.redirect_https
            && req.extensions().get::<conn::Secure>().is_some_and(|s| !s.0)
        {
            return Ok(tls::redirect(&req, port));
        }
        let mut req = req;
        let authority = req.uri().authority().map(|a| a.as_str().to_owned());
        self.edge
            .clean(peer.ip(), authority.as_deref(), req.headers_mut());
        let host = req.headers().get(HOST).and_then(|v| v.to_str().ok());
        if !self.edge.host_allowed(host) {
            tracing::debug!(
                %peer,
                host = %crate::logging::untrusted(host.unwrap_or("")),
                "refused a Host outside allowed_hosts"
            );
            return Ok(plain(StatusCode::BAD_REQUEST, edge::HOST_NOT_ALLOWED));
        }
        if !self.statics.is_empty()
            && let Some(reply) = self.statics.serve(&req).await
        {
            return Ok(reply);
        }
        let path = req.uri().path();
        let Some((pool, _routed)) = self.hub.pools().route(path) else {
            return Ok(plain(StatusCode::NOT_FOUND, "no pool routes this path"));
        };
        let started = std::time::Instant::now();
        let trace =
            RequestTrace::start(req.method(), req.uri(), req.headers(), peer_ip, &pool.name);
        let ids = trace.ids();
        // A sampled request's name, for the feed should it be slow.
        let what = trace
            .sampled()
            .then(|| format!("{} {}", req.method(), req.uri().path()));
        let mut reply = match &ids {
            // Log lines of the request carry its trace and span ids.
            Some((trace_id, span_id)) => {
                let span = tracing::info_span!("request", %trace_id, %span_id);
                let serve = self.serve_pool(&pool, peer_ip, req, &trace);
                tracing::Instrument::instrument(serve, span).await
            }
            None => self.serve_pool(&pool, peer_ip, req, &trace).await,
        };
        trace.finish(&mut reply);
        let (status, took) = (reply.status().as_u16(), started.elapsed());
        match (what, ids) {
            (Some(what), Some((trace_id, span_id))) => {
                sampled_answer(&pool, &what, status, took, trace_id, span_id)
            }
            _ => pool.metrics.observe(status, took.as_secs_f64()),
        }
        Ok(reply)
    }

    async fn serve_pool(
        &self,
        pool: &Arc<PoolHandle>,
        peer_ip: &str,
        req: Request<Incoming>,
        trace: &RequestTrace,
    ) -> Reply {
        let declared = req
            .headers()
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > self.max_body_bytes) {
            return plain(StatusCode::PAYLOAD_TOO_LARGE, "request body too large");
        }
        if wants_websocket(&req) {
            return self.upgrade(pool, peer_ip, req, trace).await;
        }
        let whole = pool.config().settings.request_timeout;
        let (parts, body) = req.into_parts();
        // `_held` counts the body against the budget until it is answered.
        let (body, _held) = match self.intake.read(body, self.max_body_bytes, whole).await {
            Ok(read) => read,
            Err(refused) => return intake_refused(refused),
        };
        let request = worker_request(&parts, &body, peer_ip);
        trace.request_size(body.len());
        drop(body);
        self.dispatch(pool, request, trace).await
    }

    async fn dispatch(
        &self,
        pool: &Arc<PoolHandle>,
        request: HttpRequest,
        trace: &RequestTrace,
    ) -> Reply {
        let Some(cache) = pool.cache() else {
            let got = dispatch::request(pool, request, trace).await;
            return self.answered(pool, got, trace);
        };
        // Whole answers may be stored; anything else passes through. A
        // render's tries are spans of the request that started it (a
        // stale entry's background refresh too, which may end after the
        // request's server span); a request answered from the store, or
        // by another's render it waited for, says so on its server span.
        let p = pool.clone();
        let t = trace.clone();
        let render = move |r: HttpRequest| {
            let (p, t) = (p.clone(), t.clone());
            async move {
                match dispatch::versioned(&p, r, &t).await {
                    (Ok(dispatch::Answered::Outcome(Outcome::Ok(resp))), Some(v)) => Ok((resp, v)),
                    (other, _) => Err(other),
                }
            }
        };
        match cache.serve(request, render).await {
            Ok(resp) => {
                if let Some((_, label)) = resp.headers.iter().find(|(k, _)| k == "x-bext-cache") {
                    trace.cache(label);
                }
                head::worker_response(&pool.name, resp)
            }
            Err(got) => self.answered(pool, got, trace),
        }
    }

    /// The HTTP response for what dispatch got.
    fn answered(
        &self,
        pool: &PoolHandle,
        got: Result<dispatch::Answered, Failure>,
        trace: &RequestTrace,
    ) -> Reply {
        let outcome = match got {
            Ok(dispatch::Answered::Stream(s)) => return head::streamed_response(&pool.name, s),
            Ok(dispatch::Answered::Outcome(o)) => Ok(o),
            // Only an upgrade request opens a socket (front::websocket).
            Ok(dispatch::Answered::Socket { link, id, .. }) => {
                link.socket_ended(id, 1011, String::new());
                Ok(Outcome::Streamed)
            }
            Err(f) => Err(f),
        };
        if let Ok(Outcome::Error { message, stack }) = &outcome
            && trace.exception(message, stack)
        {
            tracing::debug!(
                error = %crate::logging::untrusted(message),
                "the handler threw; answered 500"
            );
        }
        match outcome {
            Ok(Outcome::Ok(resp)) => head::worker_response(&pool.name, resp),
            Ok(Outcome::Error { .. } | Outcome::Streamed) => plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the handler threw an error",
            ),
            Ok(Outcome::OutOfMemory) => plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the handler ran out of memory",
            ),
            Ok(Outcome::Timeout { .. }) | Err(Failure::TimedOut) => {
                plain(StatusCode::GATEWAY_TIMEOUT, "request timed out")
            }
            // Only after a Cancel, which bextd sends when nobody waits any more.
            Ok(Outcome::Cancelled) => plain(StatusCode::SERVICE_UNAVAILABLE, "request cancelled"),
            Err(Failure::Full) => plain(StatusCode::TOO_MANY_REQUESTS, "too many requests"),
            Err(Failure::NoWorker) => plain(StatusCode::SERVICE_UNAVAILABLE, "no worker available"),
            Err(Failure::Died) => plain(
                StatusCode::BAD_GATEWAY,
                "the worker died while serving the request",
            ),
            Err(Failure::Quarantined(secs)) => quarantined(secs),
            // `request` sends such requests again; it never returns this.
            Err(Failure::NotRun) => plain(StatusCode::BAD_GATEWAY, "the worker ended"),
        }
    }
}

/// The request a worker sees, from hyper's request head and body.
pub fn worker_request(
    parts: &hyper::http::request::Parts,
    body: &[u8],
    peer_ip: &str,
) -> HttpRequest {
    HttpRequest {
        method: parts.method.as_str().to_owned(),
        url: parts
            .uri
            .path_and_query()
            .map(|p| p.as_str())
            .unwrap_or("/")
            .to_owned(),
        headers: parts
            .headers
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().to_owned(),
                    String::from_utf8_lossy(v.as_bytes()).into_owned(),
                )
            })
            .collect(),
        body: body.to_vec(),
        ip: peer_ip.to_owned(),
    }
}

/// Whether `req` asks for a WebSocket (RFC 6455 §4.2.1).
fn wants_websocket<B>(req: &Request<B>) -> bool {
    let has = |name, word: &str| {
        req.headers().get_all(name).iter().any(|v| {
            v.to_str()
                .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(word)))
        })
    };
    req.method() == hyper::Method::GET
        && has(hyper::header::UPGRADE, "websocket")
        && has(hyper::header::CONNECTION, "upgrade")
}

/// Why a request's `Host` breaks RFC 9112 §3.2, if it does: an HTTP/1.1
/// request must carry exactly one (HTTP/1.0 may omit it).
fn bad_host<B>(req: &Request<B>) -> Option<&'static str> {
    let hosts = req.headers().get_all(HOST).iter().count();
    match hosts {
        0 if req.version() == Version::HTTP_11 => Some("an HTTP/1.1 request needs a Host header"),
        0 | 1 => None,
        _ => Some("more than one Host header"),
    }
}

/// The answer to a body that was not read whole. Past a deadline or the
/// budget the rest of the body is never read, so the connection closes.
fn intake_refused(refused: intake::Refused) -> Reply {
    let status = match refused {
        intake::Refused::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        intake::Refused::TimedOut(_) => StatusCode::REQUEST_TIMEOUT,
        intake::Refused::Busy => StatusCode::SERVICE_UNAVAILABLE,
        intake::Refused::Broken => StatusCode::BAD_REQUEST,
    };
    let mut r = plain(status, &refused.to_string());
    if matches!(
        refused,
        intake::Refused::TimedOut(_) | intake::Refused::Busy
    ) {
        r.headers_mut()
            .insert(hyper::header::CONNECTION, HeaderValue::from_static("close"));
    }
    r
}

/// 503 for a quarantined query of death, saying why and for how long.
fn quarantined(secs: u64) -> Reply {
    let why = "this request killed its worker on two tries; it is refused for now";
    let mut r = plain(StatusCode::SERVICE_UNAVAILABLE, why);
    let h = r.headers_mut();
    h.insert(
        HeaderName::from_static("x-bext-quarantined"),
        HeaderValue::from_static("query of death"),
    );
    h.insert(hyper::header::RETRY_AFTER, HeaderValue::from(secs));
    r
}

pub fn plain(status: StatusCode, text: &str) -> Reply {
    let mut r = Response::new(body::full(format!("{} {text}\n", status.as_u16())));
    *r.status_mut() = status;
    r.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

pub fn json(status: StatusCode, body: String) -> Reply {
    let mut r = Response::new(body::full(body));
    *r.status_mut() = status;
    r.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r
}

/// A sampled request was answered: its ids are the latency bucket's
/// exemplar, and a slow one goes to the feed with its trace id.
fn sampled_answer(
    pool: &PoolHandle,
    what: &str,
    status: u16,
    took: std::time::Duration,
    trace_id: String,
    span_id: String,
) {
    let slow = crate::otel::live().and_then(|l| l.slow);
    if crate::otel::slow::is_slow(took, slow) {
        crate::otel::slow::report(&crate::otel::slow::Slow {
            pool: &pool.name,
            what,
            status,
            took,
            trace_id: &trace_id,
        });
    }
    let exemplar = crate::metrics::TraceExemplar { trace_id, span_id };
    pool.metrics
        .observe_traced(status, took.as_secs_f64(), Some(exemplar));
}
