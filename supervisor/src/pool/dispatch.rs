//! Dispatch: how one request or custom call reaches a worker and comes
//! back, for the HTTP front and the control socket alike. Admission (the
//! pool's `max_concurrent_requests` and its queue), the pick of a link
//! (`select`), one tracked frame on the picked link. The master's own deadline past
//! `request_timeout_ms` is the pool actor's (`link::expiry`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use protocol::worker::{HttpRequest, MasterToWorker, Outcome};
use tokio::sync::oneshot;

use super::PoolHandle;
use super::admission::Refused;
use super::link::{Answer, SocketHead, StreamHead, WorkerLink};
use super::select::pick;
use crate::otel::RequestTrace;
use crate::otel::request::Attempt;

/// What the worker answered a request with.
#[derive(Debug)]
pub enum Answered {
    Outcome(Outcome),
    /// A streamed answer: its head, and its body still coming.
    Stream(Streamed),
    /// A WebSocket the worker accepted (101), pinned to `link`.
    Socket {
        head: SocketHead,
        link: Arc<WorkerLink>,
        id: u64,
    },
}

/// A streamed answer on its way: the head, the body's receiver, and what
/// the body needs to give credit back and to cancel it if the client goes.
#[derive(Debug)]
pub struct Streamed {
    pub head: StreamHead,
    pub link: Arc<WorkerLink>,
    pub id: u64,
    /// The master's own deadline for the whole answer.
    pub deadline: Option<Instant>,
}

/// Request ids: unique in the process, so unique on every link.
fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Sends one HTTP request to the least busy worker of `pool` and waits
/// for its outcome.
///
/// If the worker dies while holding it, an idempotent request (RFC 9110:
/// GET, HEAD, OPTIONS, PUT, DELETE; its body is already buffered) is sent
/// again to another worker, up to [`MAX_TRIES`] in all and within the one
/// deadline; another request answers 502. A request whose worker died by
/// its own fault on two tries is a query of death: 502, and its signature
/// is quarantined (see `pool::quarantine`).
/// Each try is a span of `trace` (see `otel::request`).
pub async fn request(
    pool: &PoolHandle,
    request: HttpRequest,
    trace: &RequestTrace,
) -> Result<Answered, Failure> {
    versioned(pool, request, trace).await.0
}

/// [`request`], and the version of the code (`WorkerLink::version`) of the
/// worker that answered, if one did.
pub async fn versioned(
    pool: &PoolHandle,
    request: HttpRequest,
    trace: &RequestTrace,
) -> (Result<Answered, Failure>, Option<u64>) {
    if let Some(left) = pool.quarantine.refuses(&request, Instant::now()) {
        return (Err(Failure::Quarantined(left.as_secs().max(1))), None);
    }
    let retry = idempotent(&request.method);
    let request = Arc::new(request);
    let deadline = deadline(pool);
    let mut own_faults = 0;
    for tries in 1..=MAX_TRIES {
        let frame = |id, attempt: &Attempt| MasterToWorker::Request {
            id,
            request: attempt.stamp(&request),
        };
        let (result, link) = send_until_run(pool, frame, deadline, trace).await;
        let died = matches!(result, Err(Failure::Died));
        let version = link.as_ref().map(|l| l.version);
        let Some(link) = link.filter(|_| died) else {
            // Its workers are gone and none is left to try: it died.
            return match result {
                Err(Failure::NoWorker) if tries > 1 => (Err(Failure::Died), None),
                other => (other, version),
            };
        };
        if !retry {
            return (Err(Failure::Died), None);
        }
        if link.own_fault(DEATH_WAIT).await == Some(true) {
            own_faults += 1;
        }
        if own_faults >= 2 {
            super::quarantine::refuse_from_now(pool, &request, &link);
            return (Err(Failure::Died), None);
        }
        if tries < MAX_TRIES {
            pool.metrics.retried.inc();
        }
    }
    (Err(Failure::Died), None)
}

