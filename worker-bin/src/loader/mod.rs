//! The module loader: how `import` and `require()` find, read and compile
//! a worker's code, so a script is an ordinary project folder
//! (`package.json`, `node_modules`, `.ts` files).
//!
//! QuickJS asks two questions. Resolution (`ModuleResolver`, by `resolve`)
//! turns a specifier into a module name: the real path of a file, with a
//! `?query` kept (`./data.json?v=2` is another instance of the file, so
//! `swap()` can import fresh data), or `node:X` for a Node built-in
//! (`builtin`). It also notes how the file is to run (its format). Loading
//! (`ModuleLoader`) turns a name into a module:
//!
//! - bytecode from the pool's earlier workers when it was compiled from
//!   exactly the file's bytes (`cache`), whatever the file is;
//! - JSON: a module whose default export is the value;
//! - WebAssembly (`.wasm`): a module whose default export is the
//!   `WebAssembly.Module` compiled from the file, as in Workers and Deno
//!   (`import add from "./add.wasm"`); its code comes from the pool's
//!   compiled wasm when an earlier worker compiled it (`wasm::cache`);
//! - CommonJS (`.cjs`, `"type": "commonjs"`, or a `.js` file without
//!   `import`/`export` in a package that does not say): run by the
//!   CommonJS runtime and seen through an ES module facade (`commonjs`);
//! - TypeScript and JSX: transformed (`typescript`), then compiled;
//! - anything else: compiled as an ES module.
//!
//! Source maps (`sourcemap`) are read only when an error is formatted.
//! Every module made from a file gets its `import.meta` (`meta`).
//!
//! Every file either question reaches is first checked against the pool's
//! folders (`confine`): a pool reads its own tree, the packages its
//! `node_modules` lead to and its `read_roots`, nothing else.

pub mod builtin;
pub mod cache;
mod commonjs;
pub mod confine;
mod meta;
pub mod resolve;
pub mod sourcemap;
pub mod typescript;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use rquickjs::loader::{ImportAttributes, Loader, Resolver};
use rquickjs::{Ctx, Error, Module, Result};

pub use cache::ModuleCache;
use resolve::{Caller, Format, Resolution, ResolveError, Resolved, file_part};

/// What resolution and loading share for one runtime.
#[derive(Debug, Default)]
pub struct Graph {
    resolution: Resolution,
    /// How each resolved file runs, as resolution found it.
    formats: RefCell<HashMap<String, Format>>,
}

impl Graph {
    /// The format of `name`, a `Detect` settled by reading the file.
    fn settle(&self, name: &str, format: Format) -> Format {
        if format != Format::Detect {
            return format;
        }
        let file = file_part(name);
        let esm = match std::fs::read_to_string(file) {
            Ok(text) => typescript::looks_like_esm(Path::new(file), &text),
            // The loader reports the unreadable file.
            Err(_) => true,
        };
        if esm { Format::Esm } else { Format::CommonJs }
    }

    /// Keeps the source map a transform made, for errors in this process.
    fn keep_map(&self, file: &str, map: String) {
        sourcemap::remember(file, map);
    }

    fn format(&self, name: &str) -> Format {
        let known = self.formats.borrow().get(name).copied();
        known.unwrap_or_else(|| resolve::format_of(Path::new(file_part(name)), None))
    }
}

/// Resolves import specifiers (see the module docs).
#[derive(Debug)]
pub struct ModuleResolver {
    graph: Rc<Graph>,
    cache: Rc<ModuleCache>,
}

impl ModuleResolver {
    /// The module a path specifier names when it is one bextd holds: a
    /// file of the pool's kept version gone from disk (deleted after its
    /// deploy) still resolves, to what bextd sent. Bare specifiers
    /// (packages) are not looked up: they resolve through the disk.
    fn held(&self, base: &str, name: &str) -> Option<String> {
        let path = if name.starts_with('/') {
            std::path::PathBuf::from(name)
        } else if name.starts_with("./") || name.starts_with("../") {
            resolve::importer_dir(base).join(name)
        } else {
            return None;
        };
        let mut clean = std::path::PathBuf::new();
        for part in path.components() {
            match part {
                std::path::Component::CurDir => {}
                std::path::Component::ParentDir => {
                    clean.pop();
                }
                other => clean.push(other),
            }
        }
        let clean = clean.to_string_lossy().into_owned();
        self.cache.held_source(&clean).map(|_| clean)
    }
}

/// Loads modules by name (see the module docs).
#[derive(Debug)]
pub struct ModuleLoader {
    graph: Rc<Graph>,
    cache: Rc<ModuleCache>,
}

/// The resolver and loader of one runtime, loading through `cache`.
pub fn new(cache: Rc<ModuleCache>) -> (ModuleResolver, ModuleLoader) {
    let graph = Rc::new(Graph::default());
    (
        ModuleResolver {
            graph: graph.clone(),
            cache: cache.clone(),
        },
        ModuleLoader { graph, cache },
    )
}

