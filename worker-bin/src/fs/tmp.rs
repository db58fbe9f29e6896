//! The worker's own temporary folder: where `node:fs` writes, and what
//! `os.tmpdir()` names.
//!
//! Its name (`$TMPDIR/bext-fs-PID-RANDOM`, else under `/tmp`) is chosen on
//! first use, by the process that uses it (a worker forked from a template
//! chooses its own), and the folder is made (mode 0700) only when a file
//! operation reaches it, so a worker that never writes costs nothing. The
//! worker removes it when it stops (`remove`). A worker that could not
//! (killed, crashed) leaves it behind: the next process that makes a
//! folder of its own removes the `bext-fs-PID-*` folders whose PID is
//! gone. Its size is counted as files are written, grown, truncated and
//! removed through `node:fs`; a write that would take it past the pool's
//! `tmp_max_bytes` fails with `ENOSPC`.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

/// The default of the pool key `tmp_max_bytes`: 64 MiB.
pub const DEFAULT_MAX_BYTES: u64 = 64 << 20;

const PREFIX: &str = "bext-fs-";

/// The temporary folder of this process (see the module docs).
#[derive(Debug)]
pub struct Tmp {
    /// The process that chose the name, and the name.
    name: Option<(u32, PathBuf)>,
    made: bool,
    /// The size budget, in bytes.
    pub max: u64,
    /// Bytes of the files in it, as written through `node:fs`.
    pub used: u64,
}

impl Default for Tmp {
    fn default() -> Self {
        Tmp {
            name: None,
            made: false,
            max: DEFAULT_MAX_BYTES,
            used: 0,
        }
    }
}

impl Tmp {
    /// The folder's path (real: its parent's symlinks followed), chosen on
    /// first call in this process.
    pub fn path(&mut self) -> PathBuf {
        let pid = std::process::id();
        match &self.name {
            Some((p, path)) if *p == pid => path.clone(),
            _ => {
                let parent = std::env::temp_dir();
                let parent = parent.canonicalize().unwrap_or(parent);
                let mut h = RandomState::new().build_hasher();
                h.write_u32(pid);
                let path = parent.join(format!("{PREFIX}{pid}-{:016x}", h.finish()));
                self.name = Some((pid, path.clone()));
                self.made = false;
                self.used = 0;
                path
            }
        }
    }

    /// Makes the folder if it is not there yet (and removes what crashed
    /// workers left); its path.
    pub fn make(&mut self) -> io::Result<PathBuf> {
        let path = self.path();
        if !self.made {
            if let Some(parent) = path.parent() {
                sweep(parent);
            }
            match std::fs::DirBuilder::new().mode(0o700).create(&path) {
                Ok(()) => {}
                // Ours already (made, then found again after a reset).
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && owned_dir(&path) => {}
                Err(e) => return Err(e),
            }
            self.made = true;
        }
        Ok(path)
    }

    /// Whether the budget lets a file of `old` bytes become `new` bytes.
    pub fn fits(&self, old: u64, new: u64) -> bool {
        new <= old || self.used.saturating_add(new - old) <= self.max
    }

    /// Counts a file that went from `old` to `new` bytes.
    pub fn count(&mut self, old: u64, new: u64) {
        self.used = self.used.saturating_sub(old).saturating_add(new);
    }

    /// Removes the folder and all it holds, if this process made it.
    pub fn remove(&mut self) {
        if self.made
            && let Some((pid, path)) = &self.name
            && *pid == std::process::id()
        {
            let _ = std::fs::remove_dir_all(path);
            self.made = false;
            self.used = 0;
        }
    }
}

/// A folder (not a symlink) owned by this process's user.
fn owned_dir(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(path)
        .is_ok_and(|m| m.is_dir() && m.uid() == nix::unistd::geteuid().as_raw())
}

/// Removes, in `parent`, the folders of processes that are gone.
fn sweep(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|rest| rest.split('-').next())
            .and_then(|p| p.parse::<i32>().ok())
        else {
            continue;
        };
        if pid > 0 && !alive(pid) && owned_dir(&entry.path()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether process `pid` exists (signal 0: no signal is sent).
pub(super) fn alive(pid: i32) -> bool {
    let r = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None);
    !matches!(r, Err(nix::errno::Errno::ESRCH))
}
