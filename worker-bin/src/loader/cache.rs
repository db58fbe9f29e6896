//! The bytecode cache of compiled modules.
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
//! after `Ready`, imported with a query, too large to share, CommonJS files)
//! are read from their files. A TypeScript module is keyed by its
//! TypeScript source, so a warm boot skips the transform as well as the
//! parse.
//!
//! Compiled WebAssembly travels the same way (`wasm::cache`, the entries
//! named `wasm:…`): this cache hands them to it from `Init`, takes its
//! fresh ones with its own, and counts them with the modules.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use protocol::worker::{CompiledModule, MAX_SHARED_MODULE_BYTES};
use rquickjs::{Ctx, Module, Result, WriteOptions};

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
        if !engine.is_empty() {
            crate::wasm::cache::install(&engine);
        }
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
        let modules = match crate::wasm::cache::shared() {
            Some(wasm) => wasm.learn(modules),
            None => modules,
        };
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

    /// The source (the file's bytes) the master holds for the module at
    /// `path`, if it does: the pool's version of that file, loaded instead
    /// of reading it.
    pub(super) fn held_source(&self, path: &str) -> Option<Vec<u8>> {
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
        if let Some(wasm) = crate::wasm::cache::shared() {
            wasm.keep_to_itself();
        }
    }

    /// Modules loaded from bytecode (or wasm deserialized), and compiled,
    /// so far.
    pub fn counts(&self) -> (u32, u32) {
        let (wasm_cached, wasm_compiled) =
            crate::wasm::cache::shared().map_or((0, 0), |w| w.counts());
        (
            self.cached.get() + wasm_cached,
            self.compiled.get() + wasm_compiled,
        )
    }

    /// Takes the modules (and wasm) compiled here since the last call.
    pub fn take_fresh(&self) -> Vec<CompiledModule> {
        let mut fresh = std::mem::take(&mut *self.fresh.borrow_mut());
        if let Some(wasm) = crate::wasm::cache::shared() {
            fresh.extend(wasm.take_fresh());
        }
        fresh
    }

    /// The module `path` from bytecode, when this cache holds some that was
    /// compiled from exactly `source` (the file's bytes) by this executable.
    pub(super) fn cached<'js>(
        &self,
        ctx: &Ctx<'js>,
        path: &str,
        source: &[u8],
    ) -> Option<Module<'js>> {
        // The borrow ends before QuickJS runs: loading a module can import
        // another, which comes back here.
        let bytecode = self
            .known
            .borrow()
            .get(path)
            .filter(|k| k.source == source && !k.bytecode.is_empty())
            .map(|k| k.bytecode.clone())?;
        // SAFETY: the bytes were written by `Module::write` in a worker
        // running this same executable (`learn` dropped any other), for
        // this exact source; QuickJS also checks its bytecode version.
        let module = unsafe { Module::load(ctx.clone(), &bytecode) }.ok()?;
        self.cached.set(self.cached.get() + 1);
        Some(module)
    }

    /// Compiles `code` (what `source`, the file's bytes, became: itself, a
    /// JSON module, transformed TypeScript) as module `path`, and keeps its
    /// bytecode to offer, keyed by `source`.
    pub(super) fn compile<'js>(
        &self,
        ctx: &Ctx<'js>,
        path: &str,
        source: Vec<u8>,
        code: Vec<u8>,
    ) -> Result<Module<'js>> {
        // Only a module that can be shared is kept and written out; the
        // rest compile exactly as without a cache.
        // A module imported with a query (`./data.json?v=2`, a fresh
        // instance for `swap()`) is one of many: never shared.
        let share = !self.engine.is_empty()
            && !self.unshared.get()
            && source.len() < MAX_SHARED_MODULE_BYTES
            && !path.contains('?');
        let module = Module::declare(ctx.clone(), path, code)?;
        self.compiled.set(self.compiled.get() + 1);
        if share && let Ok(bytecode) = module.write(WriteOptions::default()) {
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
