//! File access for `node:fs`: what a worker may read and write, on the
//! real disk, with Node's errors.
//!
//! Theory of operation. Cloudflare's `node:fs` (a read-only bundle and a
//! private `/tmp`) is the model:
//!
//! - **Reads** reach the files the pool's modules may come from: its app
//!   root, its `read_roots` and the packages its `node_modules` lead to,
//!   judged on real paths by the module loader's own rule
//!   ([`crate::loader::confine`]), and the worker's temporary folder.
//! - **Writes** (files, folders, renames, removals, descriptors opened for
//!   writing) reach only the worker's temporary folder ([`tmp`]), which is
//!   what `os.tmpdir()` names, made on first use, removed when the worker
//!   stops, and held to the pool's `tmp_max_bytes` (over it: `ENOSPC`).
//! - **Anything else** answers as the OS answers a path it refuses:
//!   `EACCES` (`/etc/passwd`, `../other-pool/x`, a symlink whose target
//!   leaves the folders), or what the OS said (`ENOENT`, `EISDIR`, …), as
//!   [`FsError`]s carrying Node's `code`, `errno`, `syscall` and `path`.
//!
//! Relative paths are taken from the app root, which is the worker's
//! `process.cwd()`. The check is made on the real path just before the
//! call, in the worker's one JavaScript thread; the state (folder, budget,
//! open descriptors) is the thread's. This module knows nothing of
//! JavaScript: `host/fs.rs` binds it for `node/js/fs.js`.

mod changes;
pub mod error;
mod ops;
pub mod tmp;

use std::cell::RefCell;
use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};

pub use error::{FsError, FsResult};
pub use ops::{Entry, Stat};

use crate::loader::confine;

/// A descriptor `open` gave out.
#[derive(Debug)]
struct Open {
    file: File,
    /// Opened in the temporary folder for writing.
    writable: bool,
    /// Opened to append: every write lands at the end.
    append: bool,
}

/// The file state of this thread's worker.
#[derive(Debug, Default)]
pub struct Room {
    /// Where relative paths start (the app root), else the process's
    /// working folder.
    cwd: Option<PathBuf>,
    tmp: tmp::Tmp,
    fds: HashMap<i32, Open>,
}

thread_local! {
    static ROOM: RefCell<Room> = RefCell::new(Room::default());
}

/// Runs `f` on this thread's room.
pub fn with<T>(f: impl FnOnce(&mut Room) -> T) -> T {
    ROOM.with(|r| f(&mut r.borrow_mut()))
}

/// Makes `dir` (the app root) where relative paths start.
pub fn set_cwd(dir: &Path) {
    with(|r| r.cwd = Some(dir.to_path_buf()));
}

/// Sets the temporary folder's size budget (`tmp_max_bytes`).
pub fn set_budget(bytes: u64) {
    with(|r| r.tmp.max = bytes);
}

/// The worker's temporary folder (`os.tmpdir()`), not made until used.
pub fn tmpdir() -> String {
    with(|r| r.tmp.path().to_string_lossy().into_owned())
}

/// Removes the temporary folder: the worker is stopping.
pub fn remove_tmp() {
    with(|r| {
        r.fds.clear();
        r.tmp.remove();
    });
}

/// What an operation does to a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Reads what the path leads to (symlinks followed).
    Read,
    /// Reads the entry itself (`lstat`, `readlink`).
    ReadEntry,
    /// Writes what the path leads to (`open` for writing, `mkdir`).
    Write,
    /// Changes the entry itself (`unlink`, `rename`, `rm`).
    WriteEntry,
}

impl Room {
    /// The absolute path `given` names (from the app root when relative).
    fn absolute(&self, given: &str) -> PathBuf {
        let p = Path::new(given);
        if p.is_absolute() {
            return p.to_path_buf();
        }
        let cwd = self
            .cwd
            .clone()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        cwd.join(p)
    }

    /// The path to hand the OS for `given`, once `use_` of it is allowed
    /// (else `EACCES` for `syscall`). The temporary folder is made when
    /// the path leads into it.
    fn place(&mut self, given: &str, use_: Use, syscall: &'static str) -> FsResult<PathBuf> {
        if given.is_empty() {
            return Err(FsError::new(libc::ENOENT, syscall, Some(given)));
        }
        let abs = self.absolute(given);
        let tmp = self.tmp.path();
        if confine::normalize(&abs).starts_with(&tmp) {
            self.tmp
                .make()
                .map_err(|e| FsError::io(&e, syscall, Some(given)))?;
        }
        let real = match use_ {
            Use::Read | Use::Write => confine::real_path(&abs),
            Use::ReadEntry | Use::WriteEntry => entry_path(&abs),
        };
        let in_tmp = real.starts_with(&tmp);
        let allowed = match use_ {
            Use::Read | Use::ReadEntry => in_tmp || readable(&real),
            // The folder itself is not the worker's to remove or replace.
            Use::Write | Use::WriteEntry => in_tmp && real != tmp,
        };
        if allowed || (use_ == Use::Write && real == tmp) {
            Ok(abs)
        } else {
            Err(FsError::denied(syscall, given))
        }
    }

    /// Whether `abs` (a path `place` gave) lies in the temporary folder.
    fn in_tmp(&mut self, abs: &Path) -> bool {
        let tmp = self.tmp.path();
        confine::real_path(abs).starts_with(tmp)
    }
}

/// Whether the pool may read `real` (a path made real but for a last
/// part that may be a symlink, which is read where it lies).
fn readable(real: &Path) -> bool {
    let is_link = std::fs::symlink_metadata(real).is_ok_and(|m| m.file_type().is_symlink());
    let at = match real.parent() {
        Some(dir) if is_link => dir,
        _ => real,
    };
    confine::check_read(&at.to_string_lossy()).is_ok()
}

/// `path`'s folder made real, and its last part as written: the entry
/// itself, not what a symlink there leads to.
fn entry_path(path: &Path) -> PathBuf {
    let clean = confine::normalize(path);
    match (clean.parent(), clean.file_name()) {
        (Some(dir), Some(name)) => confine::real_path(dir).join(name),
        _ => clean,
    }
}

#[cfg(test)]
mod tests;
