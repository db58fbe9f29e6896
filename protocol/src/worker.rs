//! Frames between `bextd` (the master) and one `bext-worker`.
//!
//! After the [`Hello`](crate::Hello) exchange the master sends
//! [`MasterToWorker::Init`]; the worker loads its script, runs `startup()`,
//! and answers [`WorkerToMaster::Ready`] or [`WorkerToMaster::BootFailed`].
//! From then on requests and responses flow, matched by `id`, so a worker
//! may serve several at once; heartbeats and log lines are interleaved.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// Who a worker is: the slot it fills and which process generation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerIdentity {
    /// Slot number in its pool, stable across restarts.
    pub id: u32,
    pub pool: String,
    /// Incremented each time a new process fills the slot.
    pub generation: u64,
}

/// What the worker needs to know to run its pool's script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerSettings {
    /// Absolute path of the ES module.
    pub script: String,
    /// 0 = no limit. The worker interrupts JS that runs past it.
    pub request_timeout_ms: u64,
    pub heartbeat_interval_ms: u64,
    /// 0 = no limit on the QuickJS heap.
    pub js_memory_limit_mb: u64,
    /// Largest frame either side may send.
    pub max_frame_bytes: u32,
    /// Compress HTTP responses in the worker, when set.
    pub compress: Option<Compression>,
    /// `[jobs] memory_budget_mb` in bytes: `bext.jobs.spawn` refuses a job
    /// that asks for more than the whole budget, at once.
    pub job_budget_bytes: u64,
    /// `[jobs] default_memory_mb` in bytes: what a job reserves when it does
    /// not say.
    pub job_default_memory_bytes: u64,
    /// The pool's `env` table: the worker's environment has it too, and
    /// `export default { fetch(request, env, ctx) }` gets it as `env`.
    pub env: Vec<(String, String)>,
    /// Where and how far the worker's `fetch()` may go.
    pub fetch: FetchPolicy,
    /// Run every thread under `SCHED_BATCH` (the pool's `scheduling =
    /// "batch"`): a worker woken by a request does not preempt the thread
    /// that woke it (bextd, mid-way through a batch of requests).
    pub batch_scheduling: bool,
    /// The folders the worker's modules may be read from.
    pub read: ReadPolicy,
    /// The size budget of the worker's temporary folder (`os.tmpdir()`,
    /// where node:fs writes), in bytes (`tmp_max_bytes`).
    pub tmp_max_bytes: u64,
}

/// Where a pool's modules may come from: its app root (`root`, else its
/// script's folder), the folders of `read_roots`, and the packages its
/// `node_modules` folders lead to. Anything else is refused at import.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadPolicy {
    /// The pool's app root, absolute and canonical.
    pub root: String,
    /// More folders it may read (`read_roots`), absolute and canonical.
    pub read_roots: Vec<String>,
}

/// A pool's limits on outbound `fetch()`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FetchPolicy {
    /// Hosts a `fetch()` may reach (`fetch_allow`): `host`, `host:port`,
    /// `*.domain`, or `*` for any. Empty: none.
    pub allow: Vec<String>,
    /// Longest a `fetch()` may take, from its start to the end of its body
    /// (`fetch_timeout_ms`).
    pub timeout_ms: u64,
    /// Largest response body a `fetch()` may read
    /// (`fetch_max_response_bytes`).
    pub max_response_bytes: u64,
}

/// Response compression done by the worker (so it runs on every core).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compression {
    /// Only responses whose content-type matches this regex.
    pub content_type_regex: String,
    /// Only bodies at least this long.
    pub min_bytes: u32,
}

