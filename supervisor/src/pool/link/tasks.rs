//! The tasks of one link: the handshake and `Init` (the hello exchange and
//! the batching writer are `process::link`'s), then a reader completing
//! requests and turning every other frame into a [`LinkEvent`] for the pool
//! actor.
//!
//! Compiled modules are taken from a worker only before its `Ready`: until
//! then it has been sent nothing but `Init` (no request reaches a worker
//! that is not ACTIVE, and frames are read in order), so the bytecode it
//! offers is what the pool's files compile to and nothing a client chose.
//! Once it may have served, a worker that sends bytecode anyway could have
//! been made to (a request that took it over), and every later worker of
//! the pool would run it: such frames are ignored, with one warning.
//! (Warm-up requests come after `Ready`: their paths are bextd's, but
//! what they read may not be.)

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use nix::unistd::Pid;
use protocol::worker::{
    CompiledModule, LogLevel, MasterToWorker, Outcome, WorkerIdentity, WorkerSettings,
    WorkerToMaster,
};
use tokio::sync::mpsc;

use super::{Inner, LinkEvent, LinkStats, TaggedEvent, WorkerLink};
use crate::pool::modcache::ModuleCache;
use crate::pool::room::Room;
use crate::process::link::{HelloFailed, Reader, hello, write_loop};

/// Who a new link's worker is and what its `Init` carries.
#[derive(Debug)]
pub struct NewLink {
    pub pool: Arc<str>,
    pub slot: u32,
    pub pid: Pid,
    pub generation: u64,
    /// The load of the pool's code it runs (`pool::version::Load::seq`).
    pub version: u64,
    pub settings: WorkerSettings,
    /// The pool's compiled modules: sent in `Init`, added to by `Compiled`
    /// frames that arrive before `Ready`.
    pub modules: Arc<ModuleCache>,
    /// `worker_concurrency`.
    pub capacity: u32,
    /// The pool's queue of waiting requests.
    pub room: Arc<Room>,
    /// How to signal the process.
    pub process: crate::process::pidfd::Process,
    /// Where its `bext.jobs` calls go.
    pub jobs: crate::jobs::JobsHandle,
    /// Paths it must answer 2xx before it is ACTIVE (`warmup.rs`).
    pub warmup: Arc<[String]>,
}

/// Starts the tasks of a new worker's link; the handshake and `Init` go
/// first, then queued frames. On failure the worker is killed.
pub fn connect(
    new: NewLink,
    socket: std::os::unix::net::UnixStream,
    events: mpsc::UnboundedSender<TaggedEvent>,
) -> std::io::Result<Arc<WorkerLink>> {
    let socket = match protocol::sock::split(socket) {
        Ok(s) => s,
        Err(e) => {
            // No link will hold the process: it must not outlive this.
            new.process.signal(nix::sys::signal::Signal::SIGKILL);
            return Err(e);
        }
    };
    let (tx, rx) = mpsc::unbounded_channel();
    let (link, boot, jobs) = open(new, tx);
    tokio::spawn(run(link.clone(), socket, boot, rx, events, jobs));
    Ok(link)
}

/// The link of `new`, closed to requests until the worker is ACTIVE, its
/// frames queued on `tx`; with what its tasks need.
fn open(
    new: NewLink,
    tx: mpsc::UnboundedSender<MasterToWorker>,
) -> (Arc<WorkerLink>, Boot, crate::jobs::JobsHandle) {
    let NewLink {
        pool,
        slot,
        pid,
        generation,
        version,
        settings,
        modules,
        capacity,
        room,
        process,
        jobs,
        warmup,
    } = new;
    let link = Arc::new(WorkerLink {
        pool: pool.clone(),
        slot,
        pid,
        generation,
        version,
        born: Instant::now(),
        in_flight: AtomicU32::new(0),
        sockets: AtomicU32::new(0),
        open: AtomicBool::new(false),
        rotate_after: AtomicU64::new(0),
        given: AtomicU64::new(0),
        picked: AtomicU64::new(0),
        capacity: capacity.max(1),
        room,
        process,
        stats: LinkStats::default(),
        broken: OnceLock::new(),
        death: OnceLock::new(),
        died: tokio::sync::Notify::new(),
        side: std::sync::Mutex::default(),
        closed: AtomicBool::new(false),
        inner: Mutex::new(Inner {
            accepting: false,
            tx: Some(tx),
            pending: HashMap::new(),
            held_at_close: Vec::new(),
            draining: false,
            terminated: false,
            sockets: HashMap::new(),
        }),
    });
    let identity = WorkerIdentity {
        id: slot,
        pool: pool.to_string(),
        generation,
    };
    let boot = Boot {
        identity,
        settings,
        modules,
        warmup,
    };
    (link, boot, jobs)
}

/// What the worker's `Init` carries.
struct Boot {
    identity: WorkerIdentity,
    settings: WorkerSettings,
    modules: Arc<ModuleCache>,
    warmup: Arc<[String]>,
}