/// Sends the frame `frame(id)` makes and awaits its outcome, sending it
/// again (whatever the request's method) each time its worker ends before
/// running it.
async fn send_until_run(
    pool: &PoolHandle,
    frame: impl Fn(u64, &Attempt) -> MasterToWorker,
    deadline: Option<Instant>,
    trace: &RequestTrace,
) -> (Result<Answered, Failure>, Option<Arc<WorkerLink>>) {
    // Bounded all the same: a request that kills each worker as it arrives
    // must not take the whole pool with it.
    for _ in 0..MAX_TRIES {
        let id = next_id();
        let mut attempt = trace.attempt(&pool.name);
        let sent = frame(id, &attempt);
        let answer = exchange(pool, id, sent, deadline, &mut attempt).await;
        attempt.end(answer.0.as_ref().err().map(Failure::name));
        match answer {
            (Err(Failure::NotRun), _) => {
                pool.metrics.retried.inc();
            }
            other => return other,
        }
    }
    (Err(Failure::Died), None)
}

/// Tries in all for a request whose worker died while running it.
pub const MAX_TRIES: u32 = 3;

/// How long to wait for a dead worker's exit to be classified.
const DEATH_WAIT: Duration = Duration::from_secs(2);

fn idempotent(method: &str) -> bool {
    matches!(method, "GET" | "HEAD" | "OPTIONS" | "PUT" | "DELETE")
}

