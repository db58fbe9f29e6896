//! How `import` finds and reads files: relative specifiers resolve against
//! the importing module's folder, absolute paths stay as they are, and bare
//! specifiers (`import "preact"`) are refused with a hint to bundle, since
//! a worker has no `node_modules` lookup.
//!
//! Parsing a bundled app costs milliseconds at every boot (2.5 ms for the
//! 32 KB SSR example), and a pool boots a worker for every rotation. So the
//! first worker that compiles a module offers its QuickJS bytecode to the
//! master, which hands it to the pool's next workers in `Init`
//! ([`ModuleCache`]).
//!
//! A module the master hands over is the pool's running version of that
//! file: it is loaded from what the master sent, and the file is not read,
//! so a routine replacement (a rotation, a crash restart) runs the code its
//! pool runs, whatever is on disk now; new code arrives only by a deploy,
//! for which the master sends no modules. The bytecode is used when the
//! executable that wrote it is this one; otherwise the source the master
//! sent is compiled. Modules the master does not hold (imported first
//! after `Ready`, imported with a query, too large to share) are read from
//! their files.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use protocol::worker::{CompiledModule, MAX_SHARED_MODULE_BYTES};
use rquickjs::loader::{ImportAttributes, Loader, Resolver};
use rquickjs::{Ctx, Error, Module, Result, WriteOptions};

/// Resolves import specifiers to file paths.
#[derive(Debug, Default)]
pub struct FileResolver;

/// Reads modules from files, through the [`ModuleCache`].
#[derive(Debug, Default)]
pub struct FileLoader {
    pub cache: Rc<ModuleCache>,
}

/// Bytecode from the pool's earlier workers, and what this worker compiled
/// itself and has yet to offer.
#[derive(Debug, Default)]
pub struct ModuleCache {
    /// Identifies this executable; empty turns the cache off.
    engine: String,
    known: RefCell<HashMap<String, CompiledModule>>,
    fresh: RefCell<Vec<CompiledModule>>,
    /// Compiles without writing bytecode to offer (a job's process).
    unshared: Cell<bool>,
    cached: Cell<u32>,
    compiled: Cell<u32>,
}

impl ModuleCache {
    /// A cache holding `modules` (from `Init`) for the executable `engine`.
    pub fn new(engine: String, modules: Vec<CompiledModule>) -> ModuleCache {
        let cache = ModuleCache {
            engine,
            ..ModuleCache::default()
        };
        cache.learn(modules);
        cache
    }

    /// Adds `modules` (from `Init`) to what this cache loads: a worker
    /// forked from a template got its cache before the master's `Init`.
    /// Bytecode another executable wrote is dropped; its source stays.
    pub fn learn(&self, modules: Vec<CompiledModule>) {
        let engine = &self.engine;
        self.known
            .borrow_mut()
            .extend(modules.into_iter().map(|mut m| {
                if engine.is_empty() || m.engine != *engine {
                    m.bytecode.clear();
                }
                (m.path.clone(), m)
            }));
    }

    /// The source the master holds for the module at `path`, if it does:
    /// the pool's version of that file, loaded instead of reading it.
    fn held_source(&self, path: &str) -> Option<Vec<u8>> {
        self.known.borrow().get(path).map(|m| m.source.clone())
    }

    /// Names the running executable by its file's device, inode, size and
    /// mtime: bytecode is only valid for the QuickJS build that wrote it,
    /// and an upgrade in place gives the new binary another identity.
    /// Empty (cache off) when /proc is not there.
    pub fn this_engine() -> String {
        use std::os::unix::fs::MetadataExt;
        match std::fs::metadata("/proc/self/exe") {
            Ok(m) => format!(
                "{}:{}:{}:{}.{}",
                m.dev(),
                m.ino(),
                m.size(),
                m.mtime(),
                m.mtime_nsec()
            ),
            Err(_) => String::new(),
        }
    }

    /// Stops writing out what this process compiles: nobody will take it.
    pub fn keep_to_itself(&self) {
        self.unshared.set(true);
    }

    /// Modules loaded from bytecode, and compiled from source, so far.
    pub fn counts(&self) -> (u32, u32) {
        (self.cached.get(), self.compiled.get())
    }

    /// Takes the modules compiled here since the last call.
    pub fn take_fresh(&self) -> Vec<CompiledModule> {
        std::mem::take(&mut *self.fresh.borrow_mut())
    }