async fn run(
    link: Arc<WorkerLink>,
    socket: (protocol::sock::ReadHalf, protocol::sock::WriteHalf),
    boot: Boot,
    rx: mpsc::UnboundedReceiver<MasterToWorker>,
    events: mpsc::UnboundedSender<TaggedEvent>,
    jobs: crate::jobs::JobsHandle,
) {
    let Boot {
        identity,
        settings,
        modules,
        warmup,
    } = boot;
    let tag = |event| TaggedEvent {
        slot: link.slot,
        generation: link.generation,
        event,
    };
    let (reader, mut writer) = match hello(socket, settings.max_frame_bytes).await {
        Ok(halves) => halves,
        Err(HelloFailed::Broken(why)) => {
            let event = link.broke(why);
            link.close();
            let _ = events.send(tag(event));
            return;
        }
        Err(HelloFailed::Closed) => {
            link.close();
            let _ = events.send(tag(LinkEvent::Closed));
            return;
        }
    };
    // The cache as it is now, not when the process was spawned: a worker
    // booting beside this one may have just offered the script.
    let init = MasterToWorker::Init {
        identity,
        settings,
        modules: modules.snapshot(),
    };
    if writer.send(init).await.is_err() {
        link.close();
        let _ = events.send(tag(LinkEvent::Closed));
        return;
    }
    tokio::spawn(write_loop(writer, rx));
    let end = read_loop(&link, reader, (&modules, &warmup), &events, &jobs).await;
    link.close();
    let _ = events.send(tag(end));
}

/// Which compiled modules of a worker the pool keeps (see the module docs).
#[derive(Debug, Default)]
struct Bytecode {
    /// `Ready` came: from then on the worker may have served.
    ready: bool,
    /// The one warning about later offers was logged.
    warned: bool,
}

impl Bytecode {
    fn offered(&mut self, link: &WorkerLink, modules: &ModuleCache, module: CompiledModule) {
        if !self.ready {
            return modules.offer(module);
        }
        if !std::mem::replace(&mut self.warned, true) {
            tracing::warn!(pool = %link.pool, worker = link.slot, pid = link.pid.as_raw(), module = %module.path,
                "ignored compiled modules from a worker that may have served requests: later workers never run bytecode such a worker offers");
        }
    }
}

/// Reads until the socket closes or breaks; returns how it ended.
async fn read_loop(
    link: &Arc<WorkerLink>,
    mut reader: Reader,
    (modules, warmup): (&ModuleCache, &Arc<[String]>),
    events: &mpsc::UnboundedSender<TaggedEvent>,
    jobs: &crate::jobs::JobsHandle,
) -> LinkEvent {
    let send = |event| {
        let _ = events.send(TaggedEvent {
            slot: link.slot,
            generation: link.generation,
            event,
        });
    };
    let mut bytecode = Bytecode::default();
    loop {
        let frame = match reader.next().await {
            Some(Ok(frame)) => frame,
            // A worker killed from outside resets its socket: it died, it
            // did not break the protocol.
            Some(Err(e)) if is_reset(&e) => return LinkEvent::Closed,
            Some(Err(e)) => return link.broke(e.into()),
            None => return LinkEvent::Closed,
        };
        crate::process::link::release(reader.read_buffer_mut());
        match frame {
            WorkerToMaster::Response { id, outcome } => answered(link, id, outcome, &send),
            WorkerToMaster::Log { level, message } => log_line(link, level, &message),
            WorkerToMaster::FetchRefused { reason } => {
                crate::metrics::fetch_refused(&link.pool, reason)
            }
            WorkerToMaster::Spans(spans) => {
                crate::otel::worker::export(spans, &link.pool, Some(link.slot))
            }
            WorkerToMaster::Heartbeat(hb) => {
                let s = &link.stats;
                s.last_beat_ms
                    .store(link.born.elapsed().as_millis() as u64, Ordering::Relaxed);
                s.js_heap_bytes.store(hb.js_heap_bytes, Ordering::Relaxed);
            }
            WorkerToMaster::Ready {
                modules_cached,
                modules_compiled,
            } => {
                bytecode.ready = true;
                let ready = LinkEvent::Ready {
                    cached: modules_cached,
                    compiled: modules_compiled,
                };
                if warmup.is_empty() {
                    send(ready)
                } else {
                    super::warmup::start(link.clone(), warmup.clone(), ready, events.clone())
                }
            }
            WorkerToMaster::Compiled(module) => bytecode.offered(link, modules, module),
            WorkerToMaster::Started { id } => link.started(id),
            WorkerToMaster::ResponseHead {
                id,
                status,
                headers,
            } => link.stream_head(id, status, headers),
            WorkerToMaster::ResponseChunk { id, data } => {
                if let Err(why) = link.stream_chunk(id, data) {
                    return link.broke(why);
                }
            }
            WorkerToMaster::BootFailed { error } => send(LinkEvent::BootFailed(error)),
            WorkerToMaster::MaintDone { error } => send(LinkEvent::MaintDone(error)),
            WorkerToMaster::Census(c) => send(LinkEvent::Census(c)),
            WorkerToMaster::HeapReport(r) => send(LinkEvent::HeapReport(Box::new(r))),
            WorkerToMaster::JobCall { query, call } => job_call(link, jobs, query, call),
            WorkerToMaster::JobProgress { .. }
            | WorkerToMaster::JobCheckpoint { .. }
            | WorkerToMaster::JobFinished(_) => {
                tracing::warn!(pool = %link.pool, worker = link.slot, pid = link.pid.as_raw(),
                    "a pool worker sent a job report; ignored");
            }
            WorkerToMaster::SwapDone { error, missing } => {
                send(LinkEvent::SwapDone { error, missing })
            }
            WorkerToMaster::Message { data_json } => message(link, &data_json),
            WorkerToMaster::SocketMessages { id, messages } => {
                if let Err(why) = link.socket_messages(id, messages) {
                    return link.broke(why);
                }
            }
            WorkerToMaster::SocketClose { id, code, reason } => link.socket_close(id, code, reason),
            WorkerToMaster::SocketTaken { id, bytes } => link.socket_taken(id, bytes),
        }
    }
}

