//! The worker's state between turns: what is pending in JS, the frames to
//! send, the phase; and the lifecycle around the requests (load,
//! `startup()`, `maint()`, `shutdown()`, heartbeats).

use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use protocol::worker::{
    Heartbeat, HttpResponse, LogLevel, MAX_LOG_BYTES, MasterToWorker, WorkerSettings,
    WorkerToMaster,
};

use super::requests::{Queued, Running};
use super::{WorkerError, Writer, cut};
use crate::compress::{Compressor, Encoding};
use crate::engine::Engine;
use crate::fault::Faults;
use crate::host::{HostEvent, JsFailure};
use crate::loader::ModuleCache;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Phase {
    Booting,
    Serving,
    Draining,
}

/// What a request is, for its answer and its log lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `handler(req)`, with the encoding its answer may be compressed with.
    Http(Option<Encoding>),
    /// `custom(params)` for `bext call`.
    Custom,
}

/// Something started in JS whose end the loop waits for, by token.
#[derive(Debug)]
pub(super) enum Pending {
    Load,
    Startup,
    /// The optional `ready()` check, after `startup()`.
    ReadyCheck,
    Shutdown,
    Request {
        id: u64,
        kind: Kind,
        deadline: Option<Instant>,
        /// Set by a `Cancel`: answered `Cancelled` at this time at the latest.
        cancel_by: Option<Instant>,
        /// Its answer is being streamed.
        stream: Option<Box<super::stream::Streaming>>,
    },
    Maint,
    Swap,
}

pub(super) struct Worker {
    pub engine: Engine,
    pub settings: WorkerSettings,
    pub faults: Faults,
    /// TEST ONLY: a frame fault of the request that just started.
    pub start_fault: Option<protocol::worker::HttpRequest>,
    /// TEST ONLY: the request whose streamed answer ignores the window.
    pub(super) unbounded_stream: Option<u64>,
    pub exit: Option<Result<(), WorkerError>>,
    /// When the next heartbeat is due.
    pub next_beat: Instant,
    pub(super) modules: Rc<ModuleCache>,
    pub(super) compressor: Option<Compressor>,
    pub(super) phase: Phase,
    pub(super) pending: HashMap<u32, Pending>,
    /// Requests received and not started, in arrival order.
    pub(super) queue: VecDeque<Queued>,
    /// Queued and started requests.
    pub(super) in_flight: u32,
    /// Open WebSockets: bextd's id (the upgrade request's) to the
    /// prelude's number, and back (see `socket.rs`).
    pub(super) sockets: HashMap<u64, u32>,
    pub(super) socket_ids: HashMap<u32, u64>,
    /// Bytes of client messages each socket's handler took this turn:
    /// one `SocketTaken` per socket, after what the handlers sent.
    pub(super) taken: Vec<(u64, u32)>,
    /// `ctx.waitUntil()` promises not settled yet: `shutdown()` waits for them.
    pub(super) background: i64,
    pub(super) running: Rc<Running>,
    pub(super) fetcher: crate::fetch::Fetcher,
    /// Runs long `crypto.subtle` operations off the JS thread.
    offload: super::offload::Offload,
    /// Where their results arrive, until the loop takes it.
    pub(super) cryptos: Option<tokio::sync::mpsc::UnboundedReceiver<super::offload::CryptoDone>>,
    next_token: u32,
    pub(super) out: Vec<WorkerToMaster>,
    /// Bytes of the socket messages in the last frame of `out`, when that
    /// is a `SocketMessages` (see `socket.rs`).
    pub(super) batch_bytes: usize,
    /// Requests and custom calls received: the census's request count
    /// (taken when none is queued or running, so all were served).
    pub(super) received: u64,
    pub(super) census_off: bool,
}

impl Worker {
    pub fn new(
        engine: Engine,
        modules: Rc<ModuleCache>,
        settings: WorkerSettings,
        faults: Faults,
        compressor: Option<Compressor>,
        running: Rc<Running>,
        fetcher: crate::fetch::Fetcher,
    ) -> Worker {
        let (offload, cryptos) = super::offload::Offload::new();
        // The serve loop has somewhere to run long operations; a job
        // process, or an engine without a loop, runs them inline.
        engine.host().crypto_offload.set(true);
        Worker {
            engine,
            next_beat: Instant::now() + beat_every(&settings),
            settings,
            faults,
            start_fault: None,
            unbounded_stream: None,
            exit: None,
            modules,
            compressor,
            phase: Phase::Booting,
            pending: HashMap::new(),
            queue: VecDeque::new(),
            in_flight: 0,
            sockets: HashMap::new(),
            socket_ids: HashMap::new(),
            taken: Vec::new(),
            background: 0,
            running,
            fetcher,
            offload,
            cryptos: Some(cryptos),
            next_token: 1,
            out: Vec::new(),
            batch_bytes: 0,
            received: 0,
            census_off: std::env::var_os("BEXT_HEAP_CENSUS").is_some_and(|v| v == "off"),
        }
    }

