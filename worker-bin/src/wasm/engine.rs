//! The wasmtime engine (one per process, made on first use) and the store
//! every instance of the worker lives in (one per thread, so per worker).
//!
//! Nothing here runs before a script reads `WebAssembly`: a worker that
//! never does so has no engine, no store, no ticker thread and no signal
//! handlers of wasmtime's. The template worker never reads it either, so a
//! forked worker makes its own.
//!
//! **One store.** The JS API lets instances share memories, tables,
//! globals and functions, which wasmtime allows within one `Store`; so the
//! worker keeps one, and what lives in it lives until the worker ends
//! (rotation frees it all). **Re-entry.** JS calls wasm with the store
//! borrowed; wasm calls a JS import, which may call wasm again: the import
//! pushes its `Caller` (the store, lent) and [`with_store`] uses the
//! innermost one while it is there.
//!
//! **Runaway code.** Epoch interruption: while wasm runs, a ticker thread
//! bumps the engine's epoch every [`TICK`]; at each tick the store asks the
//! worker's interrupt check (the same one QuickJS's interrupt handler
//! calls, set by [`set_interrupt_check`]) whether the request's deadline
//! passed, and traps if so. The thread sleeps while no wasm runs.
//!
//! **Memory.** A [`wasmtime::ResourceLimiter`] refuses to grow the
//! worker's linear memories past its `js_memory_limit_mb` (together), so
//! `memory.grow` gives -1 and `Memory.prototype.grow` a RangeError.

use std::cell::{Cell, RefCell};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use wasmtime::{
    AsContextMut, Caller, Config, Engine, ResourceLimiter, Store, StoreContextMut, UpdateDeadline,
};

/// How often the epoch moves while wasm runs: the granularity with which a
/// deadline stops a wasm loop.
pub const TICK: Duration = Duration::from_millis(5);

/// The process's engine, made on first use.
pub fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(|| {
        let mut config = Config::new();
        config.epoch_interruption(true);
        config.cranelift_opt_level(wasmtime::OptLevel::Speed);
        // Both are off by default in wasmtime 34's feature set we build.
        config.wasm_reference_types(true);
        config.wasm_multi_value(true);
        let engine = Engine::new(&config).expect("wasmtime accepts its own default config");
        start_ticker(engine.clone());
        engine
    })
}

/// Wasm calls under way on all threads (the ticker sleeps at 0).
static RUNNING: AtomicUsize = AtomicUsize::new(0);
static TICKER: OnceLock<std::thread::Thread> = OnceLock::new();

fn start_ticker(engine: Engine) {
    let spawned = std::thread::Builder::new()
        .name("bext-wasm-epoch".into())
        .spawn(move || {
            loop {
                if RUNNING.load(Ordering::Acquire) == 0 {
                    std::thread::park();
                    continue;
                }
                std::thread::sleep(TICK);
                engine.increment_epoch();
            }
        });
    if let Ok(handle) = spawned {
        let _ = TICKER.set(handle.thread().clone());
    }
}

/// Marks wasm as running until the guard drops.
pub struct Running(());

