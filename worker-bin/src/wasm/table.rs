//! `WebAssembly.Table`: tables by handle (funcref and externref elements;
//! the glue turns function objects into handles and back).

use std::cell::RefCell;
use std::collections::HashMap;

use rquickjs::{Ctx, Exception, Result, Value};
use wasmtime::{Ref, RefType, RootScope, Table, TableType};

use super::engine::with_store;
use super::values;

thread_local! {
    static TABLES: RefCell<Tables> = RefCell::new(Tables::default());
}

#[derive(Default)]
struct Tables {
    all: Vec<Table>,
    /// wasmtime's own identity of a table (its instance and index; the
    /// `Debug` form shows both, and `hash_key` is not public).
    by_id: HashMap<String, u32>,
}

pub fn get(handle: u32) -> Option<Table> {
    TABLES.with(|t| t.borrow().all.get(handle as usize).copied())
}

/// The handle of `t` (the same for the same table).
pub fn handle(t: Table) -> u32 {
    let id = format!("{t:?}");
    TABLES.with(|all| {
        let mut all = all.borrow_mut();
        if let Some(&h) = all.by_id.get(&id) {
            return h;
        }
        let h = all.all.len() as u32;
        all.all.push(t);
        all.by_id.insert(id, h);
        h
    })
}

fn lost<T>(ctx: &Ctx<'_>) -> Result<T> {
    Err(Exception::throw_type(ctx, "WebAssembly.Table: not a table"))
}

fn element(ctx: &Ctx<'_>, letter: &str) -> Result<RefType> {
    match letter {
        "a" => Ok(RefType::FUNCREF),
        "e" => Ok(RefType::EXTERNREF),
        _ => Err(Exception::throw_type(
            ctx,
            "WebAssembly.Table(): unknown element type",
        )),
    }
}

/// `host.tableNew(element, initial, maximum or -1, init)`.
pub fn new<'js>(
    ctx: Ctx<'js>,
    elem: String,
    initial: u32,
    maximum: i64,
    init: Value<'js>,
) -> Result<u32> {
    let ty = element(&ctx, &elem)?;
    let max = u32::try_from(maximum).ok();
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        let init = values::to_ref(&ctx, &mut store, &ty, &init)?;
        let t = Table::new(&mut store, TableType::new(ty, initial, max), init)
            .map_err(|e| Exception::throw_range(&ctx, &format!("WebAssembly.Table(): {e}")))?;
        Ok(handle(t))
    })
}

/// `host.tableType(h)`: the element's letter, `a` or `e`.
pub fn element_of(ctx: Ctx<'_>, h: u32) -> Result<String> {
    let Some(t) = get(h) else { return lost(&ctx) };
    Ok(with_store(|store| {
        values::ref_letter(t.ty(&store).element()).to_string()
    }))
}

/// `host.tableLength(h)`.
pub fn length(ctx: Ctx<'_>, h: u32) -> Result<f64> {
    let Some(t) = get(h) else { return lost(&ctx) };
    Ok(with_store(|store| t.size(&store)) as f64)
}

/// `host.tableGet(h, index)`: null, a function handle or a JS value.
pub fn get_at<'js>(ctx: Ctx<'js>, h: u32, index: u32) -> Result<Value<'js>> {
    let Some(t) = get(h) else { return lost(&ctx) };
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        match t.get(&mut store, u64::from(index)) {
            Some(r) => values::ref_to_js(&ctx, &mut store, &r),
            None => Err(Exception::throw_range(
                &ctx,
                "WebAssembly.Table.get(): index out of bounds",
            )),
        }
    })
}

/// `host.tableSet(h, index, value)`.
pub fn set_at<'js>(ctx: Ctx<'js>, h: u32, index: u32, v: Value<'js>) -> Result<()> {
    let Some(t) = get(h) else { return lost(&ctx) };
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        let ty = t.ty(&store).element().clone();
        let r: Ref = values::to_ref(&ctx, &mut store, &ty, &v)?;
        t.set(&mut store, u64::from(index), r).map_err(|_| {
            Exception::throw_range(&ctx, "WebAssembly.Table.set(): index out of bounds")
        })
    })
}

/// `host.tableGrow(h, delta, init)`: the old length.
pub fn grow<'js>(ctx: Ctx<'js>, h: u32, delta: u32, init: Value<'js>) -> Result<f64> {
    let Some(t) = get(h) else { return lost(&ctx) };
    with_store(|mut store| {
        let mut scope = RootScope::new(&mut store);
        let mut store = wasmtime::AsContextMut::as_context_mut(&mut scope);
        let ty = t.ty(&store).element().clone();
        let init = values::to_ref(&ctx, &mut store, &ty, &init)?;
        t.grow(&mut store, u64::from(delta), init)
            .map(|old| old as f64)
            .map_err(|_| {
                Exception::throw_range(&ctx, "WebAssembly.Table.grow(): cannot grow the table")
            })
    })
}
