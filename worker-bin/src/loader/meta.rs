//! `import.meta` of every module loaded from a file, as Node 20.11+ has it:
//! `url` (the `file://` URL of the module's real path, percent-encoded as
//! Node's `pathToFileURL` does, with the `?query` it was imported with),
//! `filename` and `dirname` (the real path and its folder), and
//! `resolve(specifier)`, which answers at once with the URL an `import`
//! from this module would load (`node:x` for a built-in), under the same
//! rules and the same confinement as the import itself.
//!
//! It is filled when the loader hands QuickJS a module, whichever way it
//! was made (compiled, from the pool's bytecode, a transformed TypeScript
//! file): the bytecode holds no `import.meta`. Only a module whose source
//! mentions `meta` after a `.` gets one ([`mentioned`], one SIMD scan), so
//! an app's other modules, and CommonJS files, which cannot read it, cost
//! no more to load than before.

use std::path::Path;
use std::rc::Rc;

use rquickjs::{Ctx, Exception, Function, Module, Object, Result};

use super::Graph;
use super::confine;
use super::resolve::{Caller, ResolveError, Resolved, file_part};

/// Fills `module`'s `import.meta` for the module `name` (a real path,
/// perhaps with a `?query`).
pub(super) fn fill<'js, T>(
    ctx: &Ctx<'js>,
    module: &Module<'js, T>,
    name: &str,
    graph: &Rc<Graph>,
) -> Result<()> {
    let meta = module.meta()?;
    let file = file_part(name);
    let query = &name[file.len()..];
    meta.set("url", format!("{}{query}", file_url(file)))?;
    meta.set("filename", file)?;
    let dir = Path::new(file)
        .parent()
        .map_or_else(|| "/".into(), |d| d.to_string_lossy().into_owned());
    meta.set("dirname", dir)?;
    let graph = graph.clone();
    let base = name.to_string();
    let resolve = Function::new(ctx.clone(), move |ctx: Ctx<'js>, spec: String| {
        resolve(&ctx, &graph, &base, &spec)
    })?
    .with_name("resolve")?;
    meta.set("resolve", resolve)
}

/// What `import.meta.resolve(spec)` answers in the module `base`.
fn resolve(ctx: &Ctx<'_>, graph: &Graph, base: &str, spec: &str) -> Result<String> {
    match graph.resolution.resolve(base, spec, Caller::Import) {
        Ok(Resolved::Builtin(b)) if b.starts_with("node:") => Ok(b),
        Ok(Resolved::Builtin(b)) => Ok(format!("node:{b}")),
        Ok(Resolved::File { name, .. }) => {
            let file = file_part(&name);
            Ok(format!("{}{}", file_url(file), &name[file.len()..]))
        }
        // Node answers a path specifier with its URL, found or not; only
        // the folders the pool may read are answered.
        Err(ResolveError::NotFound { .. }) if is_path(spec) => {
            let joined = confine::normalize(&super::resolve::importer_dir(base).join(spec));
            let text = joined.to_string_lossy();
            let file = file_part(&text);
            match confine::check_read(file) {
                Ok(()) => Ok(format!("{}{}", file_url(file), &text[file.len()..])),
                Err(e) => Err(throw(ctx, &e.to_string(), "ERR_ACCESS_DENIED")),
            }
        }
        Err(ResolveError::Refused(e)) => Err(throw(ctx, &e.to_string(), "ERR_ACCESS_DENIED")),
        Err(e) => Err(throw(ctx, &e.to_string(), "ERR_MODULE_NOT_FOUND")),
    }
}

/// Whether `source` may read `import.meta`: `meta` follows a `.` (spaces
/// between them allowed).
pub(super) fn mentioned(source: &[u8]) -> bool {
    memchr::memmem::find_iter(source, b"meta")
        .any(|at| source[..at].iter().rev().find(|b| !b.is_ascii_whitespace()) == Some(&b'.'))
}

fn is_path(spec: &str) -> bool {
    spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/')
}

/// Throws an `Error` with `message` and `code`.
fn throw(ctx: &Ctx<'_>, message: &str, code: &str) -> rquickjs::Error {
    let Ok(e) = Exception::from_message(ctx.clone(), message) else {
        return Exception::throw_message(ctx, message);
    };
    let o: &Object<'_> = e.as_object();
    if o.set("code", code).is_err() {
        return Exception::throw_message(ctx, message);
    }
    ctx.throw(e.into_value())
}

/// The `file://` URL of the absolute path `path`, encoded as Node's
/// `url.pathToFileURL` encodes it: controls, space, non-ASCII bytes (as
/// UTF-8) and `"#%<>?[\]^`{|}~` become `%XX`.
pub fn file_url(path: &str) -> String {
    const ENCODED: &[u8] = b"\"#%<>?[\\]^`{|}~";
    let mut out = String::with_capacity(path.len() + 7);
    out.push_str("file://");
    for &b in path.as_bytes() {
        if b <= b' ' || b >= 0x7f || ENCODED.contains(&b) {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(b as char);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_source_reading_import_meta_is_given_one() {
        assert!(mentioned(b"const u = import.meta.url;"));
        assert!(mentioned(b"f(import\n  .  meta)"));
        assert!(!mentioned(b"const metadata = {}; x.y; // meta"));
        assert!(!mentioned(b"module.exports = 1;"));
    }

    #[test]
    fn file_urls_are_encoded_as_node_encodes_them() {
        // node -p 'url.pathToFileURL("/a b/^|#?%\"<>`{}\\\\é\t[]@!$&\x27()*+,;=:~").href'
        assert_eq!(
            file_url("/a b/^|#?%\"<>`{}\\é\t[]@!$&'()*+,;=:~"),
            "file:///a%20b/%5E%7C%23%3F%25%22%3C%3E%60%7B%7D%5C%C3%A9%09%5B%5D@!$&'()*+,;=:%7E"
        );
        assert_eq!(file_url("/srv/app/x.mjs"), "file:///srv/app/x.mjs");
    }
}