impl Running {
    pub fn enter() -> Running {
        if RUNNING.fetch_add(1, Ordering::AcqRel) == 0
            && let Some(t) = TICKER.get()
        {
            t.unpark();
        }
        Running(())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What the store keeps for its host functions and its limiter.
pub struct HostData {
    limiter: Limiter,
}

/// Linear memory and table growth within the worker's limit.
struct Limiter {
    /// Bytes all linear memories of the store hold.
    memory_bytes: usize,
}

thread_local! {
    static STORE: RefCell<Option<Store<HostData>>> = const { RefCell::new(None) };
    /// The `Caller`s of the host functions running now, innermost last.
    static CALLERS: RefCell<Vec<*mut Caller<'static, HostData>>> = const { RefCell::new(Vec::new()) };
    /// The worker's cap on linear memory (0: none).
    static MEMORY_LIMIT: Cell<usize> = const { Cell::new(0) };
    /// The worker's interrupt check: true once the running code must stop.
    static INTERRUPT: RefCell<Option<Box<dyn Fn() -> bool>>> = const { RefCell::new(None) };
    /// Set when an epoch tick stopped wasm because the deadline passed.
    static INTERRUPTED: Cell<bool> = const { Cell::new(false) };
}

/// The worker's cap on its linear memories together, in bytes (0: none).
/// Cheap: it touches no engine.
pub fn set_memory_limit(bytes: u64) {
    MEMORY_LIMIT.with(|l| l.set(usize::try_from(bytes).unwrap_or(usize::MAX)));
}

/// The check the epoch ticks make (the worker's interrupt handler). Cheap:
/// it touches no engine.
pub fn set_interrupt_check(check: Box<dyn Fn() -> bool>) {
    INTERRUPT.with(|i| *i.borrow_mut() = Some(check));
}

/// Whether the last trap was the deadline's.
pub fn interrupted() -> bool {
    INTERRUPTED.with(Cell::get)
}

/// Whether the last trap was the deadline's (and forgets it).
pub fn take_interrupted() -> bool {
    INTERRUPTED.with(|i| i.replace(false))
}

impl ResourceLimiter for Limiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let limit = MEMORY_LIMIT.with(Cell::get);
        let total = self.memory_bytes - current.min(self.memory_bytes) + desired;
        if limit > 0 && total > limit {
            return Ok(false);
        }
        self.memory_bytes = total;
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        // A table element is a pointer: hold tables to the same cap.
        let limit = MEMORY_LIMIT.with(Cell::get);
        Ok(limit == 0 || desired.saturating_mul(8) <= limit)
    }

    fn instances(&self) -> usize {
        100_000
    }

    fn tables(&self) -> usize {
        100_000
    }

    fn memories(&self) -> usize {
        100_000
    }
}

fn new_store() -> Store<HostData> {
    let mut store = Store::new(
        engine(),
        HostData {
            limiter: Limiter { memory_bytes: 0 },
        },
    );
    store.limiter(|d| &mut d.limiter);
    store.epoch_deadline_callback(|_| {
        let stop = INTERRUPT.with(|i| i.borrow().as_ref().is_some_and(|check| check()));
        if stop {
            INTERRUPTED.with(|i| i.set(true));
            return Err(wasmtime::Error::msg(
                "interrupted: the request's time ran out",
            ));
        }
        Ok(UpdateDeadline::Continue(1))
    });
    store
}

/// Runs `f` with the worker's store: the innermost host function's
/// `Caller` while wasm called JS, else the store itself (made on first use).
pub fn with_store<R>(f: impl FnOnce(StoreContextMut<'_, HostData>) -> R) -> R {
    let caller = CALLERS.with(|c| c.borrow().last().copied());
    if let Some(caller) = caller {
        // SAFETY: the pointer was pushed by `lend` from a `&mut Caller`
        // that is alive until `lend` returns (it pops it then), and the
        // host function that owns it does not touch it while JS runs,
        // which is the only time this is reached.
        return f(unsafe { (*caller).as_context_mut() });
    }
    STORE.with(|s| {
        let mut slot = s.borrow_mut();
        let store = slot.get_or_insert_with(new_store);
        f(store.as_context_mut())
    })
}

/// Runs `f` (which calls JS) with `caller` as the store [`with_store`]
/// gives.
pub fn lend<R>(caller: &mut Caller<'_, HostData>, f: impl FnOnce() -> R) -> R {
    struct Pop;
    impl Drop for Pop {
        fn drop(&mut self) {
            CALLERS.with(|c| c.borrow_mut().pop());
        }
    }
    let ptr: *mut Caller<'static, HostData> = (caller as *mut Caller<'_, HostData>).cast();
    CALLERS.with(|c| c.borrow_mut().push(ptr));
    let _pop = Pop;
    f()
}

/// Sets the deadline check for the call about to start (outermost calls
/// only: nested ones keep theirs).
pub fn arm(store: &mut StoreContextMut<'_, HostData>) {
    store.set_epoch_deadline(1);
}

/// Whether the store was made (wasm used in this worker).
pub fn in_use() -> bool {
    STORE.with(|s| s.borrow().is_some())
}
