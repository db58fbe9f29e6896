//! The engine's calls into the prelude's glue object (`setIdentity`,
//! `load`, `hook`, `custom`, `message`, `runJob`, `fetchEvent`, …), and
//! what becomes of an error that escapes one.
//!
//! Each call only starts something: the JS side reports its end through
//! the host functions, as a [`HostEvent`] for the `token` it was given. The
//! prelude catches the script's own errors; what gets past it (an
//! interrupt, out of memory, a fault in the glue) is logged, or, for an
//! interrupt, kept with its stack for the loop to report.

use std::path::Path;

use rquickjs::{CatchResultExt, Ctx, Function, TypedArray, Value};

use super::{Engine, caught_to_string};
use crate::host::HostEvent;

impl Engine {
    /// Sets `bext.worker`, and the `env` that `fetch(request, env, ctx)` gets.
    pub fn set_identity(
        &self,
        id: u32,
        pid: u32,
        pool: &str,
        generation: u64,
        env: &[(String, String)],
    ) {
        let flat: Vec<&str> = env
            .iter()
            .flat_map(|(k, v)| [k.as_str(), v.as_str()])
            .collect();
        self.call_glue("setIdentity", |ctx, f| {
            f.call::<_, ()>((
                id,
                pid,
                rquickjs::String::from_str(ctx.clone(), pool)?,
                generation as f64,
                flat,
            ))
        });
    }

    /// Starts importing the module at `path`; reports `Done` for `token`.
    pub fn start_load(&self, token: u32, path: &Path) {
        let spec = path.to_string_lossy().into_owned();
        self.call_glue("load", |_, f| f.call::<_, ()>((token, spec)));
    }

    /// Starts the optional export `name` (startup, shutdown, …) with a JSON
    /// argument; reports `Done` for `token`, at once if it is not exported.
    pub fn start_hook(&self, token: u32, name: &str, arg_json: Option<&str>) {
        self.call_glue("hook", |ctx, f| {
            let arg = match arg_json {
                Some(json) => ctx.json_parse(json)?,
                None => Value::new_undefined(ctx.clone()),
            };
            f.call::<_, ()>((token, name, arg))
        });
    }

    /// Calls `custom(params)`; reports `Done` for `token` with the JSON of
    /// its result as the body.
    pub fn dispatch_custom(&self, token: u32, params_json: &str) {
        self.call_glue("custom", |ctx, f| {
            let params = ctx.json_parse(params_json)?;
            f.call::<_, ()>((token, params))
        });
    }

    /// Calls `message(data)`, if the script exports it.
    pub fn deliver_message(&self, data_json: &str) {
        self.call_glue("message", |ctx, f| {
            let data = ctx.json_parse(data_json)?;
            f.call::<_, ()>((data,))
        });
    }

    /// Imports the job module at `path` and starts its `run(job)`; reports
    /// `Done` for `token` with the JSON of what it returned as the body.
    pub fn start_job(&self, token: u32, path: &Path, start: &protocol::worker::JobStart) {
        let spec = path.to_string_lossy().into_owned();
        let text = |s: &str| serde_json::Value::String(s.to_owned()).to_string();
        // A traced run's context comes as OpenTelemetry hands one to a
        // child process: TRACEPARENT (and TRACESTATE) in its environment.
        let var = |name: &str| {
            start
                .env
                .iter()
                .find(|(k, _)| k == name)
                .map_or("null".into(), |(_, v)| text(v))
        };
        let info = format!(
            r#"{{"id":{},"pool":{},"daemon":{},"restartCount":{},"attempt":{},"data":{},"checkpoint":{},"traceparent":{},"tracestate":{}}}"#,
            text(&start.id),
            text(&start.pool),
            start.daemon,
            start.restart_count,
            start.attempt,
            start.data_json,
            start.checkpoint_json.as_deref().map_or("null".into(), text),
            var("TRACEPARENT"),
            var("TRACESTATE"),
        );
        self.call_glue("runJob", |ctx, f| {
            let info = ctx.json_parse(info)?;
            f.call::<_, ()>((token, spec, info))
        });
    }

    /// The job was cancelled: `job.cancelled` is true from now on, pending
    /// `job.sleep`s resolve and `job.signal` fires.
    pub fn cancel_job(&self) {
        self.host.jobs.cancelled.set(true);
        self.call_glue("jobCancel", |_, f| f.call::<_, ()>(()));
    }

    /// Settles the promise of `bext.jobs` call `query`.
    pub fn job_reply(&self, query: u64, reply: &Result<String, String>) {
        let (ok, text) = match reply {
            Ok(json) => (true, json.as_str()),
            Err(e) => (false, e.as_str()),
        };
        self.call_glue("jobReply", |_, f| {
            f.call::<_, ()>((query as f64, ok, text.to_owned()))
        });
    }