/// Master → worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MasterToWorker {
    /// Sent once, right after the handshake.
    Init {
        identity: WorkerIdentity,
        settings: WorkerSettings,
        /// Modules other workers of the pool compiled (see [`CompiledModule`]).
        modules: Vec<CompiledModule>,
    },
    /// An HTTP request to pass to `handler(req)`.
    /// Shared: bextd keeps it to send again to another worker if this one
    /// dies before answering; on the wire it is the request itself.
    Request { id: u64, request: Arc<HttpRequest> },
    /// A non-HTTP request for `custom(params)`; answered with a `Response`
    /// whose body is the JSON of the result.
    Custom { id: u64, params_json: String },
    /// A broadcast for `message(data)`; not answered.
    Message { data_json: String },
    /// Run `maint(data)` (default: the QuickJS garbage collector); answered
    /// with `MaintDone`. Sent only when no request is in flight.
    Maint { data_json: Option<String> },
    /// The client of request `id` went away. A request the worker has not
    /// started never runs; a running one sees `req.signal` abort and is
    /// interrupted if it has not answered within [`CANCEL_GRACE_MS`]. Either
    /// way the worker answers it once, with [`Outcome::Cancelled`] (or with
    /// the outcome it already had, if the answer crossed the `Cancel`). A
    /// `Cancel` for an id the worker already answered is ignored.
    Cancel { id: u64 },
    /// Run `swap(changes)` (`changes_json`: a JSON array of
    /// `{"path", "kind"}`); answered with `SwapDone`. Sent only when no
    /// request is in flight (the worker is out of rotation, SWAPPING).
    Swap { changes_json: String },
    /// Sent instead of `Init` to a process started for one background job:
    /// import its script and run `run(job)` once, report the end with
    /// [`WorkerToMaster::JobFinished`], then exit.
    RunJob(JobStart),
    /// Cancel the job: `job.cancelled` turns true and pending `job.sleep`s
    /// resolve at once; JS still running `interrupt_after_ms` later is
    /// interrupted (the job ends [`JobOutcome::Cancelled`]).
    CancelJob { interrupt_after_ms: u64 },
    /// The answer to the worker's [`WorkerToMaster::JobCall`] `query`: the
    /// JSON of the result, or an error to throw.
    JobReply {
        query: u64,
        reply: Result<String, String>,
    },
    /// The client of streamed response `id` took `bytes` more of its body
    /// (see [`STREAM_WINDOW_BYTES`]).
    Credit { id: u64, bytes: u32 },
    /// Messages from the client of WebSocket `id` (the id of the request
    /// the worker answered 101), in order: what one read from the client
    /// held, up to [`SOCKET_BATCH_BYTES`] (a larger message comes alone).
    SocketMessages { id: u64, messages: Vec<SocketData> },
    /// WebSocket `id` is closed: the client's close `code` and `reason`, or
    /// bextd's (1006 when the connection ended without a close frame). No
    /// more frames come for it.
    SocketClosed { id: u64, code: u16, reason: String },
    /// The client of WebSocket `id` took `bytes` more of what the worker
    /// sent it (see [`SOCKET_WINDOW_BYTES`]).
    SocketCredit { id: u64, bytes: u32 },
    /// Collect, then walk what the globals and the script's exports hold
    /// within `limits`; answered with [`WorkerToMaster::HeapReport`]. Sent
    /// only when no request is in flight (the worker is out of rotation,
    /// MAINT).
    HeapWalk(crate::heap::WalkLimits),
}

/// One WebSocket message: text (valid UTF-8, checked by bextd for a
/// client's) or binary, whole (bextd joins fragments).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SocketData {
    pub text: bool,
    #[serde(with = "serde_bytes")]
    pub data: Vec<u8>,
}

/// Bytes of one socket's messages that may share a frame: messages are
/// added to a `SocketMessages` frame while their bytes stay within it, so
/// a burst of small messages costs one frame each way, and a message
/// larger than it travels alone.
pub const SOCKET_BATCH_BYTES: usize = 64 * 1024;

/// What each message counts towards [`SOCKET_BATCH_BYTES`] beyond its
/// bytes (its place in the frame), so that empty messages fill a batch too.
pub const SOCKET_BATCH_EACH: usize = 16;

/// Bytes of WebSocket messages a worker may have sent on one socket and
/// not yet had credited back: past it the worker keeps further messages
/// in the socket's `bufferedAmount` until the client has taken enough, so
/// a client that does not read holds at most this much in bextd.
pub const SOCKET_WINDOW_BYTES: u32 = 256 * 1024;

/// Bytes of a streamed response body a worker may have sent and not yet
/// had credited back: it reads no more of the body's stream until the
/// client has taken enough (back-pressure), so a slow client holds at most
/// this much in bextd.
pub const STREAM_WINDOW_BYTES: u32 = 256 * 1024;

/// How long a running request may go on after its `Cancel` (its
/// `req.signal` has fired) before the worker interrupts its JavaScript.
pub const CANCEL_GRACE_MS: u64 = 100;

