//! The worker's event loop.
//!
//! One thread, one QuickJS runtime, one `tokio` current-thread runtime.
//!
//! Frames from the master go into an [`inbox::Inbox`]. Control frames act
//! at once (a `Cancel`, a broadcast `Message`, `Maint`); requests wait in a
//! queue and are started **one per turn**: start it (its synchronous part
//! runs), run the promise jobs and due timers, turn what JS reported into
//! frames, flush them, read the socket again, send a heartbeat if one is
//! due, and only then start the next. So each answer leaves as soon as it
//! exists, even when a burst of slow requests is queued behind it, a
//! `Cancel` reaches a request before it starts, and heartbeats go on
//! between requests. Answers that complete in the same pass of the engine
//! share one write.
//!
//! With nothing queued, a turn waits for the first of: readable socket,
//! the next JS timer, the earliest request deadline, the heartbeat,
//! SIGTERM, or the garbage collection a worker runs once it has been idle
//! a moment after work ([`idle_gc`]).
//!
//! A handler that holds the thread is stopped by QuickJS's interrupt
//! handler: at its deadline (answered `Timeout`, with the JS stack where it
//! stopped), or [`CANCEL_GRACE_MS`] after its `Cancel` (answered
//! `Cancelled`). The interrupt handler also reads the socket every
//! [`POLL_EVERY`] while JS runs, so a `Cancel` for the handler that is
//! running is seen at once ([`requests`]).
//!
//! Phases: `Booting` (load the module, run `startup()`), `Serving`, and
//! `Draining` (after SIGTERM, which the master sends once it has every
//! answer it waited for: finish what is in flight, run `shutdown()`, exit 0).

mod frozen;
mod handshake;
mod heap;
mod idle_gc;
mod inbox;
mod job;
mod lifecycle;
mod offload;
mod requests;
mod sched;
mod socket;
mod stream;
mod worker;

use std::cell::RefCell;
use std::io::Write as _;
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream as StdUnixStream;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::{FutureExt, SinkExt};
use protocol::worker::{CANCEL_GRACE_MS, LogLevel, MasterToWorker, WorkerToMaster};
use protocol::{FrameCodec, FrameError};
use tokio::signal::unix::{SignalKind, signal};
use tokio_util::codec::FramedWrite;

use crate::compress::Compressor;
use crate::engine::{Engine, EngineOptions};
use crate::fault::Faults;
use crate::loader::ModuleCache;
use inbox::{End, Inbox};
use requests::Running;
use worker::{Pending, Worker};

/// How often the interrupt handler reads the socket while JS runs.
pub const POLL_EVERY: Duration = Duration::from_millis(5);

/// An engine made before this worker knew its pool (by a template), and
/// the module cache its loader reads.
#[derive(Debug)]
pub struct Preloaded {
    pub engine: Engine,
    pub modules: Rc<ModuleCache>,
}

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

type Writer = FramedWrite<protocol::sock::WriteHalf, FrameCodec<MasterToWorker, WorkerToMaster>>;

