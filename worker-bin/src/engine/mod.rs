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
//!
//! This file holds the engine's state, its start, and the turns the loop
//! drives (promise jobs, timers). The rest is cut by what it is about:
//! `glue` (the calls into the prelude's glue object: load, hooks, custom
//! calls, messages, jobs, fetch news, and what to do with an error that
//! escapes them), `request` (a request's way in, its abort and its stream
//! credits), `req` (the handler's `req`, its costly fields made on first
//! read), `interrupt` (the deadline and the poll hook) and `rejections`
//! (the unhandled-rejection tracker).

mod glue;
mod heap;
mod interrupt;
mod random;
mod rejections;
mod req;
mod request;

use std::cell::Cell;
use std::rc::Rc;
use std::time::Instant;

use rquickjs::{
    CatchResultExt, CaughtError, Context, Ctx, FromJs, Function, Object, Persistent, Runtime, Value,
};

use crate::host::text::Text;
use crate::host::{self, HostEvent, HostState};
use crate::loader::ModuleCache;
use interrupt::Interrupt;
use rejections::Rejections;

pub use glue::SocketNews;
pub use interrupt::PollHook;

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

/// A QuickJS runtime with the prelude installed.
pub struct Engine {
    // Persistent handles must be dropped before the context and the runtime:
    // fields drop in declaration order.
    dispatch: Persistent<Function<'static>>,
    dispatch_fetch: Persistent<Function<'static>>,
    fire_timer: Persistent<Function<'static>>,
    glue: Persistent<Object<'static>>,
    req_shape: req::ReqShape,
    ctx: Context,
    rt: Runtime,
    host: Rc<HostState>,
    interrupt: Rc<Interrupt>,
    rejections: Rc<Rejections>,
    /// The script's shape, known once it loaded (see [`Engine::dispatch`]).
    fetch_shape: Cell<Option<bool>>,
}

impl Drop for Engine {
    fn drop(&mut self) {
        // The JS values wasm holds go before the runtime they belong to.
        crate::wasm::release();
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").finish_non_exhaustive()
    }
}

/// The handles the engine keeps on what the prelude's setup returned.
struct Prelude {
    dispatch: Persistent<Function<'static>>,
    dispatch_fetch: Persistent<Function<'static>>,
    fire_timer: Persistent<Function<'static>>,
    glue: Persistent<Object<'static>>,
    req_shape: req::ReqShape,
}

impl Engine {
    pub fn new(options: EngineOptions) -> Result<Engine, EngineError> {
        let err = |e: rquickjs::Error| EngineError(e.to_string());
        let rt = Runtime::new().map_err(err)?;
        if options.memory_limit_bytes > 0 {
            rt.set_memory_limit(options.memory_limit_bytes as usize);
        }
        let (resolver, loader) = crate::loader::new(options.modules);
        rt.set_loader(resolver, loader);
        let interrupt = Rc::new(Interrupt::default());
        interrupt.watch(&rt);
        // Wasm asks the same check at its epoch ticks (nothing of wasm is
        // made here: see crate::wasm).
        let watch = interrupt.clone();
        crate::wasm::set_interrupt_check(Box::new(move || watch.check()));
        crate::wasm::set_memory_limit(options.memory_limit_bytes);
        let host = Rc::new(HostState::new());
        let rejections = Rc::new(Rejections::default());
        rejections.track(&rt);
        let ctx = Context::full(&rt).map_err(err)?;
        let prelude = ctx
            .with(|ctx| install_prelude(&ctx, &host))
            .map_err(EngineError)?;
        Ok(Engine {
            dispatch: prelude.dispatch,
            dispatch_fetch: prelude.dispatch_fetch,
            fire_timer: prelude.fire_timer,
            glue: prelude.glue,
            req_shape: prelude.req_shape,
            ctx,
            rt,
            host,
            interrupt,
            rejections,
            fetch_shape: Cell::new(None),
        })
    }

    /// Caps the QuickJS heap (0: no cap). A worker forked from a template
    /// learns its pool's cap after the engine was made.
    pub fn set_memory_limit(&self, bytes: u64) {
        self.rt
            .set_memory_limit(usize::try_from(bytes).unwrap_or(usize::MAX));
        crate::wasm::set_memory_limit(bytes);
    }

    /// What a worker forked from a template does first: its own clock for
    /// `performance`, its own `Math.random` seed.
    pub fn forked(&self) {
        self.host.restart_clock();
        random::reseed();
    }

