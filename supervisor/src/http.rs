//! The HTTP front: accepts connections, routes each request to the first
//! pool whose `route` matches its path, and answers with what the worker
//! said, or with the error of SPEC §7 when no worker could.
//!
//! Admin paths (`/__bext/*`, `/metrics`) are answered here, never by a
//! worker, and only for peers in `admin_allow`.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::header::{CONTENT_LENGTH, CONTENT_TYPE, HOST, HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode, Version};
use ipnet::IpNet;
use protocol::worker::{HttpRequest, MasterToWorker, Outcome};
use rand::Rng;

use crate::admission::Refused;
use crate::link::WorkerLink;
use crate::metrics::Metrics;
use crate::pool::{PoolHandle, PoolMsg};

/// Extra time the master gives a worker past `request_timeout_ms` to report
/// the timeout itself before it is presumed stuck outside JS and killed.
pub fn timeout_grace(request_timeout_ms: u64) -> Duration {
    Duration::from_millis((request_timeout_ms / 10).clamp(500, 5_000))
}

/// Everything the request path needs.
#[derive(Debug)]
pub struct Front {
    pub pools: Vec<Arc<PoolHandle>>,
    pub admin_allow: Vec<IpNet>,
    pub max_body_bytes: u64,
    next_id: AtomicU64,
    metrics: Arc<Metrics>,
    scrape: tokio::sync::Mutex<()>,
}

type Reply = Response<Full<Bytes>>;

impl Front {
    pub fn new(
        pools: Vec<Arc<PoolHandle>>,
        admin_allow: Vec<IpNet>,
        max_body_bytes: u64,
        metrics: Arc<Metrics>,
    ) -> Front {
        Front {
            pools,
            admin_allow,
            max_body_bytes,
            next_id: AtomicU64::new(1),
            metrics,
            scrape: tokio::sync::Mutex::new(()),
        }
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
        let Some(pool) = self
            .pools
            .iter()
            .find(|p| p.config.route.is_match(path))
            .cloned()
        else {
            return Ok(plain(StatusCode::NOT_FOUND, "no pool routes this path"));
        };
        let started = std::time::Instant::now();
        let reply = self.serve_pool(&pool, peer, req).await;
        pool.metrics
            .observe(reply.status().as_u16(), started.elapsed().as_secs_f64());
        Ok(reply)
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
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        match self
            .exchange(pool, id, MasterToWorker::Request { id, request })
            .await
        {
            Ok(Outcome::Ok(resp)) => worker_response(resp),
            Ok(Outcome::Error { .. }) => plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the handler threw an error",
            ),
            Ok(Outcome::OutOfMemory) => plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the handler ran out of memory",
            ),
            Ok(Outcome::Timeout) | Err(Failure::TimedOut) => {
                plain(StatusCode::GATEWAY_TIMEOUT, "request timed out")
            }
            Err(Failure::Full) => plain(StatusCode::TOO_MANY_REQUESTS, "too many requests"),
            Err(Failure::NoWorker) => plain(StatusCode::SERVICE_UNAVAILABLE, "no worker available"),
            Err(Failure::Died) => plain(
                StatusCode::BAD_GATEWAY,
                "the worker died while serving the request",
            ),
        }
    }

    /// Runs `custom(params)` on the least busy worker of `pool`: the result,
    /// or pixl-server-pool's error code (429, 500, 503, 504) and a message.
    pub async fn call(
        &self,
        pool: &PoolHandle,
        params: &serde_json::Value,
    ) -> Result<serde_json::Value, (u16, String)> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let started = std::time::Instant::now();
        let frame = MasterToWorker::Custom {
            id,
            params_json: params.to_string(),
        };
        let r = self.exchange(pool, id, frame).await;
        let out = match r {
            Ok(Outcome::Ok(resp)) => serde_json::from_slice(&resp.body).map_err(|e| {
                (
                    500,
                    format!("custom() returned something that is not JSON: {e}"),
                )
            }),
            Ok(Outcome::Error { message, .. }) => Err((500, message)),
            Ok(Outcome::OutOfMemory) => Err((500, "custom() ran out of memory".into())),
            Ok(Outcome::Timeout) | Err(Failure::TimedOut) => {
                Err((504, "the call timed out".into()))
            }
            Err(Failure::Full) => Err((429, "too many requests".into())),
            Err(Failure::NoWorker) => Err((503, "no worker available".into())),
            Err(Failure::Died) => Err((500, "the worker died during the call".into())),
        };
        let status = out.as_ref().map(|_| 200).unwrap_or_else(|(c, _)| *c);
        pool.metrics
            .observe(status, started.elapsed().as_secs_f64());
        out
    }

    /// Admission, then least-busy selection, then one tracked frame and its
    /// answer, with the master's own timeout.
    async fn exchange(
        &self,
        pool: &PoolHandle,
        id: u64,
        mut frame: MasterToWorker,
    ) -> Result<Outcome, Failure> {
        let timeout_ms = pool.config.settings.request_timeout_ms;
        let _permit = match &pool.admission {
            Some(a) => {
                let wait = (timeout_ms > 0).then(|| Duration::from_millis(timeout_ms));
                Some(a.enter(wait).await.map_err(|r| match r {
                    Refused::Full => Failure::Full,
                    Refused::Timeout => Failure::TimedOut,
                })?)
            }
            None => None,
        };
        // A picked worker may stop accepting before the frame is queued
        // (it began to drain); then pick again.
        for _ in 0..4 {
            let links = pool.active();
            let link = pick_least_busy(&links).ok_or(Failure::NoWorker)?;
            match link.send_tracked(id, frame) {
                Ok(rx) => return self.await_reply(pool, link, id, rx).await,
                Err(f) => frame = f,
            }
        }
        Err(Failure::NoWorker)
    }

    async fn await_reply(
        &self,
        pool: &PoolHandle,
        link: &Arc<WorkerLink>,
        id: u64,
        rx: tokio::sync::oneshot::Receiver<Outcome>,
    ) -> Result<Outcome, Failure> {
        // If the client goes away, this future is dropped: forget the request.
        let _guard = Abandon { link, id };
        let timeout_ms = pool.config.settings.request_timeout_ms;
        if timeout_ms == 0 {
            return rx.await.map_err(|_| Failure::Died);
        }
        let limit = Duration::from_millis(timeout_ms) + timeout_grace(timeout_ms);
        match tokio::time::timeout(limit, rx).await {
            Ok(r) => r.map_err(|_| Failure::Died),
            Err(_) => {
                let _ = pool.tx.send(PoolMsg::Kill {
                    slot: link.slot,
                    generation: link.generation,
                    reason: format!(
                        "request {id} got no answer {} ms past request_timeout_ms",
                        limit.as_millis() as u64 - timeout_ms
                    ),
                });
                Err(Failure::TimedOut)
            }
        }
    }

    async fn admin(&self, peer: SocketAddr, req: &Request<Incoming>) -> Reply {
        let ip = peer.ip().to_canonical();
        if !self.admin_allow.iter().any(|net| net.contains(&ip)) {
            return plain(StatusCode::FORBIDDEN, "forbidden");
        }
        match req.uri().path() {
            "/__bext/health" => json(StatusCode::OK, r#"{"status":"ok"}"#.to_string()),
            "/__bext/ready" => self.readiness(),
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
                let text = self.metrics.render(&workers, crate::memory::unix_ms());
                let mut r = Response::new(Full::new(Bytes::from(text)));
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
        for p in &self.pools {
            out.extend(p.status().await);
        }
        out
    }

    /// Ready when every pool has at least one ACTIVE worker.
    fn readiness(&self) -> Reply {
        let empty: Vec<&str> = self
            .pools
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

/// Why no worker answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Failure {
    /// Admission refused it: at the limit and the queue full (429).
    Full,
    /// No ACTIVE worker (503).
    NoWorker,
    /// The worker died before answering (502, or 500 for a custom call).
    Died,
    /// Past the request timeout, in the queue or in a stuck worker (504).
    TimedOut,
}

struct Abandon<'a> {
    link: &'a WorkerLink,
    id: u64,
}

impl Drop for Abandon<'_> {
    fn drop(&mut self) {
        self.link.abandon(self.id);
    }
}

