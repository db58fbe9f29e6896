//! The Rust functions behind the web globals and the request glue.
//!
//! They are installed on one object that `js/prelude.js` receives as `host`
//! and keeps private. What they produce for the outside world (log lines,
//! finished requests) is queued in [`HostState`]; the serve loop takes it from
//! there after each turn of the engine, so no JS call ever does I/O.
//!
//! This file holds what the functions share (the events they queue, the
//! state they keep) and [`install`], which asks each area's file to add its
//! functions: `report` (log lines, messages, `waitUntil`), `time` (the
//! clock and timer deadlines), `answer` (a request's end: whole, failed or
//! streamed), `bytes` (base64, random bytes, multipart bodies), `encoding`
//! (`TextEncoder`/`TextDecoder`), `text` (lossy strings from JS),
//! `url` (URLs and urlencoded forms), `fetch` (outbound `fetch()`),
//! `crypto` (`crypto.subtle`'s operations and key table),
//! `jobs` (`bext.jobs` and the `job` object) and `trace` (the spans of
//! `fetch()` and `bext.trace.span`); `zlib` binds node:zlib, whose `host`
//! is the built-ins' own (see `node/host.rs`).

mod answer;
pub(crate) mod bytes;
pub mod crypto;
mod encoding;
mod fetch;
pub(crate) mod fs;
pub mod jobs;
mod jobs_queue;
mod navigator;
mod report;
mod socket;
pub mod text;
mod time;
mod trace;
mod url;
pub(crate) mod zlib;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use protocol::worker::{HttpResponse, LogLevel};
use rquickjs::{Ctx, Object, Result};

pub use bytes::bytes_of;
pub use time::Timers;

/// The end of one JS call the serve loop is waiting for (a request, the
/// module load, or a hook such as `startup`).
#[derive(Debug)]
pub enum HostEvent {
    Log {
        level: LogLevel,
        message: String,
    },
    Done {
        token: u32,
        result: std::result::Result<HttpResponse, JsFailure>,
    },
    /// `bext.sendMessage(data)`, as JSON.
    Message {
        data_json: String,
    },
    /// The request for `token` needs an export the script lacks (`custom`).
    Missing {
        token: u32,
        export: String,
    },
    /// A promise was rejected and still had no handler once the promise
    /// jobs had run; `reason` is the error's text (with its stack).
    Unhandled {
        reason: String,
    },
    /// `job.progress(p)`, in a job process.
    JobProgress(f64),
    /// `job.checkpoint(obj)`, as JSON (size already checked).
    JobCheckpoint(String),
    /// `bext.jobs.spawn/get/cancel`: a call for the master to answer.
    JobCall {
        query: u64,
        call: protocol::worker::JobCall,
    },
    /// `ctx.waitUntil(promise)` began (+1) or its promise settled (-1).
    Background(i32),
    /// The status and headers of `token`'s streamed answer.
    Head {
        token: u32,
        status: u16,
        headers: Vec<(String, String)>,
    },
    /// The next piece of `token`'s streamed body.
    Chunk {
        token: u32,
        data: Vec<u8>,
    },
    /// `token`'s streamed body ended.
    StreamEnd {
        token: u32,
    },
    /// `fetch()` was called.
    FetchStart(crate::fetch::FetchRequest),
    /// A `fetch()` was aborted (its signal, or its body cancelled).
    FetchAbort {
        id: u32,
    },
    /// A long `crypto.subtle` operation, to run off the JS thread; its
    /// result goes to the glue's `cryptoDone(id, …)`.
    CryptoStart {
        id: u32,
        job: crate::crypto::Job,
    },
    /// The request of `token` upgrades to WebSocket `sid`: answered 101
    /// with these headers (the chosen subprotocol).
    SocketAccept {
        token: u32,
        sid: u32,
        headers: Vec<(String, String)>,
    },
    /// `socket.send(data)` on WebSocket `sid`, within its window.
    SocketSend {
        sid: u32,
        text: bool,
        data: Vec<u8>,
    },
    /// `socket.close(code, reason)` on WebSocket `sid`.
    SocketClose {
        sid: u32,
        code: u16,
        reason: String,
    },
    /// A span ended (a `fetch()`'s, `bext.trace.span`'s), for bextd.
    Span(protocol::trace::ReportedSpan),
}

