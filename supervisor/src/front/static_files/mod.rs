//! `[[static]]`: files served by the front itself, never through a
//! worker. The entries are tried in file order before the pools' routes;
//! the first whose prefix matches the path and has the file answers.
//!
//! tower-http's `ServeFile` answers a `Range` (206, 416) and
//! `If-Unmodified-Since`, reading the file in chunks as the connection
//! takes them (back-pressure: hyper polls the body only when the socket
//! can take more), and sends a file the open-file cache (`cache`) does
//! not hold. A held file, and any HEAD, are answered here with the same
//! headers (`Content-Type` from the extension by mime_guess,
//! `Last-Modified`) and no file opened.
//! This module adds what ServeFile lacks: the path
//! rules (`path`: traversal, dotfiles, symbolic links, index, no
//! listings), the precompressed sibling chosen here (`.br`, `.zst`, `.gz`)
//! with `Vary`, a strong `ETag` and `If-None-Match`, 304s answered before
//! the file is opened, `Cache-Control`, a bound on open files, the
//! per-entry counts, and compression on the fly (`pack`).

mod cache;
mod negotiate;
mod pack;
mod path;
mod version;

pub use crate::front::body::FileBody;

use std::path::Path;
use std::sync::Arc;

use bytes::Bytes;
use hyper::header::{
    ACCEPT_ENCODING, ACCEPT_RANGES, ALLOW, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_LENGTH,
    CONTENT_TYPE, ETAG, HeaderValue, IF_UNMODIFIED_SINCE, LAST_MODIFIED, LOCATION, RANGE, VARY,
};
use hyper::{HeaderMap, Method, Request, Response, StatusCode};
use tokio::sync::Semaphore;
use tower_http::services::ServeFile;

use crate::config::StaticEntry;
use crate::front::body::full;
use crate::front::{Reply, plain};
use crate::metrics::statics::Counts;
use cache::Found;
use negotiate::Validators;
use path::Refusal;

/// Files open at once across every entry (their bodies being sent), at
/// most; `Statics::new` lowers it to the connection cap. Requests past it
/// wait for one to close.
pub const MAX_OPEN_FILES: usize = 1024;

/// Bytes read from a file at a time.
const CHUNK_BYTES: usize = 128 * 1024;

/// Every `[[static]]` entry.
#[derive(Debug)]
pub struct Statics {
    entries: Vec<Entry>,
    open: Arc<Semaphore>,
    /// What the versions compressed on the fly hold.
    packed: Arc<cache::Budget>,
}

#[derive(Debug)]
struct Entry {
    config: StaticEntry,
    counts: Counts,
    cache_control: HeaderValue,
    /// Its open-file cache.
    files: cache::Files,
}

impl Default for Statics {
    fn default() -> Self {
        Statics::new(&[], MAX_OPEN_FILES)
    }
}

impl Statics {
    /// The entries, with at most [`MAX_OPEN_FILES`] files open at once,
    /// and no more than `max_connections` (the connection cap, itself
    /// lowered to fit the descriptor limit): an HTTP/1.1 connection sends
    /// one file at a time, so this bound is met only by HTTP/2's streams.
    pub fn new(entries: &[StaticEntry], max_connections: usize) -> Statics {
        let budget = Arc::new(cache::Budget::default());
        Statics {
            entries: entries
                .iter()
                .map(|e| Entry {
                    counts: crate::metrics::statics::entry(if e.prefix.is_empty() {
                        "/"
                    } else {
                        &e.prefix
                    }),
                    cache_control: cache_control(e),
                    config: e.clone(),
                    files: cache::Files::new(budget.clone()),
                })
                .collect(),
            open: Arc::new(Semaphore::new(open_files(max_connections))),
            packed: Arc::new(cache::Budget::new(pack::MAX_PACKED_BYTES)),
        }
    }

    /// The answer of the first entry that has the file `req` asks for;
    /// `None` when no entry matches, or when the matching ones miss the
    /// file and let it fall through to the pools.
    pub async fn serve<B>(&self, req: &Request<B>) -> Option<Reply> {
        let path = req.uri().path();
        for entry in &self.entries {
            let Some(rest) = under(&entry.config.prefix, path) else {
                continue;
            };
            let reply = self.answer(entry, req, rest).await;
            let reply = match reply {
                Some(r) => r,
                None if entry.config.fallthrough => continue,
                None if req.method() == Method::GET || req.method() == Method::HEAD => {
                    plain(StatusCode::NOT_FOUND, "no such file")
                }
                None => {
                    let mut r = plain(
                        StatusCode::METHOD_NOT_ALLOWED,
                        "static files take GET and HEAD",
                    );
                    r.headers_mut()
                        .insert(ALLOW, HeaderValue::from_static("GET, HEAD"));
                    r
                }
            };
            entry.counts.requests.inc();
            if reply.status() == StatusCode::NOT_MODIFIED {
                entry.counts.not_modified.inc();
            }
            tracing::debug!(
                served_by = "static",
                prefix = %entry.config.prefix,
                method = %req.method(),
                path = %crate::logging::untrusted(path),
                status = reply.status().as_u16(),
                "request"
            );
            return Some(reply);
        }
        None
    }