    fn load<'js>(&self, ctx: &Ctx<'js>, path: &str, source: Vec<u8>) -> Result<Module<'js>> {
        // The borrow ends before QuickJS runs: loading a module can import
        // another, which comes back here.
        let bytecode = self
            .known
            .borrow()
            .get(path)
            .filter(|k| k.source == source && !k.bytecode.is_empty())
            .map(|k| k.bytecode.clone());
        if let Some(bytecode) = bytecode {
            // SAFETY: the bytes were written by `Module::write` in a worker
            // running this same executable (`learn` dropped any other), for
            // this exact source; QuickJS also checks its bytecode version.
            if let Ok(module) = unsafe { Module::load(ctx.clone(), &bytecode) } {
                self.cached.set(self.cached.get() + 1);
                return Ok(module);
            }
        }
        // Only a module that can be shared is kept and written out; the
        // rest compile exactly as without a cache.
        // A module imported with a query (`./data.json?v=2`, a fresh
        // instance for `swap()`) is one of many: never shared.
        let share = !self.engine.is_empty()
            && !self.unshared.get()
            && source.len() < MAX_SHARED_MODULE_BYTES
            && !path.contains('?');
        let kept = share.then(|| source.clone());
        let module = Module::declare(ctx.clone(), path, source)?;
        self.compiled.set(self.compiled.get() + 1);
        if let Some(source) = kept
            && let Ok(bytecode) = module.write(WriteOptions::default())
        {
            let m = CompiledModule {
                path: path.to_string(),
                source,
                engine: self.engine.clone(),
                bytecode,
            };
            if m.size() <= MAX_SHARED_MODULE_BYTES {
                self.fresh.borrow_mut().push(m);
            }
        }
        Ok(module)
    }
}

/// Joins `name` onto the folder of `base` and removes `.` and `..`
/// lexically. A query (`./data.json?v=2`) is kept: it names another
/// instance of the same file, so `swap()` can import fresh data.
pub fn resolve_path(base: &str, name: &str) -> Option<PathBuf> {
    let base = file_part(base);
    let (name, query) = match name.split_once('?') {
        Some((n, q)) => (n, Some(q)),
        None => (name, None),
    };
    let mut out = join_path(base, name)?;
    if let Some(q) = query {
        let mut s = out.into_os_string();
        s.push("?");
        s.push(q);
        out = PathBuf::from(s);
    }
    Some(out)
}

/// A module name without its query: the file it is read from.
pub fn file_part(name: &str) -> &str {
    name.split_once('?').map_or(name, |(f, _)| f)
}

/// The source of the module in file `path`: the file itself, or for a
/// `.json` file a module whose default export is its value.
fn module_source(path: &str, bytes: Vec<u8>) -> Vec<u8> {
    if !path.ends_with(".json") {
        return bytes;
    }
    let mut out = b"export default ".to_vec();
    out.extend_from_slice(&bytes);
    out.extend_from_slice(b"\n;");
    out
}

fn join_path(base: &str, name: &str) -> Option<PathBuf> {
    let joined = if name.starts_with('/') {
        PathBuf::from(name)
    } else if name.starts_with("./") || name.starts_with("../") {
        Path::new(base).parent()?.join(name)
    } else {
        return None;
    };
    let mut out = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

impl Resolver for FileResolver {
    fn resolve<'js>(
        &mut self,
        _ctx: &Ctx<'js>,
        base: &str,
        name: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<String> {
        match resolve_path(base, name) {
            Some(path) => Ok(path.to_string_lossy().into_owned()),
            None => Err(Error::new_resolving_message(
                base,
                name,
                "bare module specifiers are not supported; bundle dependencies into the \
                 script (for example with esbuild --bundle --format=esm)",
            )),
        }
    }
}

impl Loader for FileLoader {
    fn load<'js>(
        &mut self,
        ctx: &Ctx<'js>,
        path: &str,
        _attributes: Option<ImportAttributes<'js>>,
    ) -> Result<Module<'js>> {
        if let Some(source) = self.cache.held_source(path) {
            return self.cache.load(ctx, path, source);
        }
        let file = file_part(path);
        let source = std::fs::read(file)
            .map_err(|e| Error::new_loading_message(path, format!("cannot read {file}: {e}")))?;
        self.cache.load(ctx, path, module_source(file, source))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_relative_and_absolute() {
        let base = "/srv/app/pages/index.js";
        assert_eq!(
            resolve_path(base, "./a.js").unwrap(),
            Path::new("/srv/app/pages/a.js")
        );
        assert_eq!(
            resolve_path(base, "../lib/b.js").unwrap(),
            Path::new("/srv/app/lib/b.js")
        );
        assert_eq!(resolve_path(base, "/x/y.js").unwrap(), Path::new("/x/y.js"));
        assert!(resolve_path(base, "preact").is_none());
    }

    #[test]
    fn a_query_names_another_instance_of_the_same_file() {
        let base = "/srv/app/worker.js?v=1";
        assert_eq!(
            resolve_path(base, "./data.json?v=7").unwrap(),
            Path::new("/srv/app/data.json?v=7")
        );
        assert_eq!(file_part("/srv/app/data.json?v=7"), "/srv/app/data.json");
        assert_eq!(
            module_source("/a/d.json", b"{\"a\":1}".to_vec()),
            b"export default {\"a\":1}\n;".to_vec()
        );
        assert_eq!(module_source("/a/d.js", b"x".to_vec()), b"x".to_vec());
    }
}