/// A JS error, already turned into text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsFailure {
    pub message: String,
    pub stack: String,
}

impl JsFailure {
    /// Message and stack on one block of text, for logs.
    pub fn describe(&self) -> String {
        if self.stack.is_empty() {
            self.message.clone()
        } else {
            format!("{}\n{}", self.message, self.stack.trim_end())
        }
    }
}

/// State the host functions share with the engine.
#[derive(Debug)]
pub struct HostState {
    pub events: RefCell<Vec<HostEvent>>,
    pub timers: RefCell<Timers>,
    /// What `bext.jobs` and the `job` object need (see [`jobs`]).
    pub jobs: jobs::JobHost,
    /// Bytes each streamed answer (by token) may still produce before it
    /// waits for the client (see `protocol::worker::STREAM_WINDOW_BYTES`).
    pub windows: RefCell<HashMap<u32, i64>>,
    /// Bytes each WebSocket (by the prelude's number) may still send before
    /// it waits for its client (see `protocol::worker::SOCKET_WINDOW_BYTES`).
    pub socket_windows: RefCell<HashMap<u32, i64>>,
    /// The material of every `CryptoKey` JS holds, by handle.
    pub keys: RefCell<crypto::KeyTable>,
    /// Whether a loop runs long crypto operations off the JS thread (set
    /// by the serve loop); else they run inline.
    pub crypto_offload: Cell<bool>,
    /// `performance.now()`'s zero, and `performance.timeOrigin`.
    origin: Cell<Instant>,
    origin_unix_ms: Cell<f64>,
}

impl Default for HostState {
    fn default() -> Self {
        HostState::new()
    }
}

impl HostState {
    pub fn new() -> Self {
        let state = HostState {
            events: RefCell::default(),
            timers: RefCell::default(),
            jobs: jobs::JobHost::default(),
            windows: RefCell::default(),
            socket_windows: RefCell::default(),
            keys: RefCell::default(),
            crypto_offload: Cell::new(false),
            origin: Cell::new(Instant::now()),
            origin_unix_ms: Cell::new(0.0),
        };
        state.restart_clock();
        state
    }

    /// Makes now the time origin: a worker forked from a template starts
    /// its own clock, not the template's.
    pub fn restart_clock(&self) {
        let unix = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        self.origin.set(Instant::now());
        self.origin_unix_ms.set(unix.as_secs_f64() * 1000.0);
    }

    pub(crate) fn push(&self, event: HostEvent) {
        self.events.borrow_mut().push(event);
    }
}

/// Builds the `host` object for the prelude.
pub fn install<'js>(ctx: &Ctx<'js>, state: &Rc<HostState>) -> Result<Object<'js>> {
    let host = Object::new(ctx.clone())?;
    report::install(ctx, &host, state)?;
    time::install(ctx, &host, state)?;
    answer::install(ctx, &host, state)?;
    socket::install(ctx, &host, state)?;
    bytes::install(ctx, &host)?;
    encoding::install(ctx, &host)?;
    url::install(ctx, &host)?;
    fetch::install(ctx, &host, state)?;
    crypto::install(ctx, &host, state)?;
    jobs::install(ctx, &host, state)?;
    trace::install(ctx, &host, state)?;
    navigator::install(ctx, &host)?;
    Ok(host)
}

/// Headers as the prelude flattens them (`[name, value, name, value, …]`)
/// back into pairs.
fn header_pairs(flat: &[String]) -> Vec<(String, String)> {
    flat.chunks_exact(2)
        .map(|kv| (kv[0].clone(), kv[1].clone()))
        .collect()
}
