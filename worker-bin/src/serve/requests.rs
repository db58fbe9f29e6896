//! Requests from arrival to answer: the queue, starting one, deadlines,
//! cancellation, and the outcome sent back.
//!
//! * A request's deadline (`request_timeout_ms`) runs from its arrival, so
//!   one that waited in the queue past it is answered `Timeout` unstarted.
//! * `Cancel` for a queued request answers it `Cancelled` at once; it never
//!   runs. For a started one, its `req.signal` aborts (an `AbortError`)
//!   and it must answer within [`CANCEL_GRACE_MS`]: after that it is
//!   answered `Cancelled`, and its JS is interrupted if it is running then.
//!   An error it ends with after the cancel (typically the abort reason)
//!   is answered `Cancelled` and not logged; a response still goes out.
//! * While a request's synchronous part runs, the interrupt deadline is its
//!   own (other requests' deadlines cannot stop it); promise jobs and
//!   timers, which belong to no request the loop can tell, run under the
//!   earliest deadline of all.
//! * A `Cancel` that arrives while JS holds the thread is seen by the poll
//!   hook when that JS is the request's synchronous part, or promise jobs
//!   and timers while it is the only request started (an SSR handler that
//!   renders after an `await`). With several started, it waits for the JS
//!   to yield: interrupting might stop another request's code.

use std::cell::Cell;
use std::time::{Duration, Instant};

use protocol::worker::{
    CANCEL_GRACE_MS, HttpRequest, HttpResponse, LogLevel, Outcome, WorkerToMaster,
};

use super::worker::{Kind, Pending, Phase, Worker};
use crate::host::JsFailure;

/// A request received and not started yet.
#[derive(Debug)]
pub(super) struct Queued {
    id: u64,
    deadline: Option<Instant>,
    job: Job,
}

#[derive(Debug)]
enum Job {
    Http(HttpRequest),
    Custom(String),
}

/// The request whose synchronous part is running, shared with the poll
/// hook that may see its `Cancel` meanwhile.
#[derive(Debug, Default)]
pub(crate) struct Running {
    pub id: Cell<Option<u64>>,
    /// When the poll hook saw a `Cancel` for it.
    pub cancelled_at: Cell<Option<Instant>>,
}

fn grace() -> Duration {
    Duration::from_millis(CANCEL_GRACE_MS)
}

impl Worker {
    fn deadline_from(&self, now: Instant) -> Option<Instant> {
        match self.settings.request_timeout_ms {
            0 => None,
            ms => Some(now + Duration::from_millis(ms)),
        }
    }

    pub(super) fn enqueue_http(&mut self, id: u64, request: HttpRequest) {
        self.enqueue(id, Job::Http(request));
    }

    pub(super) fn enqueue_custom(&mut self, id: u64, params_json: String) {
        self.enqueue(id, Job::Custom(params_json));
    }

    fn enqueue(&mut self, id: u64, job: Job) {
        let deadline = self.deadline_from(Instant::now());
        self.in_flight += 1;
        self.queue.push_back(Queued { id, deadline, job });
    }