/// Runs the worker on an already connected socket until it is told to stop
/// or the master goes away.
///
/// `preloaded` is the engine a template made before it forked this worker
/// (see [`crate::template`]); without it the engine is made here, after
/// `Init`, with the pool's limits from the start.
pub async fn serve(
    stream: StdUnixStream,
    faults: Faults,
    preloaded: Option<Preloaded>,
) -> Result<(), WorkerError> {
    let (rd, wr) =
        protocol::sock::split(stream).map_err(|e| WorkerError::Handshake(e.to_string()))?;
    let started = match handshake::handshake(rd, wr, &faults).await? {
        handshake::Start::Serve(s) => s,
        handshake::Start::Job(j) => {
            frozen::watch();
            // A job offers no bytecode to anyone.
            let engine = preloaded.map(|p| {
                p.modules.keep_to_itself();
                p.engine
            });
            return job::run(j, engine).await;
        }
    };
    let settings = started.settings;
    // Before the engine loads: the threads it starts inherit the policy.
    let unbatched = settings
        .batch_scheduling
        .then(sched::batch_every_thread)
        .and_then(Result::err);
    let inbox = Rc::new(RefCell::new(Inbox::new(
        settings.max_frame_bytes,
        started.leftover,
    )));
    let memory_limit_bytes = settings.js_memory_limit_mb.saturating_mul(1024 * 1024);
    let (engine, modules) = match preloaded {
        Some(Preloaded { engine, modules }) => {
            modules.learn(started.modules);
            if memory_limit_bytes > 0 {
                engine.set_memory_limit(memory_limit_bytes);
            }
            (engine, modules)
        }
        None => {
            let modules = Rc::new(ModuleCache::new(
                ModuleCache::this_engine(),
                started.modules,
            ));
            let engine = Engine::new(EngineOptions {
                memory_limit_bytes,
                modules: modules.clone(),
            })?;
            (engine, modules)
        }
    };
    // Before the script loads: its modules come from the pool's folders.
    crate::loader::confine::confine(&settings.read);
    let jobs = &engine.host().jobs;
    let script = PathBuf::from(&settings.script);
    *jobs.script_dir.borrow_mut() = script.parent().map(PathBuf::from).unwrap_or_default();
    // process.cwd(): the pool's app root (`root`, else the script's folder).
    crate::node::set_app_root(match settings.read.root.as_str() {
        "" => jobs.script_dir.borrow().clone(),
        root => PathBuf::from(root),
    });
    crate::fs::set_budget(settings.tmp_max_bytes);
    jobs.budget_bytes.set(settings.job_budget_bytes);
    jobs.default_memory_bytes
        .set(settings.job_default_memory_bytes);
    let identity = &started.identity;
    engine.set_identity(
        identity.id,
        std::process::id(),
        &identity.pool,
        identity.generation,
        &settings.env,
    );
    let running = Rc::new(Running::default());
    engine.set_poll(
        POLL_EVERY,
        poll_hook(inbox.clone(), running.clone(), started.reader.as_raw_fd()),
    );
    let compressor = match settings.compress.as_ref().map(Compressor::new) {
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => return Err(WorkerError::Handshake(format!("bad compress_regex: {e}"))),
        None => None,
    };
    let (fetcher, fetches) = crate::fetch::Fetcher::new(&settings.fetch);
    let mut w = Worker::new(
        engine, modules, settings, faults, compressor, running, fetcher,
    );
    let cryptos = w.cryptos.take().expect("a new worker has its receiver");
    if let Some(e) = unbatched {
        let why = format!(
            "scheduling = \"batch\": SCHED_BATCH refused ({e}); serving under the default policy"
        );
        w.log(protocol::worker::LogLevel::Warn, why);
    }
    let token = w.token(Pending::Load);
    w.engine
        .start_load(token, &PathBuf::from(&w.settings.script));
    w.pump();
    let result = run(w, inbox, started.reader, started.writer, (fetches, cryptos)).await;
    // node:fs's temporary folder goes with the worker, however it ends.
    crate::fs::remove_tmp();
    result
}

/// What the loop waits on besides the socket: fetches' news, and long
/// crypto operations' ends.
type Outside = (
    tokio::sync::mpsc::UnboundedReceiver<crate::fetch::FetchEvent>,
    tokio::sync::mpsc::UnboundedReceiver<offload::CryptoDone>,
);

/// The hook the interrupt handler calls while JS runs: read what the master
/// sent meanwhile; if it cancels the request whose handler is running,
/// interrupt it after the grace.
fn poll_hook(
    inbox: Rc<RefCell<Inbox>>,
    running: Rc<Running>,
    fd: std::os::fd::RawFd,
) -> crate::engine::PollHook {
    Box::new(move |now| {
        let mut inbox = inbox.try_borrow_mut().ok()?;
        inbox.fill(|buf| inbox::recv_now(fd, buf));
        let id = running.id.get()?;
        if running.cancelled_at.get().is_some() || !inbox.has_cancel(id) {
            return None;
        }
        running.cancelled_at.set(Some(now));
        Some(now + Duration::from_millis(CANCEL_GRACE_MS))
    })
}

