//! `WebAssembly.Module`: compiling, validating, and what a module says of
//! itself (`imports`, `exports`, `customSections`). Compiled modules sit
//! in a table by handle; the JS object frees its entry when collected.
//!
//! Compiling goes through [`compile`], which asks the compiled-module cache
//! (when one is set with [`set_cache`]) before Cranelift.

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use rquickjs::{Array, Ctx, Result, Value};
use wasmtime::{ExternType, Module};

use super::engine::engine;
use super::errors::{Kind, throw};
use super::values::{ref_letter, signature};

/// A store of compiled modules (the worker's cache of serialized code):
/// `load` gives the module compiled earlier from these bytes, `save` keeps
/// one just compiled.
pub trait ModuleCache: Send + Sync {
    fn load(&self, engine: &wasmtime::Engine, bytes: &[u8]) -> Option<Module>;
    fn save(&self, bytes: &[u8], module: &Module);
}

static CACHE: OnceLock<Arc<dyn ModuleCache>> = OnceLock::new();

/// Sets the compiled-module cache [`compile`] uses (once per process).
pub fn set_cache(cache: Arc<dyn ModuleCache>) {
    let _ = CACHE.set(cache);
}

/// A compiled module and the custom sections of its bytes.
#[derive(Debug)]
pub struct Compiled {
    pub module: Module,
    /// Read from the bytes: the custom sections and each export's index
    /// in its index space (an exported function's JS name).
    pub parts: Parts,
}

#[derive(Debug, Default)]
pub struct Parts {
    custom: Vec<(String, Vec<u8>)>,
    export_index: Vec<u32>,
}

thread_local! {
    static MODULES: RefCell<Vec<Option<Compiled>>> = const { RefCell::new(Vec::new()) };
}

/// Compiles `bytes` (from the cache if it has them): the message of a
/// CompileError if they are not a valid module.
pub fn compile(bytes: &[u8]) -> std::result::Result<Compiled, String> {
    let parts = parts(bytes)?;
    let engine = engine();
    if let Some(module) = CACHE.get().and_then(|c| c.load(engine, bytes)) {
        return Ok(Compiled { module, parts });
    }
    let module = Module::new(engine, bytes).map_err(|e| format!("{e:#}"))?;
    if let Some(c) = CACHE.get() {
        c.save(bytes, &module);
    }
    Ok(Compiled { module, parts })
}

