//! A job process: background jobs' `run(job)`, one after another (a
//! pooled job worker) or one and exit (`isolate = "process"`, a daemon).
//!
//! The same engine as a pool worker, a simpler loop: no requests, no
//! heartbeats (bextd samples the job's RSS itself). What JS reports
//! (progress, checkpoints, log lines, the end) becomes frames written at
//! once, and the poll hook also writes them while JS holds the thread, every
//! [`POLL_EVERY`]: a job that never yields still saves its checkpoints, and
//! a `CancelJob` it reads there turns `job.cancelled` true inside a
//! synchronous `while (!job.cancelled)` loop. JS still running
//! `interrupt_after_ms` after the cancel is interrupted; a job still
//! waiting then (on a promise that never settles) ends `Cancelled` too.

use std::cell::{Cell, RefCell};
use std::os::fd::{AsRawFd, RawFd};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use bytes::BytesMut;
use protocol::sock::ReadHalf;
use protocol::worker::{JobOutcome, LogLevel, MAX_LOG_BYTES, MasterToWorker, WorkerToMaster};

use super::handshake::JobStarted;
use super::inbox::{self, End, Inbox};
use super::{POLL_EVERY, WorkerError, cut, sleep_until};
use crate::engine::{Engine, EngineOptions};
use crate::host::{HostEvent, HostState};

/// The token of the one thing this process runs.
const RUN: u32 = 1;

/// Frames on their way to the master, written with blocking writes: the
/// master reads each job's socket all the time, and a job that outruns it
/// should wait rather than grow a buffer without bound.
struct Out {
    fd: RawFd,
    max: u32,
    buf: BytesMut,
    /// How `run(job)` ended, once it has.
    finished: Option<JobOutcome>,
    broken: Option<std::io::Error>,
    /// The job's `fetch()`es, within its pool's fetch limits.
    fetcher: crate::fetch::Fetcher,
}

impl Out {
    fn push(&mut self, frame: &WorkerToMaster) {
        if let Err(e) = protocol::codec::encode(frame, self.max, &mut self.buf) {
            // Only a frame over the limit fails; say so instead.
            let note = WorkerToMaster::Log {
                level: LogLevel::Error,
                message: format!("a job report was dropped: {e}"),
            };
            let _ = protocol::codec::encode(&note, self.max, &mut self.buf);
        }
    }

    /// Turns the engine's reports into frames; once the job is cancelled, a
    /// throw (an `AbortError`, an interrupt) reads as `Cancelled`.
    fn take(&mut self, state: &HostState, cancelled: bool) {
        let Ok(mut events) = state.events.try_borrow_mut() else {
            return;
        };
        for event in events.drain(..) {
            let frame = match event {
                HostEvent::Log { level, message } => WorkerToMaster::Log {
                    level,
                    message: cut(message, MAX_LOG_BYTES),
                },
                HostEvent::JobProgress(progress) => WorkerToMaster::JobProgress { progress },
                HostEvent::JobCheckpoint(json) => WorkerToMaster::JobCheckpoint { json },
                HostEvent::JobCall { query, call } => WorkerToMaster::JobCall { query, call },
                HostEvent::Unhandled { reason } => WorkerToMaster::Log {
                    level: LogLevel::Error,
                    message: cut(
                        format!("Unhandled promise rejection: {reason}"),
                        MAX_LOG_BYTES,
                    ),
                },
                HostEvent::Message { data_json } => WorkerToMaster::Message { data_json },
                HostEvent::Span(span) => WorkerToMaster::Spans(vec![span]),
                HostEvent::Done { token, result } if token == RUN => {
                    if self.finished.is_none() {
                        self.finished = Some(outcome(result, cancelled, self.max));
                    }
                    continue;
                }
                HostEvent::FetchStart(req) => {
                    self.fetcher.start(req);
                    continue;
                }
                HostEvent::FetchAbort { id } => {
                    self.fetcher.abort(id);
                    continue;
                }
                // A job process runs crypto inline (no offload is set up).
                HostEvent::CryptoStart { .. } => continue,
                // Request-only reports: a job answers no request.
                HostEvent::Done { .. }
                | HostEvent::Missing { .. }
                | HostEvent::Background(_)
                | HostEvent::Head { .. }
                | HostEvent::Chunk { .. }
                | HostEvent::StreamEnd { .. }
                | HostEvent::SocketAccept { .. }
                | HostEvent::SocketSend { .. }
                | HostEvent::SocketClose { .. } => continue,
            };
            self.push(&frame);
        }
    }