/// A `bext.jobs` call from the worker, answered on its own task (a spawn
/// may wait on the state file).
fn job_call(
    link: &Arc<WorkerLink>,
    jobs: &crate::jobs::JobsHandle,
    query: u64,
    call: protocol::worker::JobCall,
) {
    let (jobs, link) = (jobs.clone(), link.clone());
    tokio::spawn(async move {
        // Its promise is rejected with the error's words.
        let reply = jobs.from_worker(&link.pool, call).await;
        let reply = reply.map_err(|e| e.to_string());
        link.send_untracked(MasterToWorker::JobReply { query, reply });
    });
}

/// A `bext.sendMessage` from the worker: counted and logged.
fn message(link: &WorkerLink, data_json: &str) {
    link.stats.messages.fetch_add(1, Ordering::Relaxed);
    tracing::info!(
        target: "bext::message",
        pool = %link.pool, worker = link.slot, pid = link.pid.as_raw(),
        data = %crate::logging::untrusted(data_json),
        "message from worker"
    );
}

/// Whether a read failed because the worker's end went away (it died),
/// rather than because of what it sent.
fn is_reset(e: &protocol::FrameError) -> bool {
    matches!(e, protocol::FrameError::Io(io) if matches!(
        io.kind(),
        std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::BrokenPipe
    ))
}

/// A worker answered request `id`: complete it and count it; report the
/// request limit and an out-of-memory answer to the pool.
fn answered(link: &WorkerLink, id: u64, outcome: Outcome, send: &dyn Fn(LinkEvent)) {
    let failed = !matches!(&outcome, Outcome::Ok(r) if r.status < 500)
        && !matches!(outcome, Outcome::Cancelled | Outcome::Streamed);
    let oom = matches!(outcome, Outcome::OutOfMemory);
    let status = match &outcome {
        Outcome::Ok(r) => Some(r.status),
        Outcome::Error { .. } | Outcome::OutOfMemory => Some(500),
        Outcome::Timeout { .. } => Some(504),
        Outcome::Streamed => Some(200),
        Outcome::Cancelled => None,
    };
    if let Some(took) = link.complete(id, outcome) {
        if let Some(status) = status {
            link.tallied(status, took, send);
        }
        let s = &link.stats;
        let served = s.served.fetch_add(1, Ordering::Relaxed) + 1;
        if failed {
            s.failed.fetch_add(1, Ordering::Relaxed);
        }
        s.total_render_us
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
        s.last_request_unix_ms
            .store(crate::process::memory::unix_ms(), Ordering::Relaxed);
        let limit = link.rotate_after.load(Ordering::Relaxed);
        if limit > 0 && served == limit {
            send(LinkEvent::RequestLimit);
        }
    }
    if oom {
        send(LinkEvent::OutOfMemory);
    }
}

/// Logs a worker's log frame: cut and escaped, like any text from a worker.
fn log_line(link: &WorkerLink, level: LogLevel, message: &str) {
    let message = crate::logging::untrusted(message);
    let (pool, worker, pid) = (&*link.pool, link.slot, link.pid.as_raw());
    let pool = tracing::field::display(pool);
    match level {
        LogLevel::Error => tracing::error!(target: "bext::js", pool, worker, pid, "{message}"),
        LogLevel::Warn => tracing::warn!(target: "bext::js", pool, worker, pid, "{message}"),
        LogLevel::Info => tracing::info!(target: "bext::js", pool, worker, pid, "{message}"),
        LogLevel::Debug => tracing::debug!(target: "bext::js", pool, worker, pid, "{message}"),
    }
}
