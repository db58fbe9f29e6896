//! The compiled modules of one version of a pool's code (see
//! [`super::version`]), offered by its first workers and handed to its next
//! ones in `Init`: they load these modules, bytecode or source, instead of
//! reading the files. The master never reads the bytecode: each worker
//! checks it was written by its own executable before using it, else
//! compiles the source held here.

use std::collections::HashMap;
use std::sync::Mutex;

use protocol::worker::CompiledModule;

/// What one pool holds at most; a module that does not fit is not kept
/// (its workers compile it, as without a cache).
pub const MAX_BYTES: usize = 16 * 1024 * 1024;

#[derive(Debug, Default)]
pub struct ModuleCache {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    by_path: HashMap<String, CompiledModule>,
    bytes: usize,
}

impl ModuleCache {
    /// Everything held, for an `Init`.
    pub fn snapshot(&self) -> Vec<CompiledModule> {
        self.inner
            .lock()
            .unwrap()
            .by_path
            .values()
            .cloned()
            .collect()
    }

    /// Keeps `module`, replacing an older one of the same path.
    pub fn offer(&self, module: CompiledModule) {
        let mut inner = self.inner.lock().unwrap();
        let old = inner.by_path.get(&module.path).map_or(0, |m| m.size());
        if inner.bytes - old + module.size() > MAX_BYTES {
            return;
        }
        inner.bytes = inner.bytes - old + module.size();
        inner.by_path.insert(module.path.clone(), module);
    }

    /// The files of the modules held: the pool's module graph as far as
    /// its workers shared it (a module imported with a query is one file).
    pub fn paths(&self) -> Vec<std::path::PathBuf> {
        let inner = self.inner.lock().unwrap();
        let mut out: Vec<std::path::PathBuf> = inner
            .by_path
            .keys()
            .map(|p| std::path::PathBuf::from(p.split_once('?').map_or(p.as_str(), |(f, _)| f)))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The module names held (resolved paths), sorted.
    pub fn names(&self) -> Vec<String> {
        let mut out: Vec<String> = self.inner.lock().unwrap().by_path.keys().cloned().collect();
        out.sort();
        out
    }

    /// Each module's name and source: what a version's id hashes.
    pub fn sources(&self) -> Vec<(String, Vec<u8>)> {
        let inner = self.inner.lock().unwrap();
        inner
            .by_path
            .values()
            .map(|m| (m.path.clone(), m.source.clone()))
            .collect()
    }

    /// Drops the modules read from `files` (with or without a query).
    pub fn forget(&self, files: &[std::path::PathBuf]) {
        // Watched paths may hold `.` parts (`watch_dirs = ["."]`); module
        // names never do.
        let files: Vec<std::path::PathBuf> =
            files.iter().map(|f| f.components().collect()).collect();
        let mut inner = self.inner.lock().unwrap();
        let gone: Vec<String> = inner
            .by_path
            .keys()
            .filter(|p| {
                let file = p.split_once('?').map_or(p.as_str(), |(f, _)| f);
                files.iter().any(|f| f.as_os_str() == file)
            })
            .cloned()
            .collect();
        for p in gone {
            if let Some(m) = inner.by_path.remove(&p) {
                inner.bytes -= m.size();
            }
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.inner.lock().unwrap().bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(path: &str, len: usize) -> CompiledModule {
        CompiledModule {
            path: path.into(),
            source: vec![b'x'; len],
            engine: String::new(),
            bytecode: vec![],
        }
    }

    #[test]
    fn replaces_by_path_and_counts_bytes() {
        let c = ModuleCache::default();
        c.offer(module("/a.js", 100));
        c.offer(module("/b.js", 50));
        c.offer(module("/a.js", 10));
        assert_eq!(c.snapshot().len(), 2);
        assert_eq!(c.bytes(), 10 + 5 + 50 + 5);
    }

    #[test]
    fn forgets_the_modules_of_files() {
        let c = ModuleCache::default();
        c.offer(module("/d/items.json", 10));
        c.offer(module("/w.js", 10));
        c.forget(&["/d/./items.json".into()]);
        assert_eq!(c.names(), ["/w.js"]);
        assert_eq!(c.bytes(), module("/w.js", 10).size());
    }

    #[test]
    fn keeps_within_its_limit() {
        let c = ModuleCache::default();
        c.offer(module("/big.js", MAX_BYTES));
        assert_eq!(c.bytes(), 0, "a module over the limit is not kept");
        c.offer(module("/a.js", MAX_BYTES - 100));
        c.offer(module("/b.js", 200));
        assert_eq!(c.snapshot().len(), 1);
        // Replacing the big one with a smaller one of the same path fits.
        c.offer(module("/a.js", 10));
        c.offer(module("/b.js", 200));
        assert_eq!(c.snapshot().len(), 2);
    }
}