    pub fn token(&mut self, p: Pending) -> u32 {
        let t = self.next_token;
        self.next_token = self.next_token.wrapping_add(1).max(1);
        self.pending.insert(t, p);
        t
    }

    /// Queues a log line, cut at `MAX_LOG_BYTES`: a `console.log` of any
    /// size fits in a frame.
    pub fn log(&mut self, level: LogLevel, message: String) {
        let message = cut(message, MAX_LOG_BYTES);
        self.out.push(WorkerToMaster::Log { level, message });
    }

    pub(super) fn send(&mut self, frame: WorkerToMaster) {
        self.out.push(frame);
    }

    pub fn on_frame(&mut self, frame: MasterToWorker) {
        match frame {
            MasterToWorker::Request { id, request } => {
                self.received += 1;
                // bextd's copy was its own: this one is not shared.
                self.enqueue_http(id, Arc::unwrap_or_clone(request))
            }
            MasterToWorker::Custom { id, params_json } => {
                self.received += 1;
                self.enqueue_custom(id, params_json)
            }
            MasterToWorker::HeapWalk(limits) => self.heap_walk(limits),
            MasterToWorker::Cancel { id } => self.cancel(id, Instant::now()),
            MasterToWorker::Credit { id, .. } => self.credited(id),
            MasterToWorker::SocketMessages { id, messages } => {
                for m in messages {
                    self.socket_message(id, m.text, m.data);
                }
            }
            MasterToWorker::SocketClosed { id, code, reason } => {
                self.socket_closed(id, code, reason)
            }
            MasterToWorker::SocketCredit { id, bytes } => self.socket_credit(id, bytes),
            MasterToWorker::Message { data_json } => {
                self.arm_interrupt(Instant::now(), None);
                self.engine.deliver_message(&data_json);
            }
            MasterToWorker::Maint { data_json } => {
                let t = self.token(Pending::Maint);
                self.arm_interrupt(Instant::now(), None);
                self.engine.start_hook(t, "maint", data_json.as_deref());
            }
            MasterToWorker::JobReply { query, reply } => {
                self.arm_interrupt(Instant::now(), None);
                self.engine.job_reply(query, &reply);
            }
            MasterToWorker::Swap { changes_json } => {
                let t = self.token(Pending::Swap);
                self.arm_interrupt(Instant::now(), None);
                self.engine.start_hook(t, "swap", Some(&changes_json));
            }
            MasterToWorker::Init { .. } => {
                self.log(LogLevel::Warn, "ignored a second Init frame".into());
            }
            MasterToWorker::RunJob(_) | MasterToWorker::CancelJob { .. } => {
                self.log(
                    LogLevel::Warn,
                    "ignored a job frame sent to a pool worker".into(),
                );
            }
        }
    }

    /// Runs promise jobs and turns what the engine reported into frames,
    /// until JS has nothing more to do this turn (one report can start the
    /// next step, e.g. the module load starts `startup()`).
    pub fn pump(&mut self) {
        loop {
            self.arm_interrupt(Instant::now(), None);
            self.as_request(self.sole_request(), |engine| engine.run_jobs());
            self.expire_requests();
            let events = self.engine.take_events();
            if events.is_empty() && !self.maybe_shutdown() {
                return;
            }
            // A module that throws at load also leaves its own evaluation
            // promise rejected: the boot failure already reports that error.
            let boot_failed = events.iter().any(|e| self.is_boot_failure(e));
            // The turn's spans go to bextd in one frame.
            let mut spans = Vec::new();
            for event in events {
                match event {
                    HostEvent::Log { level, message } => self.log(level, message),
                    HostEvent::Message { data_json } => self.send_message(data_json),
                    HostEvent::Done { token, result } => self.finish(token, result),
                    HostEvent::Missing { token, export } => self.missing(token, &export),
                    HostEvent::Background(delta) => self.background += i64::from(delta),
                    HostEvent::Head {
                        token,
                        status,
                        headers,
                    } => self.stream_head(token, status, headers),
                    HostEvent::Chunk { token, data } => self.stream_chunk(token, &data),
                    HostEvent::StreamEnd { token } => self.stream_end(token),
                    HostEvent::FetchStart(req) => self.fetcher.start(req),
                    HostEvent::FetchAbort { id } => self.fetcher.abort(id),
                    HostEvent::CryptoStart { id, job } => self.offload.start(id, job),
                    HostEvent::SocketAccept {
                        token,
                        sid,
                        headers,
                    } => self.socket_accept(token, sid, headers),
                    HostEvent::SocketSend { sid, text, data } => self.socket_send(sid, text, data),
                    HostEvent::SocketClose { sid, code, reason } => {
                        self.socket_close(sid, code, reason)
                    }
                    HostEvent::Unhandled { .. } if boot_failed => {}
                    HostEvent::Unhandled { reason } => self.log(
                        LogLevel::Error,
                        format!("Unhandled promise rejection: {reason}"),
                    ),
                    HostEvent::JobCall { query, call } => {
                        self.out.push(WorkerToMaster::JobCall { query, call });
                    }
                    HostEvent::Span(span) => spans.push(span),
                    // Only a job process has a `job` object.
                    HostEvent::JobProgress(_) | HostEvent::JobCheckpoint(_) => {}
                }
            }
            if !spans.is_empty() {
                self.out.push(WorkerToMaster::Spans(spans));
            }
        }
    }

