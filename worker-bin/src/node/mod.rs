//! Node's everyday built-ins (`node:buffer`, `node:events`, …) and the
//! `Buffer`, `process` and `global` globals, so code written for Node runs
//! in a worker unchanged.
//!
//! Theory of operation. Each built-in is a CommonJS-style function of
//! `(module, exports, require, host)` written in `js/` (or bundled from an
//! npm package into `js/vendor/` by `scripts/vendor-node`), where `require`
//! reaches only other built-ins and `host` holds the Rust functions some of
//! them need (hashes, clocks, the environment); each is read from its
//! precompiled bytecode (`bytecode.rs`, `js/builtins.bc`) rather than compiled
//! from source. They run on first use only:
//! a worker that never imports one pays nothing but defining three lazy
//! globals (a few microseconds, see [`install`]).
//!
//! - `import x from "node:X"` (or bare `"X"`, see [`builtin`]) asks the
//!   module loader, which calls [`load`]: it runs the built-in through the
//!   internal `require` (one instance per worker, cached in
//!   `js/require.js`) and declares a small ES module whose default export is
//!   that object and whose named exports are its own keys, as Node does.
//! - `Buffer`, `process` and `global` are accessors on `globalThis` that
//!   run their built-in on first touch and put a plain data property in
//!   their place.
//! - A built-in bext does not have (`repl`, `domain`, …) fails
//!   at import with an error that names it and says what to use instead
//!   ([`catalogue::unavailable`]), never later with `undefined`.
//!
//! This module knows nothing of how files are resolved: the loader asks it
//! about a name, never the other way round.

mod bytecode;
mod catalogue;
pub mod context;
mod crypto;
mod host;
pub(crate) mod os;
pub mod ticks;

use rquickjs::object::{Accessor, Property};
use rquickjs::{Ctx, Error, Function, Module, Object, Result, Symbol, Value};

pub use catalogue::{BUILTINS, unavailable};

/// Where the internal `require` is kept on `globalThis`, under
/// `Symbol.for(...)` so the generated ES modules can reach it.
const REQUIRE_KEY: &str = "bext.node.require";

/// The module name a specifier names when it is a Node built-in: `node:X`
/// for `node:X` and for a bare `X` Node would take as a built-in (bare
/// names are checked before any `node_modules` lookup, as Node does).
pub fn builtin(specifier: &str) -> Option<String> {
    let bare = specifier.strip_prefix("node:").unwrap_or(specifier);
    let known = BUILTINS.contains(&bare) || unavailable(bare).is_some();
    // Under `node:` every name is Node's: an unknown one is refused at
    // load with the list of what there is.
    (known || specifier.starts_with("node:")).then(|| format!("node:{bare}"))
}

/// Makes `dir` the pool's app root: what `process.cwd()` answers (the
/// folder of the pool's script, until the pool says a root of its own).
pub fn set_app_root(dir: std::path::PathBuf) {
    // node:fs takes relative paths from there too.
    crate::fs::set_cwd(&dir);
    host::set_app_root(dir);
}

/// Why a built-in cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum NodeError {
    #[error("node:{name} is not available in bext: {instead}")]
    Unavailable { name: String, instead: &'static str },
    #[error("node:{name} is not a Node built-in bext knows (it has: {})", BUILTINS.join(", "))]
    Unknown { name: String },
}

/// The module `node:X` (`name`) for the loader: an ES module whose default
/// export is the built-in's object and whose named exports are its keys.
pub fn load<'js>(ctx: &Ctx<'js>, name: &str) -> Result<Module<'js>> {
    let bare = name.strip_prefix("node:").unwrap_or(name);
    if let Some(instead) = unavailable(bare) {
        let e = NodeError::Unavailable {
            name: bare.into(),
            instead,
        };
        return Err(Error::new_loading_message(name, e.to_string()));
    }
    if !BUILTINS.contains(&bare) {
        let e = NodeError::Unknown { name: bare.into() };
        return Err(Error::new_loading_message(name, e.to_string()));
    }
    let exports = require(ctx, bare)?;
    Module::declare(ctx.clone(), name, facade(bare, &exports)?)
}

/// The source of the ES module that re-exports the built-in `bare`.
fn facade(bare: &str, exports: &Value<'_>) -> Result<String> {
    let mut names: Vec<String> = Vec::new();
    if let Some(obj) = exports.as_object() {
        for key in obj.keys::<String>() {
            let key = key?;
            if is_export_name(&key) && !names.contains(&key) {
                names.push(key);
            }
        }
    }
    let mut out = format!(
        "const m = globalThis[Symbol.for({REQUIRE_KEY:?})]({bare:?});\nexport default m;\n"
    );
    if !names.is_empty() {
        out.push_str(&format!("export const {{ {} }} = m;\n", names.join(", ")));
    }
    Ok(out)
}

/// A key that can be a named export: an identifier, not a reserved word.
fn is_export_name(key: &str) -> bool {
    const RESERVED: &[&str] = &[
        "default",
        "delete",
        "new",
        "function",
        "class",
        "import",
        "export",
        "this",
        "in",
        "typeof",
        "void",
        "var",
        "let",
        "const",
        "return",
        "super",
        "with",
        "yield",
        "await",
        "enum",
        "null",
        "true",
        "false",
        "if",
        "else",
        "for",
        "while",
        "do",
        "switch",
        "case",
        "break",
        "continue",
        "throw",
        "try",
        "catch",
        "finally",
        "debugger",
        "instanceof",
        "extends",
    ];
    let mut chars = key.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$');
    first_ok
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        && !RESERVED.contains(&key)
}