/// Runs `custom(params)` on the least busy worker of `pool`: the result,
/// or pixl-server-pool's error code (429, 500, 503, 504) and a message.
pub async fn call(
    pool: &PoolHandle,
    params: &serde_json::Value,
) -> Result<serde_json::Value, (u16, String)> {
    let started = std::time::Instant::now();
    let params_json = params.to_string();
    let frame = |id, _: &Attempt| MasterToWorker::Custom {
        id,
        params_json: params_json.clone(),
    };
    let (r, _) = send_until_run(pool, frame, deadline(pool), &RequestTrace::OFF).await;
    let r = match r {
        Ok(Answered::Outcome(o)) => Ok(o),
        Ok(Answered::Stream(_) | Answered::Socket { .. }) => Ok(Outcome::Streamed),
        Err(f) => Err(f),
    };
    let out = match r {
        Ok(Outcome::Ok(resp)) => serde_json::from_slice(&resp.body).map_err(|e| {
            (
                500,
                format!("custom() returned something that is not JSON: {e}"),
            )
        }),
        Ok(Outcome::Error { message, .. }) => Err((500, message)),
        Ok(Outcome::Streamed) => Err((500, "custom() cannot stream".into())),
        Ok(Outcome::OutOfMemory) => Err((500, "custom() ran out of memory".into())),
        Ok(Outcome::Timeout { .. }) | Err(Failure::TimedOut) => {
            Err((504, "the call timed out".into()))
        }
        Ok(Outcome::Cancelled) => Err((503, "the call was cancelled".into())),
        Err(Failure::Full) => Err((429, "too many requests".into())),
        Err(Failure::NoWorker) => Err((503, "no worker available".into())),
        Err(Failure::Quarantined(_)) => Err((503, "quarantined".into())),
        Err(Failure::NotRun) => Err((503, "the worker ended before the call ran".into())),
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
/// Returns the worker it reached, if any.
async fn exchange(
    pool: &PoolHandle,
    id: u64,
    frame: MasterToWorker,
    deadline: Option<Instant>,
    attempt: &mut Attempt,
) -> (Result<Answered, Failure>, Option<Arc<WorkerLink>>) {
    let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    if left.is_some_and(|l| l.is_zero()) {
        return (Err(Failure::TimedOut), None);
    }
    let admission = pool.admission();
    let _permit = match admission.as_deref() {
        Some(a) => match a.enter(left).await {
            Ok(p) => Some(p),
            Err(Refused::Full) => return (Err(Failure::Full), None),
            Err(Refused::Timeout) => return (Err(Failure::TimedOut), None),
        },
        None => None,
    };
    let (link, rx) = match queue_for_room(pool, id, frame, deadline).await {
        Ok(sent) => sent,
        Err(f) => return (Err(f), None),
    };
    attempt.handed(link.slot, link.generation, link.pid.as_raw());
    let result = await_reply(&link, id, rx).await;
    let result = match result {
        Ok(Reply::Outcome(o)) => Ok(Answered::Outcome(o)),
        Ok(Reply::Stream(head)) => Ok(Answered::Stream(Streamed {
            head,
            link: link.clone(),
            id,
            deadline: master_deadline(pool),
        })),
        Ok(Reply::Socket(head)) => Ok(Answered::Socket {
            head,
            link: link.clone(),
            id,
        }),
        Err(f) => Err(f),
    };
    (result, Some(link))
}

/// When a request arriving now must be answered by: `request_timeout_ms`
/// bounds its wait in the queues, its run, and any retries together.
fn deadline(pool: &PoolHandle) -> Option<Instant> {
    pool.config()
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
) -> Result<(Arc<WorkerLink>, oneshot::Receiver<Answer>), Failure> {
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
) -> Result<(Arc<WorkerLink>, oneshot::Receiver<Answer>), MasterToWorker> {
    let mut links = pool.active();
    let config = pool.config();
    let (max, tie) = (
        config.settings.websocket.max_per_worker,
        config.settings.pick,
    );
    let upgrade =
        matches!(&frame, MasterToWorker::Request { request, .. } if request.wants_websocket());
    if max > 0 && upgrade {
        // An upgrade goes only to a worker under max_sockets.
        let room = links.iter().filter(|l| l.open_sockets() < max).cloned();
        links = Arc::new(room.collect());
    }
    // A picked worker may fill up or stop accepting before the frame is
    // queued; then pick again.
    for _ in 0..4 {
        let Some(link) = pick(&links, tie, upgrade) else {
            return Err(frame);
        };
        match link.send_tracked(id, frame) {
            Ok(rx) => {
                if let Some(side) = link.side() {
                    side.given();
                }
                return Ok((link.clone(), rx));
            }
            Err(f) => frame = f,
        }
    }
    Err(frame)
}

/// The worker's answer as `await_reply` sees it.
enum Reply {
    Outcome(Outcome),
    Stream(StreamHead),
    Socket(SocketHead),
}

/// When the master gives up on an answer started now: past
/// `request_timeout_ms` and its grace.
fn master_deadline(pool: &PoolHandle) -> Option<Instant> {
    Some(Instant::now() + pool.config().settings.busy_limit()?)
}

/// The worker's answer to request `id`. The master's own deadline for it
/// is kept by the pool actor, one for all the pool's requests (see
/// `link::expiry`), not by a timer here.
async fn await_reply(
    link: &Arc<WorkerLink>,
    id: u64,
    rx: tokio::sync::oneshot::Receiver<Answer>,
) -> Result<Reply, Failure> {
    // If the client goes away, this future is dropped: forget the request.
    let guard = Abandon { link, id };
    match rx.await {
        Ok(Answer::Outcome(o)) => Ok(Reply::Outcome(o)),
        Ok(Answer::Stream(head)) => {
            // The body now owns the request: it cancels it if dropped.
            std::mem::forget(guard);
            Ok(Reply::Stream(head))
        }
        Ok(Answer::Socket(head)) => {
            // The socket's relay now owns it: it ends it when it closes.
            std::mem::forget(guard);
            Ok(Reply::Socket(head))
        }
        Ok(Answer::NotRun) => Err(Failure::NotRun),
        // Answered at the deadline; the pool actor kills the worker.
        Ok(Answer::Expired) => Err(Failure::TimedOut),
        Err(_) => Err(Failure::Died),
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
    /// A quarantined query of death, refused for this many more seconds (503).
    Quarantined(u64),
    /// Its worker ended before it ran the request: send it to another.
    NotRun,
}

impl Failure {
    /// A short name, for a span's `error.type`.
    pub fn name(&self) -> &'static str {
        match self {
            Failure::Full => "full",
            Failure::NoWorker => "no_worker",
            Failure::Died => "died",
            Failure::TimedOut => "timeout",
            Failure::Quarantined(_) => "quarantined",
            Failure::NotRun => "not_run",
        }
    }
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
