//! The open-file cache, as nginx's `open_file_cache`: what a path of an
//! entry resolved to, remembered so that a hot file costs no system call
//! beyond the socket's.
//!
//! * **What.** Per `[[static]]` entry and path (as the request spells it
//!   after the prefix): the lookup's outcome (a file, a missing file, a
//!   folder to redirect, a link out of the folder), and for a file its
//!   path, type, and each representation's (the file's, its precompressed
//!   siblings') size, modification time and validators. A file of at most
//!   [`SMALL_FILE_BYTES`] also has its bytes held, while all files held
//!   come to at most [`MAX_HELD_BYTES`]; larger ones are streamed from
//!   disk each time. Paths refused by their spelling (`..`, encoded dots)
//!   are never stored.
//! * **For how long.** An outcome is used for [`VALID`] after it was
//!   looked up; the first request after that looks the path up again
//!   (stat, real path, siblings) and keeps the held bytes of a
//!   representation only if its device, inode, size, modification and
//!   change times are the same, else reads them again. So a file changed
//!   on disk is served within [`VALID`].
//! * **Bounds.** [`MAX_PATHS`] paths per entry, the least recently used
//!   dropped first; the bytes as above. Held bytes are copies: a file
//!   truncated or rewritten meanwhile cannot break an answer in flight.
//! * **Compressed on the fly** (`compress = true`, `pack`): a file's
//!   compressed versions belong to its lookup as its held bytes do, kept
//!   by the next lookup while the file did not change, and dropped with it.

use std::fs::Metadata;
use std::io::Read;
use std::num::NonZeroUsize;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::header::HeaderValue;
use lru::LruCache;

use super::negotiate::{self, Encoding, Validators};
use super::pack::{self, Packs};
use super::path::{self, Lookup, Refusal};
use crate::config::StaticEntry;

/// How long a lookup is used before the path is looked up again.
pub const VALID: Duration = Duration::from_secs(1);
/// Paths remembered per entry.
pub const MAX_PATHS: usize = 4096;
/// The largest file whose bytes are held in memory.
pub const SMALL_FILE_BYTES: u64 = 64 * 1024;
/// All held bytes together, across entries.
pub const MAX_HELD_BYTES: u64 = 8 << 20;

/// The bytes held, and how many more may be.
#[derive(Debug)]
pub struct Budget {
    held: AtomicU64,
    max: u64,
}

impl Default for Budget {
    /// The budget of small files' bytes: [`MAX_HELD_BYTES`].
    fn default() -> Self {
        Budget::new(MAX_HELD_BYTES)
    }
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

/// A small file's bytes, held under the budget.
#[derive(Debug)]
pub struct Held {
    pub bytes: Bytes,
    _counted: Reservation,
}

/// What identifies a file's version: if any of these changed, so may have
/// its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    fn of(m: &Metadata) -> Stamp {
        Stamp {
            dev: m.dev(),
            ino: m.ino(),
            len: m.len(),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        }
    }
}

/// One representation of a file: the file itself or a precompressed
/// sibling.
#[derive(Debug)]
pub struct Rep {
    /// `None`: the file itself.
    pub enc: Option<Encoding>,
    pub len: u64,
    pub validators: Validators,
    pub etag: Option<HeaderValue>,
    pub last_modified: Option<HeaderValue>,
    /// Its bytes, when small enough and within the budget.
    pub held: Option<Arc<Held>>,
    pub stamp: Stamp,
}

/// A file an entry serves.
#[derive(Debug)]
pub struct File {
    pub path: PathBuf,
    pub content_type: HeaderValue,
    pub identity: Rep,
    /// Its precompressed siblings, in [`negotiate::ENCODINGS`]' order.
    pub siblings: Vec<Rep>,
    /// Its versions compressed on the fly: with `compress = true`, for a
    /// text type of [`pack::MIN_BYTES`] to [`pack::MAX_BYTES`] without
    /// precompressed siblings.
    pub packs: Option<Arc<Packs>>,
}

/// What a path resolved to.
#[derive(Debug)]
pub enum Found {
    File(Box<File>),
    /// A folder asked for without its trailing `/`.
    Folder,
    Missing,
    Refused(Refusal),
}

/// A lookup and when it was made.
#[derive(Debug)]
pub struct Resolved {
    checked: Instant,
    pub found: Found,
}

