//! CommonJS: `require()`, `module.exports`/`exports`, `__filename` and
//! `__dirname`, JSON through `require`, and cycles as Node has them (a
//! module still loading gives its exports as they are so far).
//!
//! The runtime is JavaScript (`commonjs.js`), installed on first use under
//! a registered symbol; it calls back here to resolve (with the `require`
//! conditions), to compile a file inside Node's function wrapper (one line,
//! so line numbers stay the file's), and to import an ES module at once for
//! `require(esm)`, which gives its namespace as Node 22 does.
//!
//! An ES module importing a CommonJS file gets its `module.exports` as the
//! default export and its enumerable keys as named exports, as in Node.
//! Node finds those names by reading the source with cjs-module-lexer; here
//! the file is run when it is linked and its `module.exports` keys are
//! read. That finds every name the lexer finds and the ones it misses (a
//! name added in a loop, `Object.assign(exports, ...)`), at the price of
//! running the file at link time rather than in import order; no Rust port
//! of the lexer is kept up to date with Node's. The facade module is not
//! cached as bytecode (its text depends on the run); the file itself is
//! compiled at each boot.

use std::rc::Rc;

use rquickjs::context::EvalOptions;
use rquickjs::{Ctx, Exception, Function, Module, Object, Result, Symbol, Value};

use super::resolve::{Caller, Format, ResolveError, Resolved, file_part};
use super::{Graph, typescript};

const RUNTIME: &str = include_str!("commonjs.js");
const KEY: &str = "bext.commonjs";

/// The ES module standing for the CommonJS file `name`.
pub fn facade<'js>(ctx: &Ctx<'js>, graph: &Rc<Graph>, name: &str) -> Result<Module<'js>> {
    let runtime = runtime(ctx, graph)?;
    let make: Function = runtime.get("facade")?;
    let source: String = make.call((name,))?;
    Module::declare(ctx.clone(), name, source)
}

/// The runtime object, installed on first use (also by an import of
/// `node:module`, whose `createRequire` is the runtime's).
pub(super) fn runtime<'js>(ctx: &Ctx<'js>, graph: &Rc<Graph>) -> Result<Object<'js>> {
    let key = Symbol::new_global(ctx.clone(), KEY)?;
    let globals = ctx.globals();
    if let Ok(found) = globals.get::<_, Object>(key.clone()) {
        return Ok(found);
    }
    let host = Object::new(ctx.clone())?;
    let g = graph.clone();
    host.set(
        "resolve",
        Function::new(ctx.clone(), move |spec: String, parent: String| {
            resolve_for_require(&g, &parent, &spec)
        })?,
    )?;
    let g = graph.clone();
    host.set(
        "compile",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, name: String| {
            compile(&ctx, &g, &name)
        })?,
    )?;
    host.set(
        "read",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, name: String| read(&ctx, &name))?,
    )?;
    host.set(
        "requireBuiltin",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, name: String| {
            super::builtin::require(&ctx, &name)
        })?,
    )?;
    host.set(
        "importSync",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, name: String| {
            import_sync(&ctx, &name)
        })?,
    )?;
    let factory: Function = ctx.eval(RUNTIME)?;
    let runtime: Object = factory.call((host,))?;
    globals.set(key, runtime.clone())?;
    Ok(runtime)
}

/// `[format, name]` for `require(spec)` from `parent`, or `["error", why]`
/// (not found), or `["refused", why]` (outside the pool's folders).
fn resolve_for_require(graph: &Graph, parent: &str, spec: &str) -> Vec<String> {
    match graph.resolution.resolve(parent, spec, Caller::Require) {
        Ok(Resolved::Builtin(name)) => vec!["builtin".into(), name],
        Ok(Resolved::File { name, format }) => {
            let format = match graph.settle(&name, format) {
                Format::Esm => "esm",
                Format::Json => "json",
                // Node 20 runs a required `.wasm` as CommonJS too (and
                // fails on its bytes); only `import` gives a Module.
                Format::CommonJs | Format::Detect | Format::Wasm => "cjs",
            };
            vec![format.into(), name]
        }
        Err(e @ ResolveError::NotFound { .. }) => vec!["error".into(), e.to_string()],
        Err(ResolveError::Refused(e)) => vec!["refused".into(), e.to_string()],
    }
}

/// The text of the file of module `name`, if the pool may read it.
fn read(ctx: &Ctx<'_>, name: &str) -> Result<String> {
    let file = file_part(name);
    super::confine::check_read(file).map_err(|e| Exception::throw_type(ctx, &e.to_string()))?;
    std::fs::read_to_string(file)
        .map_err(|e| Exception::throw_internal(ctx, &format!("cannot read {file}: {e}")))
}

/// The file `name` as Node runs it: inside a function of `exports`,
/// `require`, `module`, `__filename` and `__dirname`, in sloppy mode.
fn compile<'js>(ctx: &Ctx<'js>, graph: &Graph, name: &str) -> Result<Function<'js>> {
    let file = file_part(name);
    let mut code = read(ctx, name)?;
    if typescript::needs_transform(file) {
        let out = typescript::transform(file.as_ref(), &code)
            .map_err(|e| Exception::throw_syntax(ctx, &e.to_string()))?;
        graph.keep_map(file, out.map);
        code = out.code;
    }
    // A shebang line is not JavaScript inside the wrapper.
    if code.starts_with("#!") {
        code.insert_str(0, "//");
    }
    let wrapped =
        format!("(function (exports, require, module, __filename, __dirname) {{{code}\n}})");
    let mut options = EvalOptions::default();
    options.global = true;
    options.strict = false;
    options.filename = Some(file.to_string());
    ctx.eval_with_options(wrapped, options)
}

/// `require()` of an ES module: imported and evaluated now; its namespace.
fn import_sync<'js>(ctx: &Ctx<'js>, name: &str) -> Result<Value<'js>> {
    let promise = Module::import(ctx, name)?;
    match promise.finish::<Value>() {
        Err(rquickjs::Error::WouldBlock) => Err(Exception::throw_type(
            ctx,
            &format!(
                "require() cannot load {name}: it is an ES module with top-level await \
                 (ERR_REQUIRE_ASYNC_MODULE); use import() instead"
            ),
        )),
        other => other,
    }
}
