//! A file's version and the memory its bytes may take: what the open-file
//! cache (`cache`) and the versions compressed on the fly (`pack`) both
//! count and check, in a file of its own so neither depends on the other
//! for it.

use std::fs::Metadata;
use std::io::Read;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The bytes held, and how many more may be.
#[derive(Debug)]
pub struct Budget {
    held: AtomicU64,
    max: u64,
}

impl Budget {
    /// A budget of `max` bytes.
    pub fn new(max: u64) -> Budget {
        Budget {
            held: AtomicU64::new(0),
            max,
        }
    }

    /// Takes `n` bytes of the budget if they fit.
    pub fn reserve(self: &Arc<Self>, n: u64) -> Option<Reservation> {
        let before = self.held.fetch_add(n, Ordering::AcqRel);
        if before + n > self.max {
            self.held.fetch_sub(n, Ordering::AcqRel);
            return None;
        }
        Some(Reservation {
            n,
            budget: self.clone(),
        })
    }

    #[cfg(test)]
    pub fn held(&self) -> u64 {
        self.held.load(Ordering::Acquire)
    }
}

/// Bytes counted against the budget until dropped.
#[derive(Debug)]
pub struct Reservation {
    n: u64,
    budget: Arc<Budget>,
}

impl Reservation {
    /// Gives back all but `n` of the bytes reserved (`n` no more than
    /// them).
    pub fn shrink(&mut self, n: u64) {
        let n = n.min(self.n);
        self.budget.held.fetch_sub(self.n - n, Ordering::AcqRel);
        self.n = n;
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.budget.held.fetch_sub(self.n, Ordering::AcqRel);
    }
}

/// What identifies a file's version: if any of these changed, so may have
/// its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    dev: u64,
    ino: u64,
    pub len: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    pub fn of(m: &Metadata) -> Stamp {
        Stamp {
            dev: m.dev(),
            ino: m.ino(),
            len: m.len(),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        }
    }
}

/// The bytes of the file at `path` if it is still the version `stamp`
/// describes once open, and reads as long as it says.
pub fn read_version(path: &Path, stamp: Stamp) -> Option<Vec<u8>> {
    let mut f = std::fs::File::open(path).ok()?;
    if Stamp::of(&f.metadata().ok()?) != stamp {
        return None;
    }
    let mut bytes = Vec::with_capacity(stamp.len as usize);
    f.by_ref()
        .take(stamp.len + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() as u64 == stamp.len).then_some(bytes)
}
