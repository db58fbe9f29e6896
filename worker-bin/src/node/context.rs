//! The engine's async context: one value QuickJS carries with every promise
//! job, from where the job was enqueued (for a reaction: where `then` or
//! `await` registered it) to where it runs. `node:async_hooks` keeps
//! AsyncLocalStorage's current frame there, so a store survives `await`.
//! The engine support is bext's patch to QuickJS
//! (`vendor/rquickjs-sys/BEXT.md`).

use rquickjs::{Ctx, Function, Object, Result, Value, qjs};

unsafe extern "C" {
    fn JS_GetAsyncContext(ctx: *mut qjs::JSContext) -> qjs::JSValue;
    fn JS_SetAsyncContext(ctx: *mut qjs::JSContext, value: qjs::JSValue);
}

/// The current async context (`undefined` until something sets one).
pub fn get<'js>(ctx: &Ctx<'js>) -> Value<'js> {
    // SAFETY: the context is alive for 'js; the function returns a new
    // reference, which `Value::from_raw` takes over.
    unsafe { Value::from_raw(ctx.clone(), JS_GetAsyncContext(ctx.as_raw().as_ptr())) }
}

/// Makes `value` the current async context.
pub fn set<'js>(ctx: &Ctx<'js>, value: Value<'js>) {
    // SAFETY: the runtime takes a reference of its own (the dup); `value`
    // drops ours. Both belong to this context's runtime.
    unsafe {
        let raw = qjs::JS_DupValue(ctx.as_raw().as_ptr(), value.as_raw());
        JS_SetAsyncContext(ctx.as_raw().as_ptr(), raw);
    }
}

/// Adds `getContext()` and `setContext(value)` to the built-ins' `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "getContext",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| get(&ctx))?,
    )?;
    host.set(
        "setContext",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, value: Value<'js>| {
            set(&ctx, value)
        })?,
    )?;
    Ok(())
}