/// One entry's remembered paths.
#[derive(Debug)]
pub struct Files {
    paths: Mutex<LruCache<Box<str>, Arc<Resolved>>>,
    budget: Arc<Budget>,
}

impl Files {
    pub fn new(budget: Arc<Budget>) -> Files {
        let cap = NonZeroUsize::new(MAX_PATHS).unwrap_or(NonZeroUsize::MIN);
        Files {
            paths: Mutex::new(LruCache::new(cap)),
            budget,
        }
    }

    /// What `rest` (the path after the prefix) names in `entry`'s folder:
    /// remembered if looked up less than [`VALID`] ago, else looked up.
    pub fn get(&self, entry: &StaticEntry, rest: &str) -> Arc<Resolved> {
        let now = Instant::now();
        let old = self.lock().get(rest).cloned();
        if let Some(r) = &old
            && now.saturating_duration_since(r.checked) < VALID
        {
            return r.clone();
        }
        let fresh = Arc::new(Resolved {
            checked: now,
            found: resolve(entry, rest, old.as_deref(), &self.budget),
        });
        if !matches!(fresh.found, Found::Refused(Refusal::Path)) {
            self.lock().put(rest.into(), fresh.clone());
        }
        fresh
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<Box<str>, Arc<Resolved>>> {
        self.paths.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().len()
    }
}

/// Looks `rest` up in `entry`'s folder, keeping what `old` held of a
/// representation that did not change.
fn resolve(entry: &StaticEntry, rest: &str, old: Option<&Resolved>, budget: &Arc<Budget>) -> Found {
    let found = match path::lookup(entry, rest) {
        Lookup::File(f) => f,
        Lookup::Folder => return Found::Folder,
        Lookup::Missing => return Found::Missing,
        Lookup::Refused(r) => return Found::Refused(r),
    };
    let old = match old.map(|o| &o.found) {
        Some(Found::File(f)) if f.path == found.path => Some(f),
        _ => None,
    };
    let keep = |enc| {
        old.and_then(|f| {
            std::iter::once(&f.identity)
                .chain(&f.siblings)
                .find(|r| r.enc == enc)
        })
    };
    let siblings: Vec<Rep> = negotiate::siblings(&found.path, &entry.dir, entry.follow_symlinks)
        .into_iter()
        .map(|(enc, p, meta)| Rep::new(&p, Some(enc), &meta, keep(Some(enc)), budget))
        .collect();
    let content_type = mime_guess::from_path(&found.path)
        .first_raw()
        .map_or(HeaderValue::from_static("application/octet-stream"), |t| {
            HeaderValue::from_static(t)
        });
    let identity = Rep::new(&found.path, None, &found.meta, keep(None), budget);
    let packs = (entry.compress && siblings.is_empty() && pack::fits(&content_type, identity.len))
        .then(|| match old {
            Some(o) if o.identity.stamp == identity.stamp && o.packs.is_some() => o.packs.clone(),
            _ => Some(Arc::new(Packs::new(&identity.validators))),
        })
        .flatten();
    Found::File(Box::new(File {
        identity,
        siblings,
        content_type,
        path: found.path,
        packs,
    }))
}

impl Rep {
    fn new(
        path: &Path,
        enc: Option<Encoding>,
        meta: &Metadata,
        old: Option<&Rep>,
        budget: &Arc<Budget>,
    ) -> Rep {
        let stamp = Stamp::of(meta);
        let held = match old {
            Some(o) if o.stamp == stamp => o.held.clone(),
            _ => hold(path, stamp, budget),
        };
        let validators = Validators::of(meta, enc);
        Rep {
            enc,
            len: meta.len(),
            etag: HeaderValue::from_str(&validators.etag).ok(),
            last_modified: validators
                .last_modified()
                .and_then(|d| HeaderValue::from_str(&d).ok()),
            validators,
            held,
            stamp,
        }
    }
}

/// The bytes of the file at `path` if it is small, fits the budget, and
/// is still the version `stamp` describes once open.
fn hold(path: &Path, stamp: Stamp, budget: &Arc<Budget>) -> Option<Arc<Held>> {
    if stamp.len > SMALL_FILE_BYTES {
        return None;
    }
    let counted = budget.reserve(stamp.len)?;
    let bytes = read_version(path, stamp)?;
    Some(Arc::new(Held {
        bytes: bytes.into(),
        _counted: counted,
    }))
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

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;
