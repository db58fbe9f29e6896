//! Confinement: the files a worker's modules may come from.
//!
//! Every pool runs as bextd's user unless it says otherwise, so the file
//! system does not keep one pool's code from another's; this does. A module
//! (ES, CommonJS, JSON, TypeScript, whatever the specifier and its query)
//! is admitted only when its real path (symlinks followed, `..` gone) lies
//! in one of the pool's folders:
//!
//! - its app root (`[POOL] root`, else its script's folder) and the folders
//!   of `read_roots`;
//! - a package of a `node_modules` folder an admitted importer resolves
//!   through (a `node_modules` in its folder or one above it), taken where
//!   its link leads: pnpm's `node_modules/pkg` is a symlink into a store
//!   (`node_modules/.pnpm/pkg@1.0.0/node_modules/pkg`, perhaps above the
//!   root), and the package's whole real folder is admitted from then on,
//!   so its own files and, through the `node_modules` above them, its
//!   dependencies load too.
//!
//! The check runs when a specifier is resolved (the only point where the
//! importer and the `node_modules` it went through are known) and again,
//! on the admitted folders alone, before any file is read: the loader,
//! CommonJS's `require` and source maps read nothing else. A refusal is the
//! import's error, naming the file and the pool's folders, as Deno's
//! `--allow-read` does.
//!
//! The folders are the process's (one JavaScript thread runs per worker):
//! a worker sets them from its `Init` before it loads its script, a job's
//! process from each `RunJob`. A template sets none; the worker it forks
//! sets its own pool's. A process that set none (the worker's own tests
//! and benches) reads anything.

use std::cell::RefCell;
use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use protocol::worker::ReadPolicy;

use super::resolve::Caller;

/// A module refused for lying outside the pool's folders.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{verb} of {file} refused: outside the pool's root {root}{more} (add its folder to read_roots)", file = file.display(), root = root.display())]
pub struct Refused {
    /// `import`, `require` or `read`.
    pub verb: &'static str,
    /// The real path of what was asked for.
    pub file: PathBuf,
    pub root: PathBuf,
    /// `" and read_roots A, B"`, or nothing.
    more: String,
}

/// A pool's folders, and the packages admitted so far.
#[derive(Debug)]
pub struct Confinement {
    root: PathBuf,
    read_roots: Vec<PathBuf>,
    /// Real folders of packages reached through `node_modules`.
    packages: RefCell<Vec<PathBuf>>,
    /// Real paths resolution admitted: their load needs no second look.
    admitted: RefCell<HashSet<PathBuf>>,
}

thread_local! {
    static CURRENT: RefCell<Option<Rc<Confinement>>> = const { RefCell::new(None) };
}

/// Confines this process's modules to `policy`'s folders from now on.
pub fn confine(policy: &ReadPolicy) {
    let roots: Vec<PathBuf> = policy.read_roots.iter().map(PathBuf::from).collect();
    let c = Confinement::new(Path::new(&policy.root), &roots);
    CURRENT.with(|c2| *c2.borrow_mut() = Some(Rc::new(c)));
}

fn current() -> Option<Rc<Confinement>> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Admits `resolved`, what `specifier` of the module `importer` resolved
/// to (`package`: the name in its `package.json`), or says why not.
pub fn admit(
    importer: &str,
    specifier: &str,
    resolved: &Path,
    package: Option<&str>,
    caller: Caller,
) -> Result<(), Refused> {
    let Some(c) = current() else {
        return Ok(());
    };
    let verb = match caller {
        Caller::Import => "import",
        Caller::Require => "require",
    };
    let dir = super::resolve::importer_dir(importer);
    c.admit(&dir, specifier, resolved, package, verb)
}

/// Whether the file `file` (a module's name without its query) may be read.
pub fn check_read(file: &str) -> Result<(), Refused> {
    match current() {
        Some(c) => c.check_read(Path::new(file)),
        None => Ok(()),
    }
}

impl Confinement {
    /// The folders `root` and `read_roots`, made real where they exist.
    pub fn new(root: &Path, read_roots: &[PathBuf]) -> Confinement {
        Confinement {
            root: real_path(root),
            read_roots: read_roots.iter().map(|r| real_path(r)).collect(),
            packages: RefCell::new(Vec::new()),
            admitted: RefCell::new(HashSet::new()),
        }
    }

    /// Whether the real path `real` lies in an admitted folder.
    pub fn holds(&self, real: &Path) -> bool {
        real.starts_with(&self.root)
            || self.read_roots.iter().any(|r| real.starts_with(r))
            || self.packages.borrow().iter().any(|p| real.starts_with(p))
    }