/// The built-in `bare`'s exports (`require("events")` inside a worker), run
/// on first use.
pub fn require<'js>(ctx: &Ctx<'js>, bare: &str) -> Result<Value<'js>> {
    require_fn(ctx)?.call((bare,))
}

/// The internal `require`, made on first use and kept on `globalThis`.
fn require_fn<'js>(ctx: &Ctx<'js>) -> Result<Function<'js>> {
    let globals = ctx.globals();
    let symbol_for: Function = globals.get::<_, Object>("Symbol")?.get("for")?;
    let key: Symbol = symbol_for.call((REQUIRE_KEY,))?;
    if let Some(f) = globals.get::<_, Option<Function>>(key.clone())? {
        return Ok(f);
    }
    let make: Function = ctx.eval_with_options(
        include_str!("js/require.js"),
        eval_options("node:internal/require"),
    )?;
    let f: Function = make.call((host::object(ctx)?,))?;
    globals.prop(key, Property::from(f.clone()))?;
    Ok(f)
}

fn eval_options(filename: &str) -> rquickjs::context::EvalOptions {
    let mut o = rquickjs::context::EvalOptions::default();
    o.global = true;
    o.strict = false;
    o.filename = Some(filename.to_string());
    o
}

/// The function of `(module, exports, require, host)` that is built-in
/// `bare`'s source (called by `js/require.js` through `host.source`): read
/// from its precompiled bytecode when that is current (see [`bytecode`]),
/// else compiled from the source.
fn compile<'js>(ctx: &Ctx<'js>, bare: &str) -> Result<Function<'js>> {
    let Some(src) = catalogue::source(bare) else {
        let e = match unavailable(bare) {
            Some(instead) => NodeError::Unavailable {
                name: bare.into(),
                instead,
            },
            None => NodeError::Unknown { name: bare.into() },
        };
        return Err(rquickjs::Exception::throw_message(ctx, &e.to_string()));
    };
    if let Some(f) = bytecode::load(ctx, bare) {
        return Ok(f);
    }
    ctx.eval_with_options(
        bytecode::wrap(src),
        eval_options(&bytecode::file_name(bare)),
    )
}

/// Defines the lazy globals: `Buffer` (node:buffer), `Intl`
/// (`internal/intl`), `process` (node:process) and `global` (`globalThis`,
/// as Node names it), and the locale-sensitive methods that load `Intl`'s
/// built-in when first called ([`crate::intl::install_methods`]).
pub fn install(ctx: &Ctx<'_>) -> Result<()> {
    let globals = ctx.globals();
    globals.prop(
        "global",
        Property::from(globals.clone()).writable().configurable(),
    )?;
    lazy_global(ctx, &globals, "Buffer", "buffer", Some("Buffer"))?;
    lazy_global(ctx, &globals, "Intl", "internal/intl", Some("Intl"))?;
    crate::intl::install_methods(ctx)?;
    lazy_global(ctx, &globals, "process", "process", None)
}

/// `name` on `globalThis`: the built-in `bare` (or its `member`) on first
/// read; a write before that replaces it as a plain property would.
fn lazy_global<'js>(
    _ctx: &Ctx<'js>,
    globals: &Object<'js>,
    name: &'static str,
    bare: &'static str,
    member: Option<&'static str>,
) -> Result<()> {
    let get = move |ctx: Ctx<'js>| -> Result<Value<'js>> {
        let exports = require(&ctx, bare)?;
        let value = match member {
            Some(m) => exports
                .as_object()
                .map_or(Ok(exports.clone()), |o| o.get(m))?,
            None => exports,
        };
        settle(&ctx, name, value.clone())?;
        Ok(value)
    };
    let set = move |ctx: Ctx<'js>, value: Value<'js>| settle(&ctx, name, value);
    globals.prop(name, Accessor::new(get, set).configurable())
}

/// Replaces the accessor `name` with a data property holding `value`.
fn settle<'js>(ctx: &Ctx<'js>, name: &str, value: Value<'js>) -> Result<()> {
    ctx.globals()
        .prop(name, Property::from(value).writable().configurable())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_node_and_bare_builtins() {
        assert_eq!(builtin("node:buffer").as_deref(), Some("node:buffer"));
        assert_eq!(builtin("buffer").as_deref(), Some("node:buffer"));
        assert_eq!(
            builtin("timers/promises").as_deref(),
            Some("node:timers/promises")
        );
        assert_eq!(builtin("fs").as_deref(), Some("node:fs"));
        assert_eq!(builtin("node:nope").as_deref(), Some("node:nope"));
        assert_eq!(builtin("preact"), None);
        assert_eq!(builtin("./buffer"), None);
    }

    #[test]
    fn export_names_are_identifiers() {
        assert!(is_export_name("Buffer"));
        assert!(is_export_name("$x_1"));
        assert!(!is_export_name("default"));
        assert!(!is_export_name("1a"));
        assert!(!is_export_name("a-b"));
        assert!(!is_export_name(""));
    }
}
