//! The worker's event loop.
//!
//! One thread, one QuickJS runtime, one `tokio` current-thread runtime.
//! Each turn waits for the first of: a frame from the master, the next JS
//! timer, the earliest request deadline, the heartbeat tick, or SIGTERM;
//! then it drains every frame already buffered, lets the engine run, turns
//! what the engine reported into frames, and flushes them in one write.
//!
//! Phases: `Booting` (load the module, run `startup()`), `Serving`, and
//! `Draining` (after SIGTERM, which the master sends once it has every
//! answer it waited for: finish what is in flight, run `shutdown()`, exit 0).

use std::collections::HashMap;
use std::io::Write as _;
use std::os::unix::net::UnixStream as StdUnixStream;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::{FutureExt, SinkExt, StreamExt};
use protocol::worker::{
    CompiledModule, Heartbeat, HttpRequest, LogLevel, MAX_LOG_BYTES, MasterToWorker, Outcome,
    WorkerIdentity, WorkerSettings, WorkerToMaster,
};
use protocol::{FrameCodec, FrameError, Hello};
use tokio::net::UnixStream;
use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};
use tokio::signal::unix::{SignalKind, signal};
use tokio_util::codec::{FramedRead, FramedWrite};

use crate::compress::{Compressor, Encoding};
use crate::engine::{Engine, EngineOptions};
use crate::fault::Faults;
use crate::host::{HostEvent, JsFailure};
use crate::modules::ModuleCache;

/// How the worker ended.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    #[error("handshake with bextd failed: {0}")]
    Handshake(String),
    #[error("worker socket: {0}")]
    Frame(#[from] FrameError),
    #[error("{0}")]
    Engine(#[from] crate::engine::EngineError),
    #[error("the script did not boot: {0}")]
    BootFailed(String),
    #[error("cannot install a signal handler: {0}")]
    Signal(std::io::Error),
}

type Reader = FramedRead<OwnedReadHalf, FrameCodec<MasterToWorker, WorkerToMaster>>;
type Writer = FramedWrite<OwnedWriteHalf, FrameCodec<MasterToWorker, WorkerToMaster>>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Booting,
    Serving,
    Draining,
}

#[derive(Debug)]
enum Pending {
    Load,
    Startup,
    Shutdown,
    /// An HTTP request (with the encoding its answer may be compressed
    /// with) or a custom call (`encoding` None).
    Request {
        id: u64,
        deadline: Option<Instant>,
        encoding: Option<Encoding>,
    },
    Maint,
}

struct Worker {
    engine: Engine,
    modules: Rc<ModuleCache>,
    settings: WorkerSettings,
    faults: Faults,
    compressor: Option<Compressor>,
    phase: Phase,
    pending: HashMap<u32, Pending>,
    next_token: u32,
    in_flight: u32,
    out: Vec<WorkerToMaster>,
    exit: Option<Result<(), WorkerError>>,
}

/// Runs the worker on an already connected socket until it is told to stop
/// or the master goes away.
pub async fn serve(stream: StdUnixStream, faults: Faults) -> Result<(), WorkerError> {
    stream
        .set_nonblocking(true)
        .map_err(|e| WorkerError::Handshake(e.to_string()))?;
    let stream = UnixStream::from_std(stream).map_err(|e| WorkerError::Handshake(e.to_string()))?;
    let (rd, wr) = stream.into_split();
    let (identity, settings, modules, mut reader, mut writer) = handshake(rd, wr, &faults).await?;

    let modules = Rc::new(ModuleCache::new(ModuleCache::this_engine(), modules));
    let engine = Engine::new(EngineOptions {
        memory_limit_bytes: settings.js_memory_limit_mb.saturating_mul(1024 * 1024),
        modules: modules.clone(),
    })?;
    engine.set_identity(
        identity.id,
        std::process::id(),
        &identity.pool,
        identity.generation,
    );
    let compressor = match settings.compress.as_ref().map(Compressor::new) {
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => return Err(WorkerError::Handshake(format!("bad compress_regex: {e}"))),
        None => None,
    };
    let mut w = Worker {
        engine,
        modules,
        settings,
        faults,
        compressor,
        phase: Phase::Booting,
        pending: HashMap::new(),
        next_token: 1,
        in_flight: 0,
        out: Vec::new(),
        exit: None,
    };
    let token = w.token(Pending::Load);
    w.engine
        .start_load(token, &PathBuf::from(&w.settings.script));
    w.pump();

    let mut sigterm = signal(SignalKind::terminate()).map_err(WorkerError::Signal)?;
    let beat = Duration::from_millis(w.settings.heartbeat_interval_ms.max(10));
    let mut heartbeat = tokio::time::interval_at(tokio::time::Instant::now() + beat, beat);
    heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);

    loop {
        w.flush(&mut writer).await?;
        if let Some(result) = w.exit.take() {
            writer.flush().await.ok();
            // The process ends right after this. Dropping the engine would
            // free every JS object one at a time (JS_FreeRuntime runs a full
            // GC), work the kernel does wholesale at exit; under constant
            // rotation it was about an eighth of what each rotation cost.
            std::mem::forget(w);
            return result;
        }
        let wake = w.next_wake();
        tokio::select! {
            biased;
            _ = sigterm.recv() => if !w.faults.ignore_drain {
                w.log(LogLevel::Debug, "SIGTERM: draining".into());
                w.begin_drain();
            },
            frame = reader.next() => match frame {
                Some(frame) => {
                    w.on_frame(frame?, &mut writer).await?;
                    // Take every frame already buffered before running JS jobs,
                    // so a burst of requests costs one flush.
                    while let Some(Some(frame)) = reader.next().now_or_never() {
                        w.on_frame(frame?, &mut writer).await?;
                    }
                }
                None => return Ok(()), // the master closed the socket: it is gone
            },
            _ = sleep_until(wake), if wake.is_some() => {}
            _ = heartbeat.tick() => w.heartbeat(),
        }
        w.engine.fire_due_timers();
        w.expire_requests();
        w.pump();
    }
}

