//! `WebAssembly.Instance`: instantiation with the imports the glue read
//! from the import object, the exports it gets back, and calls both ways:
//! JS calling an exported function ([`call`]) and wasm calling a JS import
//! (a host function that calls the glue's wrapper of the JS function, so
//! the spec's coercions of its results happen in JS).
//!
//! A JS exception thrown by an import unwinds the wasm frames as a
//! wasmtime error and is thrown again, the same value, to the JS that
//! called wasm (see `errors`).

use std::cell::{Cell, RefCell};
use std::ptr::NonNull;

use rquickjs::function::Rest;
use rquickjs::{Array, Ctx, Exception, Function, Persistent, Result, Value};
use wasmtime::{Caller, Extern, ExternType, Func, FuncType, Instance, RootScope, Val, ValType};

use super::engine::{HostData, Running, arm, lend, with_store};
use super::errors::{self, Kind, throw};
use super::{global, memory, module, table, values};

thread_local! {
    /// The worker's JS context, for host functions (set by the glue).
    static CONTEXT: Cell<Option<NonNull<rquickjs::qjs::JSContext>>> = const { Cell::new(None) };
    /// The JS functions imported by instances (the glue's wrappers).
    static IMPORTS: RefCell<Vec<Persistent<Function<'static>>>> = const { RefCell::new(Vec::new()) };
}

/// Remembers the context host functions call JS in.
pub fn set_context(ctx: &Ctx<'_>) {
    CONTEXT.with(|c| c.set(Some(ctx.as_raw())));
}

/// Drops the JS values this file holds (before the JS runtime goes).
pub fn release() {
    IMPORTS.with(|i| i.borrow_mut().clear());
    CONTEXT.with(|c| c.set(None));
}

/// `host.instantiate(module, imports)`: `imports` holds, in the module's
/// import order, a handle (function, memory, table, global) or a JS
/// function; the answer is `[[name, kind, handle], …]`.
pub fn instantiate<'js>(ctx: Ctx<'js>, handle: u32, imports: Array<'js>) -> Result<Array<'js>> {
    let Some(module) = module::get(handle) else {
        return Err(Exception::throw_type(
            &ctx,
            "WebAssembly.Instance: not a module",
        ));
    };
    let made = with_store(
        |mut store| -> Result<std::result::Result<Instance, wasmtime::Error>> {
            let mut externs = Vec::new();
            for (i, imp) in module.imports().enumerate() {
                let v: Value = imports.get(i)?;
                let ext = match imp.ty() {
                    ExternType::Func(ty) => match v.as_function() {
                        Some(f) => Extern::Func(host_func(&ctx, &mut store, ty, f.clone())),
                        None => handle_of(&v)
                            .and_then(values::func)
                            .map(Extern::Func)
                            .ok_or_else(|| link(&ctx, &imp))?,
                    },
                    ExternType::Memory(_) => handle_of(&v)
                        .and_then(memory::get)
                        .map(Extern::Memory)
                        .ok_or_else(|| link(&ctx, &imp))?,
                    ExternType::Table(_) => handle_of(&v)
                        .and_then(table::get)
                        .map(Extern::Table)
                        .ok_or_else(|| link(&ctx, &imp))?,
                    ExternType::Global(_) => handle_of(&v)
                        .and_then(global::get)
                        .map(Extern::Global)
                        .ok_or_else(|| link(&ctx, &imp))?,
                    ExternType::Tag(_) => return Err(link(&ctx, &imp)),
                };
                externs.push(ext);
            }
            arm(&mut store);
            let _running = Running::enter();
            Ok(Instance::new(&mut store, &module, &externs))
        },
    )?;
    let instance = match made {
        Ok(i) => i,
        Err(e) if errors::is_trap(&e) => return Err(errors::from_trap(&ctx, &e)),
        Err(e) => {
            return Err(throw(
                &ctx,
                Kind::Link,
                &format!("WebAssembly.Instance(): {e:#}"),
            ));
        }
    };
    exports(&ctx, instance)
}

fn link(ctx: &Ctx<'_>, imp: &wasmtime::ImportType<'_>) -> rquickjs::Error {
    let (kind, _) = module::describe(&imp.ty());
    throw(
        ctx,
        Kind::Link,
        &format!(
            "WebAssembly.Instance(): import {}.{} must be a {kind}",
            imp.module(),
            imp.name()
        ),
    )
}

fn handle_of(v: &Value<'_>) -> Option<u32> {
    v.as_int().and_then(|h| u32::try_from(h).ok())
}