    /// Writes what is buffered, waiting while the socket is full.
    fn flush(&mut self) {
        while !self.buf.is_empty() && self.broken.is_none() {
            match nix::unistd::write(unsafe_fd(self.fd), &self.buf) {
                Ok(n) => {
                    let _ = self.buf.split_to(n);
                }
                Err(nix::errno::Errno::EAGAIN) => wait_writable(self.fd),
                Err(nix::errno::Errno::EINTR) => {}
                Err(e) => self.broken = Some(e.into()),
            }
        }
    }
}

/// The socket's descriptor, borrowed for one call.
fn unsafe_fd(fd: RawFd) -> std::os::fd::BorrowedFd<'static> {
    // SAFETY: the socket stays open for the whole life of the process's
    // loop (its owner, the tokio half, lives in `run`), which outlives
    // every call that borrows it here.
    unsafe { std::os::fd::BorrowedFd::borrow_raw(fd) }
}

fn wait_writable(fd: RawFd) {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    let mut fds = [PollFd::new(unsafe_fd(fd), PollFlags::POLLOUT)];
    let _ = poll(&mut fds, PollTimeout::from(1000u16));
}

fn outcome(
    result: Result<protocol::worker::HttpResponse, crate::host::JsFailure>,
    cancelled: bool,
    max: u32,
) -> JobOutcome {
    match result {
        // A job that stops when cancelled may still return what it did.
        Err(_) if cancelled => JobOutcome::Cancelled,
        Ok(r) => {
            let result_json = String::from_utf8_lossy(&r.body).into_owned();
            if result_json.len() + 4096 > max as usize {
                JobOutcome::Failed {
                    message: format!(
                        "the job's result is {} bytes of JSON, more than a frame holds ({max} bytes); return less, or store it elsewhere",
                        result_json.len()
                    ),
                    stack: String::new(),
                }
            } else {
                JobOutcome::Completed { result_json }
            }
        }
        Err(f) => JobOutcome::Failed {
            message: cut(f.message, MAX_LOG_BYTES),
            stack: cut(f.stack, MAX_LOG_BYTES),
        },
    }
}

/// When JS still running after a cancel is interrupted.
#[derive(Default)]
struct Cancel {
    at: Cell<Option<Instant>>,
}

/// Runs the job to its end and reports it, then waits for the next one.
///
/// A pooled job worker (`isolate = "pool"`, the default) runs one job
/// after another: bextd sends the next `RunJob` on the same socket, and
/// the module state stays, as a request worker's does between requests.
/// bextd closing the socket (a fresh process per job, a rotation) ends the
/// process. A job that was cancelled or interrupted ends it too: its JS may
/// still hold work that must not run into the next job.
///
/// `preloaded` is a template's engine (see [`crate::template`]), used as it
/// is: a job has no memory cap of its own in QuickJS (bextd watches its
/// RSS) and loads its module from source, offering no bytecode.
pub(super) async fn run(j: JobStarted, preloaded: Option<Engine>) -> Result<(), WorkerError> {
    let JobStarted {
        job,
        reader,
        leftover,
        writer,
    } = j;
    let engine = match preloaded {
        Some(engine) => engine,
        None => Engine::new(EngineOptions::default())?,
    };
    let inbox = Rc::new(RefCell::new(Inbox::new(job.max_frame_bytes, leftover)));
    let fd = writer.get_ref().as_raw_fd();
    let mut next = Some(job);
    let mut result = Ok(());
    while let Some(job) = next.take() {
        match run_one(&engine, job, &inbox, &reader, fd).await {
            Ok(true) => match next_job(&inbox, &reader).await {
                Ok(job) => next = job,
                Err(e) => result = Err(e),
            },
            Ok(false) => {}
            Err(e) => result = Err(e),
        }
    }
    // As a pool worker does at exit: the kernel frees the heap wholesale.
    std::mem::forget(engine);
    drop(writer);
    // node:fs's temporary folder goes with the process.
    crate::fs::remove_tmp();
    result
}

