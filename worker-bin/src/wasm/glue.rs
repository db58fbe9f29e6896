//! The `WebAssembly` global: an accessor installed with the prelude (one
//! property, no engine), which on first read builds the namespace from
//! `wasm.js` and the `host` functions below, then replaces itself with a
//! plain data property (writable, configurable, not enumerable), as the
//! prelude's lazy globals do.
//!
//! `wasm.js` is read from its precompiled bytecode, `wasm.bc` (the source's
//! hash, then a QuickJS module whose default export is the setup
//! function), kept current by `prelude_wasm_bytecode_is_current`
//! (`BEXT_BLESS=1 cargo test -p bext-worker --lib prelude`); a stale or
//! refused image makes it compile from source, so only speed is at stake.

use rquickjs::object::{Accessor, Property};
use rquickjs::{Ctx, Function, Module, Object, Result, Value};

use super::{errors, global, instance, memory, module, table};

const SOURCE: &str = include_str!("wasm.js");
const BYTECODE: &[u8] = include_bytes!("wasm.bc");
const NAME: &str = "WebAssembly";
/// The name its frames carry in JS stacks.
const MODULE_NAME: &str = "bext:wasm";
const SOURCE_HASH: u64 = crate::prelude::source_hash(SOURCE);

fn module_source() -> String {
    format!(
        "export default {};\n",
        SOURCE.trim_end().trim_end_matches(';')
    )
}

/// `wasm.bc`'s bytes for this source (made by the test that keeps it
/// current).
#[cfg(test)]
fn compile(ctx: &Ctx<'_>) -> Result<Vec<u8>> {
    let code = Module::declare(ctx.clone(), MODULE_NAME, module_source())?.write(
        rquickjs::WriteOptions {
            strip_source: true,
            ..rquickjs::WriteOptions::default()
        },
    )?;
    let mut out = SOURCE_HASH.to_le_bytes().to_vec();
    out.extend_from_slice(&code);
    Ok(out)
}

/// The setup function of `wasm.js`, from the bytecode when it is current.
fn setup<'js>(ctx: &Ctx<'js>) -> Result<Function<'js>> {
    let image = BYTECODE
        .split_at_checked(8)
        .filter(|(hash, _)| *hash == SOURCE_HASH.to_le_bytes())
        .map(|(_, code)| code);
    if let Some(code) = image {
        // SAFETY: the bytes were made by `compile` from this very source
        // (the hash says so) and are part of this binary; QuickJS checks
        // its bytecode version and refuses another version's.
        if let Ok(module) = unsafe { Module::load(ctx.clone(), code) }
            && let Ok((module, promise)) = module.eval()
            && promise.finish::<()>().is_ok()
            && let Ok(f) = module.get("default")
        {
            return Ok(f);
        }
    }
    let (module, promise) = Module::declare(ctx.clone(), MODULE_NAME, module_source())?.eval()?;
    promise.finish::<()>()?;
    module.get("default")
}

/// Defines the lazy `WebAssembly` global.
pub fn install<'js>(ctx: &Ctx<'js>) -> Result<()> {
    let get = |ctx: Ctx<'js>| -> Result<Value<'js>> { namespace(&ctx) };
    let set = |ctx: Ctx<'js>, v: Value<'js>| replace(&ctx, v);
    ctx.globals()
        .prop(NAME, Accessor::new(get, set).configurable())
}

/// Puts `v` in place of the accessor.
fn replace<'js>(ctx: &Ctx<'js>, v: Value<'js>) -> Result<()> {
    ctx.globals()
        .prop(NAME, Property::from(v).writable().configurable())
}

/// Builds the namespace and makes it the global's value.
fn namespace<'js>(ctx: &Ctx<'js>) -> Result<Value<'js>> {
    let ns: Value = setup(ctx)?.call((host(ctx)?,))?;
    replace(ctx, ns.clone())?;
    Ok(ns)
}

