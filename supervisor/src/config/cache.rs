//! `[POOL.cache]`: the pool's response cache (see `crate::cache`). It is
//! on when `max_bytes` is above 0; answers are then stored when the
//! worker marks them shared-cacheable (`Cache-Control: s-maxage`) or when
//! the request's path matches one of `routes` (for `ttl_ms`).

use std::time::Duration;

use super::checker::{Checker, Named, path};
use super::schema::CacheSection;

/// A pool's cache settings, as the cache uses them.
#[derive(Debug, Clone, PartialEq)]
pub struct Cache {
    /// Most bytes of stored answers (bodies, headers and keys); 0: off.
    pub max_bytes: u64,
    /// Path regexes whose GET/HEAD answers are stored for `ttl` even
    /// without `s-maxage` (still never with `Set-Cookie`, `no-store`,
    /// `private`).
    pub routes: Vec<String>,
    pub ttl: Duration,
    /// Requests with `Authorization` or `Cookie` may be answered from (and
    /// stored in) the cache; off, they always reach a worker.
    pub with_credentials: bool,
    /// One stored answer serves every scheme and host (`Host`,
    /// `X-Forwarded-Proto`); off, each has its own.
    pub shared_across_hosts: bool,
}

impl Cache {
    pub fn from_section(c: &CacheSection) -> Cache {
        Cache {
            max_bytes: c.max_bytes,
            routes: c.routes.clone(),
            ttl: Duration::from_millis(c.ttl_ms),
            with_credentials: c.with_credentials,
            shared_across_hosts: c.shared_across_hosts,
        }
    }
}

impl Default for Cache {
    fn default() -> Cache {
        Cache::from_section(&CacheSection::default())
    }
}

/// Each route is a regex.
pub(super) fn check_cache(c: &mut Checker<'_>, n: &Named<'_>) {
    for r in &n.section.cache.routes {
        let parsed = regex::Regex::new(r);
        c.rule(
            parsed.is_ok(),
            &path(&n.prefix, &["cache", "routes"]),
            format!("{r:?}"),
            || {
                let why = parsed.as_ref().err().map(|e| e.to_string()).unwrap_or_default();
                format!("each entry must be a regex matched against the path, such as \"^/products/\": {why}")
            },
        );
    }
}
