//! One QuickJS runtime running one pool script.
//!
//! The engine never blocks and never does I/O. The serve loop asks it to
//! start things (load the module, run a hook, dispatch a request, fire due
//! timers, run queued promise jobs); the JS side reports each end through
//! the host functions, and the loop collects those reports with
//! [`Engine::take_events`]. Every request, hook and the module load is named
//! by a `token` so several can be in progress at once.
//!
//! Runaway JS is stopped by QuickJS's interrupt handler, which compares the
//! clock to a deadline the loop sets before each entry into JS
//! ([`Engine::set_deadline`]). The JS stack where it stopped is kept
//! ([`Engine::take_interrupted`]) so a timeout names the function that ran
//! away. While JS runs, the same handler calls the loop's poll hook
//! ([`Engine::set_poll`]) every few milliseconds, so news that arrives
//! meanwhile (a `Cancel`) can bring the deadline closer.
//!
//! A promise rejected with no handler is reported only if it still has none
//! once the promise jobs have run ([`HostEvent::Unhandled`]): an `async`
//! handler that throws rejects its promise before the glue attaches its
//! handler, and that is not an unhandled rejection.

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::rc::Rc;
use std::time::{Duration, Instant};

use protocol::worker::HttpRequest;
use rquickjs::{
    CatchResultExt, CaughtError, Context, Ctx, Function, Object, Persistent, Runtime, TypedArray,
    Value,
};

use crate::host::{self, HostEvent, HostState};
use crate::modules::{FileLoader, FileResolver, ModuleCache};

/// Why the engine could not be built.
#[derive(Debug, thiserror::Error)]
#[error("cannot start the JavaScript engine: {0}")]
pub struct EngineError(String);

/// Limits and shared state for one runtime.
#[derive(Debug, Clone, Default)]
pub struct EngineOptions {
    /// 0 = unlimited.
    pub memory_limit_bytes: u64,
    /// Compiled modules to reuse and to offer (the default is off).
    pub modules: Rc<ModuleCache>,
}

/// What the loop's poll hook gets to do while JS runs: return an earlier
/// deadline, if what it found calls for one.
pub type PollHook = Box<dyn FnMut(Instant) -> Option<Instant>>;

#[derive(Default)]
struct Interrupt {
    deadline: Cell<Option<Instant>>,
    fired: Cell<bool>,
    /// The JS stack where the last interrupt stopped the code.
    stack: RefCell<Option<String>>,
    poll: RefCell<Option<(Duration, PollHook)>>,
    last_poll: Cell<Option<Instant>>,
}

impl Interrupt {
    /// The interrupt handler: true stops the JS running now.
    fn check(&self) -> bool {
        let polling = self.poll.borrow().is_some();
        if self.deadline.get().is_none() && !polling {
            return false;
        }
        let now = Instant::now();
        if polling {
            self.poll_now(now);
        }
        match self.deadline.get() {
            Some(at) if now >= at => {
                self.fired.set(true);
                true
            }
            _ => false,
        }
    }

    fn poll_now(&self, now: Instant) {
        let Ok(mut slot) = self.poll.try_borrow_mut() else {
            return;
        };
        let Some((every, hook)) = slot.as_mut() else {
            return;
        };
        let last = self.last_poll.get().unwrap_or(now);
        if self.last_poll.get().is_some() && now < last + *every {
            return;
        }
        self.last_poll.set(Some(now));
        if let Some(at) = hook(now) {
            let d = self.deadline.get().map_or(at, |d| d.min(at));
            self.deadline.set(Some(d));
        }
    }
}

/// Unhandled rejections waiting for the end of the promise jobs, by the
/// identity of their promise.
#[derive(Default)]
struct Rejections(RefCell<Vec<(u64, String)>>);

fn identity(v: &Value<'_>) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// A QuickJS runtime with the prelude installed.
pub struct Engine {
    // Persistent handles must be dropped before the context and the runtime:
    // fields drop in declaration order.
    dispatch: Persistent<Function<'static>>,
    fire_timer: Persistent<Function<'static>>,
    glue: Persistent<Object<'static>>,
    ctx: Context,
    rt: Runtime,
    host: Rc<HostState>,
    interrupt: Rc<Interrupt>,
    rejections: Rc<Rejections>,
    /// The script's shape, known once it loaded (see [`Engine::dispatch`]).
    fetch_shape: Cell<Option<bool>>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").finish_non_exhaustive()
    }
}