/// Runs one job; returns whether the engine may run another.
async fn run_one(
    engine: &Engine,
    job: protocol::worker::JobStart,
    inbox: &Rc<RefCell<Inbox>>,
    reader: &ReadHalf,
    fd: RawFd,
) -> Result<bool, WorkerError> {
    let state = engine.host().clone();
    state.jobs.cancelled.set(false);
    state
        .jobs
        .max_checkpoint_bytes
        .set(job.max_checkpoint_bytes as usize);
    engine.set_identity(0, std::process::id(), &job.pool, 0, &job.env);
    // bext.jobs from a job: scripts relative to its own folder; bextd
    // checks the memory (0 = its default).
    let script = PathBuf::from(&job.script);
    // The pool's folders, and the job script's own: a handler's
    // `bext.jobs.spawn` names only a script in its pool's folders, so
    // this adds one only for a job bextd's operator started (`bext jobs
    // spawn`, a schedule), wherever its script lies.
    let mut read = job.read.clone();
    read.read_roots
        .extend(script.parent().map(|d| d.display().to_string()));
    crate::loader::confine::confine(&read);
    *state.jobs.script_dir.borrow_mut() = script.parent().map(PathBuf::from).unwrap_or_default();
    // process.cwd(): the pool's app root, as in its request workers.
    crate::node::set_app_root(match job.read.root.as_str() {
        "" => state.jobs.script_dir.borrow().clone(),
        root => PathBuf::from(root),
    });
    // node:fs's writes: the pool's budget, as its request workers have it.
    crate::fs::set_budget(job.tmp_max_bytes);
    state.jobs.budget_bytes.set(u64::MAX);
    let (fetcher, fetches) = crate::fetch::Fetcher::new(&job.fetch);
    let out = Rc::new(RefCell::new(Out {
        fetcher,
        fd,
        max: job.max_frame_bytes,
        buf: BytesMut::new(),
        finished: None,
        broken: None,
    }));
    let cancel = Rc::new(Cancel::default());
    engine.set_poll(
        POLL_EVERY,
        poll_hook(
            inbox.clone(),
            out.clone(),
            state.clone(),
            cancel.clone(),
            reader.as_raw_fd(),
        ),
    );
    engine.start_job(RUN, &script, &job);
    let result = drive(engine, inbox, &out, &cancel, reader, fetches).await;
    let mut o = out.borrow_mut();
    o.take(&state, state.jobs.cancelled.get());
    let end = o.finished.take();
    let reusable = matches!(
        end,
        Some(JobOutcome::Completed { .. } | JobOutcome::Failed { .. })
    ) && !state.jobs.cancelled.get();
    if let Some(end) = end {
        o.push(&WorkerToMaster::JobFinished(end));
    }
    o.flush();
    let broken = o.broken.take();
    result?;
    match broken {
        Some(e) => Err(WorkerError::Frame(e.into())),
        None => Ok(reusable),
    }
}

/// Waits for bextd's next job for this process; None once it closes the
/// socket. A late cancel or reply meant for the job that ended is dropped.
async fn next_job(
    inbox: &RefCell<Inbox>,
    reader: &ReadHalf,
) -> Result<Option<protocol::worker::JobStart>, WorkerError> {
    loop {
        let next = inbox.borrow_mut().next();
        match next {
            Some(Ok(MasterToWorker::RunJob(job))) => return Ok(Some(job)),
            Some(Ok(_)) => continue,
            Some(Err(End::Closed)) => return Ok(None),
            Some(Err(End::Broken(e))) => return Err(e.into()),
            None => {}
        }
        reader.readable().await.map_err(protocol::FrameError::Io)?;
        inbox.borrow_mut().fill(|buf| reader.try_read_buf(buf));
    }
}