/// Worker → master.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkerToMaster {
    /// The script loaded and `startup()` finished: send requests. Counts
    /// the modules loaded from bytecode in `Init` and those compiled from
    /// source.
    Ready {
        modules_cached: u32,
        modules_compiled: u32,
    },
    /// The script failed to load or `startup()` threw; the worker exits next.
    BootFailed { error: String },
    /// The outcome of the request with the same `id`.
    Response { id: u64, outcome: Outcome },
    /// Sent every `heartbeat_interval_ms` while the worker's loop turns.
    Heartbeat(Heartbeat),
    /// A `console.*` call or an error the worker logs.
    Log { level: LogLevel, message: String },
    /// `bext.sendMessage(data)`.
    Message { data_json: String },
    /// `maint()` finished (`error` if it threw).
    MaintDone { error: Option<String> },
    /// A module this worker compiled from source, for the master to hand to
    /// the pool's next workers. Sent at most once per module.
    Compiled(CompiledModule),
    /// The request `id` is about to run: sent (and flushed) just before its
    /// handler starts. If the worker dies, the requests it had not started
    /// are sent to another worker whatever their method.
    Started { id: u64 },
    /// The status and headers of request `id`'s answer, whose body follows
    /// in [`WorkerToMaster::ResponseChunk`] frames as it is produced; its
    /// `Response` frame ends it: [`Outcome::Streamed`] when the body ended,
    /// any other outcome cuts it short.
    ResponseHead {
        id: u64,
        status: u16,
        headers: Vec<(String, String)>,
    },
    /// The next piece of a streamed body (never empty).
    ResponseChunk {
        id: u64,
        #[serde(with = "serde_bytes")]
        data: Vec<u8>,
    },
    /// `swap()` finished: `error` if it threw, or if the script exports no
    /// `swap` (`missing`); the master then replaces the worker instead.
    SwapDone {
        error: Option<String>,
        missing: bool,
    },
    /// `job.progress(p)`, `p` from 0 to 1.
    JobProgress { progress: f64 },
    /// `job.checkpoint(obj)`: the JSON to resume from, at most the
    /// job's `max_checkpoint_bytes`.
    JobCheckpoint { json: String },
    /// How `run(job)` ended; the process exits next.
    JobFinished(JobOutcome),
    /// `bext.jobs.spawn/get/cancel` from a request handler, answered by
    /// [`MasterToWorker::JobReply`] with the same `query`.
    JobCall { query: u64, call: JobCall },
    /// A `fetch()` (or one of its redirects) was refused by the pool's
    /// `fetch_allow`; bextd counts it.
    FetchRefused { reason: crate::fetch_allow::Refusal },
    /// Messages for the client of WebSocket `id`, in order: what the
    /// worker's handlers sent it in one turn, up to [`SOCKET_BATCH_BYTES`]
    /// (a larger message goes alone).
    SocketMessages { id: u64, messages: Vec<SocketData> },
    /// `socket.close(code, reason)` on WebSocket `id`: bextd sends the
    /// close frame and forgets the socket.
    SocketClose { id: u64, code: u16, reason: String },
    /// Spans the worker ended (a `fetch()`'s, `bext.trace.span`'s) for
    /// bextd to export; only ever sent for sampled requests.
    Spans(Vec<crate::trace::ReportedSpan>),
    /// QuickJS's counters, taken right after the collection the worker
    /// runs once it has been idle a moment.
    Census(crate::heap::Census),
    /// The answer to [`MasterToWorker::HeapWalk`].
    HeapReport(crate::heap::HeapReport),
    /// The handler of WebSocket `id` took `bytes` more of the client's
    /// messages (their `message` events were dispatched): bextd reads more
    /// from that client while what it sent and was not taken stays under
    /// the pool's `ws_max_buffered_bytes`.
    SocketTaken { id: u64, bytes: u32 },
}

mod jobs;
pub use jobs::{JobCall, JobOutcome, JobSpawn, JobStart, is_job_id, new_job_id};

/// Longest text a worker puts in one log line (a `console.*` call, an
/// error's message or stack): longer text is cut there, with a marker, by
/// the worker before it is framed and again by the master, so a huge
/// `console.log` never exceeds a frame. The master cuts each line of a
/// worker's stdout and stderr at the same size.
pub const MAX_LOG_BYTES: usize = 16 * 1024;

/// Largest module (source plus bytecode) a worker offers to share.
pub const MAX_SHARED_MODULE_BYTES: usize = 8 * 1024 * 1024;

/// A module compiled by one worker, so the pool's next workers can load its
/// QuickJS bytecode instead of parsing the source again. A worker uses
/// `bytecode` only when the file at `path` still holds exactly `source` and
/// `engine` names its own executable; otherwise it compiles as usual.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompiledModule {
    /// The resolved path the module was imported by.
    pub path: String,
    /// The bytes it was compiled from.
    #[serde(with = "serde_bytes")]
    pub source: Vec<u8>,
    /// Which `bext-worker` executable wrote the bytecode (bytecode is only
    /// valid for the QuickJS build that wrote it).
    pub engine: String,
    #[serde(with = "serde_bytes")]
    pub bytecode: Vec<u8>,
}

