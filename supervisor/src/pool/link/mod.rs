//! The master's side of one worker's socket.
//!
//! A [`WorkerLink`] is shared between the pool actor (which owns the slot)
//! and the HTTP request path (which sends requests on it). The request path
//! needs no round trip through the actor: it picks a link, registers a
//! reply slot and queues the frame under the link's lock, so the check
//! "is it still accepting?" and the send are one step and a drain can never
//! slip between them.
//!
//! Two tasks serve each link: a writer that batches queued frames into one
//! flush, and a reader that completes requests and turns every other frame
//! into a [`LinkEvent`] for the pool actor. Anything the reader cannot
//! decode ends the link: the actor kills the process.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use nix::unistd::Pid;
use protocol::worker::{HttpRequest, MasterToWorker, Outcome};
use tokio::sync::{mpsc, oneshot};

use super::room::Room;
use forensics::what_of;

mod end;
mod expiry;
mod forensics;
mod side;
mod socket;
mod stream;
pub mod warmup;

pub use side::Side;
pub use socket::{SocketEvent, SocketHead};

/// What a link tells its pool actor (the core's view of a link event).
pub use super::core::LinkEvent;

/// An event tagged with the process it came from.
#[derive(Debug)]
pub struct TaggedEvent {
    pub slot: u32,
    pub generation: u64,
    pub event: LinkEvent,
}

/// Counters of one worker process, updated on the request path and by
/// heartbeats. Heartbeats are recorded here, not sent to the pool actor:
/// the actor reads them on its heartbeat check, so hundreds of workers do not
/// wake it hundreds of times a second.
#[derive(Debug, Default)]
pub struct LinkStats {
    /// Milliseconds after the link was made at which the last heartbeat came.
    pub last_beat_ms: AtomicU64,
    pub js_heap_bytes: AtomicU64,
    /// Messages the worker sent with `bext.sendMessage`.
    pub messages: AtomicU64,
    pub served: AtomicU64,
    pub failed: AtomicU64,
    pub total_render_us: AtomicU64,
    pub last_request_unix_ms: AtomicU64,
    /// WebSocket messages and their bytes, from clients (`in`) and to them.
    pub socket_messages_in: AtomicU64,
    pub socket_messages_out: AtomicU64,
    pub socket_bytes_in: AtomicU64,
    pub socket_bytes_out: AtomicU64,
}

/// What the request path gets back for a request.
#[derive(Debug)]
pub enum Answer {
    Outcome(Outcome),
    /// The worker ended before it started running the request.
    NotRun,
    /// The worker streams its answer: the head now, the body as it comes.
    Stream(StreamHead),
    /// The worker accepted a WebSocket upgrade (see `socket.rs`).
    Socket(SocketHead),
    /// Past `request_timeout_ms` and its grace with no answer: the worker
    /// is being killed (see `expiry.rs`).
    Expired,
}

/// The start of a streamed answer.
#[derive(Debug)]
pub struct StreamHead {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    /// The body's pieces; it ends with [`BodyEvent::End`], and anything
    /// else (an [`BodyEvent::Abort`], or the channel closing because the
    /// worker died) cuts it short.
    pub body: mpsc::UnboundedReceiver<BodyEvent>,
}

/// A piece of a streamed body, from the link reader to the request path.
#[derive(Debug)]
pub enum BodyEvent {
    Data(bytes::Bytes),
    End,
    /// The worker ended it with another outcome (an error, a timeout, a
    /// cancel).
    Abort,
}

/// A request sent and not yet answered.
#[derive(Debug)]
struct Pending {
    /// Taken when the head of a streamed answer comes.
    reply: Option<oneshot::Sender<Answer>>,
    /// Where a streamed answer's body goes, once its head came.
    body: Option<mpsc::UnboundedSender<BodyEvent>>,
    /// Bytes of its streamed body received and not credited back yet:
    /// at most `STREAM_WINDOW_BYTES` (see `stream.rs`).
    unacked: u64,
    sent: Instant,
    /// The worker said it started running it.
    started: bool,
    /// `GET /path`, or `custom()`.
    what: String,
    /// A client's request (or custom call), counted in the worker's
    /// figures; a warm-up request is not.
    counted: bool,
    /// It asks for a WebSocket: a 101 answer opens one.
    upgrade: bool,
}

impl Pending {
    fn describe(&self, now: Instant) -> String {
        let ms = now.saturating_duration_since(self.sent).as_millis();
        format!("{} ({ms} ms)", self.what)
    }
}

