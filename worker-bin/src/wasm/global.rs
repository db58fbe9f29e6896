//! `WebAssembly.Global`: globals by handle. The glue coerces values to
//! the global's type before they come here (see `values`).

use std::cell::RefCell;
use std::collections::HashMap;

use rquickjs::{Ctx, Exception, Result, Value};
use wasmtime::{Global, GlobalType, Mutability, RootScope};

use super::engine::with_store;
use super::values;

thread_local! {
    static GLOBALS: RefCell<Globals> = RefCell::new(Globals::default());
}

#[derive(Default)]
struct Globals {
    all: Vec<Global>,
    /// wasmtime's own identity of a global (its instance and index, as its
    /// `Debug` form shows them; `hash_key` is not public).
    by_id: HashMap<String, u32>,
}

pub fn get(handle: u32) -> Option<Global> {
    GLOBALS.with(|g| g.borrow().all.get(handle as usize).copied())
}

/// The handle of `g` (the same for the same global).
pub fn handle(g: Global) -> u32 {
    let id = format!("{g:?}");
    GLOBALS.with(|all| {
        let mut all = all.borrow_mut();
        if let Some(&h) = all.by_id.get(&id) {
            return h;
        }
        let h = all.all.len() as u32;
        all.all.push(g);
        all.by_id.insert(id, h);
        h
    })
}

fn lost<T>(ctx: &Ctx<'_>) -> Result<T> {
    Err(Exception::throw_type(
        ctx,
        "WebAssembly.Global: not a global",
    ))
}

/// `host.globalNew(letter, mutable, value)` (`value` already coerced).
pub fn new<'js>(ctx: Ctx<'js>, letter: String, mutable: bool, v: Value<'js>) -> Result<u32> {
    let Some(ty) = letter.chars().next().and_then(values::val_type) else {
        return Err(Exception::throw_type(
            &ctx,
            "WebAssembly.Global(): unknown value type",
        ));
    };
    let m = if mutable {
        Mutability::Var
    } else {
        Mutability::Const
    };
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        let val = if v.is_undefined() {
            values::default_of(&ty)
        } else {
            values::to_wasm(&ctx, &mut store, &ty, &v)?
        };
        let g = Global::new(&mut store, GlobalType::new(ty, m), val)
            .map_err(|e| Exception::throw_type(&ctx, &format!("WebAssembly.Global(): {e}")))?;
        Ok(handle(g))
    })
}

/// `host.globalType(h)`: `letter,mutable` (as `Module.imports` says it).
pub fn type_of(ctx: Ctx<'_>, h: u32) -> Result<String> {
    let Some(g) = get(h) else { return lost(&ctx) };
    Ok(with_store(|store| {
        let ty = g.ty(&store);
        format!(
            "{},{}",
            values::letter(ty.content()),
            matches!(ty.mutability(), Mutability::Var) as u8
        )
    }))
}

/// `host.globalGet(h)`.
pub fn value<'js>(ctx: Ctx<'js>, h: u32) -> Result<Value<'js>> {
    let Some(g) = get(h) else { return lost(&ctx) };
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        let v = g.get(&mut store);
        values::to_js(&ctx, &mut store, &v)
    })
}

/// `host.globalSet(h, value)` (`value` already coerced; the glue checked
/// the global is mutable).
pub fn set<'js>(ctx: Ctx<'js>, h: u32, v: Value<'js>) -> Result<()> {
    let Some(g) = get(h) else { return lost(&ctx) };
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        let ty = g.ty(&store).content().clone();
        let val = values::to_wasm(&ctx, &mut store, &ty, &v)?;
        g.set(&mut store, val)
            .map_err(|e| Exception::throw_type(&ctx, &format!("WebAssembly.Global: {e}")))
    })
}
