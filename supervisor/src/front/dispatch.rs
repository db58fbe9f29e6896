//! Dispatch: how one request or custom call reaches a worker and comes
//! back, for the HTTP front and the control socket alike. Admission (the
//! pool's `max_concurrent_requests` and its queue), least-busy selection,
//! one tracked frame on the picked link, and the master's own deadline
//! past `request_timeout_ms`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use protocol::worker::{HttpRequest, MasterToWorker, Outcome};
use rand::Rng;
use tokio::sync::oneshot;

use crate::front::admission::Refused;
use crate::pool::PoolHandle;
use crate::process::link::WorkerLink;

/// Request ids: unique in the process, so unique on every link.
fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Extra time the master gives a worker past `request_timeout_ms` to report
/// the timeout itself before it is presumed stuck outside JS and killed.
pub fn timeout_grace(request_timeout: Duration) -> Duration {
    (request_timeout / 10).clamp(Duration::from_millis(500), Duration::from_secs(5))
}

/// Sends one HTTP request to the least busy worker of `pool` and waits
/// for its outcome.
///
/// If the worker dies while running it, an idempotent request (RFC 9110:
/// GET, HEAD, OPTIONS, PUT, DELETE; its body is already buffered) is sent
/// again to another worker, up to [`MAX_TRIES`] in all and within the one
/// deadline; another request answers 502.
pub async fn request(pool: &PoolHandle, request: HttpRequest) -> Result<Outcome, Failure> {
    let retry = idempotent(&request.method).then(|| request.clone());
    let deadline = deadline(pool);
    let id = next_id();
    let frame = MasterToWorker::Request { id, request };
    let result = exchange(pool, id, frame, deadline).await;
    match (result, retry) {
        (Err(Failure::Died), Some(request)) => retry_died(pool, request, deadline).await,
        (result, _) => result,
    }
}

/// Tries in all for a request whose worker died while running it.
pub const MAX_TRIES: u32 = 3;

fn idempotent(method: &str) -> bool {
    matches!(method, "GET" | "HEAD" | "OPTIONS" | "PUT" | "DELETE")
}

/// Sends a request again after its worker died, up to [`MAX_TRIES`] in all.
async fn retry_died(
    pool: &PoolHandle,
    request: HttpRequest,
    deadline: Option<Instant>,
) -> Result<Outcome, Failure> {
    let mut result = Err(Failure::Died);
    for _ in 1..MAX_TRIES {
        pool.metrics.retried.inc();
        let id = next_id();
        let frame = MasterToWorker::Request {
            id,
            request: request.clone(),
        };
        result = exchange(pool, id, frame, deadline).await;
        if result != Err(Failure::Died) {
            break;
        }
    }
    match result {
        // Its workers are gone and none is left to try: it died.
        Err(Failure::NoWorker) => Err(Failure::Died),
        other => other,
    }
}

/// Runs `custom(params)` on the least busy worker of `pool`: the result,
/// or pixl-server-pool's error code (429, 500, 503, 504) and a message.
pub async fn call(
    pool: &PoolHandle,
    params: &serde_json::Value,
) -> Result<serde_json::Value, (u16, String)> {
    let id = next_id();
    let started = std::time::Instant::now();
    let frame = MasterToWorker::Custom {
        id,
        params_json: params.to_string(),
    };
    let r = exchange(pool, id, frame, deadline(pool)).await;
    let out = match r {
        Ok(Outcome::Ok(resp)) => serde_json::from_slice(&resp.body).map_err(|e| {
            (
                500,
                format!("custom() returned something that is not JSON: {e}"),
            )
        }),
        Ok(Outcome::Error { message, .. }) => Err((500, message)),
        Ok(Outcome::OutOfMemory) => Err((500, "custom() ran out of memory".into())),
        Ok(Outcome::Timeout) | Err(Failure::TimedOut) => Err((504, "the call timed out".into())),
        Err(Failure::Full) => Err((429, "too many requests".into())),
        Err(Failure::NoWorker) => Err((503, "no worker available".into())),
        Err(Failure::Died) => Err((500, "the worker died during the call".into())),
    };
    let status = out.as_ref().map(|_| 200).unwrap_or_else(|(c, _)| *c);
    pool.metrics
        .observe(status, started.elapsed().as_secs_f64());
    out
}