    fn is_boot_failure(&self, e: &HostEvent) -> bool {
        match e {
            HostEvent::Done {
                token,
                result: Err(_),
            } => matches!(
                self.pending.get(token),
                Some(Pending::Load | Pending::Startup | Pending::ReadyCheck)
            ),
            _ => false,
        }
    }

    /// Sends what `bext.sendMessage` gave, unless it cannot fit in a frame.
    fn send_message(&mut self, data_json: String) {
        if data_json.len() + 1024 > self.settings.max_frame_bytes as usize {
            let n = data_json.len();
            self.log(
                LogLevel::Error,
                format!("bext.sendMessage: a message of {n} bytes is larger than the frame limit; dropped"),
            );
            return;
        }
        self.out.push(WorkerToMaster::Message { data_json });
    }

    fn finish(&mut self, token: u32, result: Result<HttpResponse, JsFailure>) {
        self.engine.forget_stream(token);
        let Some(p) = self.pending.remove(&token) else {
            return; // already answered (timed out or cancelled)
        };
        // An error's text goes into a frame: keep it within bounds.
        let result = result.map_err(|f| JsFailure {
            message: cut(f.message, MAX_LOG_BYTES),
            stack: cut(f.stack, MAX_LOG_BYTES),
        });
        match p {
            Pending::Request {
                id,
                kind,
                cancel_by,
                ..
            } => self.answer(id, kind, cancel_by.is_some(), result),
            Pending::Maint => self.maint_done(result),
            Pending::Swap => self.swap_done(result),
            Pending::Load | Pending::Startup | Pending::ReadyCheck | Pending::Shutdown => {
                self.lifecycle(p, result)
            }
        }
    }

    /// News of a `fetch()`: JS gets it now.
    pub fn on_fetch(&mut self, event: crate::fetch::FetchEvent) {
        if event.is_last() {
            self.fetcher.finished(event.id());
        }
        if let Some(reason) = event.refused() {
            self.out.push(WorkerToMaster::FetchRefused { reason });
        }
        self.arm_interrupt(Instant::now(), None);
        let sole = self.sole_request();
        self.as_request(sole, |engine| engine.fetch_event(event));
    }

    /// A long `crypto.subtle` operation ended: JS settles its promise.
    pub fn on_crypto(&mut self, done: super::offload::CryptoDone) {
        self.arm_interrupt(Instant::now(), None);
        let sole = self.sole_request();
        self.as_request(sole, |engine| engine.crypto_done(done.id, done.result));
    }

    /// Queues a heartbeat if one is due.
    pub fn beat_if_due(&mut self, now: Instant) {
        if now < self.next_beat {
            return;
        }
        self.next_beat = now + beat_every(&self.settings);
        let rss_bytes = memory_stats::memory_stats()
            .map(|m| m.physical_mem as u64)
            .unwrap_or(0);
        self.out.push(WorkerToMaster::Heartbeat(Heartbeat {
            rss_bytes,
            js_heap_bytes: self.engine.heap_bytes(),
            in_flight: self.in_flight,
        }));
    }

    pub async fn flush(&mut self, writer: &mut Writer) -> Result<(), WorkerError> {
        // Modules compiled after `Ready` (dynamic imports, swaps) are never
        // offered: bextd takes bytecode only from a worker that has run no
        // request yet, and ignores the rest.
        if self.phase != Phase::Booting {
            self.modules.keep_to_itself();
            drop(self.modules.take_fresh());
        }
        for (id, bytes) in self.taken.drain(..) {
            self.out.push(WorkerToMaster::SocketTaken { id, bytes });
        }
        if self.out.is_empty() {
            return Ok(());
        }
        for frame in self.out.drain(..) {
            writer.feed(frame).await?;
        }
        writer.flush().await?;
        Ok(())
    }
}

fn beat_every(settings: &WorkerSettings) -> Duration {
    Duration::from_millis(settings.heartbeat_interval_ms.max(10))
}