#[derive(Debug)]
pub(super) struct Inner {
    accepting: bool,
    tx: Option<mpsc::UnboundedSender<MasterToWorker>>,
    pending: HashMap<u64, Pending>,
    /// What it held when its socket closed, for the exit's forensics line.
    held_at_close: Vec<String>,
    /// `drain` was called: SIGTERM once `pending` is empty.
    draining: bool,
    /// That SIGTERM was sent.
    terminated: bool,
    /// Open WebSockets, by the id of the request that opened each.
    sockets: HashMap<u64, socket::Socket>,
}

/// Shared handle to one worker process.
#[derive(Debug)]
pub struct WorkerLink {
    pub pool: Arc<str>,
    pub slot: u32,
    pub pid: Pid,
    pub generation: u64,
    /// The load of the pool's code it runs (`pool::version::Load::seq`):
    /// the response cache tags its answers with it.
    pub version: u64,
    /// When the link (and so, within a few ms, the process) was made.
    pub born: Instant,
    in_flight: AtomicU32,
    /// Open WebSockets (`Inner::sockets`), readable without the lock.
    sockets: AtomicU32,
    /// Mirror of `Inner::accepting` readable without the lock, so the
    /// request path can skip links that stopped taking work.
    open: AtomicBool,
    /// Rotate once `served` reaches this (0 = never); the link is given no
    /// more requests than that, so `max_requests` is exact.
    pub rotate_after: AtomicU64,
    /// Requests (and custom calls) given to the worker so far.
    given: AtomicU64,
    /// The id of the last request given to it: ids grow, so the largest
    /// stamp is the most recently used worker (the pick's tie-break).
    picked: AtomicU64,
    /// Most requests the worker holds at once (`worker_concurrency`).
    capacity: u32,
    /// The pool's queue, told when this worker has room again.
    room: Arc<Room>,
    /// How to signal the process: a pidfd, so a late signal never reaches
    /// a pid the kernel has given to someone else.
    process: crate::process::pidfd::Process,
    pub stats: LinkStats,
    /// How the worker broke the protocol, if it did.
    broken: OnceLock<String>,
    /// Whether it died by its own fault, once its exit is known.
    death: OnceLock<bool>,
    /// Woken when the socket closes and when the death is known.
    died: tokio::sync::Notify,
    /// The reader saw the socket's end: every frame the worker sent is in.
    closed: AtomicBool,
    /// While a canary is judged: the side its answers count for.
    side: Mutex<Option<Arc<Side>>>,
    inner: Mutex<Inner>,
}

impl WorkerLink {
    /// When the worker last reported itself alive (its start, before that).
    pub fn last_beat(&self) -> Instant {
        self.born + Duration::from_millis(self.stats.last_beat_ms.load(Ordering::Relaxed))
    }

    /// Requests sent and not yet answered.
    pub fn in_flight(&self) -> u32 {
        self.in_flight.load(Ordering::Relaxed)
    }

    pub fn is_accepting(&self) -> bool {
        self.open.load(Ordering::Relaxed)
    }

    /// The id of the last request it was given (0: none yet).
    pub fn last_picked(&self) -> u64 {
        self.picked.load(Ordering::Relaxed)
    }

    /// Whether it takes a request now: open, under `worker_concurrency`,
    /// and not yet given its `max_requests`.
    pub fn has_room(&self) -> bool {
        let limit = self.rotate_after.load(Ordering::Relaxed);
        self.is_accepting()
            && self.in_flight() < self.capacity
            && (limit == 0 || self.given.load(Ordering::Relaxed) < limit)
    }

    /// Requests it could take now (0 when it takes none).
    pub fn free_room(&self) -> usize {
        if !self.has_room() {
            return 0;
        }
        let limit = self.rotate_after.load(Ordering::Relaxed);
        let by_limit = if limit == 0 {
            u64::MAX
        } else {
            limit.saturating_sub(self.given.load(Ordering::Relaxed))
        };
        (self.capacity.saturating_sub(self.in_flight()) as u64).min(by_limit) as usize
    }

    /// When the oldest request it holds was sent, if it holds one.
    pub fn oldest_request(&self) -> Option<Instant> {
        let inner = self.inner.lock().unwrap();
        inner.pending.values().map(|p| p.sent).min()
    }

    /// Opens (or closes) the link to new requests.
    pub fn set_accepting(&self, on: bool) {
        let mut inner = self.inner.lock().unwrap();
        inner.accepting = on && inner.tx.is_some();
        self.open.store(inner.accepting, Ordering::Relaxed);
    }