/// Least-busy selection: among the links serving the fewest requests, one
/// at random (pixl-server-pool's algorithm).
pub fn pick_least_busy(links: &[Arc<WorkerLink>]) -> Option<&Arc<WorkerLink>> {
    let open = || links.iter().filter(|l| l.is_accepting());
    let min = open().map(|l| l.in_flight()).min()?;
    let ties = open().filter(|l| l.in_flight() == min).count();
    let k = if ties > 1 {
        rand::rng().random_range(0..ties)
    } else {
        0
    };
    // Counts can move between the passes: fall back to any open link.
    open()
        .filter(|l| l.in_flight() == min)
        .nth(k)
        .or_else(|| open().min_by_key(|l| l.in_flight()))
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
    if !(100..=599).contains(&resp.status) {
        tracing::warn!(
            status = resp.status,
            "the worker answered a status outside 100-599; answering 500"
        );
        return plain(StatusCode::INTERNAL_SERVER_ERROR, "invalid response status");
    }
    let mut out = Response::new(Full::new(Bytes::from(resp.body)));
    *out.status_mut() =
        StatusCode::from_u16(resp.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = out.headers_mut();
    for (k, v) in resp.headers {
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

pub fn plain(status: StatusCode, text: &str) -> Reply {
    let mut r = Response::new(Full::new(Bytes::from(format!(
        "{} {text}\n",
        status.as_u16()
    ))));
    *r.status_mut() = status;
    r.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

pub fn json(status: StatusCode, body: String) -> Reply {
    let mut r = Response::new(Full::new(Bytes::from(body)));
    *r.status_mut() = status;
    r.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r
}