    /// What the host functions share with the loop.
    pub fn host(&self) -> &Rc<HostState> {
        &self.host
    }

    /// Runs `process.nextTick` callbacks and queued promise jobs until none
    /// is left, in Node's order (ticks first, then every promise job, then
    /// the ticks those queued: `node::ticks`), then reports the rejections
    /// that are still unhandled.
    pub fn run_jobs(&self) {
        loop {
            while crate::node::ticks::pending() {
                let r = self.ctx.with(|ctx| {
                    crate::node::ticks::run(&ctx)
                        .catch(&ctx)
                        .map_err(caught_to_string)
                });
                if let Err(e) = r {
                    self.escaped("process.nextTick callback", e);
                }
            }
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
            if !crate::node::ticks::pending() {
                break;
            }
        }
        let left = self.rejections.take();
        let mut events = self.host.events.borrow_mut();
        for reason in left {
            events.push(HostEvent::Unhandled { reason });
        }
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

    pub fn run_gc(&self) {
        self.rt.run_gc();
    }
}

/// Runs the prelude's setup with the `host` object and keeps what it
/// returns: the glue object and its hot functions, looked up once.
fn install_prelude<'js>(ctx: &Ctx<'js>, host: &Rc<HostState>) -> Result<Prelude, String> {
    random::install(ctx).map_err(|e| e.to_string())?;
    let setup: Function = crate::prelude::load(ctx)
        .catch(ctx)
        .map_err(caught_to_string)?;
    let host_obj = host::install(ctx, host).map_err(|e| e.to_string())?;
    // The web module's first load also gives the prelude's `host` the zlib
    // room's binding (CompressionStream, DecompressionStream).
    let load_web = Function::new(ctx.clone(), |ctx: Ctx<'js>, host: Object<'js>| {
        host::zlib::install(&ctx, &host)?;
        crate::prelude::load_web(&ctx)
    });
    host_obj
        .set("loadWeb", load_web)
        .map_err(|e| e.to_string())?;
    let glue: Object = setup
        .call((host_obj,))
        .catch(ctx)
        .map_err(caught_to_string)?;
    crate::node::install(ctx).map_err(|e| e.to_string())?;
    crate::wasm::install(ctx).map_err(|e| e.to_string())?;
    let dispatch: Function = glue.get("dispatch").map_err(|e| e.to_string())?;
    let dispatch_fetch: Function = glue.get("dispatchFetch").map_err(|e| e.to_string())?;
    let fire: Function = glue.get("fireTimer").map_err(|e| e.to_string())?;
    let shape: rquickjs::Array = glue.get("requestShape").map_err(|e| e.to_string())?;
    let req_shape = req::ReqShape::new(ctx, &shape).map_err(|e| e.to_string())?;
    Ok(Prelude {
        dispatch: Persistent::save(ctx, dispatch),
        dispatch_fetch: Persistent::save(ctx, dispatch_fetch),
        fire_timer: Persistent::save(ctx, fire),
        glue: Persistent::save(ctx, glue),
        req_shape,
    })
}

/// `text` (a message, a stack) pointing at the user's own source files.
fn original(text: &str) -> String {
    crate::loader::sourcemap::rewrite(text.trim_end())
}

fn caught_to_string(err: CaughtError<'_>) -> String {
    match err {
        CaughtError::Exception(e) => {
            let msg = e.message().unwrap_or_default();
            match e.stack() {
                Some(stack) if !stack.is_empty() => format!("{msg}\n{}", original(&stack)),
                _ => original(&msg),
            }
        }
        CaughtError::Value(v) => format!("{v:?}"),
        CaughtError::Error(e) => e.to_string(),
    }
}

/// A thrown value as text: `name: message` and the stack for an error,
/// the string itself for a string, else its debug form.
fn describe_value(v: &Value<'_>) -> String {
    if let Some(obj) = v.as_object() {
        let text = |k: &str| obj.get::<_, Option<Text>>(k).ok().flatten().map(|t| t.0);
        let (msg, stack, name) = (text("message"), text("stack"), text("name"));
        if let Some(msg) = msg {
            let head = format!("{}: {msg}", name.unwrap_or_else(|| "Error".into()));
            return match stack {
                Some(s) if !s.is_empty() => format!("{}\n{}", original(&head), original(&s)),
                _ => original(&head),
            };
        }
    }
    if let Some(Text(s)) = v
        .as_string()
        .and_then(|_| Text::from_js(v.ctx(), v.clone()).ok())
    {
        return s;
    }
    format!("{v:?}")
}
