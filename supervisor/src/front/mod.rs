//! The HTTP front: accepts connections, routes each request to the first
//! pool whose `route` matches its path, and answers with what the worker
//! said, or with the error of SPEC §7 when no worker could.
//!
//! Admin paths (`/__bext/*`, `/metrics`) are answered here, never by a
//! worker, and only for peers in `admin_allow`.
//!
//! Around it: `accept` (the accept loop, the connection cap and its
//! back-off), `conn` (one connection and its header and idle timeouts),
//! `admission` (`max_concurrent_requests` and its queue) and `dispatch`
//! (pick a worker, send, await; also used by the control socket).

pub mod accept;
pub mod admission;
pub mod body;
pub mod conn;
pub mod dispatch;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::{BodyExt, Limited};
use hyper::body::Incoming;
use hyper::header::{CONTENT_LENGTH, CONTENT_TYPE, HOST, HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode, Version};
use ipnet::IpNet;
use protocol::worker::{HttpRequest, Outcome};

use crate::metrics::Metrics;
use crate::pool::PoolHandle;
use dispatch::Failure;

/// Everything the request path needs.
#[derive(Debug)]
pub struct Front {
    /// In route order; a reload replaces the list.
    pools: std::sync::RwLock<Arc<Vec<Arc<PoolHandle>>>>,
    /// Carries out `bext reload` and `bext swap` (set once bextd started).
    pub reloader: std::sync::OnceLock<Arc<crate::reload::Reloader>>,
    pub admin_allow: Vec<IpNet>,
    pub max_body_bytes: u64,
    metrics: Arc<Metrics>,
    scrape: tokio::sync::Mutex<()>,
    /// Background jobs: `/__bext/jobs`, the health figures, `bext jobs`.
    pub jobs: crate::jobs::JobsHandle,
}

type Reply = Response<body::Body>;

impl Front {
    pub fn new(
        pools: Vec<Arc<PoolHandle>>,
        admin_allow: Vec<IpNet>,
        max_body_bytes: u64,
        metrics: Arc<Metrics>,
        jobs: crate::jobs::JobsHandle,
    ) -> Front {
        Front {
            pools: std::sync::RwLock::new(Arc::new(pools)),
            reloader: std::sync::OnceLock::new(),
            admin_allow,
            max_body_bytes,
            metrics,
            scrape: tokio::sync::Mutex::new(()),
            jobs,
        }
    }

    /// The pools, in route order.
    pub fn pools(&self) -> Arc<Vec<Arc<PoolHandle>>> {
        self.pools.read().unwrap().clone()
    }

    /// Routes to `pools` from now on (a reload).
    pub fn set_pools(&self, pools: Vec<Arc<PoolHandle>>) {
        *self.pools.write().unwrap() = Arc::new(pools);
    }

    /// Serves one request.
    pub async fn handle(
        self: Arc<Self>,
        peer: SocketAddr,
        req: Request<Incoming>,
    ) -> Result<Reply, Infallible> {
        if let Some(why) = bad_host(&req) {
            return Ok(plain(StatusCode::BAD_REQUEST, why));
        }
        let path = req.uri().path();
        if path.starts_with("/__bext/") || path == "/metrics" {
            return Ok(self.admin(peer, &req).await);
        }
        let Some((pool, _routed)) = self.route(path) else {
            return Ok(plain(StatusCode::NOT_FOUND, "no pool routes this path"));
        };
        let started = std::time::Instant::now();
        let reply = self.serve_pool(&pool, peer, req).await;
        pool.metrics
            .observe(reply.status().as_u16(), started.elapsed().as_secs_f64());
        Ok(reply)
    }

    /// The first pool whose route matches `path`, counted as routed to
    /// until the guard drops. A pool a reload removes is stopped only once
    /// nothing is routed to it: a request counted after the removal sees
    /// the new list and is routed again.
    fn route(&self, path: &str) -> Option<(Arc<PoolHandle>, crate::pool::Routed)> {
        loop {
            let pools = self.pools();
            let pool = pools
                .iter()
                .find(|p| p.config().route.is_match(path))?
                .clone();
            let routed = pool.route_one();
            if self.pools().iter().any(|p| Arc::ptr_eq(p, &pool)) {
                return Some((pool, routed));
            }
        }
    }

