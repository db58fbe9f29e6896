//! What may be cached, for how long, and under which key: pure functions
//! of a request's or an answer's head (and, for freshness, of the time
//! passed), so every rule is tested with tables of cases.

use std::time::Duration;

/// How long a stored answer is served: fresh for `fresh`, then stale (still
/// served while one request re-renders it) for `stale` more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifetime {
    pub fresh: Duration,
    pub stale: Duration,
}

/// Where an entry of `age` stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Fresh,
    /// Within `stale-while-revalidate`: served, and re-rendered behind.
    Stale,
    /// Past both: a miss.
    Gone,
}

/// The state of an entry `age` old.
pub fn state(life: Lifetime, age: Duration) -> State {
    if age < life.fresh {
        State::Fresh
    } else if age < life.fresh + life.stale {
        State::Stale
    } else {
        State::Gone
    }
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> impl Iterator<Item = &'a str> {
    headers
        .iter()
        .filter(move |(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Longest base key the cache stores under: a longer URL (or `Host`) is
/// always rendered. Keys are what a client chooses freely; a flood of
/// distinct 60 KB URLs must not become the cache's memory.
pub const MAX_KEY_BYTES: usize = 8 * 1024;

/// What a request's key is made of besides its method and URL.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Keying {
    /// Requests with `Authorization` or `Cookie` are looked up too.
    pub with_credentials: bool,
    /// The answers do not depend on the scheme and host the client asked
    /// for (`shared_across_hosts`): the key leaves them out.
    pub shared_across_hosts: bool,
}

/// The request's base key, if the cache may answer it: a GET or HEAD,
/// without `Authorization` or `Cookie` unless `with_credentials`, whose
/// key is at most [`MAX_KEY_BYTES`].
///
/// The key is `METHOD scheme://host/path?query`: everything a worker
/// builds `request.url` from. A page that writes absolute links from its
/// own URL (canonical links, asset and script URLs) differs per host, so
/// a request with `Host: evil.example` must not store the answer every
/// other host's visitors get. The scheme is what the worker sees:
/// `https` when `X-Forwarded-Proto` says so (the front strips it from
/// peers outside `forwarded_allow_ips`), else `http`.
pub fn request_key(
    method: &str,
    url: &str,
    headers: &[(String, String)],
    keying: Keying,
) -> Option<String> {
    if method != "GET" && method != "HEAD" {
        return None;
    }
    let credentials = header(headers, "authorization")
        .chain(header(headers, "cookie"))
        .next()
        .is_some();
    if credentials && !keying.with_credentials {
        return None;
    }
    let key = if keying.shared_across_hosts {
        format!("{method} {url}")
    } else {
        let https = header(headers, "x-forwarded-proto")
            .next()
            .is_some_and(|p| p.eq_ignore_ascii_case("https"));
        let scheme = if https { "https" } else { "http" };
        let host = header(headers, "host").next().unwrap_or("");
        format!("{method} {scheme}://{}{url}", host.to_ascii_lowercase())
    };
    (key.len() <= MAX_KEY_BYTES).then_some(key)
}

/// The path of a base key (`METHOD [scheme://host]/path?query`), for
/// `bext cache purge`'s prefix.
pub fn key_path(key: &str) -> &str {
    let url = key.split_once(' ').map_or(key, |(_, u)| u);
    let url = match url.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("/", |i| &rest[i..]),
        None => url,
    };
    url.split_once('?').map_or(url, |(p, _)| p)
}

/// Whether an answer may be stored, and for how long: only 200, never with
/// `Set-Cookie`, `Vary: *`, or `Cache-Control` saying `no-store`,
/// `no-cache` or `private`. `s-maxage=N` (shared caches' max-age) gives the
/// time, with `stale-while-revalidate=M`; without it, `route_ttl` (the
/// pool's `routes` matched the path) does.
pub fn lifetime(
    status: u16,
    headers: &[(String, String)],
    route_ttl: Option<Duration>,
) -> Option<Lifetime> {
    if status != 200 || header(headers, "set-cookie").next().is_some() {
        return None;
    }
    // `Vary: *` varies on everything.
    vary(headers)?;
    let mut s_maxage = None;
    let mut stale = Duration::ZERO;
    for d in header(headers, "cache-control").flat_map(|v| v.split(',')) {
        let (name, value) = d.trim().split_once('=').unwrap_or((d.trim(), ""));
        let secs = || value.trim_matches('"').parse::<u64>().ok();
        match name.to_ascii_lowercase().as_str() {
            "no-store" | "no-cache" | "private" => return None,
            "s-maxage" => s_maxage = secs().map(Duration::from_secs),
            "stale-while-revalidate" => stale = secs().map_or(stale, Duration::from_secs),
            _ => {}
        }
    }
    let fresh = s_maxage.or(route_ttl)?;
    (!fresh.is_zero()).then_some(Lifetime { fresh, stale })
}

/// The request headers an answer varies on, lower-cased and sorted;
/// `None` for `Vary: *` (varies on everything: not stored).
pub fn vary(headers: &[(String, String)]) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for n in header(headers, "vary").flat_map(|v| v.split(',')) {
        let n = n.trim().to_ascii_lowercase();
        if n == "*" {
            return None;
        }
        if !n.is_empty() && !names.contains(&n) {
            names.push(n);
        }
    }
    names.sort();
    Some(names)
}

/// The request's values of the `names` headers (repeated ones joined).
pub fn vary_values(headers: &[(String, String)], names: &[String]) -> Vec<String> {
    names
        .iter()
        .map(|n| header(headers, n).collect::<Vec<_>>().join(", "))
        .collect()
}

/// The tags a worker gave its answer, for `bext cache purge --tag`
/// (`Cache-Tag` or `x-bext-cache-tags`, comma-separated).
pub fn tags(headers: &[(String, String)]) -> Vec<String> {
    header(headers, "cache-tag")
        .chain(header(headers, "x-bext-cache-tags"))
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .collect()
}

/// Whether a header is the cache's business and never reaches the client.
pub fn is_internal(name: &str) -> bool {
    name.eq_ignore_ascii_case("cache-tag") || name.eq_ignore_ascii_case("x-bext-cache-tags")
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