impl Resolver for ModuleResolver {
    fn resolve<'js>(
        &mut self,
        _ctx: &Ctx<'js>,
        base: &str,
        name: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<String> {
        match self.graph.resolution.resolve(base, name, Caller::Import) {
            Ok(Resolved::Builtin(builtin)) => Ok(builtin),
            Ok(Resolved::File { name, format }) => {
                self.graph.formats.borrow_mut().insert(name.clone(), format);
                Ok(name)
            }
            Err(ResolveError::NotFound { reason, tried, .. }) => match self.held(base, name) {
                Some(held) => {
                    confine::check_read(&held).map_err(|e| refused(base, name, &e))?;
                    Ok(held)
                }
                None => Err(Error::new_resolving_message(
                    base,
                    name,
                    format!("{reason}; tried {tried}"),
                )),
            },
            Err(ResolveError::Refused(e)) => Err(refused(base, name, &e)),
        }
    }
}

impl Loader for ModuleLoader {
    fn load<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        name: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<Module<'js>> {
        if let Some(builtin) = name.strip_prefix("node:") {
            // node:module's createRequire is the CommonJS runtime's.
            if builtin == "module" {
                commonjs::runtime(ctx, &self.graph)?;
            }
            return builtin::load(ctx, builtin);
        }
        let (module, uses_meta) = self.load_file(ctx, name)?;
        if uses_meta {
            meta::fill(ctx, &module, name, &self.graph)?;
        }
        Ok(module)
    }
}

impl ModuleLoader {
    /// The module of the file `name` (see the module docs), its
    /// `import.meta` not yet filled, and whether its source may read it (a
    /// CommonJS file cannot).
    fn load_file<'js>(&mut self, ctx: &Ctx<'js>, name: &str) -> Result<(Module<'js>, bool)> {
        let file = file_part(name);
        confine::check_read(file).map_err(|e| Error::new_loading_message(name, e.to_string()))?;
        // A module the master holds is the pool's running version of that
        // file: loaded from what it sent, whatever is on disk now.
        let source = match self.cache.held_source(name) {
            Some(source) => source,
            None => std::fs::read(file).map_err(|e| {
                Error::new_loading_message(name, format!("cannot read {file}: {e}"))
            })?,
        };
        if self.graph.format(name) == Format::Wasm {
            return Ok((self.wasm(ctx, name, source)?, false));
        }
        let uses_meta = meta::mentioned(&source);
        if let Some(module) = self.cache.cached(ctx, name, &source) {
            return Ok((module, uses_meta));
        }
        let module = match self.graph.settle(name, self.graph.format(name)) {
            Format::Wasm => return Ok((self.wasm(ctx, name, source)?, false)),
            Format::Json => {
                let code = json_module(&source);
                self.cache.compile(ctx, name, source, code)
            }
            Format::CommonJs | Format::Detect => {
                return Ok((commonjs::facade(ctx, &self.graph, name)?, false));
            }
            Format::Esm if typescript::needs_transform(file) => {
                let text = String::from_utf8_lossy(&source);
                let out = typescript::transform(Path::new(file), &text)
                    .map_err(|e| Error::new_loading_message(name, e.to_string()))?;
                self.graph.keep_map(file, out.map);
                self.cache.compile(ctx, name, source, out.code.into_bytes())
            }
            Format::Esm => {
                let code = source.clone();
                self.cache.compile(ctx, name, source, code)
            }
        }?;
        Ok((module, uses_meta))
    }

    /// The module of the `.wasm` file `name` whose bytes are `source`: a
    /// small JS module (kept as bytecode keyed by the file's bytes, so the
    /// pool holds the file's version as for any module) that compiles the
    /// bytes it finds on its `import.meta` and exports the Module.
    fn wasm<'js>(&mut self, ctx: &Ctx<'js>, name: &str, source: Vec<u8>) -> Result<Module<'js>> {
        let module = match self.cache.cached(ctx, name, &source) {
            Some(module) => module,
            None => self
                .cache
                .compile(ctx, name, source.clone(), WASM_MODULE.to_vec())?,
        };
        let bytes = rquickjs::ArrayBuffer::new(ctx.clone(), source)?;
        module.meta()?.set(WASM_BYTES, bytes)?;
        Ok(module)
    }
}

/// The `import.meta` key a `.wasm` module's bytes are handed over under.
const WASM_BYTES: &str = "wasmBytes";

/// The code of a `.wasm` file's module: its bytes, dropped once compiled.
const WASM_MODULE: &[u8] = b"const meta = import.meta;\n\
const module = new WebAssembly.Module(meta.wasmBytes);\n\
delete meta.wasmBytes;\n\
export default module;\n";

/// The import error of a module the pool may not read.
fn refused(base: &str, name: &str, e: &confine::Refused) -> Error {
    Error::new_resolving_message(base, name, e.to_string())
}

/// A module whose default export is the JSON document `bytes`.
fn json_module(bytes: &[u8]) -> Vec<u8> {
    let mut out = b"export default ".to_vec();
    out.extend_from_slice(bytes);
    out.extend_from_slice(b"\n;");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_json_file_is_its_default_export() {
        assert_eq!(
            super::json_module(b"{\"a\":1}"),
            b"export default {\"a\":1}\n;".to_vec()
        );
    }
}