/// Admission, then a worker with room (waiting in the pool's queue for one
/// if they are all full), then one tracked frame and its answer, with the
/// master's own timeout. One deadline, `request_timeout_ms` from now,
/// bounds the whole wait.
async fn exchange(
    pool: &PoolHandle,
    id: u64,
    frame: MasterToWorker,
    deadline: Option<Instant>,
) -> Result<Outcome, Failure> {
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    if left.is_some_and(|l| l.is_zero()) {
        return Err(Failure::TimedOut);
    }
    let _permit = match &pool.admission {
        Some(a) => Some(a.enter(left).await.map_err(|r| match r {
            Refused::Full => Failure::Full,
            Refused::Timeout => Failure::TimedOut,
        })?),
        None => None,
    };
    let (link, rx) = queue_for_room(pool, id, frame, deadline).await?;
    await_reply(pool, &link, id, rx).await
}

/// When a request arriving now must be answered by: `request_timeout_ms`
/// bounds its wait in the queues, its run, and any retries together.
fn deadline(pool: &PoolHandle) -> Option<Instant> {
    pool.config
        .settings
        .request_timeout
        .map(|t| Instant::now() + t)
}

/// Hands `frame` to the least busy worker with room, waiting in the pool's
/// queue (first come, first served) while none has room. Refused at once
/// (503) when the pool has no worker that serves or boots.
async fn queue_for_room(
    pool: &PoolHandle,
    id: u64,
    mut frame: MasterToWorker,
    deadline: Option<Instant>,
) -> Result<(Arc<WorkerLink>, oneshot::Receiver<Outcome>), Failure> {
    let room = &pool.room;
    // A newcomer queues behind those already waiting.
    let mut woken = false;
    loop {
        if woken || !room.waiting() {
            frame = match try_send(pool, id, frame) {
                Ok(sent) => return Ok(sent),
                Err(f) => f,
            };
        }
        if !room.is_live() {
            return Err(Failure::NoWorker);
        }
        let mut ticket = room.ticket(woken);
        // Room freed between the try and the ticket is not missed.
        frame = match try_send(pool, id, frame) {
            Ok(sent) => return Ok(sent),
            Err(f) => f,
        };
        let sleep = async {
            match deadline {
                Some(at) => tokio::time::sleep_until(at.into()).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = ticket.woken() => woken = true,
            _ = sleep => return Err(Failure::TimedOut),
        }
    }
}

/// Sends `frame` to the least busy worker with room, if there is one.
#[allow(clippy::result_large_err)]
fn try_send(
    pool: &PoolHandle,
    id: u64,
    mut frame: MasterToWorker,
) -> Result<(Arc<WorkerLink>, oneshot::Receiver<Outcome>), MasterToWorker> {
    let links = pool.active();
    // A picked worker may fill up or stop accepting before the frame is
    // queued; then pick again.
    for _ in 0..4 {
        let Some(link) = pick_least_busy(&links) else {
            return Err(frame);
        };
        match link.send_tracked(id, frame) {
            Ok(rx) => return Ok((link.clone(), rx)),
            Err(f) => frame = f,
        }
    }
    Err(frame)
}

async fn await_reply(
    pool: &PoolHandle,
    link: &Arc<WorkerLink>,
    id: u64,
    rx: tokio::sync::oneshot::Receiver<Outcome>,
) -> Result<Outcome, Failure> {
    // If the client goes away, this future is dropped: forget the request.
    let _guard = Abandon { link, id };
    let Some(timeout) = pool.config.settings.request_timeout else {
        return rx.await.map_err(|_| Failure::Died);
    };
    let grace = timeout_grace(timeout);
    match tokio::time::timeout(timeout + grace, rx).await {
        Ok(r) => r.map_err(|_| Failure::Died),
        Err(_) => {
            let reason = format!(
                "request {id} got no answer {} ms past request_timeout_ms",
                grace.as_millis()
            );
            pool.kill(link.slot, link.generation, reason);
            Err(Failure::TimedOut)
        }
    }
}

/// Why no worker answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
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

/// Least-busy selection: among the links with room serving the fewest
/// requests, one at random (pixl-server-pool's algorithm).
pub fn pick_least_busy(links: &[Arc<WorkerLink>]) -> Option<&Arc<WorkerLink>> {
    let open = || links.iter().filter(|l| l.has_room());
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