    /// Passes news of a `fetch()` to JS.
    pub fn fetch_event(&self, event: crate::fetch::FetchEvent) {
        use crate::fetch::FetchEvent as E;
        self.call_glue("fetchEvent", |ctx, f| match event {
            E::Head {
                id,
                status,
                status_text,
                headers,
                url,
                redirected,
            } => {
                let flat: Vec<String> = headers.into_iter().flat_map(|(k, v)| [k, v]).collect();
                f.call::<_, ()>((id, 0, status, status_text, flat, url, redirected))
            }
            E::Chunk { id, data } => {
                let data = TypedArray::<u8>::new(ctx.clone(), data)?;
                f.call::<_, ()>((id, 1, data))
            }
            E::End { id } => f.call::<_, ()>((id, 2)),
            E::Failed { id, message, .. } => f.call::<_, ()>((id, 3, message)),
        });
    }

    /// A `crypto.subtle` operation that ran off the JS thread ended: its
    /// promise settles (keys it made join the key table).
    pub fn crypto_done(
        &self,
        id: u32,
        result: Result<crate::crypto::Output, crate::crypto::CryptoError>,
    ) {
        let host = self.host.clone();
        self.call_glue("cryptoDone", |ctx, f| match result {
            Ok(out) => {
                let value = crate::host::crypto::to_js(ctx, &host, out)?;
                f.call::<_, ()>((id, true, value))
            }
            Err(e) => f.call::<_, ()>((id, false, e.dom_name(), e.to_string())),
        });
    }

    /// Tells WebSocket `sid`'s JS what happened to it (the glue's
    /// `socketEvent`: 0 open, 1 text, 2 binary, 3 drain, 4 closed).
    pub fn socket_event(&self, sid: u32, news: SocketNews) {
        self.call_glue("socketEvent", |ctx, f| match news {
            SocketNews::Open => f.call::<_, ()>((sid, 0)),
            SocketNews::Message(true, data) => {
                let text = String::from_utf8_lossy(&data);
                let text = rquickjs::String::from_str(ctx.clone(), &text)?;
                f.call::<_, ()>((sid, 1, text))
            }
            SocketNews::Message(false, data) => {
                let data = TypedArray::<u8>::new(ctx.clone(), data)?;
                f.call::<_, ()>((sid, 2, data))
            }
            SocketNews::Drain => f.call::<_, ()>((sid, 3)),
            SocketNews::Closed(code, reason) => f.call::<_, ()>((sid, 4, code, reason)),
        });
    }

    /// Calls the glue's function `name`; an error that escapes it goes to
    /// [`Engine::escaped`].
    pub(super) fn call_glue<F>(&self, name: &str, call: F)
    where
        F: for<'js> FnOnce(&Ctx<'js>, Function<'js>) -> rquickjs::Result<()>,
    {
        let r = self.ctx.with(|ctx| {
            let run = || -> rquickjs::Result<()> {
                let glue = self.glue.clone().restore(&ctx)?;
                let f: Function = glue.get(name)?;
                call(&ctx, f)
            };
            run().catch(&ctx).map_err(caught_to_string)
        });
        if let Err(e) = r {
            self.escaped(name, e);
        }
    }

    /// An error that got past the prelude's own catch blocks: an interrupt,
    /// an out-of-memory error, or a fault in the glue itself.
    pub(super) fn escaped(&self, during: &str, text: String) {
        if self.interrupt.fired.get() {
            // Reported by the loop (as a timeout or a cancel), with the stack.
            let stack = text.split_once('\n').map_or("", |(_, s)| s);
            let stack = crate::loader::sourcemap::rewrite(&user_frames(stack));
            *self.interrupt.stack.borrow_mut() = Some(stack);
            return;
        }
        self.host.events.borrow_mut().push(HostEvent::Log {
            level: protocol::worker::LogLevel::Error,
            message: format!("uncaught error in {during}: {text}"),
        });
    }
}

/// A stack without the prelude's own frames (the glue that called the
/// user's code), which say nothing to the user.
fn user_frames(stack: &str) -> String {
    stack
        .lines()
        .filter(|l| !l.contains(crate::prelude::MODULE_NAME))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a WebSocket's JS learns from the serve loop.
#[derive(Debug)]
pub enum SocketNews {
    /// Its upgrade was answered 101: `open`.
    Open,
    /// A message from the client: text (UTF-8, checked by bextd) or binary.
    Message(bool, Vec<u8>),
    /// Its credit window reopened: send what waits in `bufferedAmount`.
    Drain,
    /// Its close code and reason: `close`, and the socket is forgotten.
    Closed(u16, String),
}