async fn sleep_until(at: Option<Instant>) {
    if let Some(at) = at {
        tokio::time::sleep_until(at.into()).await;
    }
}

async fn handshake(
    rd: OwnedReadHalf,
    wr: OwnedWriteHalf,
    faults: &Faults,
) -> Result<
    (
        WorkerIdentity,
        WorkerSettings,
        Vec<CompiledModule>,
        Reader,
        Writer,
    ),
    WorkerError,
> {
    let max = protocol::DEFAULT_MAX_FRAME_BYTES;
    let mut hello_rd = FramedRead::new(rd, FrameCodec::<Hello, Hello>::new(max));
    let mut hello_wr = FramedWrite::new(wr, FrameCodec::<Hello, Hello>::new(max));
    if faults.hang_handshake {
        std::future::pending::<()>().await;
    }
    hello_wr.send(Hello::new(std::process::id())).await?;
    let theirs = hello_rd.next().await.ok_or_else(|| {
        WorkerError::Handshake("bextd closed the socket before its hello".into())
    })??;
    theirs
        .check()
        .map_err(|e| WorkerError::Handshake(e.to_string()))?;
    let mut reader =
        hello_rd.map_decoder(|_| FrameCodec::<MasterToWorker, WorkerToMaster>::new(max));
    let writer = hello_wr.map_encoder(|_| FrameCodec::<MasterToWorker, WorkerToMaster>::new(max));
    match reader.next().await {
        Some(Ok(MasterToWorker::Init {
            identity,
            settings,
            modules,
        })) => {
            let max = settings.max_frame_bytes;
            let reader = reader.map_decoder(|_| FrameCodec::new(max));
            let writer = writer.map_encoder(|_| FrameCodec::new(max));
            Ok((identity, settings, modules, reader, writer))
        }
        Some(Ok(other)) => Err(WorkerError::Handshake(format!(
            "expected Init after the hello, got {other:?}"
        ))),
        Some(Err(e)) => Err(e.into()),
        None => Err(WorkerError::Handshake(
            "bextd closed the socket before Init".into(),
        )),
    }
}

impl Worker {
    fn token(&mut self, p: Pending) -> u32 {
        let t = self.next_token;
        self.next_token = self.next_token.wrapping_add(1).max(1);
        self.pending.insert(t, p);
        t
    }

    /// Queues a log line, cut at `MAX_LOG_BYTES`: a `console.log` of any
    /// size fits in a frame.
    fn log(&mut self, level: LogLevel, message: String) {
        let message = cut(message, MAX_LOG_BYTES);
        self.out.push(WorkerToMaster::Log { level, message });
    }

    async fn on_frame(
        &mut self,
        frame: MasterToWorker,
        writer: &mut Writer,
    ) -> Result<(), WorkerError> {
        match frame {
            MasterToWorker::Request { id, request } => {
                if self.faults.enabled_for(&request) {
                    self.faults.trigger(&request, writer).await;
                }
                self.start_request(id, &request);
            }
            MasterToWorker::Custom { id, params_json } => self.start_custom(id, &params_json),
            MasterToWorker::Message { data_json } => {
                self.arm_interrupt(Instant::now());
                self.engine.deliver_message(&data_json);
            }
            MasterToWorker::Maint { data_json } => {
                let t = self.token(Pending::Maint);
                self.arm_interrupt(Instant::now());
                self.engine.start_hook(t, "maint", data_json.as_deref());
            }
            MasterToWorker::Init { .. } => {
                self.log(LogLevel::Warn, "ignored a second Init frame".into());
            }
        }
        Ok(())
    }