impl CompiledModule {
    /// Bytes this module costs to hold and to send.
    pub fn size(&self) -> usize {
        self.path.len() + self.source.len() + self.engine.len() + self.bytecode.len()
    }
}

/// The worker's report on itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Heartbeat {
    /// Resident set size as the worker measures it.
    pub rss_bytes: u64,
    /// Bytes in use by the QuickJS heap.
    pub js_heap_bytes: u64,
    /// Requests the worker holds right now.
    pub in_flight: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogLevel {
    Error,
    Warn,
    Info,
    Debug,
}

/// How a request ended inside the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    /// `handler()` returned (or its Promise resolved to) a response.
    Ok(HttpResponse),
    /// `handler()` threw or its Promise rejected (answered 500).
    Error { message: String, stack: String },
    /// The request ran past `request_timeout_ms` and was interrupted (504).
    /// `stack` is the JavaScript stack where it was interrupted, innermost
    /// frame first (`    at handler (/srv/app/worker.js:3:9)` lines), or
    /// empty when no JS of the request was running at its deadline (it was
    /// waiting on a timer or a promise).
    Timeout { stack: String },
    /// QuickJS ran out of its `js_memory_limit_mb` heap (500; the worker is rotated).
    OutOfMemory,
    /// The master sent [`MasterToWorker::Cancel`] for it: it never ran, or
    /// it was aborted (and interrupted if it did not stop within the grace).
    Cancelled,
    /// The body of a streamed answer (a `ResponseHead` was sent) ended.
    Streamed,
}

/// An HTTP request as the worker sees it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HttpRequest {
    pub method: String,
    /// Path and query, as received (`/a/b?x=1`).
    pub url: String,
    /// Lower-cased names, in arrival order.
    pub headers: Vec<(String, String)>,
    #[serde(with = "serde_bytes")]
    pub body: Vec<u8>,
    /// Address of the client.
    pub ip: String,
}

/// An HTTP response produced by the worker.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    #[serde(with = "serde_bytes")]
    pub body: Vec<u8>,
}

impl HttpRequest {
    /// Whether it asks for a WebSocket (RFC 6455 §4.2.1: `GET`, `Upgrade:
    /// websocket`, `Connection` naming `upgrade`); bextd checks the rest of
    /// the handshake before it sends such a request.
    pub fn wants_websocket(&self) -> bool {
        let has = |name: &str, word: &str| {
            self.headers.iter().any(|(k, v)| {
                k == name && v.split(',').any(|t| t.trim().eq_ignore_ascii_case(word))
            })
        };
        self.method == "GET" && has("upgrade", "websocket") && has("connection", "upgrade")
    }
}

// Bodies can be megabytes and may hold user data: print their size only.
impl fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &self.headers.len())
            .field("body_bytes", &self.body.len())
            .field("ip", &self.ip)
            .finish()
    }
}

impl fmt::Debug for CompiledModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompiledModule")
            .field("path", &self.path)
            .field("source_bytes", &self.source.len())
            .field("engine", &self.engine)
            .field("bytecode_bytes", &self.bytecode.len())
            .finish()
    }
}

impl fmt::Debug for HttpResponse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpResponse")
            .field("status", &self.status)
            .field("headers", &self.headers.len())
            .field("body_bytes", &self.body.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_hides_bodies() {
        let r = HttpResponse {
            status: 200,
            headers: vec![],
            body: b"secret".to_vec(),
        };
        let s = format!("{r:?}");
        assert!(!s.contains("secret"), "{s}");
        assert!(s.contains("body_bytes: 6"), "{s}");
    }

    #[test]
    fn debug_shows_module_sizes_not_code() {
        let m = CompiledModule {
            path: "/app/w.js".into(),
            source: b"secret()".to_vec(),
            engine: "1:2:3:4.5".into(),
            bytecode: vec![1, 2, 3],
        };
        let s = format!("{m:?}");
        assert!(!s.contains("secret"), "{s}");
        assert!(
            s.contains("source_bytes: 8") && s.contains("bytecode_bytes: 3"),
            "{s}"
        );
        assert_eq!(m.size(), 9 + 8 + 9 + 3);
    }
}
