//! Node's built-in modules (`node:buffer`, bare `events`, ...). The resolver
//! names them `node:X` before any `node_modules` lookup, as Node does; this
//! is the one place that turns such a name into a module, for `import` and
//! `require()` alike. This build has none of them, so each is refused at
//! import with an error that says so, never later with `undefined`.

use rquickjs::{Ctx, Error, Module, Result};

/// The module for the built-in `name` (`buffer` for `node:buffer`).
pub fn load<'js>(_ctx: &Ctx<'js>, name: &str) -> Result<Module<'js>> {
    Err(Error::new_loading_message(
        format!("node:{name}"),
        format!(
            "node:{name} is one of Node's built-in modules, which this build of bext does \
             not provide; bundle a replacement into the script or use the web APIs bext has \
             (fetch, crypto.subtle, TextEncoder, URL, streams)"
        ),
    ))
}
