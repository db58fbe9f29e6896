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
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use hyper::header::HeaderValue;
use lru::LruCache;

use super::negotiate::{self, Encoding, Validators};
use super::pack::{self, Packs};
use super::path::{self, Lookup, Refusal};
pub use super::version::{Budget, Stamp};
use super::version::{Reservation, read_version};
use crate::config::StaticEntry;

/// How long a lookup is used before the path is looked up again.
pub const VALID: Duration = Duration::from_secs(1);
/// Paths remembered per entry.
pub const MAX_PATHS: usize = 4096;
/// The largest file whose bytes are held in memory.
pub const SMALL_FILE_BYTES: u64 = 64 * 1024;
/// All held bytes together, across entries.
pub const MAX_HELD_BYTES: u64 = 8 << 20;

impl Default for Budget {
    /// The budget of small files' bytes: [`MAX_HELD_BYTES`].
    fn default() -> Self {
        Budget::new(MAX_HELD_BYTES)
    }
}

/// A small file's bytes, held under the budget.
#[derive(Debug)]
pub struct Held {
    pub bytes: Bytes,
    _counted: Reservation,
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

impl File {
    /// What its versions compressed on the fly are made from.
    pub fn source(&self) -> pack::Source<'_> {
        pack::Source {
            path: &self.path,
            len: self.identity.len,
            held: self.identity.held.as_ref().map(|h| h.bytes.clone()),
            stamp: self.identity.stamp,
        }
    }
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

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;