fn exports<'js>(ctx: &Ctx<'js>, instance: Instance) -> Result<Array<'js>> {
    let rows = with_store(|mut store| {
        let mut rows = Vec::new();
        let all: Vec<(String, Extern)> = instance
            .exports(&mut store)
            .map(|e| (e.name().to_string(), e.into_extern()))
            .collect();
        for (name, ext) in all {
            let (kind, h) = match ext {
                Extern::Func(f) => ("function", values::func_handle(&mut store, f)),
                Extern::Memory(m) => ("memory", memory::handle(&mut store, m)),
                Extern::Table(t) => ("table", table::handle(t)),
                Extern::Global(g) => ("global", global::handle(g)),
                _ => ("tag", u32::MAX),
            };
            rows.push((name, kind, h));
        }
        rows
    });
    let out = Array::new(ctx.clone())?;
    for (i, (name, kind, h)) in rows.into_iter().enumerate() {
        let row = Array::new(ctx.clone())?;
        row.set(0, name)?;
        row.set(1, kind)?;
        row.set(2, h)?;
        out.set(i, row)?;
    }
    Ok(out)
}

/// A host function of type `ty` that calls the JS function `f`.
fn host_func<'js>(
    ctx: &Ctx<'js>,
    store: &mut wasmtime::StoreContextMut<'_, HostData>,
    ty: FuncType,
    f: Function<'js>,
) -> Func {
    let index = IMPORTS.with(|i| {
        let mut i = i.borrow_mut();
        i.push(Persistent::save(ctx, f));
        i.len() - 1
    });
    let result_types: Vec<ValType> = ty.results().collect();
    Func::new(store, ty, move |mut caller, params, results| {
        call_js(&mut caller, index, &result_types, params, results)
    })
}

/// Wasm calling JS import `index`.
fn call_js(
    caller: &mut Caller<'_, HostData>,
    index: usize,
    result_types: &[ValType],
    params: &[Val],
    results: &mut [Val],
) -> wasmtime::Result<()> {
    let Some(raw) = CONTEXT.with(Cell::get) else {
        return Err(wasmtime::Error::msg("no JS context"));
    };
    // SAFETY: the context lives as long as the worker's engine, and host
    // functions only run while JS called wasm on this thread, which holds
    // the runtime.
    let ctx = unsafe { Ctx::from_raw(raw) };
    let outcome = (|| -> Result<()> {
        let f = IMPORTS.with(|i| i.borrow().get(index).cloned());
        let Some(f) = f else {
            return Err(Exception::throw_type(&ctx, "WebAssembly: a lost import"));
        };
        let f = f.restore(&ctx)?;
        let mut args = Vec::with_capacity(params.len());
        {
            let mut store = wasmtime::AsContextMut::as_context_mut(caller);
            for p in params {
                args.push(values::to_js(&ctx, &mut store, p)?);
            }
        }
        let ret: Value = lend(caller, || f.call((Rest(args),)))?;
        let mut store = wasmtime::AsContextMut::as_context_mut(caller);
        match results.len() {
            0 => {}
            1 => results[0] = values::to_wasm(&ctx, &mut store, &result_types[0], &ret)?,
            _ => {
                let arr = Array::from_value(ret)?;
                for (i, ty) in result_types.iter().enumerate() {
                    results[i] = values::to_wasm(&ctx, &mut store, ty, &arr.get(i)?)?;
                }
            }
        }
        Ok(())
    })();
    match outcome {
        Ok(()) => Ok(()),
        Err(rquickjs::Error::Exception) => {
            errors::keep_pending(&ctx);
            Err(wasmtime::Error::msg("a JS exception"))
        }
        Err(e) => {
            let _ = Exception::throw_type(&ctx, &e.to_string());
            errors::keep_pending(&ctx);
            Err(wasmtime::Error::msg("a JS exception"))
        }
    }
}

/// `host.call(handle, args)`: the exported function's result (undefined,
/// one value, or an array for several).
pub fn call<'js>(ctx: Ctx<'js>, handle: u32, args: Array<'js>) -> Result<Value<'js>> {
    let Some(f) = values::func(handle) else {
        return Err(Exception::throw_type(
            &ctx,
            "WebAssembly: not an exported function",
        ));
    };
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        let ty = f.ty(&store);
        let mut params = Vec::with_capacity(ty.params().len());
        for (i, p) in ty.params().enumerate() {
            params.push(values::to_wasm(&ctx, &mut store, &p, &args.get(i)?)?);
        }
        let mut results: Vec<Val> = ty.results().map(|t| values::default_of(&t)).collect();
        arm(&mut store);
        let outcome = {
            let _running = Running::enter();
            f.call(&mut store, &params, &mut results)
        };
        if let Err(e) = outcome {
            return Err(errors::from_trap(&ctx, &e));
        }
        match results.len() {
            0 => Ok(Value::new_undefined(ctx.clone())),
            1 => values::to_js(&ctx, &mut store, &results[0]),
            _ => {
                let arr = Array::new(ctx.clone())?;
                for (i, r) in results.iter().enumerate() {
                    arr.set(i, values::to_js(&ctx, &mut store, r)?)?;
                }
                Ok(arr.into_value())
            }
        }
    })
}

/// `host.funcSig(handle)`: `params:results`.
pub fn signature(ctx: Ctx<'_>, handle: u32) -> Result<String> {
    let Some(f) = values::func(handle) else {
        return Err(Exception::throw_type(
            &ctx,
            "WebAssembly: not an exported function",
        ));
    };
    Ok(with_store(|store| values::signature(&f.ty(&store))))
}
