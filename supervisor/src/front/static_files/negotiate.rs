//! The representation a request gets: a precompressed sibling chosen by
//! `Accept-Encoding`, its validators (`ETag`, `Last-Modified`), and
//! whether the client's copy is still good (`If-None-Match`, else
//! `If-Modified-Since`, RFC 9110 §13.2.2).

use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use hyper::HeaderMap;
use hyper::header::{ACCEPT_ENCODING, IF_MODIFIED_SINCE, IF_NONE_MATCH, IF_RANGE};

use super::path::inside;

/// The precompressed siblings looked for, in the order preferred when a
/// client weighs them the same.
pub const ENCODINGS: [Encoding; 3] = [Encoding::Br, Encoding::Zstd, Encoding::Gzip];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Br,
    Zstd,
    Gzip,
}

impl Encoding {
    /// The token of `Accept-Encoding` and `Content-Encoding`.
    pub fn token(self) -> &'static str {
        match self {
            Encoding::Br => "br",
            Encoding::Zstd => "zstd",
            Encoding::Gzip => "gzip",
        }
    }

    /// The sibling's suffix.
    fn suffix(self) -> &'static str {
        match self {
            Encoding::Br => ".br",
            Encoding::Zstd => ".zst",
            Encoding::Gzip => ".gz",
        }
    }
}

/// A file's precompressed siblings that may be served (regular files,
/// inside `dir` unless `follow_symlinks`), each with its path and
/// metadata.
pub fn siblings(
    file: &Path,
    dir: &Path,
    follow_symlinks: bool,
) -> Vec<(Encoding, PathBuf, Metadata)> {
    let mut out = Vec::new();
    for enc in ENCODINGS {
        let mut name = file.as_os_str().to_owned();
        name.push(enc.suffix());
        let p = PathBuf::from(name);
        if let Ok(meta) = std::fs::metadata(&p)
            && meta.is_file()
            && (follow_symlinks || inside(&p, dir))
        {
            out.push((enc, p, meta));
        }
    }
    out
}

/// The weight `accept` (an `Accept-Encoding` value) gives `token`:
/// its own, else `*`'s, else 0.
fn weight(accept: &str, token: &str) -> f32 {
    let mut star = None;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let q = parts
            .find_map(|p| {
                let p = p.trim();
                p.strip_prefix("q=").or_else(|| p.strip_prefix("Q="))
            })
            .map_or(1.0, |q| q.trim().parse::<f32>().unwrap_or(0.0));
        if name.eq_ignore_ascii_case(token) {
            return q;
        }
        if name == "*" {
            star = Some(q);
        }
    }
    star.unwrap_or(0.0)
}

/// Of the siblings `have`, the one the request's `Accept-Encoding` weighs
/// highest (above 0), if any.
pub fn choose(headers: &HeaderMap, have: impl Iterator<Item = Encoding>) -> Option<usize> {
    let mut values = headers.get_all(ACCEPT_ENCODING).iter();
    let accept = match (values.next(), values.next()) {
        (None, _) => return None,
        (Some(one), None) => std::borrow::Cow::Borrowed(one.to_str().unwrap_or("")),
        _ => std::borrow::Cow::Owned(
            headers
                .get_all(ACCEPT_ENCODING)
                .iter()
                .filter_map(|v| v.to_str().ok())
                .collect::<Vec<_>>()
                .join(","),
        ),
    };
    let mut best: Option<(usize, f32)> = None;
    for (i, enc) in have.enumerate() {
        let q = weight(&accept, enc.token());
        if q > 0.0 && best.is_none_or(|(_, b)| q > b) {
            best = Some((i, q));
        }
    }
    best.map(|(i, _)| i)
}

/// A representation's validators.
#[derive(Debug)]
pub struct Validators {
    /// Strong: size and modification time of the file sent, and its
    /// encoding.
    pub etag: String,
    /// Whole seconds (what `Last-Modified` can say).
    pub modified: Option<SystemTime>,
}

impl Validators {
    pub fn of(meta: &Metadata, enc: Option<Encoding>) -> Validators {
        let ns = (meta.mtime() as i128) * 1_000_000_000 + i128::from(meta.mtime_nsec());
        let etag = match enc {
            Some(e) => format!("\"{:x}-{:x}-{}\"", meta.len(), ns, e.token()),
            None => format!("\"{:x}-{:x}\"", meta.len(), ns),
        };
        let modified = u64::try_from(meta.mtime())
            .ok()
            .map(|s| SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        Validators { etag, modified }
    }

    /// The validators of the file compressed with `enc` on the fly: the
    /// file's, the ETag naming the encoding (as a precompressed sibling's
    /// does; a sibling turns compression on the fly off).
    pub fn encoded(&self, enc: Encoding) -> Validators {
        let bare = self.etag.trim_end_matches('"');
        Validators {
            etag: format!("{bare}-{}\"", enc.token()),
            modified: self.modified,
        }
    }

    pub fn last_modified(&self) -> Option<String> {
        self.modified.map(httpdate::fmt_http_date)
    }

    /// Whether the request's conditions say the client's copy is current.
    pub fn not_modified(&self, headers: &HeaderMap) -> bool {
        let mut tags = headers.get_all(IF_NONE_MATCH).iter().peekable();
        if tags.peek().is_some() {
            // Weak comparison (RFC 9110 §13.1.2).
            let ours = self.etag.as_str();
            return tags.filter_map(|v| v.to_str().ok()).any(|v| {
                v.split(',').any(|t| {
                    let t = t.trim();
                    t == "*" || t.strip_prefix("W/").unwrap_or(t) == ours
                })
            });
        }
        let since = headers
            .get(IF_MODIFIED_SINCE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| httpdate::parse_http_date(v).ok());
        matches!((since, self.modified), (Some(since), Some(m)) if m <= since)
    }

    /// Whether a `Range` may be honoured: no `If-Range`, or one that names
    /// this representation (its ETag, or exactly its date).
    pub fn range_applies(&self, headers: &HeaderMap) -> bool {
        let Some(v) = headers.get(IF_RANGE).and_then(|v| v.to_str().ok()) else {
            return headers.get(IF_RANGE).is_none();
        };
        let v = v.trim();
        v == self.etag || self.last_modified().is_some_and(|d| d == v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_follow_q_values_and_the_star() {
        assert_eq!(weight("gzip, br", "br"), 1.0);
        assert_eq!(weight("gzip;q=0.5, *;q=0.1", "zstd"), 0.1);
        assert_eq!(weight("gzip;q=0.5, *;q=0.1", "gzip"), 0.5);
        assert_eq!(weight("br;q=0", "br"), 0.0);
        assert_eq!(weight("identity", "gzip"), 0.0);
    }
}