    /// `entry`'s answer, or `None` for a missing file (and any method
    /// but GET and HEAD).
    async fn answer<B>(&self, entry: &Entry, req: &Request<B>, rest: &str) -> Option<Reply> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return None;
        }
        let resolved = entry.files.get(&entry.config, rest);
        let file = match &resolved.found {
            Found::File(f) => f,
            Found::Missing => return None,
            Found::Folder => return Some(redirect(req.uri())),
            Found::Refused(Refusal::Path) => {
                return Some(plain(
                    StatusCode::BAD_REQUEST,
                    "this path may not leave its folder",
                ));
            }
            Found::Refused(Refusal::Link) => {
                return Some(plain(
                    StatusCode::FORBIDDEN,
                    "a symbolic link out of the folder",
                ));
            }
        };
        let mut head = HeaderMap::new();
        head.insert(CACHE_CONTROL, entry.cache_control.clone());
        if !file.siblings.is_empty() || file.packs.is_some() {
            head.insert(VARY, HeaderValue::from_static("accept-encoding"));
        }
        if let Some(packs) = &file.packs
            && let Some(r) = self.packed(entry, req, file, packs, &head).await
        {
            return Some(r);
        }
        let chosen = negotiate::choose(req.headers(), file.siblings.iter().filter_map(|r| r.enc));
        let rep = chosen.map_or(&file.identity, |i| &file.siblings[i]);
        if let Some(etag) = &rep.etag {
            head.insert(ETAG, etag.clone());
        }
        if rep.validators.not_modified(req.headers()) {
            return Some(not_modified(rep.last_modified.as_ref(), head));
        }
        if !req.headers().contains_key(RANGE) && !req.headers().contains_key(IF_UNMODIFIED_SINCE) {
            if req.method() == Method::HEAD {
                return Some(whole(file, rep.enc, rep, rep.len, full(Bytes::new()), head));
            }
            if let Some(held) = &rep.held {
                entry.counts.bytes.inc_by(held.bytes.len() as u64);
                let body = full(held.bytes.clone());
                return Some(whole(file, rep.enc, rep, rep.len, body, head));
            }
        }
        let permit = self.open.clone().acquire_owned().await.ok();
        let inner = inner_request(req, rep.enc, &rep.validators);
        let mut serve = ServeFile::new(&file.path).with_buf_chunk_size(CHUNK_BYTES);
        serve = match rep.enc {
            Some(negotiate::Encoding::Br) => serve.precompressed_br(),
            Some(negotiate::Encoding::Zstd) => serve.precompressed_zstd(),
            Some(negotiate::Encoding::Gzip) => serve.precompressed_gzip(),
            None => serve,
        };
        let resp = match serve.try_call(inner).await {
            Ok(r) => r,
            // Gone since it was looked up, or unreadable.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => return Some(unreadable(&file.path, &e)),
        };
        if resp.status() == StatusCode::NOT_FOUND {
            return None;
        }
        let (mut parts, body) = resp.into_parts();
        if parts.status.is_success() {
            parts.headers.extend(head);
        }
        let body = FileBody::new(body, entry.counts.bytes.clone(), permit);
        // A HEAD's Content-Length is the file's, its body empty.
        debug_assert!(req.method() != Method::HEAD || parts.headers.contains_key(CONTENT_LENGTH));
        Some(Response::from_parts(parts, crate::front::body::file(body)))
    }

    /// The answer compressed on the fly, for a whole GET or HEAD whose
    /// `Accept-Encoding` takes br or gzip; `None`: send the file as it is.
    async fn packed<B>(
        &self,
        entry: &Entry,
        req: &Request<B>,
        file: &cache::File,
        packs: &pack::Packs,
        head: &HeaderMap,
    ) -> Option<Reply> {
        if req.headers().contains_key(RANGE) || req.headers().contains_key(IF_UNMODIFIED_SINCE) {
            return None;
        }
        let i = negotiate::choose(req.headers(), pack::ENCODINGS.into_iter())?;
        let enc = pack::ENCODINGS[i];
        let mut head = head.clone();
        if let Some(etag) = packs.etag(enc) {
            head.insert(ETAG, etag.clone());
        }
        let last_modified = file.identity.last_modified.as_ref();
        if packs.validators(enc).not_modified(req.headers()) {
            return Some(not_modified(last_modified, head));
        }
        let packed = packs.get(enc, file.source(), &self.packed).await?;
        let len = packed.bytes.len() as u64;
        let body = if req.method() == Method::HEAD {
            full(Bytes::new())
        } else {
            entry.counts.bytes.inc_by(len);
            full(packed.bytes.clone())
        };
        let mut r = whole(file, Some(enc), &file.identity, len, body, head);
        // A range is of the file itself (as nginx's gzip drops it too).
        r.headers_mut().remove(ACCEPT_RANGES);
        Some(r)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A 304 with `head` and the representation's `Last-Modified`.
fn not_modified(last_modified: Option<&HeaderValue>, mut head: HeaderMap) -> Reply {
    let mut r = Response::new(full(""));
    *r.status_mut() = StatusCode::NOT_MODIFIED;
    if let Some(d) = last_modified {
        head.insert(LAST_MODIFIED, d.clone());
    }
    r.headers_mut().extend(head);
    r
}

/// Files open at once: [`MAX_OPEN_FILES`], at most `max_connections`,
/// at least 1.
pub fn open_files(max_connections: usize) -> usize {
    MAX_OPEN_FILES.min(max_connections).max(1)
}

/// The rest of `path` after `prefix` (without its trailing `/`) when the
/// prefix matches whole segments: `""` or starting with `/`.
fn under<'a>(prefix: &str, path: &'a str) -> Option<&'a str> {
    let rest = path.strip_prefix(prefix)?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