    async fn serve_pool(
        &self,
        pool: &PoolHandle,
        peer: SocketAddr,
        req: Request<Incoming>,
    ) -> Reply {
        let declared = req
            .headers()
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > self.max_body_bytes) {
            return plain(StatusCode::PAYLOAD_TOO_LARGE, "request body too large");
        }
        let (parts, body) = req.into_parts();
        let body = match Limited::new(body, self.max_body_bytes as usize)
            .collect()
            .await
        {
            Ok(b) => b.to_bytes(),
            Err(e) if e.is::<http_body_util::LengthLimitError>() => {
                return plain(StatusCode::PAYLOAD_TOO_LARGE, "request body too large");
            }
            Err(_) => {
                return plain(StatusCode::BAD_REQUEST, "could not read the request body");
            }
        };
        let request = worker_request(&parts, &body, peer);
        self.dispatch(pool, request).await
    }

    async fn dispatch(&self, pool: &PoolHandle, request: HttpRequest) -> Reply {
        let outcome = match dispatch::request(pool, request).await {
            Ok(dispatch::Answered::Stream(s)) => return streamed_response(s),
            Ok(dispatch::Answered::Outcome(o)) => Ok(o),
            Err(f) => Err(f),
        };
        match outcome {
            Ok(Outcome::Ok(resp)) => worker_response(resp),
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

    async fn admin(&self, peer: SocketAddr, req: &Request<Incoming>) -> Reply {
        let ip = peer.ip().to_canonical();
        if !self.admin_allow.iter().any(|net| net.contains(&ip)) {
            return plain(StatusCode::FORBIDDEN, "forbidden");
        }
        match req.uri().path() {
            "/__bext/health" => {
                let jobs = self.jobs.stats().await;
                let body = serde_json::json!({ "status": "ok", "jobs": jobs });
                json(StatusCode::OK, body.to_string())
            }
            "/__bext/jobs" => {
                let (jobs, stats) = self.jobs.list().await;
                let body = serde_json::json!({ "jobs": jobs, "stats": stats });
                json(StatusCode::OK, body.to_string())
            }
            p if p.starts_with("/__bext/jobs/") => {
                let id = &p["/__bext/jobs/".len()..];
                match self.jobs.get(id).await {
                    Some(job) => json(
                        StatusCode::OK,
                        serde_json::to_string(&job).unwrap_or_default(),
                    ),
                    None => plain(StatusCode::NOT_FOUND, "no such job"),
                }
            }
            "/__bext/ready" => self.readiness(),
            "/__bext/quarantine" => json(
                StatusCode::OK,
                serde_json::to_string(&self.quarantined()).unwrap_or_default(),
            ),
            "/__bext/workers" => {
                let workers = self.all_workers().await;
                json(
                    StatusCode::OK,
                    serde_json::to_string(&workers).unwrap_or_default(),
                )
            }
            "/metrics" => {
                let _one_scrape_at_a_time = self.scrape.lock().await;
                let workers = self.all_workers().await;
                let now = std::time::Instant::now();
                let quarantined: Vec<(String, usize)> = self
                    .pools()
                    .iter()
                    .map(|p| (p.name.to_string(), p.quarantine.list(&p.name, now).len()))
                    .collect();
                let text =
                    self.metrics
                        .render(&workers, &quarantined, crate::process::memory::unix_ms());
                let mut r = Response::new(body::full(text));
                r.headers_mut().insert(
                    CONTENT_TYPE,
                    HeaderValue::from_static(
                        "application/openmetrics-text; version=1.0.0; charset=utf-8",
                    ),
                );
                r
            }
            _ => plain(StatusCode::NOT_FOUND, "unknown admin path"),
        }
    }
}

impl Front {
    /// Status rows of every pool, in pool order.
    pub async fn all_workers(&self) -> Vec<protocol::control::WorkerStatus> {
        let mut out = Vec::new();
        for p in self.pools().iter() {
            out.extend(p.status().await);
        }
        out
    }

    /// Every pool's quarantined queries of death.
    pub fn quarantined(&self) -> Vec<protocol::control::Quarantined> {
        let now = std::time::Instant::now();
        self.pools()
            .iter()
            .flat_map(|p| p.quarantine.list(&p.name, now))
            .collect()
    }

    /// Ready when every pool has at least one ACTIVE worker.
    fn readiness(&self) -> Reply {
        let pools = self.pools();
        let empty: Vec<&str> = pools
            .iter()
            .filter(|p| p.active().is_empty())
            .map(|p| &*p.name)
            .collect();
        let body = serde_json::json!({
            "ready": empty.is_empty(),
            "pools_without_active_workers": empty,
        });
        let status = if empty.is_empty() {
            StatusCode::OK
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        };
        json(status, body.to_string())
    }
}

/// The request a worker sees, from hyper's request head and body.
pub fn worker_request(
    parts: &hyper::http::request::Parts,
    body: &[u8],
    peer: SocketAddr,
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
        ip: peer.ip().to_string(),
    }
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

/// The HTTP response for what a worker answered. A status outside
/// 100–599 (only a broken worker sends one; the worker refuses them from
/// JS) answers 500.
pub fn worker_response(resp: protocol::worker::HttpResponse) -> Reply {
    with_head(resp.status, resp.headers, body::full(resp.body))
}

/// A streamed answer: hyper sends its body chunked as it comes.
fn streamed_response(s: dispatch::Streamed) -> Reply {
    let (stream, status, headers) = body::StreamBody::new(s);
    with_head(status, headers, http_body_util::Either::Right(stream))
}

fn with_head(status: u16, worker_headers: Vec<(String, String)>, body: body::Body) -> Reply {
    if !(100..=599).contains(&status) {
        tracing::warn!(
            status,
            "the worker answered a status outside 100-599; answering 500"
        );
        return plain(StatusCode::INTERNAL_SERVER_ERROR, "invalid response status");
    }
    let mut out = Response::new(body);
    *out.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = out.headers_mut();
    for (k, v) in worker_headers {
        let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(k.as_bytes()),
            HeaderValue::from_str(&v),
        ) else {
            tracing::warn!(header = %crate::logging::untrusted(&k), "dropped an invalid response header from the worker");
            continue;
        };
        // The body's framing is the front's business.
        if matches!(
            name.as_str(),
            "content-length" | "transfer-encoding" | "connection"
        ) {
            continue;
        }
        headers.append(name, value);
    }
    out
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
