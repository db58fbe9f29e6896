//! `WebAssembly.CompileError`, `LinkError` and `RuntimeError` thrown from
//! Rust: the glue defines the classes (Error subclasses, as the spec's
//! NativeError objects) and gives them to [`set`]; [`throw`] makes one.
//! A trap becomes a RuntimeError unless it is the deadline's (then the
//! worker's interrupt stops the JS too) or a JS exception that crossed the
//! wasm frames (then that exception is thrown again, unchanged).

use std::cell::RefCell;

use rquickjs::{Ctx, Error, Exception, Function, Persistent, Value};

#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Compile,
    Link,
    Runtime,
}

thread_local! {
    static CLASSES: RefCell<Option<[Persistent<Function<'static>>; 3]>> = const { RefCell::new(None) };
    /// A JS exception on its way through wasm frames to the JS that called
    /// wasm.
    static PENDING: RefCell<Option<Persistent<Value<'static>>>> = const { RefCell::new(None) };
}

/// The glue's error classes.
pub fn set<'js>(
    ctx: &Ctx<'js>,
    compile: Function<'js>,
    link: Function<'js>,
    runtime: Function<'js>,
) {
    let keep = |f: Function<'js>| Persistent::save(ctx, f);
    CLASSES.with(|c| *c.borrow_mut() = Some([keep(compile), keep(link), keep(runtime)]));
}

/// Drops the JS values this file holds (before the JS runtime goes).
pub fn release() {
    CLASSES.with(|c| c.borrow_mut().take());
    PENDING.with(|p| p.borrow_mut().take());
}

/// Throws a new error of `kind` with `message`.
pub fn throw(ctx: &Ctx<'_>, kind: Kind, message: &str) -> Error {
    let class = CLASSES.with(|c| c.borrow().as_ref().map(|all| all[kind as usize].clone()));
    let made = class
        .and_then(|c| c.restore(ctx).ok())
        .and_then(|c| c.call::<_, Value>((message,)).ok());
    match made {
        Some(e) => ctx.throw(e),
        None => Exception::throw_type(ctx, message),
    }
}

/// Keeps the exception JS just threw (caught from `ctx`) so the wasm call
/// that is unwinding can throw it again.
pub fn keep_pending(ctx: &Ctx<'_>) {
    let e = ctx.catch();
    PENDING.with(|p| *p.borrow_mut() = Some(Persistent::save(ctx, e)));
}

/// Whether a failed instantiation failed running its start function (a
/// trap, the deadline, or a JS import's exception) rather than linking.
pub fn is_trap(err: &wasmtime::Error) -> bool {
    err.downcast_ref::<wasmtime::Trap>().is_some()
        || PENDING.with(|p| p.borrow().is_some())
        || super::engine::interrupted()
}

/// What a wasm call's error becomes in JS.
pub fn from_trap(ctx: &Ctx<'_>, err: &wasmtime::Error) -> Error {
    if let Some(e) = PENDING.with(|p| p.borrow_mut().take())
        && let Ok(v) = e.restore(ctx)
    {
        return ctx.throw(v);
    }
    if super::engine::take_interrupted() {
        return interrupted(ctx);
    }
    if let Some(trap) = err.downcast_ref::<wasmtime::Trap>()
        && matches!(trap, wasmtime::Trap::StackOverflow)
    {
        return Exception::throw_range(ctx, "Maximum call stack size exceeded");
    }
    let msg = match err.downcast_ref::<wasmtime::Trap>() {
        Some(trap) => trap.to_string(),
        None => format!("{err:#}"),
    };
    throw(ctx, Kind::Runtime, &msg)
}

/// The error QuickJS's own interrupt throws (`InternalError:
/// interrupted`, which no `catch` stops), so a wasm loop ends its request
/// as a JS loop does.
fn interrupted(ctx: &Ctx<'_>) -> Error {
    let e = Exception::throw_internal(ctx, "interrupted");
    let v = ctx.catch();
    // SAFETY: `v` is a live value of `ctx`; the call only sets a flag on it.
    unsafe { rquickjs::qjs::JS_SetUncatchableError(ctx.as_raw().as_ptr(), v.as_raw()) };
    drop(e);
    ctx.throw(v)
}