/// What ServeFile is asked: the method, the `Range` when it applies (one
/// range; several are answered whole) and the chosen encoding alone, so
/// that it opens the sibling chosen here. Conditions were decided here.
fn inner_request<B>(
    req: &Request<B>,
    enc: Option<negotiate::Encoding>,
    v: &Validators,
) -> Request<()> {
    let mut inner = Request::new(());
    *inner.method_mut() = req.method().clone();
    let h = inner.headers_mut();
    if let Some(range) = req.headers().get(RANGE)
        && !range.as_bytes().contains(&b',')
        && v.range_applies(req.headers())
    {
        h.insert(RANGE, range.clone());
    }
    if let Some(iu) = req.headers().get(IF_UNMODIFIED_SINCE) {
        h.insert(IF_UNMODIFIED_SINCE, iu.clone());
    }
    let accept = enc.map_or("identity", negotiate::Encoding::token);
    h.insert(ACCEPT_ENCODING, HeaderValue::from_static(accept));
    inner
}

/// `Cache-Control` of an entry: `max-age` (with `immutable`: a year when
/// no `max_age_s` is set), or `no-cache` (revalidate with the ETag).
fn cache_control(e: &StaticEntry) -> HeaderValue {
    let text = match (e.max_age_s, e.immutable) {
        (0, false) => "no-cache".to_owned(),
        (0, true) => "public, max-age=31536000, immutable".to_owned(),
        (n, false) => format!("public, max-age={n}"),
        (n, true) => format!("public, max-age={n}, immutable"),
    };
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static("no-cache"))
}

/// A 301 from a folder's URL to the same with its trailing `/`.
fn redirect(uri: &hyper::Uri) -> Reply {
    let q = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
    let to = format!("{}/{q}", uri.path());
    let mut r = plain(StatusCode::MOVED_PERMANENTLY, "a folder's URL ends with /");
    if let Ok(v) = HeaderValue::from_str(&to) {
        r.headers_mut().insert(LOCATION, v);
    }
    r
}

/// A 200 of `rep` (encoded with `enc`) with the headers ServeFile would
/// send (and `head`'s): `len` bytes in `body` (none for HEAD).
fn whole(
    file: &cache::File,
    enc: Option<negotiate::Encoding>,
    rep: &cache::Rep,
    len: u64,
    body: crate::front::body::Body,
    head: HeaderMap,
) -> Reply {
    let mut r = Response::new(body);
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, file.content_type.clone());
    h.insert(ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    if let Some(enc) = enc {
        h.insert(CONTENT_ENCODING, HeaderValue::from_static(enc.token()));
    }
    if let Some(d) = &rep.last_modified {
        h.insert(LAST_MODIFIED, d.clone());
    }
    h.insert(CONTENT_LENGTH, HeaderValue::from(len));
    h.extend(head);
    r
}

/// A 500 for a file that could not be read, logged.
fn unreadable(path: &Path, e: &std::io::Error) -> Reply {
    tracing::warn!(path = %path.display(), error = %e, "a static file could not be read");
    plain(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the file could not be read",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_matches_whole_segments() {
        assert_eq!(under("/assets", "/assets/a.js"), Some("/a.js"));
        assert_eq!(under("/assets", "/assets"), Some(""));
        assert_eq!(under("/assets", "/assetsx/a.js"), None);
        assert_eq!(under("", "/a.js"), Some("/a.js"));
    }
}
