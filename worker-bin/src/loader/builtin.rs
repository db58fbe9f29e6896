//! Node's built-in modules (`node:buffer`, bare `events`, ...). The resolver
//! names them `node:X` before any `node_modules` lookup, as Node does; this
//! is the one place the loader turns such a name into a module, for
//! `import` and `require()` alike. The built-ins themselves are `crate::node`'s;
//! one bext lacks (`fs`, `net`, ...) is refused at import with an error that
//! says what to use instead, never later with `undefined`.

use rquickjs::{Ctx, Module, Result, Value};

/// The module for the built-in `name` (`buffer` for `node:buffer`).
pub fn load<'js>(ctx: &Ctx<'js>, name: &str) -> Result<Module<'js>> {
    crate::node::load(ctx, name)
}

/// What `require("node:X")` gives: the built-in's own exports object (the
/// `EventEmitter` class for `events`), as in Node, not an ES namespace.
pub fn require<'js>(ctx: &Ctx<'js>, name: &str) -> Result<Value<'js>> {
    crate::node::require(ctx, name.strip_prefix("node:").unwrap_or(name))
}
