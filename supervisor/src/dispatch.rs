//! Dispatch: how one request or custom call reaches a worker and comes
//! back, for the HTTP front and the control socket alike. Admission (the
//! pool's `max_concurrent_requests` and its queue), least-busy selection,
//! one tracked frame on the picked link, and the master's own deadline
//! past `request_timeout_ms`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use protocol::worker::{HttpRequest, MasterToWorker, Outcome};
use rand::Rng;

use crate::admission::Refused;
use crate::link::WorkerLink;
use crate::pool::PoolHandle;

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
pub async fn request(pool: &PoolHandle, request: HttpRequest) -> Result<Outcome, Failure> {
    let id = next_id();
    exchange(pool, id, MasterToWorker::Request { id, request }).await
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
    let r = exchange(pool, id, frame).await;
    let out = match r {
        Ok(Outcome::Ok(resp)) => serde_json::from_slice(&resp.body).map_err(|e| {
            (
                500,
                format!("custom() returned something that is not JSON: {e}"),
            )
        }),
        Ok(Outcome::Error { message, .. }) => Err((500, message)),
        Ok(Outcome::OutOfMemory) => Err((500, "custom() ran out of memory".into())),
        Ok(Outcome::Timeout { .. }) | Err(Failure::TimedOut) => {
            Err((504, "the call timed out".into()))
        }
        Ok(Outcome::Cancelled) => Err((503, "the call was cancelled".into())),
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
    pool: &PoolHandle,
    id: u64,
    mut frame: MasterToWorker,
) -> Result<Outcome, Failure> {
    let _permit = match &pool.admission {
        Some(a) => {
            let wait = pool.config.settings.request_timeout;
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
            Ok(rx) => return await_reply(pool, link, id, rx).await,
            Err(f) => frame = f,
        }
    }
    Err(Failure::NoWorker)
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
