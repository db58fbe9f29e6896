//! Values crossing between JS and wasm, and the handles JS holds.
//!
//! The glue (`wasm.js`) does the spec's ToWebAssemblyValue coercions in JS
//! (`ToInt32`, `ToBigInt64`, `ToNumber`, the funcref check) and hands Rust
//! values already of the right JS type; ToJSValue is done here. Types
//! travel as one letter each: `i` i32, `I` i64, `f` f32, `F` f64, `v`
//! v128, `a` funcref, `e` externref, `x` any other reference type. A
//! function's signature is its params, `:`, its results (`iI:F`).
//!
//! A function handle is an index into the worker's function table, the
//! same for the same function (wasmtime's funcref pointer is the key), so
//! the glue can give each function one JS object. An externref holds an
//! index into the table of JS values it was made from.

use std::cell::RefCell;
use std::collections::HashMap;

use rquickjs::{BigInt, Ctx, Exception, IntoJs, Persistent, Result, Value};
use wasmtime::{
    AsContextMut, ExternRef, Func, HeapType, Ref, RefType, StoreContextMut, Val, ValType,
};

use super::engine::HostData;

thread_local! {
    static FUNCS: RefCell<Funcs> = RefCell::new(Funcs::default());
    /// JS values an externref stands for (kept until the worker ends, as
    /// the store keeps its externrefs).
    static EXTERNS: RefCell<Vec<Persistent<Value<'static>>>> = const { RefCell::new(Vec::new()) };
}

#[derive(Default)]
struct Funcs {
    all: Vec<Func>,
    by_ref: HashMap<usize, u32>,
}

/// Drops the JS values this file holds (before the JS runtime goes).
pub fn release() {
    EXTERNS.with(|e| e.borrow_mut().clear());
}

/// The function behind a handle.
pub fn func(handle: u32) -> Option<Func> {
    FUNCS.with(|f| f.borrow().all.get(handle as usize).copied())
}

/// The handle of `func` (a new one the first time it is seen).
pub fn func_handle(store: &mut StoreContextMut<'_, HostData>, func: Func) -> u32 {
    // SAFETY: the pointer is used only as a key, never dereferenced; the
    // store keeps the function (and its funcref) alive as long as it lives.
    let key = unsafe { func.to_raw(store.as_context_mut()) } as usize;
    FUNCS.with(|f| {
        let mut f = f.borrow_mut();
        if let Some(&h) = f.by_ref.get(&key) {
            return h;
        }
        let h = f.all.len() as u32;
        f.all.push(func);
        f.by_ref.insert(key, h);
        h
    })
}

/// One type's letter.
pub fn letter(ty: &ValType) -> char {
    match ty {
        ValType::I32 => 'i',
        ValType::I64 => 'I',
        ValType::F32 => 'f',
        ValType::F64 => 'F',
        ValType::V128 => 'v',
        ValType::Ref(r) => ref_letter(r),
    }
}

pub fn ref_letter(r: &RefType) -> char {
    match r.heap_type() {
        HeapType::Func => 'a',
        HeapType::Extern => 'e',
        _ => 'x',
    }
}

/// The type a letter names (`None` for `x` and unknown letters).
pub fn val_type(letter: char) -> Option<ValType> {
    Some(match letter {
        'i' => ValType::I32,
        'I' => ValType::I64,
        'f' => ValType::F32,
        'F' => ValType::F64,
        'a' => ValType::FUNCREF,
        'e' => ValType::EXTERNREF,
        _ => return None,
    })
}

/// `params:results`.
pub fn signature(ty: &wasmtime::FuncType) -> String {
    let mut s: String = ty.params().map(|t| letter(&t)).collect();
    s.push(':');
    s.extend(ty.results().map(|t| letter(&t)));
    s
}

fn type_error<T>(ctx: &Ctx<'_>, what: &str) -> Result<T> {
    Err(Exception::throw_type(ctx, what))
}

/// A value the glue already coerced to `ty`, as wasm's.
pub fn to_wasm<'js>(
    ctx: &Ctx<'js>,
    store: &mut StoreContextMut<'_, HostData>,
    ty: &ValType,
    v: &Value<'js>,
) -> Result<Val> {
    Ok(match ty {
        ValType::I32 => Val::I32(number(ctx, v)? as i64 as i32),
        ValType::I64 => match v.as_big_int() {
            Some(b) => Val::I64(b.clone().to_i64()?),
            None => return type_error(ctx, "WebAssembly: an i64 takes a BigInt"),
        },
        ValType::F32 => Val::F32((number(ctx, v)? as f32).to_bits()),
        ValType::F64 => Val::F64(number(ctx, v)?.to_bits()),
        ValType::V128 => return type_error(ctx, "WebAssembly: v128 values cannot cross to JS"),
        ValType::Ref(r) => Val::from(to_ref(ctx, store, r, v)?),
    })
}

