//! What a span may say of a URL. OpenTelemetry's semantic conventions for
//! `url.query` and `url.full` ask that sensitive query values be scrubbed
//! and that credentials in a URL's userinfo never be recorded
//! (`https://REDACTED:REDACTED@host/`). Tokens, signatures and session ids
//! travel in query strings, and a collector is often run by someone else,
//! so every query value is replaced with `REDACTED` and only the names are
//! kept, except the values of the parameters `[tracing] keep_query_params`
//! names (`page`, `sort`: values that help reading a trace and hold no
//! secret).
//!
//! Pure functions over text: the server span's `url.query` (`request`) and
//! the `url.full`/`url.query` attributes of the spans a worker reports
//! (`worker`: its `fetch()` client spans, `bext.trace.span`'s) go through
//! them before they are exported. The text is not normalised: what is not
//! a value is left as it was written.

use std::borrow::Cow;

/// What a scrubbed value or credential becomes.
pub const REDACTED: &str = "REDACTED";

/// `query` (without its `?`) with the value of each parameter replaced by
/// [`REDACTED`], unless its name (percent-decoded) is in `keep`. A
/// parameter without `=` or with an empty value has nothing to hide and
/// is left as it is; so is the name of every parameter.
pub fn query<'a>(query: &'a str, keep: &[String]) -> Cow<'a, str> {
    let hides = |pair: &str| match pair.split_once('=') {
        Some((name, value)) => !value.is_empty() && !kept(name, keep),
        None => false,
    };
    if !query.split('&').any(hides) {
        return Cow::Borrowed(query);
    }
    let mut out = String::with_capacity(query.len());
    for (i, pair) in query.split('&').enumerate() {
        if i > 0 {
            out.push('&');
        }
        match pair.split_once('=') {
            Some((name, _)) if hides(pair) => {
                out.push_str(name);
                out.push('=');
                out.push_str(REDACTED);
            }
            _ => out.push_str(pair),
        }
    }
    Cow::Owned(out)
}

/// `url` with its query's values scrubbed (as [`query`] does) and any
/// userinfo replaced by `REDACTED:REDACTED` (`REDACTED` when it had no
/// password). The fragment is left as it is. A text without `://` is
/// taken for a path (and its query scrubbed).
pub fn url_full<'a>(url: &'a str, keep: &[String]) -> Cow<'a, str> {
    let (before_fragment, fragment) = match url.find('#') {
        Some(i) => url.split_at(i),
        None => (url, ""),
    };
    let (head, q) = match before_fragment.split_once('?') {
        Some((head, q)) => (head, Some(q)),
        None => (before_fragment, None),
    };
    let userinfo = userinfo_span(head);
    let scrubbed = q.map(|q| query(q, keep));
    let query_changed = matches!(scrubbed, Some(Cow::Owned(_)));
    if userinfo.is_none() && !query_changed {
        return Cow::Borrowed(url);
    }
    let mut out = String::with_capacity(url.len() + 16);
    match userinfo {
        Some((start, end)) => {
            out.push_str(&head[..start]);
            out.push_str(REDACTED);
            if head[start..end].contains(':') {
                out.push(':');
                out.push_str(REDACTED);
            }
            out.push_str(&head[end..]);
        }
        None => out.push_str(head),
    }
    if let Some(q) = scrubbed {
        out.push('?');
        out.push_str(&q);
    }
    out.push_str(fragment);
    Cow::Owned(out)
}

/// Where the userinfo of `head` (a URL up to its query) lies, without its
/// `@`: the authority runs from after `://` to the next `/`, and its
/// userinfo up to its last `@`.
fn userinfo_span(head: &str) -> Option<(usize, usize)> {
    let start = head.find("://")? + 3;
    let authority_end = head[start..].find('/').map_or(head.len(), |i| start + i);
    let at = head[start..authority_end].rfind('@')?;
    Some((start, start + at))
}

/// Whether the parameter written `name` is one of `keep`: compared once
/// percent-decoded (`+` is a space), as a server reads it.
fn kept(name: &str, keep: &[String]) -> bool {
    if keep.is_empty() {
        return false;
    }
    let decoded = decode(name);
    keep.iter().any(|k| k.as_bytes() == decoded.as_ref())
}

/// `application/x-www-form-urlencoded` decoding of one name; a `%` not
/// followed by two hex digits stays as it is.
fn decode(s: &str) -> Cow<'_, [u8]> {
    let b = s.as_bytes();
    if !b.iter().any(|&c| c == b'%' || c == b'+') {
        return Cow::Borrowed(b);
    }
    let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            c => out.push(c),
        }
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
#[path = "redact_tests.rs"]
mod tests;