async fn drive(
    engine: &Engine,
    inbox: &RefCell<Inbox>,
    out: &RefCell<Out>,
    cancel: &Cancel,
    reader: &ReadHalf,
    mut fetches: tokio::sync::mpsc::UnboundedReceiver<crate::fetch::FetchEvent>,
) -> Result<(), WorkerError> {
    let state = engine.host();
    loop {
        engine.set_deadline(cancel.at.get());
        engine.run_jobs();
        let interrupted = engine.take_interrupted().is_some();
        {
            let mut o = out.borrow_mut();
            o.take(state, state.jobs.cancelled.get());
            if interrupted || past(cancel.at.get()) {
                // Interrupted, or still waiting once its grace is over.
                o.finished.get_or_insert(JobOutcome::Cancelled);
            }
            if o.finished.is_some() {
                return Ok(());
            }
            o.flush();
            if let Some(e) = o.broken.take() {
                return Err(WorkerError::Frame(e.into()));
            }
        }
        let timer = engine.next_timer();
        // A timer already due runs now, not at tokio's next millisecond.
        let timer_due = past(timer);
        tokio::select! {
            ready = reader.readable() => ready.map_err(protocol::FrameError::Io)?,
            _ = std::future::ready(()), if timer_due => {}
            Some(event) = fetches.recv() => {
                if event.is_last() {
                    out.borrow_mut().fetcher.finished(event.id());
                }
                if let Some(reason) = event.refused() {
                    out.borrow_mut().push(&WorkerToMaster::FetchRefused { reason });
                }
                engine.set_deadline(cancel.at.get());
                engine.fetch_event(event);
            }
            _ = sleep_until(timer), if timer.is_some() => {}
            _ = sleep_until(cancel.at.get()), if cancel.at.get().is_some() => {}
        }
        inbox.borrow_mut().fill(|buf| reader.try_read_buf(buf));
        loop {
            let next = inbox.borrow_mut().next();
            match next {
                None => break,
                Some(Ok(MasterToWorker::CancelJob { interrupt_after_ms })) => {
                    cancel_now(state, cancel, interrupt_after_ms, Instant::now());
                    engine.set_deadline(None);
                    engine.cancel_job();
                }
                Some(Ok(MasterToWorker::JobReply { query, reply })) => {
                    engine.set_deadline(cancel.at.get());
                    engine.job_reply(query, &reply);
                }
                Some(Ok(_)) => {}
                // The master is gone: so is the job's reason to run.
                Some(Err(End::Closed)) => return Ok(()),
                Some(Err(End::Broken(e))) => return Err(e.into()),
            }
        }
        engine.set_deadline(cancel.at.get());
        engine.fire_due_timers();
    }
}

fn past(at: Option<Instant>) -> bool {
    at.is_some_and(|at| Instant::now() >= at)
}

/// Marks the job cancelled and sets when its JS is interrupted (once).
fn cancel_now(state: &HostState, cancel: &Cancel, after_ms: u64, now: Instant) {
    state.jobs.cancelled.set(true);
    if cancel.at.get().is_none() {
        cancel.at.set(Some(now + Duration::from_millis(after_ms)));
    }
}

/// While JS holds the thread: write what it reported, and read the socket
/// for a cancel.
fn poll_hook(
    inbox: Rc<RefCell<Inbox>>,
    out: Rc<RefCell<Out>>,
    state: Rc<HostState>,
    cancel: Rc<Cancel>,
    fd: RawFd,
) -> crate::engine::PollHook {
    Box::new(move |now| {
        if let Ok(mut o) = out.try_borrow_mut() {
            o.take(&state, state.jobs.cancelled.get());
            o.flush();
        }
        let mut inbox = inbox.try_borrow_mut().ok()?;
        inbox.fill(|buf| inbox::recv_now(fd, buf));
        if state.jobs.cancelled.get() {
            return cancel.at.get();
        }
        let after = inbox.cancel_job()?;
        cancel_now(&state, &cancel, after, now);
        cancel.at.get()
    })
}