/// The custom sections, in order, and the exports' indices (also a first
/// check of the bytes).
fn parts(bytes: &[u8]) -> std::result::Result<Parts, String> {
    let mut out = Parts::default();
    for payload in wasmparser::Parser::new(0).parse_all(bytes) {
        match payload.map_err(|e| e.to_string())? {
            wasmparser::Payload::CustomSection(c) => {
                out.custom.push((c.name().to_string(), c.data().to_vec()))
            }
            wasmparser::Payload::ExportSection(reader) => {
                for e in reader {
                    out.export_index.push(e.map_err(|e| e.to_string())?.index);
                }
            }
            wasmparser::Payload::ModuleSection { .. }
            | wasmparser::Payload::ComponentSection { .. } => {
                return Err("a component is not a module".into());
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Keeps a compiled module; its handle.
pub fn keep(c: Compiled) -> u32 {
    MODULES.with(|m| {
        let mut m = m.borrow_mut();
        if let Some(i) = m.iter().position(Option::is_none) {
            m[i] = Some(c);
            return i as u32;
        }
        m.push(Some(c));
        (m.len() - 1) as u32
    })
}

/// The module behind a handle.
pub fn get(handle: u32) -> Option<Module> {
    MODULES.with(|m| {
        m.borrow()
            .get(handle as usize)
            .and_then(|c| c.as_ref().map(|c| c.module.clone()))
    })
}

/// Frees a handle (its JS object was collected).
pub fn drop_handle(handle: u32) {
    MODULES.with(|m| {
        if let Some(slot) = m.borrow_mut().get_mut(handle as usize) {
            *slot = None;
        }
    });
}

/// An extern's kind and type, as the glue reads them: `["function",
/// "ii:i"]`, `["memory", "1,2,0"]` (min, max or -1, shared),
/// `["table", "a,1,-1"]` (element, min, max or -1), `["global", "i,1"]`
/// (type, mutable), `["tag", "ii"]`.
pub fn describe(ty: &ExternType) -> (&'static str, String) {
    match ty {
        ExternType::Func(f) => ("function", signature(f)),
        ExternType::Memory(m) => (
            "memory",
            format!(
                "{},{},{}",
                m.minimum(),
                m.maximum().map_or(-1, |x| x as i64),
                m.is_shared() as u8
            ),
        ),
        ExternType::Table(t) => (
            "table",
            format!(
                "{},{},{}",
                ref_letter(t.element()),
                t.minimum(),
                t.maximum().map_or(-1, |x| x as i64)
            ),
        ),
        ExternType::Global(g) => (
            "global",
            format!(
                "{},{}",
                super::values::letter(g.content()),
                matches!(g.mutability(), wasmtime::Mutability::Var) as u8
            ),
        ),
        ExternType::Tag(t) => (
            "tag",
            t.ty().params().map(|p| super::values::letter(&p)).collect(),
        ),
    }
}

fn missing<T>(ctx: &Ctx<'_>) -> Result<T> {
    Err(rquickjs::Exception::throw_type(
        ctx,
        "WebAssembly.Module: not a compiled module",
    ))
}

/// `host.moduleImports(h)`: `[[module, name, kind, type], …]`.
pub fn imports<'js>(ctx: Ctx<'js>, handle: u32) -> Result<Array<'js>> {
    let Some(module) = get(handle) else {
        return missing(&ctx);
    };
    let out = Array::new(ctx.clone())?;
    for (i, imp) in module.imports().enumerate() {
        let (kind, ty) = describe(&imp.ty());
        let row = Array::new(ctx.clone())?;
        row.set(0, imp.module())?;
        row.set(1, imp.name())?;
        row.set(2, kind)?;
        row.set(3, ty)?;
        out.set(i, row)?;
    }
    Ok(out)
}

/// `host.moduleExports(h)`: `[[name, kind, type, index], …]`.
pub fn exports<'js>(ctx: Ctx<'js>, handle: u32) -> Result<Array<'js>> {
    let Some(module) = get(handle) else {
        return missing(&ctx);
    };
    let index: Vec<u32> = MODULES.with(|m| {
        m.borrow()
            .get(handle as usize)
            .and_then(|c| c.as_ref().map(|c| c.parts.export_index.clone()))
            .unwrap_or_default()
    });
    let out = Array::new(ctx.clone())?;
    for (i, exp) in module.exports().enumerate() {
        let (kind, ty) = describe(&exp.ty());
        let row = Array::new(ctx.clone())?;
        row.set(0, exp.name())?;
        row.set(1, kind)?;
        row.set(2, ty)?;
        row.set(3, index.get(i).copied())?;
        out.set(i, row)?;
    }
    Ok(out)
}

/// `host.customSections(h, name)`: a new ArrayBuffer for each section of
/// that name, in order.
pub fn custom<'js>(ctx: Ctx<'js>, handle: u32, name: String) -> Result<Array<'js>> {
    let sections: Option<Vec<Vec<u8>>> = MODULES.with(|m| {
        m.borrow().get(handle as usize).and_then(|c| {
            c.as_ref().map(|c| {
                c.parts
                    .custom
                    .iter()
                    .filter(|(n, _)| *n == name)
                    .map(|(_, d)| d.clone())
                    .collect()
            })
        })
    });
    let Some(sections) = sections else {
        return missing(&ctx);
    };
    let out = Array::new(ctx.clone())?;
    for (i, data) in sections.into_iter().enumerate() {
        out.set(i, rquickjs::ArrayBuffer::new(ctx.clone(), data)?)?;
    }
    Ok(out)
}

/// `host.compile(bytes)`: a module handle, or a CompileError thrown.
pub fn compile_js<'js>(ctx: Ctx<'js>, bytes: Value<'js>) -> Result<u32> {
    let bytes = crate::host::bytes_of(&bytes)?;
    match compile(&bytes) {
        Ok(c) => Ok(keep(c)),
        Err(msg) => Err(throw(
            &ctx,
            Kind::Compile,
            &format!("WebAssembly.Module(): {msg}"),
        )),
    }
}

/// `host.validate(bytes)`.
pub fn validate_js<'js>(bytes: Value<'js>) -> Result<bool> {
    let bytes = crate::host::bytes_of(&bytes)?;
    Ok(parts(&bytes).is_ok() && Module::validate(engine(), &bytes).is_ok())
}