    fn start_request(&mut self, id: u64, request: &HttpRequest) {
        let now = Instant::now();
        let deadline = match self.settings.request_timeout_ms {
            0 => None,
            ms => Some(now + Duration::from_millis(ms)),
        };
        let encoding = self.compressor.as_ref().and_then(|_| {
            request
                .headers
                .iter()
                .find(|(k, _)| k == "accept-encoding")
                .and_then(|(_, v)| crate::compress::negotiate(v))
        });
        let token = self.token(Pending::Request {
            id,
            deadline,
            encoding,
        });
        self.in_flight += 1;
        self.arm_interrupt(now);
        self.engine.dispatch(token, id, request);
    }

    fn start_custom(&mut self, id: u64, params_json: &str) {
        let now = Instant::now();
        let deadline = match self.settings.request_timeout_ms {
            0 => None,
            ms => Some(now + Duration::from_millis(ms)),
        };
        let token = self.token(Pending::Request {
            id,
            deadline,
            encoding: None,
        });
        self.in_flight += 1;
        self.arm_interrupt(now);
        self.engine.dispatch_custom(token, params_json);
    }

    /// The interrupt deadline for the next entry into JS: the earliest
    /// request deadline, and never more than one request timeout from now,
    /// so a runaway timer callback is stopped too.
    fn arm_interrupt(&self, now: Instant) {
        let cap = match self.settings.request_timeout_ms {
            0 => None,
            ms => Some(now + Duration::from_millis(ms)),
        };
        let earliest = self.earliest_request_deadline();
        let at = match (earliest, cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if self.phase == Phase::Booting {
            // The master bounds boot with startup_timeout_ms.
            self.engine.set_deadline(None);
        } else {
            self.engine.set_deadline(at);
        }
    }

    fn earliest_request_deadline(&self) -> Option<Instant> {
        self.pending
            .values()
            .filter_map(|p| match p {
                Pending::Request { deadline, .. } => *deadline,
                _ => None,
            })
            .min()
    }

    fn next_wake(&self) -> Option<Instant> {
        match (self.earliest_request_deadline(), self.engine.next_timer()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Answers 504 for every request past its deadline.
    fn expire_requests(&mut self) {
        let interrupted = self.engine.take_interrupted();
        let now = Instant::now();
        let expired: Vec<(u32, u64)> = self
            .pending
            .iter()
            .filter_map(|(t, p)| match p {
                Pending::Request {
                    id,
                    deadline: Some(d),
                    ..
                } if *d <= now => Some((*t, *id)),
                _ => None,
            })
            .collect();
        if interrupted && expired.is_empty() {
            self.log(
                LogLevel::Error,
                "JavaScript ran longer than request_timeout_ms outside any request and was interrupted".into(),
            );
        }
        for (token, id) in expired {
            self.pending.remove(&token);
            self.in_flight -= 1;
            self.log(
                LogLevel::Warn,
                format!(
                    "request {id} timed out after {} ms and was interrupted",
                    self.settings.request_timeout_ms
                ),
            );
            self.out.push(WorkerToMaster::Response {
                id,
                outcome: Outcome::Timeout,
            });
        }
    }

    /// Runs promise jobs and turns what the engine reported into frames,
    /// until JS has nothing more to do this turn (one report can start the
    /// next step, e.g. the module load starts `startup()`).
    fn pump(&mut self) {
        loop {
            self.arm_interrupt(Instant::now());
            self.engine.run_jobs();
            self.expire_requests();
            let events = self.engine.take_events();
            if events.is_empty() && !self.maybe_shutdown() {
                return;
            }
            for event in events {
                match event {
                    HostEvent::Log { level, message } => self.log(level, message),
                    HostEvent::Message { data_json } => self.send_message(data_json),
                    HostEvent::Done { token, result } => self.finish(token, result),
                }
            }
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

    fn finish(&mut self, token: u32, result: Result<protocol::worker::HttpResponse, JsFailure>) {
        let Some(p) = self.pending.remove(&token) else {
            return; // already answered (timed out)
        };
        // An error's text goes into a frame: keep it within bounds.
        let result = result.map_err(|f| JsFailure {
            message: cut(f.message, MAX_LOG_BYTES),
            stack: cut(f.stack, MAX_LOG_BYTES),
        });
        match (p, result) {
            (Pending::Maint, result) => {
                let error = match result {
                    // No maint() export: the default is a garbage collection.
                    Ok(r) if r.status == 204 => {
                        self.engine.run_gc();
                        None
                    }
                    Ok(_) => None,
                    Err(f) => {
                        self.log(LogLevel::Error, format!("maint() threw: {}", f.describe()));
                        Some(f.message)
                    }
                };
                self.out.push(WorkerToMaster::MaintDone { error });
            }
            (Pending::Request { id, encoding, .. }, result) => {
                self.in_flight -= 1;
                let result = result.map(|mut resp| {
                    if let (Some(c), Some(enc)) = (&self.compressor, encoding) {
                        c.apply(&mut resp, enc);
                    }
                    resp
                });
                let outcome = match result {
                    Ok(resp)
                        if resp.body.len() + 64 * 1024 > self.settings.max_frame_bytes as usize =>
                    {
                        self.log(
                            LogLevel::Error,
                            format!("response of {} bytes is larger than the frame limit; answering 500", resp.body.len()),
                        );
                        Outcome::Error {
                            message: "response too large".into(),
                            stack: String::new(),
                        }
                    }
                    Ok(resp) => Outcome::Ok(resp),
                    // When QuickJS cannot even allocate the error object it
                    // throws null; under a heap limit that means out of memory.
                    Err(f)
                        if f.message.contains("out of memory")
                            || (self.settings.js_memory_limit_mb > 0
                                && f.message == "Uncaught null") =>
                    {
                        self.log(LogLevel::Error, format!("request {id}: {}", f.describe()));
                        Outcome::OutOfMemory
                    }
                    Err(f) => {
                        self.log(LogLevel::Error, format!("handler threw: {}", f.describe()));
                        Outcome::Error {
                            message: f.message,
                            stack: f.stack,
                        }
                    }
                };
                self.out.push(WorkerToMaster::Response { id, outcome });
            }
            (Pending::Load, Ok(_)) => {
                let t = self.token(Pending::Startup);
                self.engine.start_hook(t, "startup", None);
            }
            (Pending::Startup, Ok(_)) => {
                self.phase = Phase::Serving;
                // Offered before Ready, so the master holds them by the
                // time it may boot the next worker.
                for module in self.modules.take_fresh() {
                    self.out.push(WorkerToMaster::Compiled(module));
                }
                let (modules_cached, modules_compiled) = self.modules.counts();
                self.out.push(WorkerToMaster::Ready {
                    modules_cached,
                    modules_compiled,
                });
            }
            (Pending::Load | Pending::Startup, Err(f)) => {
                let error = f.describe();
                self.out.push(WorkerToMaster::BootFailed {
                    error: error.clone(),
                });
                self.exit = Some(Err(WorkerError::BootFailed(error)));
            }
            (Pending::Shutdown, result) => {
                if let Err(f) = result {
                    self.log(
                        LogLevel::Error,
                        format!("shutdown() threw: {}", f.describe()),
                    );
                }
                self.exit = Some(Ok(()));
            }
        }
    }

    fn begin_drain(&mut self) {
        if self.phase == Phase::Draining {
            return;
        }
        if self.phase == Phase::Booting {
            // Nothing to drain and no startup() to pair a shutdown() with.
            self.exit = Some(Ok(()));
        }
        self.phase = Phase::Draining;
        self.pump();
    }

    /// Starts `shutdown()` once draining has nothing left in flight.
    fn maybe_shutdown(&mut self) -> bool {
        let started = self
            .pending
            .values()
            .any(|p| matches!(p, Pending::Shutdown));
        if self.phase != Phase::Draining || self.in_flight > 0 || started || self.exit.is_some() {
            return false;
        }
        let t = self.token(Pending::Shutdown);
        self.arm_interrupt(Instant::now());
        self.engine.start_hook(t, "shutdown", None);
        true
    }

    fn heartbeat(&mut self) {
        let rss_bytes = memory_stats::memory_stats()
            .map(|m| m.physical_mem as u64)
            .unwrap_or(0);
        self.out.push(WorkerToMaster::Heartbeat(Heartbeat {
            rss_bytes,
            js_heap_bytes: self.engine.heap_bytes(),
            in_flight: self.in_flight,
        }));
    }

    async fn flush(&mut self, writer: &mut Writer) -> Result<(), WorkerError> {
        // Offer modules imported after the boot (a module of a failed boot
        // may be the broken one: those are never offered).
        if self.phase != Phase::Booting {
            for module in self.modules.take_fresh() {
                self.out.push(WorkerToMaster::Compiled(module));
            }
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

/// `s` cut to at most `max` bytes, marker included (at a character
/// boundary), with a marker saying how long it was.
pub fn cut(mut s: String, max: usize) -> String {
    if s.len() <= max {
        return s;
    }
    let marker = format!("… [cut: {} bytes in all]", s.len());
    let mut end = max.saturating_sub(marker.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    s.push_str(&marker);
    s
}

/// Writes a line to the inherited stderr, for errors that cannot go to the
/// master because the socket is the problem.
pub fn stderr_line(msg: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "bext-worker[{}]: {msg}",
        std::process::id()
    );
}
