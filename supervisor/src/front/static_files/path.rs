//! From a request's path to a file of an entry's folder, or why not.
//!
//! The rest of the path after the prefix is checked on its raw bytes
//! first: a backslash or an encoded dot, slash, backslash or NUL
//! (`%2e`, `%2f`, `%5c`, `%00`) is refused outright, so no decoding can
//! turn a name into a step. Then each segment is decoded: `.` and `..`
//! are refused, an empty one is skipped, one starting with `.` is hidden
//! (unless `dotfiles`). The file found must be a regular file; a folder
//! is its `index` (redirected to its URL with a trailing `/` first); and
//! unless `follow_symlinks` the file's real path must lie inside the
//! entry's real `dir`, so a symbolic link that leaves it is refused.

use std::ffi::OsStr;
use std::fs::Metadata;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::config::StaticEntry;

/// What a path names in an entry's folder.
#[derive(Debug)]
pub enum Lookup {
    File(Found),
    /// A folder asked for without its trailing `/` (redirected to it).
    Folder,
    /// Nothing to serve (absent, hidden, not a regular file, a folder
    /// without index): a 404, or the pools' when `fallthrough`.
    Missing,
    /// A path that tries to leave the folder (400), or a symbolic link
    /// that does (403).
    Refused(Refusal),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `..`, `.`, a backslash, an encoded dot, slash, backslash or NUL.
    Path,
    /// A symbolic link out of `dir`.
    Link,
}

/// A regular file and its metadata.
#[derive(Debug)]
pub struct Found {
    pub path: PathBuf,
    pub meta: Metadata,
}

/// Encoded bytes that are never accepted in a static path.
const ENCODED: [&[u8]; 4] = [b"%2e", b"%2f", b"%5c", b"%00"];

/// Looks up `rest` (the path after the prefix, `""` or starting with `/`)
/// in `entry`'s folder. The outcome depends on `rest` and the folder only
/// (what the open-file cache relies on).
pub fn lookup(entry: &StaticEntry, rest: &str) -> Lookup {
    let raw = rest.as_bytes();
    if raw.contains(&b'\\') || raw.contains(&0) {
        return Lookup::Refused(Refusal::Path);
    }
    let lower = raw.to_ascii_lowercase();
    if ENCODED.iter().any(|e| lower.windows(3).any(|w| w == *e)) {
        return Lookup::Refused(Refusal::Path);
    }
    let mut path = entry.dir.clone();
    for seg in rest.split('/').filter(|s| !s.is_empty()) {
        let name: Vec<u8> = percent_decode(seg.as_bytes());
        if name == b"." || name == b".." || name.contains(&0) || name.contains(&b'/') {
            return Lookup::Refused(Refusal::Path);
        }
        if name.first() == Some(&b'.') && !entry.dotfiles {
            return Lookup::Missing;
        }
        path.push(OsStr::from_bytes(&name));
    }
    let Ok(mut meta) = std::fs::metadata(&path) else {
        return Lookup::Missing;
    };
    if meta.is_dir() {
        // `rest` ends with `/` when the whole path does: a prefix has none.
        if !rest.ends_with('/') {
            return Lookup::Folder;
        }
        let Some(index) = &entry.index else {
            return Lookup::Missing;
        };
        path.push(index);
        match std::fs::metadata(&path) {
            Ok(m) => meta = m,
            Err(_) => return Lookup::Missing,
        }
    }
    if !meta.is_file() {
        return Lookup::Missing;
    }
    if !entry.follow_symlinks && !inside(&path, &entry.dir) {
        return Lookup::Refused(Refusal::Link);
    }
    Lookup::File(Found { path, meta })
}

/// Whether `path`'s real path lies inside `dir` (a real path).
pub fn inside(path: &Path, dir: &Path) -> bool {
    std::fs::canonicalize(path).is_ok_and(|real| real.starts_with(dir))
}

/// `%XX` decoded; a `%` not followed by two hex digits stays as it is.
fn percent_decode(s: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%'
            && let (Some(h), Some(l)) = (
                s.get(i + 1).copied().and_then(hex),
                s.get(i + 2).copied().and_then(hex),
            )
        {
            out.push(h << 4 | l);
            i += 3;
            continue;
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding_keeps_stray_percents() {
        assert_eq!(percent_decode(b"a%20b"), b"a b");
        assert_eq!(percent_decode(b"100%"), b"100%");
        assert_eq!(percent_decode(b"%zz%4"), b"%zz%4");
    }
}