    /// Admits `resolved` (see [`admit`]); `dir` is the importer's folder.
    pub fn admit(
        &self,
        dir: &Path,
        specifier: &str,
        resolved: &Path,
        package: Option<&str>,
        verb: &'static str,
    ) -> Result<(), Refused> {
        let real = real_path(resolved);
        if self.holds(&real) {
            self.admitted.borrow_mut().insert(real);
            return Ok(());
        }
        // Only an admitted importer's `node_modules` count: `createRequire`
        // may name any file as the one requiring.
        if !self.holds(&real_path(dir)) {
            return Err(self.refuse(verb, real));
        }
        for candidate in packages_reached(dir, specifier, package) {
            let Ok(folder) = candidate.canonicalize() else {
                continue;
            };
            if folder.is_dir() && real.starts_with(&folder) {
                self.packages.borrow_mut().push(folder);
                self.admitted.borrow_mut().insert(real);
                return Ok(());
            }
        }
        Err(self.refuse(verb, real))
    }

    /// Whether `file` may be read: its real path in an admitted folder.
    pub fn check_read(&self, file: &Path) -> Result<(), Refused> {
        // Resolution hands the loader real paths; one it admitted is read
        // without another walk of its folders.
        if self.admitted.borrow().contains(file) {
            return Ok(());
        }
        let real = real_path(file);
        if self.holds(&real) {
            Ok(())
        } else {
            Err(self.refuse("read", real))
        }
    }

    fn refuse(&self, verb: &'static str, file: PathBuf) -> Refused {
        let more = if self.read_roots.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = self
                .read_roots
                .iter()
                .map(|r| r.display().to_string())
                .collect();
            format!(" and read_roots {}", list.join(", "))
        };
        Refused {
            verb,
            file,
            root: self.root.clone(),
            more,
        }
    }
}

/// The package folders (as linked, not yet real) `specifier` may have
/// been found in from `dir`: `D/node_modules/NAME` for each folder `D`
/// from `dir` up, with the name the specifier gives (a bare one) or the
/// package's own; for a path through a `node_modules` of one of those
/// folders, the package it enters.
fn packages_reached(dir: &Path, specifier: &str, package: Option<&str>) -> Vec<PathBuf> {
    let specifier = super::resolve::file_part(specifier);
    let mut out = Vec::new();
    if specifier.starts_with('.') || specifier.starts_with('/') {
        let path = normalize(&dir.join(specifier));
        let parts: Vec<Component<'_>> = path.components().collect();
        for (i, part) in parts.iter().enumerate() {
            if part.as_os_str() != "node_modules" {
                continue;
            }
            let above: PathBuf = parts[..i].iter().collect();
            if !dir.starts_with(&above) {
                continue;
            }
            let mut name = parts[i + 1..].iter().take(1).collect::<PathBuf>();
            if name.to_str().is_some_and(|n| n.starts_with('@'))
                && let Some(rest) = parts.get(i + 2)
            {
                name.push(rest);
            }
            if !name.as_os_str().is_empty() {
                out.push(above.join("node_modules").join(name));
            }
        }
        return out;
    }
    let mut names: Vec<&str> = Vec::new();
    if !specifier.starts_with('#') {
        names.push(super::resolve::package_name(specifier));
    }
    names.extend(package);
    for name in names.into_iter().filter(|n| is_package_name(n)) {
        for d in dir.ancestors() {
            if d.file_name() != Some("node_modules".as_ref()) {
                out.push(d.join("node_modules").join(name));
            }
        }
    }
    out
}

/// A name a `node_modules` folder can hold: `name` or `@scope/name`,
/// never `.`, `..` or an absolute path.
fn is_package_name(name: &str) -> bool {
    let parts: Vec<&str> = name.split('/').collect();
    let ok = |p: &str| !p.is_empty() && p != "." && p != ".." && !p.contains('\\');
    match parts.as_slice() {
        [one] => ok(one),
        [scope, one] => scope.starts_with('@') && ok(scope) && ok(one),
        _ => false,
    }
}

/// `path` with symlinks followed and `.`/`..` gone; for a path that does
/// not exist (a deleted file bextd still holds), its nearest existing
/// folder made real and the rest appended.
pub fn real_path(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let clean = normalize(path);
    let mut rest = Vec::new();
    let mut at = clean.as_path();
    while let Some(parent) = at.parent() {
        rest.extend(at.file_name());
        if let Ok(real) = parent.canonicalize() {
            return rest.iter().rev().fold(real, |p, part| p.join(part));
        }
        at = parent;
    }
    clean
}

/// `path` without `.` and `..`, read as text (no link is followed: what
/// the OS would reach is [`real_path`]'s business).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
#[path = "confine_tests.rs"]
mod tests;
