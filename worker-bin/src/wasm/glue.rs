//! The `WebAssembly` global: an accessor installed with the prelude (one
//! property, no engine), which on first read builds the namespace from
//! `wasm.js` and the `host` functions below, then replaces itself with a
//! plain data property (writable, configurable, not enumerable), as the
//! prelude's lazy globals do.

use rquickjs::object::{Accessor, Property};
use rquickjs::{Ctx, Function, Object, Result, Value};

use super::{errors, global, instance, memory, module, table};

const SOURCE: &str = include_str!("wasm.js");
const NAME: &str = "WebAssembly";

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
    let setup: Function = ctx.eval(SOURCE)?;
    let ns: Value = setup.call((host(ctx)?,))?;
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
