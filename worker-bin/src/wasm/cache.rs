//! Compiled WebAssembly shared by the workers of a version, as the JS
//! bytecode is (`loader::cache`): a rotation or a new worker of the same
//! version does not compile the same wasm again.
//!
//! The first worker of a version compiles with Cranelift and keeps the
//! serialized module (`Module::serialize`: machine code and metadata) to
//! offer; before `Ready` the loader's cache hands it to bextd with the
//! JS modules (`WorkerToMaster::Compiled`), and bextd gives it to the
//! version's next workers in `Init`, which deserialize it instead of
//! compiling. An entry is named `wasm:SHA256:COMPAT`, the SHA-256 of the
//! module's bytes and wasmtime's compatibility hash of the engine's
//! configuration (`Engine::precompile_compatibility_hash`: the wasmtime
//! version, its settings and the CPU features the code uses), and carries
//! no source, since the name identifies the bytes; its `engine` is the
//! executable's identity, as for bytecode, so another `bext-worker` build
//! never loads it (wasmtime checks its version and settings once more when
//! deserializing, and a mismatch compiles as without a cache).
//!
//! As for bytecode, only what a worker compiled before `Ready` is shared
//! (wasm compiled while loading the script or in `startup()`: imports of
//! `.wasm` files, top-level `await WebAssembly.compile(...)`); wasm compiled
//! by requests stays the worker's. A serialized module past the per-module
//! limit of the wire is not shared.
//!
//! Nothing here touches wasmtime until a script compiles wasm: installing
//! the cache costs a worker that never does one allocation.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use protocol::worker::{CompiledModule, MAX_SHARED_MODULE_BYTES};
use sha2::{Digest, Sha256};
use wasmtime::{Engine, Module};

/// The prefix of a compiled wasm module's name in the pool's cache.
pub const PREFIX: &str = "wasm:";

/// What a process holds at most of serialized modules still to offer.
const MAX_FRESH_BYTES: usize = 16 * 1024 * 1024;

/// Serialized modules from the version's earlier workers, and the ones
/// compiled here to offer.
#[derive(Debug, Default)]
pub struct Shared {
    /// Identifies this executable (as `ModuleCache::this_engine`).
    engine: String,
    known: Mutex<HashMap<String, Vec<u8>>>,
    fresh: Mutex<Vec<CompiledModule>>,
    /// Compiles without keeping what to offer (after `Ready`, in a job).
    unshared: AtomicBool,
    cached: AtomicU32,
    compiled: AtomicU32,
}

static SHARED: OnceLock<Arc<Shared>> = OnceLock::new();

/// The process's cache for the executable `engine`, made and handed to the
/// compiler on the first call (a forked worker has its template's).
pub fn install(engine: &str) -> Arc<Shared> {
    SHARED
        .get_or_init(|| {
            let shared = Arc::new(Shared {
                engine: engine.to_string(),
                ..Shared::default()
            });
            super::module::set_cache(shared.clone());
            shared
        })
        .clone()
}

/// The process's cache, if one was installed.
pub fn shared() -> Option<&'static Arc<Shared>> {
    SHARED.get()
}

/// The name of the module compiled from `bytes` by `engine`.
pub fn key(engine: &Engine, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let mut out = String::with_capacity(PREFIX.len() + 64 + 17);
    out.push_str(PREFIX);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out.push_str(&format!(":{:016x}", hasher.finish()));
    out
}

impl Shared {
    /// Keeps the serialized modules among `modules` (from `Init`) that this
    /// executable wrote; returns the others.
    pub fn learn(&self, modules: Vec<CompiledModule>) -> Vec<CompiledModule> {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        let mut rest = Vec::with_capacity(modules.len());
        for m in modules {
            if !m.path.starts_with(PREFIX) {
                rest.push(m);
            } else if !self.engine.is_empty() && m.engine == self.engine {
                known.insert(m.path, m.bytecode);
            }
        }
        rest
    }