fn caught_to_string(err: CaughtError<'_>) -> String {
    match err {
        CaughtError::Exception(e) => {
            let msg = e.message().unwrap_or_default();
            match e.stack() {
                Some(stack) if !stack.is_empty() => format!("{msg}\n{}", stack.trim_end()),
                _ => msg,
            }
        }
        CaughtError::Value(v) => format!("{v:?}"),
        CaughtError::Error(e) => e.to_string(),
    }
}

impl Engine {
    pub fn new(options: EngineOptions) -> Result<Engine, EngineError> {
        let err = |e: rquickjs::Error| EngineError(e.to_string());
        let rt = Runtime::new().map_err(err)?;
        if options.memory_limit_bytes > 0 {
            rt.set_memory_limit(options.memory_limit_bytes as usize);
        }
        rt.set_loader(
            FileResolver,
            FileLoader {
                cache: options.modules,
            },
        );
        let interrupt = Rc::new(Interrupt::default());
        let watch = interrupt.clone();
        rt.set_interrupt_handler(Some(Box::new(move || watch.check())));
        let host = Rc::new(HostState::new());
        let rejections = Rc::new(Rejections::default());
        let track = rejections.clone();
        rt.set_host_promise_rejection_tracker(Some(Box::new(
            move |_ctx: Ctx<'_>, promise: Value<'_>, reason: Value<'_>, handled: bool| {
                let id = identity(&promise);
                let mut list = track.0.borrow_mut();
                if handled {
                    list.retain(|(p, _)| *p != id);
                } else {
                    list.push((id, describe_value(&reason)));
                }
            },
        )));
        let ctx = Context::full(&rt).map_err(err)?;
        let (dispatch, fire_timer, glue) = ctx
            .with(|ctx| -> Result<_, String> {
                let setup: Function = crate::prelude::load(&ctx)
                    .catch(&ctx)
                    .map_err(caught_to_string)?;
                let host_obj = host::install(&ctx, &host).map_err(|e| e.to_string())?;
                let glue: Object = setup
                    .call((host_obj,))
                    .catch(&ctx)
                    .map_err(caught_to_string)?;
                let dispatch: Function = glue.get("dispatch").map_err(|e| e.to_string())?;
                let fire: Function = glue.get("fireTimer").map_err(|e| e.to_string())?;
                Ok((
                    Persistent::save(&ctx, dispatch),
                    Persistent::save(&ctx, fire),
                    Persistent::save(&ctx, glue),
                ))
            })
            .map_err(EngineError)?;
        Ok(Engine {
            dispatch,
            fire_timer,
            glue,
            ctx,
            rt,
            host,
            interrupt,
            rejections,
            fetch_shape: Cell::new(None),
        })
    }

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

    /// Calls the script's request handler; reports `Done` (or a streamed
    /// answer) for `token`. `export function handler(req)` gets the plain
    /// request object; `export default { fetch }` a web `Request`.
    pub fn dispatch(&self, token: u32, id: u64, request: &HttpRequest) {
        let fetch_shape = self.fetch_shape();
        let ok = self.ctx.with(|ctx| {
            let run = || -> rquickjs::Result<()> {
                let body = TypedArray::<u8>::new(ctx.clone(), request.body.as_slice())?;
                if fetch_shape {
                    let glue = self.glue.clone().restore(&ctx)?;
                    let f: Function = glue.get("dispatchFetch")?;
                    let headers: Vec<&str> = request
                        .headers
                        .iter()
                        .flat_map(|(k, v)| [k.as_str(), v.as_str()])
                        .collect();
                    return f.call::<_, ()>((
                        token,
                        request.method.as_str(),
                        absolute_url(request),
                        headers,
                        body,
                        request.ip.as_str(),
                    ));
                }
                let req = request_object(&ctx, id, request)?;
                let f = self.dispatch.clone().restore(&ctx)?;
                f.call::<_, ()>((token, req, body))
            };
            run().catch(&ctx).map_err(caught_to_string)
        });
        if let Err(e) = ok {
            self.escaped("handler", e);
        }
    }

    /// Whether the loaded script answers through `export default { fetch }`
    /// (asked once, after the load).
    fn fetch_shape(&self) -> bool {
        if let Some(yes) = self.fetch_shape.get() {
            return yes;
        }
        let yes = self.ctx.with(|ctx| {
            let ask = || -> rquickjs::Result<bool> {
                let glue = self.glue.clone().restore(&ctx)?;
                let f: Function = glue.get("usesFetch")?;
                f.call(())
            };
            ask().unwrap_or(false)
        });
        self.fetch_shape.set(Some(yes));
        yes
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
        let info = format!(
            r#"{{"id":{},"pool":{},"daemon":{},"restartCount":{},"data":{},"checkpoint":{}}}"#,
            text(&start.id),
            text(&start.pool),
            start.daemon,
            start.restart_count,
            start.data_json,
            start.checkpoint_json.as_deref().map_or("null".into(), text),
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

    /// What the host functions share with the loop.
    pub fn host(&self) -> &Rc<HostState> {
        &self.host
    }

    /// Runs queued promise jobs until none is left, then reports the
    /// rejections that are still unhandled.
    pub fn run_jobs(&self) {
        loop {
            match self.rt.execute_pending_job() {
                Ok(true) => continue,
                Ok(false) => break,
                Err(job) => {
                    let text = job.0.with(|ctx| describe_value(&ctx.catch()));
                    self.escaped("promise job", text);
                }
            }
        }
        let left = std::mem::take(&mut *self.rejections.0.borrow_mut());
        let mut events = self.host.events.borrow_mut();
        for (_, reason) in left {
            events.push(HostEvent::Unhandled { reason });
        }
    }

    /// Fires `req.signal` of the request started with `token`, with an
    /// `AbortError` (`timeout` false: the client went away) or a
    /// `TimeoutError` DOMException as its reason. Nothing happens if the
    /// request already answered.
    pub fn abort(&self, token: u32, timeout: bool) {
        self.call_glue("abort", |_, f| f.call::<_, ()>((token, timeout)));
    }

    /// The client took `bytes` of `token`'s streamed body: its stream may
    /// produce that much more, and goes on if it was waiting.
    pub fn credit(&self, token: u32, bytes: i64) {
        let reopened = {
            let mut windows = self.host.windows.borrow_mut();
            let Some(w) = windows.get_mut(&token) else {
                return;
            };
            let was_closed = *w <= 0;
            *w += bytes;
            was_closed && *w > 0
        };
        if reopened {
            self.call_glue("credit", |_, f| f.call::<_, ()>((token,)));
        }
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
            E::Failed { id, message } => f.call::<_, ()>((id, 3, message)),
        });
    }

    /// `token`'s streamed answer is over (ended, failed, timed out or
    /// cancelled): its stream gets no more credit.
    pub fn forget_stream(&self, token: u32) {
        self.host.windows.borrow_mut().remove(&token);
    }

    /// Fires every timer that is due, each followed by its promise jobs.
    pub fn fire_due_timers(&self) {
        let now = Instant::now();
        // Timers armed while firing (setInterval(f, 0)) wait for the next turn.
        let budget = self.host.timers.borrow().len();
        for _ in 0..budget {
            let Some(id) = self.host.timers.borrow_mut().pop_due(now) else {
                break;
            };
            let r = self.ctx.with(|ctx| -> Result<(), String> {
                let f = self
                    .fire_timer
                    .clone()
                    .restore(&ctx)
                    .map_err(|e| e.to_string())?;
                f.call::<_, ()>((id,)).catch(&ctx).map_err(caught_to_string)
            });
            if let Err(e) = r {
                self.escaped("timer", e);
            }
            self.run_jobs();
        }
    }

    pub fn next_timer(&self) -> Option<Instant> {
        self.host.timers.borrow().next_deadline()
    }

    pub fn take_events(&self) -> Vec<HostEvent> {
        std::mem::take(&mut *self.host.events.borrow_mut())
    }

    /// Bytes the QuickJS heap uses now.
    pub fn heap_bytes(&self) -> u64 {
        self.rt.memory_usage().memory_used_size.max(0) as u64
    }

    /// JS running at or after `at` is interrupted (None: never).
    pub fn set_deadline(&self, at: Option<Instant>) {
        self.interrupt.deadline.set(at);
    }

    /// Whether the interrupt handler stopped JS since the last call, with
    /// the JS stack where it stopped it (innermost frame first; empty if
    /// QuickJS gave none).
    pub fn take_interrupted(&self) -> Option<String> {
        let fired = self.interrupt.fired.replace(false);
        let stack = self.interrupt.stack.borrow_mut().take();
        fired.then(|| stack.unwrap_or_default())
    }

    /// Installs the hook the interrupt handler calls at most every `every`
    /// while JS runs; a deadline it returns replaces a later one.
    pub fn set_poll(&self, every: Duration, hook: PollHook) {
        *self.interrupt.poll.borrow_mut() = Some((every, hook));
    }

    pub fn run_gc(&self) {
        self.rt.run_gc();
    }

    fn call_glue<F>(&self, name: &str, call: F)
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
    fn escaped(&self, during: &str, text: String) {
        if self.interrupt.fired.get() {
            // Reported by the loop (as a timeout or a cancel), with the stack.
            let stack = text.split_once('\n').map_or("", |(_, s)| s);
            *self.interrupt.stack.borrow_mut() = Some(user_frames(stack));
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

fn describe_value(v: &Value<'_>) -> String {
    if let Some(obj) = v.as_object() {
        let msg: Option<String> = obj.get("message").ok();
        let stack: Option<String> = obj.get("stack").ok();
        let name: Option<String> = obj.get("name").ok();
        if let Some(msg) = msg {
            let head = format!("{}: {msg}", name.unwrap_or_else(|| "Error".into()));
            return match stack {
                Some(s) if !s.is_empty() => format!("{head}\n{}", s.trim_end()),
                _ => head,
            };
        }
    }
    if let Some(s) = v.as_string().and_then(|s| s.to_string().ok()) {
        return s;
    }
    format!("{v:?}")
}

/// The request's absolute URL for a web `Request`: the scheme from
/// `x-forwarded-proto` (else `http`), the authority from `host` (else
/// `localhost`), then the path and query as received.
fn absolute_url(r: &HttpRequest) -> String {
    let header = |name: &str| {
        r.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let scheme = match header("x-forwarded-proto") {
        Some(p) if p.eq_ignore_ascii_case("https") => "https",
        _ => "http",
    };
    let host = header("host")
        .filter(|h| !h.is_empty() && !h.contains(['/', '?', '#', '@', ' ']))
        .unwrap_or("localhost");
    let path = if r.url.starts_with('/') {
        r.url.as_str()
    } else {
        "/"
    };
    format!("{scheme}://{host}{path}")
}

/// Builds the `req` object: `{ id, method, url, path, query, headers, ip }`
/// (the prelude adds `body`, `bytes()`, `arrayBuffer()` and `signal`).
fn request_object<'js>(ctx: &Ctx<'js>, id: u64, r: &HttpRequest) -> rquickjs::Result<Object<'js>> {
    let obj = Object::new(ctx.clone())?;
    obj.set("id", id as f64)?;
    obj.set("method", r.method.as_str())?;
    obj.set("url", r.url.as_str())?;
    let (path, query) = match r.url.split_once('?') {
        Some((p, q)) => (p, q),
        None => (r.url.as_str(), ""),
    };
    obj.set("path", path)?;
    let q = Object::new(ctx.clone())?;
    for (k, v) in url::form_urlencoded::parse(query.as_bytes()) {
        // A repeated key becomes an array of its values, in order.
        match q.get::<_, Value>(k.as_ref())? {
            prev if prev.is_undefined() => q.set(k.as_ref(), v.as_ref())?,
            prev => {
                let arr = match prev.as_array() {
                    Some(a) => a.clone(),
                    None => {
                        let a = rquickjs::Array::new(ctx.clone())?;
                        a.set(0, prev)?;
                        a
                    }
                };
                arr.set(arr.len(), v.as_ref())?;
                q.set(k.as_ref(), arr)?;
            }
        }
    }
    obj.set("query", q)?;
    let headers = Object::new(ctx.clone())?;
    for (k, v) in &r.headers {
        match headers.get::<_, Option<String>>(k.as_str())? {
            // Repeated headers are joined, as Node does for most of them.
            Some(prev) => headers.set(k.as_str(), format!("{prev}, {v}"))?,
            None => headers.set(k.as_str(), v.as_str())?,
        }
    }
    obj.set("headers", headers)?;
    // `body` (the text) is made by the prelude on first read: a handler
    // that reads `req.bytes()` never pays for decoding.
    obj.set("ip", r.ip.as_str())?;
    Ok(obj)
}