async fn run(
    mut w: Worker,
    inbox: Rc<RefCell<Inbox>>,
    reader: protocol::sock::ReadHalf,
    mut writer: Writer,
    (mut fetches, mut cryptos): Outside,
) -> Result<(), WorkerError> {
    let mut sigterm = signal(SignalKind::terminate()).map_err(WorkerError::Signal)?;
    let mut idle_gc = idle_gc::IdleGc::default();
    loop {
        inbox.borrow_mut().fill(|buf| reader.try_read_buf(buf));
        if !take_frames(&mut w, &inbox)? {
            return Ok(()); // the master closed the socket: it is gone
        }
        w.pump(); // what the frames started (an abort's listeners, ...)
        idle_gc.observe(w.in_flight > 0 || w.has_queued(), Instant::now());
        if w.has_queued() {
            // Before it runs: if it kills the worker, the master knows
            // which requests never ran.
            w.announce_next();
        }
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
        // News of fetches that came while JS ran: JS must see it, and run
        // what it settles, before the loop waits (else a body already here
        // waits for the next heartbeat).
        let mut fetched = false;
        while let Ok(event) = fetches.try_recv() {
            w.on_fetch(event);
            fetched = true;
        }
        while let Ok(done) = cryptos.try_recv() {
            w.on_crypto(done);
            fetched = true;
        }
        if fetched {
            w.pump();
            continue;
        }
        if w.has_queued() {
            // Start the next request without waiting, but let a SIGTERM in.
            if let Some(Some(())) = sigterm.recv().now_or_never() {
                on_sigterm(&mut w);
            }
            w.start_next();
            if let Some(req) = w.start_fault.take() {
                w.faults.trigger(&req, &mut writer).await;
            }
        } else {
            let wake = match (w.next_wake(), idle_gc.due()) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            // A timer already due (setImmediate, a MessagePort's message)
            // runs on this turn: tokio's sleep would round it up to the
            // next millisecond tick.
            let timer_due = w.timer_due(Instant::now());
            tokio::select! {
                biased;
                _ = sigterm.recv() => on_sigterm(&mut w),
                ready = reader.readable() => ready.map_err(FrameError::Io)?,
                Some(event) = fetches.recv() => w.on_fetch(event),
                Some(done) = cryptos.recv() => w.on_crypto(done),
                _ = std::future::ready(()), if timer_due => {}
                _ = sleep_until(wake), if wake.is_some() => {}
                _ = tokio::time::sleep_until(w.next_beat.into()) => {}
            }
        }
        if idle_gc.take(Instant::now()) && w.in_flight == 0 && !w.has_queued() {
            w.collect_and_count();
        }
        w.beat_if_due(Instant::now());
        w.as_request(w.sole_request(), |engine| engine.fire_due_timers());
        w.expire_requests();
        w.pump();
    }
}

/// Handles every frame in the inbox; false once the master has gone.
fn take_frames(w: &mut Worker, inbox: &RefCell<Inbox>) -> Result<bool, WorkerError> {
    loop {
        // The borrow ends before the frame runs any JS.
        let next = inbox.borrow_mut().next();
        match next {
            None => return Ok(true),
            Some(Ok(frame)) => w.on_frame(frame),
            Some(Err(End::Closed)) => return Ok(false),
            Some(Err(End::Broken(e))) => return Err(e.into()),
        }
    }
}

fn on_sigterm(w: &mut Worker) {
    if !w.faults.ignore_drain {
        w.log(LogLevel::Debug, "SIGTERM: draining".into());
        w.begin_drain();
    }
}

async fn sleep_until(at: Option<Instant>) {
    if let Some(at) = at {
        tokio::time::sleep_until(at.into()).await;
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