    /// Takes the modules compiled here since the last call.
    pub fn take_fresh(&self) -> Vec<CompiledModule> {
        std::mem::take(&mut *self.fresh.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Stops keeping what this process compiles: nobody will take it.
    pub fn keep_to_itself(&self) {
        self.unshared.store(true, Ordering::Relaxed);
        drop(self.take_fresh());
    }

    /// Modules deserialized, and compiled, so far.
    pub fn counts(&self) -> (u32, u32) {
        (
            self.cached.load(Ordering::Relaxed),
            self.compiled.load(Ordering::Relaxed),
        )
    }
}

impl super::module::ModuleCache for Shared {
    fn load(&self, engine: &Engine, bytes: &[u8]) -> Option<Module> {
        let key = key(engine, bytes);
        let serialized = self
            .known
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned()?;
        // SAFETY: the bytes were written by `Module::serialize` in a
        // worker of this pool running this same executable (`learn` keeps
        // no other), before it served any request (bextd takes offers only
        // then), for exactly these wasm bytes (the key is their SHA-256);
        // wasmtime also checks its version and configuration.
        let module = unsafe { Module::deserialize(engine, &serialized) }.ok()?;
        self.cached.fetch_add(1, Ordering::Relaxed);
        Some(module)
    }

    fn save(&self, bytes: &[u8], module: &Module) {
        self.compiled.fetch_add(1, Ordering::Relaxed);
        if self.engine.is_empty() || self.unshared.load(Ordering::Relaxed) {
            return;
        }
        let Ok(serialized) = module.serialize() else {
            return;
        };
        let m = CompiledModule {
            path: key(module.engine(), bytes),
            source: Vec::new(),
            engine: self.engine.clone(),
            bytecode: serialized,
        };
        let mut fresh = self.fresh.lock().unwrap_or_else(|e| e.into_inner());
        let held: usize = fresh.iter().map(CompiledModule::size).sum();
        if m.size() <= MAX_SHARED_MODULE_BYTES
            && held + m.size() <= MAX_FRESH_BYTES
            && !fresh.iter().any(|f| f.path == m.path)
        {
            fresh.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wasm::module::ModuleCache as _;

    /// (module (func (export "f") (result i32) i32.const 7))
    const SEVEN: &[u8] = &[
        0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10,
        6, 1, 4, 0, 65, 7, 11,
    ];

    #[test]
    fn a_module_compiled_once_is_loaded_by_the_next_worker() {
        let engine = crate::wasm::engine::engine();
        let first = Shared {
            engine: "exe-1".into(),
            ..Shared::default()
        };
        assert!(first.load(engine, SEVEN).is_none());
        let module = Module::new(engine, SEVEN).unwrap();
        first.save(SEVEN, &module);
        let offered = first.take_fresh();
        assert_eq!(offered.len(), 1);
        assert!(offered[0].path.starts_with(PREFIX));
        assert_eq!(offered[0].path, key(engine, SEVEN));
        assert!(offered[0].source.is_empty());

        // The next worker of the same executable deserializes it.
        let next = Shared {
            engine: "exe-1".into(),
            ..Shared::default()
        };
        let js = CompiledModule {
            path: "/app/w.js".into(),
            source: b"x".to_vec(),
            engine: "exe-1".into(),
            bytecode: vec![],
        };
        let rest = next.learn(vec![offered[0].clone(), js.clone()]);
        assert_eq!(rest, vec![js]);
        let loaded = next.load(engine, SEVEN).expect("deserialized");
        assert_eq!(loaded.exports().count(), 1);
        assert_eq!(next.counts(), (1, 0));
        // Other bytes are not it.
        let mut other = SEVEN.to_vec();
        let at = other.len() - 2;
        other[at] = 8;
        assert!(next.load(engine, &other).is_none());

        // Another executable's is dropped; after Ready nothing is kept.
        let stranger = Shared {
            engine: "exe-2".into(),
            ..Shared::default()
        };
        assert!(stranger.learn(offered).is_empty());
        assert!(stranger.load(engine, SEVEN).is_none());
        stranger.keep_to_itself();
        stranger.save(SEVEN, &module);
        assert!(stranger.take_fresh().is_empty());
        assert_eq!(stranger.counts(), (0, 1));
    }
}
