//! Warm-up: the requests bextd sends a new worker after its `startup()`
//! and before it takes traffic (`[POOL.deploy] warmup`).
//!
//! The worker's `Ready` is held back by the link while each path goes, in
//! order, as a `GET` carrying `x-bext-warmup: 1`, and the next one only
//! once the answer came. All 2xx: the pool hears `Ready` and the worker
//! becomes ACTIVE, so the first client it meets finds the caches its first
//! renders filled. Anything else is a failed start (the pool hears
//! `BootFailed` with the path and what came back, the worker is stopped,
//! and the slot restarts with backoff like any boot that failed). The
//! pool's startup deadline still runs: the warm-up counts in
//! `startup_timeout_ms`.
//!
//! The link is not open to the request path until then, so no client's
//! request can come before, or between, the warm-up requests. They do not
//! count as the worker's requests (served, failed, `max_requests`), nor in
//! the pool's request metrics: they never go through the request path.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use protocol::worker::{HttpRequest, MasterToWorker, Outcome};
use tokio::sync::{mpsc, oneshot};

use super::forensics::what_of;
use super::{Answer, BodyEvent, LinkEvent, Pending, TaggedEvent, WorkerLink};

/// The header that marks a warm-up request, for the worker's own logs and
/// metrics.
pub const HEADER: &str = "x-bext-warmup";

/// Warm-up ids count down from the top, apart from the request path's,
/// which count up from 1.
static NEXT: AtomicU64 = AtomicU64::new(u64::MAX);

/// Why a warm-up failed; its text goes to the boot failure's log line.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WarmupFailed {
    #[error("warm-up GET {path} answered {status}; a warm-up request must answer 2xx")]
    Status { path: String, status: u16 },
    #[error("warm-up GET {path} threw: {message}")]
    Threw { path: String, message: String },
    #[error("warm-up GET {path} {what}")]
    Other { path: String, what: &'static str },
    /// The worker went away; its exit says why.
    #[error("the worker ended during warm-up GET {path}")]
    Gone { path: String },
}

/// After the worker's `Ready`: warms it up on its own task, then tells the
/// pool `Ready` (or `BootFailed`, and stops the worker).
pub(super) fn start(
    link: Arc<WorkerLink>,
    paths: Arc<[String]>,
    ready: LinkEvent,
    events: mpsc::UnboundedSender<TaggedEvent>,
) {
    tokio::spawn(async move {
        let began = Instant::now();
        let event = match warm(&link, &paths).await {
            Ok(()) => {
                let ms = began.elapsed().as_millis() as u64;
                tracing::info!(pool = %link.pool, worker = link.slot, pid = link.pid.as_raw(),
                    requests = paths.len(), ms, "worker warmed up");
                ready
            }
            Err(WarmupFailed::Gone { .. }) => return,
            Err(e) => {
                // A boot failure is a worker that stops by itself; this
                // one is told to (SIGKILL backs it at the pool's deadline).
                link.signal(nix::sys::signal::Signal::SIGTERM);
                LinkEvent::BootFailed(e.to_string())
            }
        };
        let _ = events.send(TaggedEvent {
            slot: link.slot,
            generation: link.generation,
            event,
        });
    });
}

/// Sends each path in turn; the first that does not answer 2xx ends it.
async fn warm(link: &WorkerLink, paths: &[String]) -> Result<(), WarmupFailed> {
    for path in paths {
        let gone = || WarmupFailed::Gone { path: path.clone() };
        let id = NEXT.fetch_sub(1, Ordering::Relaxed);
        let answer = link.send_warmup(id, request(path)).ok_or_else(gone)?;
        let status = match answer.await.map_err(|_| gone())? {
            Answer::Outcome(Outcome::Ok(r)) => r.status,
            Answer::Stream(head) => streamed(link, id, head).await.ok_or_else(gone)?,
            // A warm-up request is not watched by the master's request
            // deadline (the startup deadline bounds it), so never expires.
            Answer::NotRun | Answer::Expired => return Err(gone()),
            // A warm-up request never asks for an upgrade.
            Answer::Socket(_) => return Err(gone()),
            Answer::Outcome(o) => return Err(failed(path, o)),
        };
        if !(200..300).contains(&status) {
            return Err(WarmupFailed::Status {
                path: path.clone(),
                status,
            });
        }
    }
    Ok(())
}

/// Reads a streamed answer to its end, crediting it back; its status, or
/// `None` if the worker cut it short.
async fn streamed(link: &WorkerLink, id: u64, mut head: super::StreamHead) -> Option<u16> {
    loop {
        match head.body.recv().await? {
            BodyEvent::Data(bytes) => link.credit(id, bytes.len()),
            BodyEvent::End => return Some(head.status),
            BodyEvent::Abort => return None,
        }
    }
}

fn failed(path: &str, outcome: Outcome) -> WarmupFailed {
    let path = path.to_string();
    let what = match outcome {
        Outcome::Error { message, .. } => return WarmupFailed::Threw { path, message },
        Outcome::Timeout { .. } => "ran past request_timeout_ms",
        Outcome::OutOfMemory => "ran out of JS memory",
        Outcome::Cancelled | Outcome::Streamed | Outcome::Ok(_) => "was cancelled",
    };
    WarmupFailed::Other { path, what }
}

fn request(path: &str) -> HttpRequest {
    HttpRequest {
        method: "GET".into(),
        url: path.into(),
        headers: vec![(HEADER.into(), "1".into())],
        body: Vec::new(),
        ip: "127.0.0.1".into(),
    }
}

impl WorkerLink {
    /// Queues a warm-up request on a link not yet open to the request
    /// path; it is not counted among the requests given to the worker.
    /// `None` if the link is closed.
    fn send_warmup(&self, id: u64, request: HttpRequest) -> Option<oneshot::Receiver<Answer>> {
        let frame = MasterToWorker::Request {
            id,
            request: Arc::new(request),
        };
        let what = what_of(&frame);
        let mut inner = self.inner.lock().unwrap();
        inner.tx.as_ref()?.send(frame).ok()?;
        let (reply, rx) = oneshot::channel();
        let pending = Pending {
            reply: Some(reply),
            body: None,
            unacked: 0,
            sent: Instant::now(),
            started: false,
            what,
            counted: false,
            upgrade: false,
        };
        inner.pending.insert(id, pending);
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        Some(rx)
    }
}