    /// Queues a request. `Err` gives the request back if the link stopped
    /// accepting since it was picked.
    pub fn send_request(
        &self,
        id: u64,
        request: HttpRequest,
    ) -> Result<oneshot::Receiver<Answer>, HttpRequest> {
        let request = Arc::new(request);
        match self.send_tracked(id, MasterToWorker::Request { id, request }) {
            Ok(rx) => Ok(rx),
            Err(MasterToWorker::Request { request, .. }) => Err(Arc::unwrap_or_clone(request)),
            Err(_) => unreachable!("send_tracked gives back the frame it was given"),
        }
    }

    /// Queues a frame that the worker answers with a `Response` for `id`
    /// (a request or a custom call). `Err` gives the frame back if the link
    /// no longer accepts work.
    // Giving the frame back by value keeps the hot path free of a Box.
    #[allow(clippy::result_large_err)]
    pub fn send_tracked(
        &self,
        id: u64,
        frame: MasterToWorker,
    ) -> Result<oneshot::Receiver<Answer>, MasterToWorker> {
        let mut inner = self.inner.lock().unwrap();
        if !inner.accepting || !self.has_room() {
            return Err(frame);
        }
        let Some(tx) = inner.tx.as_ref() else {
            return Err(frame);
        };
        let what = what_of(&frame);
        let upgrade =
            matches!(&frame, MasterToWorker::Request { request, .. } if request.wants_websocket());
        if let Err(mpsc::error::SendError(frame)) = tx.send(frame) {
            return Err(frame);
        }
        let (reply, rx) = oneshot::channel();
        inner.pending.insert(
            id,
            Pending {
                reply: Some(reply),
                body: None,
                unacked: 0,
                sent: Instant::now(),
                started: false,
                what,
                counted: true,
                upgrade,
            },
        );
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        self.given.fetch_add(1, Ordering::Relaxed);
        self.picked.store(id, Ordering::Relaxed);
        Ok(rx)
    }

    /// Queues a frame that needs no answer and goes whatever the worker's
    /// state (a message, a maintenance call). False if the link is closed.
    pub fn send_untracked(&self, frame: MasterToWorker) -> bool {
        let inner = self.inner.lock().unwrap();
        inner.tx.as_ref().is_some_and(|tx| tx.send(frame).is_ok())
    }

    /// A request whose client went away (or whose master deadline passed):
    /// the worker is told to cancel it (not started: it never runs; running:
    /// `req.signal` fires, and the JS is interrupted after a short grace).
    /// It stays counted until the worker answers, which it does at once, so
    /// its room is not given to another request meanwhile.
    pub fn abandon(&self, id: u64) {
        let inner = self.inner.lock().unwrap();
        if inner.pending.contains_key(&id)
            && let Some(tx) = inner.tx.as_ref()
        {
            tracing::debug!(pool = %self.pool, worker = self.slot, pid = self.pid.as_raw(), id, "request abandoned by its client; cancelling it");
            let _ = tx.send(MasterToWorker::Cancel { id });
        }
    }

    /// Completes request `id`: how long it took, if it counts in the
    /// worker's figures (a warm-up request does not).
    fn complete(&self, id: u64, outcome: Outcome) -> Option<Duration> {
        let (entry, started) = {
            let mut inner = self.inner.lock().unwrap();
            let entry = inner.pending.remove(&id)?;
            self.in_flight.fetch_sub(1, Ordering::Relaxed);
            self.terminate_if_idle(&mut inner);
            let sent = entry.sent;
            (entry, sent)
        };
        match (entry.body, entry.reply) {
            (Some(body), _) => {
                let end = match outcome {
                    Outcome::Streamed => BodyEvent::End,
                    _ => BodyEvent::Abort,
                };
                let _ = body.send(end);
            }
            (None, Some(reply)) => {
                let _ = reply.send(self.answer_of(id, entry.upgrade, outcome));
            }
            (None, None) => {}
        }
        if self.has_room() {
            self.room.freed(1);
        }
        entry.counted.then(|| started.elapsed())
    }

    /// The worker is about to run request `id`.
    pub(super) fn started(&self, id: u64) {
        if let Some(p) = self.inner.lock().unwrap().pending.get_mut(&id) {
            p.started = true;
        }
    }
}

mod tasks;
pub use tasks::{NewLink, connect};