    pub fn has_queued(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Tells the master that the oldest queued request is about to run
    /// (flushed with the frames before it starts).
    pub fn announce_next(&mut self) {
        if let Some(id) = self.queue.front().map(|q| q.id) {
            self.send(WorkerToMaster::Started { id });
        }
    }

    /// Starts the oldest queued request: its synchronous part runs now.
    pub fn start_next(&mut self) {
        let Some(q) = self.queue.pop_front() else {
            return;
        };
        let kind = match &q.job {
            Job::Http(request) => {
                self.start_fault = self.faults.on_start(request);
                if self.faults.ignores_window(request) {
                    self.unbounded_stream = Some(q.id);
                }
                Kind::Http(self.encoding_for(request))
            }
            Job::Custom(_) => Kind::Custom,
        };
        let token = self.token(Pending::Request {
            id: q.id,
            kind,
            deadline: q.deadline,
            cancel_by: None,
            stream: None,
        });
        self.arm_interrupt(Instant::now(), Some(token));
        self.as_request(Some(q.id), |engine| match q.job {
            Job::Http(request) => engine.dispatch(token, q.id, request),
            Job::Custom(params) => engine.dispatch_custom(token, &params),
        });
    }

    /// Runs `f` with `id` as the request whose JS runs (so a `Cancel` the
    /// poll hook sees for it brings its interrupt closer), then applies
    /// such a `Cancel`.
    pub(super) fn as_request(&mut self, id: Option<u64>, f: impl FnOnce(&crate::engine::Engine)) {
        self.running.id.set(id);
        f(&self.engine);
        self.running.id.set(None);
        if let (Some(id), Some(at)) = (id, self.running.cancelled_at.take()) {
            self.cancel(id, at);
        }
    }

    /// The one started request, when there is exactly one: then promise
    /// jobs and timers almost surely run its code.
    pub(super) fn sole_request(&self) -> Option<u64> {
        let mut ids = self.pending.values().filter_map(|p| match p {
            Pending::Request { id, .. } => Some(*id),
            _ => None,
        });
        let first = ids.next()?;
        ids.next().is_none().then_some(first)
    }

    fn encoding_for(&self, request: &HttpRequest) -> Option<crate::compress::Encoding> {
        self.compressor.as_ref()?;
        request
            .headers
            .iter()
            .find(|(k, _)| k == "accept-encoding")
            .and_then(|(_, v)| crate::compress::negotiate(v))
    }

    /// The master's `Cancel`, seen at `at`.
    pub(super) fn cancel(&mut self, id: u64, at: Instant) {
        if let Some(i) = self.queue.iter().position(|q| q.id == id) {
            self.queue.remove(i);
            self.in_flight -= 1;
            self.send(WorkerToMaster::Response {
                id,
                outcome: Outcome::Cancelled,
            });
            return;
        }
        let started = self.pending.iter_mut().find_map(|(t, p)| match p {
            Pending::Request {
                id: pid, cancel_by, ..
            } if *pid == id && cancel_by.is_none() => {
                *cancel_by = Some(at + grace());
                Some(*t)
            }
            _ => None,
        });
        // Unknown ids were answered already: the answer crossed the Cancel.
        if let Some(token) = started {
            self.arm_interrupt(Instant::now(), None);
            self.engine.abort(token, false);
        }
    }

    /// Sets the interrupt deadline for the next entry into JS: the given
    /// request's own (while its synchronous part runs), or the earliest of
    /// every request; never more than one request timeout from now, so a
    /// runaway timer callback is stopped too.
    pub(super) fn arm_interrupt(&self, now: Instant, only: Option<u32>) {
        if self.phase == Phase::Booting {
            // The master bounds boot with startup_timeout_ms.
            self.engine.set_deadline(None);
            return;
        }
        let cap = self.deadline_from(now);
        let earliest = self
            .pending
            .iter()
            .filter(|(t, _)| only.is_none_or(|o| o == **t))
            .filter_map(|(_, p)| due(p))
            .min();
        self.engine.set_deadline(min_some(earliest, cap));
    }

    /// Whether a JS timer is due at `now` (so the loop must not sleep).
    pub fn timer_due(&self, now: Instant) -> bool {
        self.engine.next_timer().is_some_and(|at| at <= now)
    }

    pub fn next_wake(&self) -> Option<Instant> {
        let requests = self.pending.values().filter_map(due).min();
        let queued = self.queue.iter().filter_map(|q| q.deadline).min();
        min_some(min_some(requests, queued), self.engine.next_timer())
    }

    /// Answers every request past its deadline (`Timeout`, with the stack
    /// of the JS the deadline interrupted) or past its cancel grace
    /// (`Cancelled`).
    pub fn expire_requests(&mut self) {
        let stack = self.engine.take_interrupted();
        let now = Instant::now();
        let mut any = false;
        while let Some(i) = self
            .queue
            .iter()
            .position(|q| q.deadline.is_some_and(|d| d <= now))
        {
            if let Some(q) = self.queue.remove(i) {
                any = true;
                self.timed_out(q.id, None, String::new());
            }
        }
        let expired: Vec<u32> = self
            .pending
            .iter()
            .filter(|(_, p)| due(p).is_some_and(|d| d <= now))
            .map(|(t, _)| *t)
            .collect();
        for token in expired {
            self.engine.forget_stream(token);
            let Some(Pending::Request {
                id,
                cancel_by,
                kind,
                ..
            }) = self.pending.remove(&token)
            else {
                continue;
            };
            any = true;
            if cancel_by.is_some_and(|c| c <= now) {
                self.in_flight -= 1;
                self.log_cancelled(id, kind, stack.is_some());
                self.send(WorkerToMaster::Response {
                    id,
                    outcome: Outcome::Cancelled,
                });
            } else {
                self.timed_out(id, Some(token), stack.clone().unwrap_or_default());
            }
        }
        if stack.is_some() && !any {
            self.log(
                LogLevel::Error,
                "JavaScript ran longer than request_timeout_ms outside any request and was interrupted".into(),
            );
        }
    }

    fn log_cancelled(&mut self, id: u64, kind: Kind, interrupted: bool) {
        let what = match kind {
            Kind::Http(_) => "handler",
            Kind::Custom => "custom()",
        };
        let how = if interrupted {
            "was interrupted"
        } else {
            "had not answered"
        };
        self.log(
            LogLevel::Debug,
            format!("request {id} was cancelled; its {what} {how} {CANCEL_GRACE_MS} ms later"),
        );
    }

    /// Answers `Timeout`; `token` (a started request) also gets its
    /// `req.signal` fired, so its listeners can clean up.
    fn timed_out(&mut self, id: u64, token: Option<u32>, stack: String) {
        self.in_flight -= 1;
        let ms = self.settings.request_timeout_ms;
        let message = match (token, stack.is_empty()) {
            (None, _) => format!("request {id} timed out after {ms} ms before it started"),
            (Some(_), true) => format!("request {id} timed out after {ms} ms"),
            (Some(_), false) => {
                format!("request {id} timed out after {ms} ms and was interrupted\n{stack}")
            }
        };
        self.log(LogLevel::Warn, message);
        self.send(WorkerToMaster::Response {
            id,
            outcome: Outcome::Timeout { stack },
        });
        if let Some(token) = token {
            self.arm_interrupt(Instant::now(), None);
            self.engine.abort(token, true);
        }
    }

    /// The request needs an export the script lacks: one warning, a 500.
    pub(super) fn missing(&mut self, token: u32, export: &str) {
        let Some(Pending::Request { id, .. }) = self.pending.remove(&token) else {
            return;
        };
        self.in_flight -= 1;
        let message = format!("the script does not export {export}()");
        self.log(
            LogLevel::Warn,
            format!("request {id}: {message}; answered 500"),
        );
        self.send(WorkerToMaster::Response {
            id,
            outcome: Outcome::Error {
                message,
                stack: String::new(),
            },
        });
    }

    /// Sends the answer of a request that ended in JS.
    pub(super) fn answer(
        &mut self,
        id: u64,
        kind: Kind,
        cancelled: bool,
        result: Result<HttpResponse, JsFailure>,
    ) {
        self.in_flight -= 1;
        let outcome = match result {
            Ok(resp) => self.response(resp, kind),
            Err(_) if cancelled => Outcome::Cancelled,
            Err(f) => self.failure(id, kind, f),
        };
        self.send(WorkerToMaster::Response { id, outcome });
    }

    fn response(&mut self, mut resp: HttpResponse, kind: Kind) -> Outcome {
        if let (Some(c), Kind::Http(enc)) = (&self.compressor, kind) {
            c.apply(&mut resp, enc);
        }
        // A whole answer is one frame: its body, and room for its head.
        let room = (self.settings.max_frame_bytes as usize).saturating_sub(HEAD_ROOM);
        if resp.body.len() > room {
            self.log(
                LogLevel::Error,
                format!(
                    "a whole response body of {} bytes is over the limit of {room} bytes (the worker protocol's frame limit less {HEAD_ROOM} for the head); answering 500. Stream it instead: a Response whose body is a ReadableStream has no size limit",
                    resp.body.len()
                ),
            );
            return Outcome::Error {
                message: "response too large".into(),
                stack: String::new(),
            };
        }
        Outcome::Ok(resp)
    }

    fn failure(&mut self, id: u64, kind: Kind, f: JsFailure) -> Outcome {
        // When QuickJS cannot even allocate the error object it throws
        // null; under a heap limit that means out of memory.
        if f.message.contains("out of memory")
            || (self.settings.js_memory_limit_mb > 0 && f.message == "Uncaught null")
        {
            self.log(LogLevel::Error, format!("request {id}: {}", f.describe()));
            return Outcome::OutOfMemory;
        }
        let who = match kind {
            Kind::Http(_) => "handler",
            Kind::Custom => "custom()",
        };
        self.log(LogLevel::Error, format!("{who} threw: {}", f.describe()));
        Outcome::Error {
            message: f.message,
            stack: f.stack,
        }
    }
}

/// When a started request must be answered by.
fn due(p: &Pending) -> Option<Instant> {
    match p {
        Pending::Request {
            deadline,
            cancel_by,
            ..
        } => min_some(*deadline, *cancel_by),
        _ => None,
    }
}

/// Bytes of a whole answer's frame kept for its status and headers.
const HEAD_ROOM: usize = 64 * 1024;

fn min_some(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
