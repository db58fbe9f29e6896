//! `[[static]]`: files served by the front itself, never through a
//! worker. The entries are tried in file order before the pools' routes;
//! the first whose prefix matches the path and has the file answers.
//!
//! tower-http's `ServeFile` opens and sends the file: `Range` (206, 416),
//! `If-Unmodified-Since`, `HEAD`, `Content-Type` from the extension
//! (mime_guess), `Last-Modified`, and the body read in chunks as the
//! connection takes them (back-pressure: hyper polls the body only when
//! the socket can take more). This module adds what it lacks: the path
//! rules (`path`: traversal, dotfiles, symbolic links, index, no
//! listings), the precompressed sibling chosen here (`.br`, `.zst`, `.gz`)
//! with `Vary`, a strong `ETag` and `If-None-Match`, 304s answered before
//! the file is opened, `Cache-Control`, a bound on open files, and the
//! per-entry counts.

mod negotiate;
mod path;

pub use crate::front::body::FileBody;

use std::sync::Arc;

use hyper::header::{
    ACCEPT_ENCODING, ALLOW, CACHE_CONTROL, CONTENT_LENGTH, ETAG, HeaderValue, LAST_MODIFIED,
    LOCATION, RANGE, VARY,
};
use hyper::{HeaderMap, Method, Request, Response, StatusCode};
use tokio::sync::Semaphore;
use tower_http::services::ServeFile;

use crate::config::StaticEntry;
use crate::front::{Reply, plain};
use crate::metrics::statics::Counts;
use negotiate::Validators;
use path::{Lookup, Refusal};

/// Files open at once across every entry (their bodies being sent);
/// requests past it wait for one to close.
pub const MAX_OPEN_FILES: usize = 1024;

/// Bytes read from a file at a time.
const CHUNK_BYTES: usize = 128 * 1024;

/// Every `[[static]]` entry.
#[derive(Debug)]
pub struct Statics {
    entries: Vec<Entry>,
    open: Arc<Semaphore>,
}

#[derive(Debug)]
struct Entry {
    config: StaticEntry,
    counts: Counts,
    cache_control: HeaderValue,
}

impl Default for Statics {
    fn default() -> Self {
        Statics::new(&[])
    }
}

impl Statics {
    pub fn new(entries: &[StaticEntry]) -> Statics {
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
                })
                .collect(),
            open: Arc::new(Semaphore::new(MAX_OPEN_FILES)),
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
        let c = &entry.config;
        let found = match path::lookup(c, rest, req.uri().path(), req.uri().query()) {
            Lookup::File(f) => f,
            Lookup::Missing => return None,
            Lookup::Redirect(to) => return Some(redirect(&to)),
            Lookup::Refused(Refusal::Path) => {
                return Some(plain(
                    StatusCode::BAD_REQUEST,
                    "this path may not leave its folder",
                ));
            }
            Lookup::Refused(Refusal::Link) => {
                return Some(plain(
                    StatusCode::FORBIDDEN,
                    "a symbolic link out of the folder",
                ));
            }
        };
        let have = negotiate::siblings(&found.path, &c.dir, c.follow_symlinks);
        let chosen = negotiate::choose(req.headers(), &have);
        let (enc, meta) = match chosen {
            Some(i) => (Some(have[i].0), &have[i].1),
            None => (None, &found.meta),
        };
        let v = Validators::of(meta, enc);
        let mut head = HeaderMap::new();
        head.insert(CACHE_CONTROL, entry.cache_control.clone());
        if let Ok(etag) = HeaderValue::from_str(&v.etag) {
            head.insert(ETAG, etag);
        }
        if !have.is_empty() {
            head.insert(VARY, HeaderValue::from_static("accept-encoding"));
        }
        if v.not_modified(req.headers()) {
            let mut r = Response::new(crate::front::body::full(""));
            *r.status_mut() = StatusCode::NOT_MODIFIED;
            if let Some(d) = v
                .last_modified()
                .and_then(|d| HeaderValue::from_str(&d).ok())
            {
                head.insert(LAST_MODIFIED, d);
            }
            r.headers_mut().extend(head);
            return Some(r);
        }
        let permit = self.open.clone().acquire_owned().await.ok();
        let inner = inner_request(req, enc, &v);
        let mut serve = ServeFile::new(&found.path).with_buf_chunk_size(CHUNK_BYTES);
        serve = match enc {
            Some(negotiate::Encoding::Br) => serve.precompressed_br(),
            Some(negotiate::Encoding::Zstd) => serve.precompressed_zstd(),
            Some(negotiate::Encoding::Gzip) => serve.precompressed_gzip(),
            None => serve,
        };
        let resp = match serve.try_call(inner).await {
            Ok(r) => r,
            // Gone since it was looked up, or unreadable.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => {
                tracing::warn!(path = %found.path.display(), error = %e, "a static file could not be read");
                return Some(plain(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the file could not be read",
                ));
            }
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

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
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
    if let Some(iu) = req.headers().get(hyper::header::IF_UNMODIFIED_SINCE) {
        h.insert(hyper::header::IF_UNMODIFIED_SINCE, iu.clone());
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

fn redirect(to: &str) -> Reply {
    let mut r = plain(StatusCode::MOVED_PERMANENTLY, "a folder's URL ends with /");
    if let Ok(v) = HeaderValue::from_str(to) {
        r.headers_mut().insert(LOCATION, v);
    }
    r
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