fn number(ctx: &Ctx<'_>, v: &Value<'_>) -> Result<f64> {
    match v.as_number() {
        Some(n) => Ok(n),
        None => type_error(ctx, "WebAssembly: a number was expected"),
    }
}

/// A reference value from JS: null, a function handle, or any JS value
/// for an externref.
pub fn to_ref<'js>(
    ctx: &Ctx<'js>,
    store: &mut StoreContextMut<'_, HostData>,
    ty: &RefType,
    v: &Value<'js>,
) -> Result<Ref> {
    match ty.heap_type() {
        HeapType::Func => {
            if v.is_null() {
                return Ok(Ref::Func(None));
            }
            let f = v
                .as_int()
                .and_then(|h| u32::try_from(h).ok())
                .and_then(func);
            match f {
                Some(f) => Ok(Ref::Func(Some(f))),
                None => type_error(
                    ctx,
                    "WebAssembly: a funcref takes an exported function or null",
                ),
            }
        }
        HeapType::Extern => {
            if v.is_null() {
                return Ok(Ref::Extern(None));
            }
            let index = EXTERNS.with(|e| {
                let mut e = e.borrow_mut();
                e.push(Persistent::save(ctx, v.clone()));
                e.len() - 1
            });
            let r = ExternRef::new(store.as_context_mut(), index)
                .map_err(|e| Exception::throw_range(ctx, &e.to_string()))?;
            Ok(Ref::Extern(Some(r)))
        }
        _ => type_error(ctx, "WebAssembly: this reference type cannot cross to JS"),
    }
}

/// A wasm value as JS's (a funcref as its handle, for the glue to wrap).
pub fn to_js<'js>(
    ctx: &Ctx<'js>,
    store: &mut StoreContextMut<'_, HostData>,
    v: &Val,
) -> Result<Value<'js>> {
    match v {
        Val::I32(n) => Ok(Value::new_int(ctx.clone(), *n)),
        Val::I64(n) => Ok(BigInt::from_i64(ctx.clone(), *n)?.into_value()),
        Val::F32(b) => Ok(Value::new_float(ctx.clone(), f32::from_bits(*b) as f64)),
        Val::F64(b) => Ok(Value::new_float(ctx.clone(), f64::from_bits(*b))),
        Val::V128(_) => type_error(ctx, "WebAssembly: v128 values cannot cross to JS"),
        Val::FuncRef(f) => ref_to_js(ctx, store, &Ref::Func(*f)),
        Val::ExternRef(e) => ref_to_js(ctx, store, &Ref::Extern(*e)),
        Val::AnyRef(_) => type_error(ctx, "WebAssembly: this reference type cannot cross to JS"),
    }
}

pub fn ref_to_js<'js>(
    ctx: &Ctx<'js>,
    store: &mut StoreContextMut<'_, HostData>,
    r: &Ref,
) -> Result<Value<'js>> {
    match r {
        Ref::Func(None) | Ref::Extern(None) => Ok(Value::new_null(ctx.clone())),
        Ref::Func(Some(f)) => func_handle(store, *f).into_js(ctx),
        Ref::Extern(Some(e)) => {
            let index = e
                .data(&*store)
                .ok()
                .flatten()
                .and_then(|d| d.downcast_ref::<usize>().copied());
            match index.and_then(|i| EXTERNS.with(|e| e.borrow().get(i).cloned())) {
                Some(p) => p.restore(ctx),
                None => type_error(ctx, "WebAssembly: an externref made outside this worker"),
            }
        }
        Ref::Any(_) => type_error(ctx, "WebAssembly: this reference type cannot cross to JS"),
    }
}

/// The default value of a type (for Global and Table without one).
pub fn default_of(ty: &ValType) -> Val {
    match ty {
        ValType::I32 => Val::I32(0),
        ValType::I64 => Val::I64(0),
        ValType::F32 => Val::F32(0),
        ValType::F64 => Val::F64(0),
        ValType::V128 => Val::V128(0u128.into()),
        ValType::Ref(r) => match r.heap_type() {
            HeapType::Func => Val::FuncRef(None),
            HeapType::Extern => Val::ExternRef(None),
            _ => Val::AnyRef(None),
        },
    }
}