/// The Rust side of `wasm.js`.
fn host<'js>(ctx: &Ctx<'js>) -> Result<Object<'js>> {
    instance::set_context(ctx);
    let h = Object::new(ctx.clone())?;
    let c = ctx.clone();
    h.set(
        "setErrors",
        Function::new(
            c.clone(),
            |ctx: Ctx<'js>, a: Function<'js>, b: Function<'js>, r: Function<'js>| {
                errors::set(&ctx, a, b, r)
            },
        )?,
    )?;
    h.set("validate", Function::new(c.clone(), module::validate_js)?)?;
    h.set("compile", Function::new(c.clone(), module::compile_js)?)?;
    h.set("moduleImports", Function::new(c.clone(), module::imports)?)?;
    h.set("moduleExports", Function::new(c.clone(), module::exports)?)?;
    h.set("customSections", Function::new(c.clone(), module::custom)?)?;
    h.set("moduleDrop", Function::new(c.clone(), module::drop_handle)?)?;
    h.set(
        "instantiate",
        Function::new(c.clone(), instance::instantiate)?,
    )?;
    h.set("call", Function::new(c.clone(), instance::call)?)?;
    h.set("funcSig", Function::new(c.clone(), instance::signature)?)?;
    h.set("memNew", Function::new(c.clone(), memory::new)?)?;
    h.set("memGrow", Function::new(c.clone(), memory::grow)?)?;
    h.set("memBuffer", Function::new(c.clone(), memory::buffer)?)?;
    h.set("memSize", Function::new(c.clone(), memory::size)?)?;
    h.set("detach", Function::new(c.clone(), memory::detach)?)?;
    h.set("tableNew", Function::new(c.clone(), table::new)?)?;
    h.set("tableType", Function::new(c.clone(), table::element_of)?)?;
    h.set("tableLength", Function::new(c.clone(), table::length)?)?;
    h.set("tableGet", Function::new(c.clone(), table::get_at)?)?;
    h.set("tableSet", Function::new(c.clone(), table::set_at)?)?;
    h.set("tableGrow", Function::new(c.clone(), table::grow)?)?;
    h.set("globalNew", Function::new(c.clone(), global::new)?)?;
    h.set("globalType", Function::new(c.clone(), global::type_of)?)?;
    h.set("globalGet", Function::new(c.clone(), global::value)?)?;
    h.set("globalSet", Function::new(c, global::set)?)?;
    Ok(h)
}

/// `new WebAssembly.Module(bytes)` for a module compiled from Rust (the
/// loader's `import x from "./x.wasm"`): the global's namespace is built if
/// it was not yet.
pub fn module_object<'js>(ctx: &Ctx<'js>, bytes: &[u8]) -> Result<Value<'js>> {
    let ns: Object = match ctx.globals().get::<_, Value>(NAME)?.into_object() {
        Some(o) => o,
        None => namespace(ctx)?
            .into_object()
            .ok_or(rquickjs::Error::Unknown)?,
    };
    let class: rquickjs::Constructor = ns.get("Module")?;
    let array = rquickjs::TypedArray::<u8>::new(ctx.clone(), bytes.to_vec())?;
    class.construct((array,))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prelude_wasm_bytecode_is_current() {
        let rt = rquickjs::Runtime::new().unwrap();
        let ctx = rquickjs::Context::full(&rt).unwrap();
        let fresh = ctx.with(|ctx| compile(&ctx)).unwrap();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm/wasm.bc");
        if std::env::var_os("BEXT_BLESS").is_some() {
            std::fs::write(path, &fresh).unwrap();
            return;
        }
        assert!(
            fresh == BYTECODE,
            "src/wasm/wasm.bc is stale: run BEXT_BLESS=1 cargo test -p bext-worker --lib prelude"
        );
        // SAFETY: made by `compile` above, from this source.
        let loads = ctx.with(|ctx| unsafe { Module::load(ctx.clone(), &BYTECODE[8..]) }.is_ok());
        assert!(loads, "the checked-in bytecode does not load");
    }
}
