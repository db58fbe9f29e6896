//! What a request may say about where it came from and whom it is for,
//! decided before a pool is chosen.
//!
//! * **Forwarded headers** (`X-Forwarded-For`, `-Proto`, `-Host`, `-Port`,
//!   `-Ssl`, `-Scheme`, `-Protocol`, `X-Real-IP`, `Forwarded`) are what a
//!   proxy in front says about the client. Only a proxy may say it: from a
//!   peer outside `[server] forwarded_allow_ips` (gunicorn's name and
//!   default: loopback; `"*"` trusts every peer) they are taken out before
//!   a worker sees the request. Otherwise anyone could make a worker build
//!   `https://` links, believe a forged client address, or store a page
//!   under a scheme the cache keys on.
//! * **Allowed hosts** (`[server] allowed_hosts`, Django's
//!   `ALLOWED_HOSTS`: exact names, `.example.com` for the domain and its
//!   subdomains, `*` for any; unset: any) answer 400 to a request whose
//!   `Host` is none of them, so a forged `Host` never reaches a worker that
//!   writes it into a page.
//! * An absolute-form request target (`GET http://a.example/ HTTP/1.1`)
//!   names the host, and `Host` is ignored (RFC 9112 §3.2.2): the front
//!   makes `Host` say the same, so the worker, the cache and this check all
//!   read one name.

use std::net::IpAddr;

use hyper::HeaderMap;
use hyper::header::{HOST, HeaderValue};

use crate::config::Forwarded;

/// The headers only a trusted proxy may send.
pub const FORWARDED_HEADERS: &[&str] = &[
    "forwarded",
    "x-forwarded-for",
    "x-forwarded-host",
    "x-forwarded-port",
    "x-forwarded-proto",
    "x-forwarded-protocol",
    "x-forwarded-scheme",
    "x-forwarded-ssl",
    "x-real-ip",
];

/// The front's rules on forwarded headers and host names.
#[derive(Debug, Clone)]
pub struct Edge {
    forwarded: Forwarded,
    /// Lower case; empty: any host.
    allowed_hosts: Vec<String>,
}

/// The answer to a host outside `allowed_hosts`.
pub const HOST_NOT_ALLOWED: &str = "this Host is not one this server answers for";

impl Default for Edge {
    fn default() -> Edge {
        Edge::from(&crate::config::ServerSection::default())
    }
}

impl From<&crate::config::ServerSection> for Edge {
    /// The section's keys, read as validation reads them (the defaults
    /// of a section that was never validated are valid).
    fn from(s: &crate::config::ServerSection) -> Edge {
        let forwarded = crate::config::forwarded(&s.forwarded_allow_ips);
        Edge::new(forwarded, s.allowed_hosts.clone())
    }
}

impl Edge {
    pub fn new(forwarded: Forwarded, allowed_hosts: Vec<String>) -> Edge {
        Edge {
            forwarded,
            allowed_hosts: allowed_hosts
                .into_iter()
                .map(|h| h.to_ascii_lowercase())
                .collect(),
        }
    }

    /// Whether `peer` may send forwarded headers.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        match &self.forwarded {
            Forwarded::All => true,
            Forwarded::From(nets) => {
                let peer = peer.to_canonical();
                nets.iter().any(|n| n.contains(&peer))
            }
        }
    }

    /// Makes a request's head say only what its peer may say: forwarded
    /// headers from an untrusted peer go, and `Host` takes an absolute
    /// target's authority. Returns how many headers went.
    pub fn clean(&self, peer: IpAddr, authority: Option<&str>, headers: &mut HeaderMap) -> usize {
        if let Some(a) = authority.and_then(|a| HeaderValue::from_str(a).ok())
            && headers.get(HOST) != Some(&a)
        {
            headers.insert(HOST, a);
        }
        if self.trusts(peer) {
            return 0;
        }
        let mut gone = 0;
        for name in FORWARDED_HEADERS {
            if let hyper::header::Entry::Occupied(e) = headers.entry(*name) {
                gone += e.remove_entry_mult().1.count();
            }
        }
        gone
    }

    /// Whether a request naming `host` (its `Host`, port and all) may
    /// reach a pool.
    pub fn host_allowed(&self, host: Option<&str>) -> bool {
        if self.allowed_hosts.is_empty() {
            return true;
        }
        let Some(name) = host.map(host_name) else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        self.allowed_hosts.iter().any(|rule| matches(rule, &name))
    }
}

/// The name of a `Host` value: without its port and a trailing dot; an
/// IPv6 address keeps its brackets.
fn host_name(host: &str) -> &str {
    let name = if host.starts_with('[') {
        host.find(']').map_or(host, |i| &host[..=i])
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    name.strip_suffix('.').unwrap_or(name)
}

/// Django's matching: `*` is any host, `.example.com` is `example.com`
/// and every name under it, anything else is the name itself.
fn matches(rule: &str, name: &str) -> bool {
    if rule == "*" {
        return true;
    }
    match rule.strip_prefix('.') {
        Some(domain) => {
            name == domain
                || name
                    .strip_suffix(domain)
                    .is_some_and(|sub| sub.ends_with('.'))
        }
        None => name == rule,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(forwarded: &[&str], hosts: &[&str]) -> Edge {
        let list: Vec<String> = forwarded.iter().map(|s| s.to_string()).collect();
        Edge::new(
            crate::config::forwarded(&list),
            hosts.iter().map(|s| s.to_string()).collect(),
        )
    }

    fn head(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                hyper::header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        h
    }

    #[test]
    fn forwarded_headers_are_believed_only_from_trusted_peers() {
        let e = edge(&["127.0.0.1", "10.0.0.0/8"], &[]);
        let sent = [
            ("host", "shop.example"),
            ("x-forwarded-proto", "https"),
            ("x-forwarded-for", "1.2.3.4"),
            ("x-forwarded-for", "5.6.7.8"),
            ("forwarded", "for=1.2.3.4;proto=https"),
            ("X-Real-IP", "1.2.3.4"),
            ("x-forwarded-host", "evil.example"),
        ];
        for trusted in ["127.0.0.1", "10.1.2.3", "::ffff:10.0.0.1"] {
            let mut h = head(&sent);
            assert_eq!(e.clean(trusted.parse().unwrap(), None, &mut h), 0);
            assert_eq!(h.len(), sent.len(), "{trusted}");
        }
        for outsider in ["192.168.1.9", "127.0.0.2", "::1"] {
            let mut h = head(&sent);
            assert_eq!(e.clean(outsider.parse().unwrap(), None, &mut h), 6);
            assert_eq!(h.len(), 1, "{outsider}: {h:?}");
            assert_eq!(h["host"], "shop.example");
        }
        let all = edge(&["*"], &[]);
        let mut h = head(&sent);
        assert_eq!(all.clean("203.0.113.9".parse().unwrap(), None, &mut h), 0);
    }

    #[test]
    fn an_absolute_target_names_the_host() {
        let e = edge(&["127.0.0.1"], &[]);
        let mut h = head(&[("host", "shop.example")]);
        e.clean("127.0.0.1".parse().unwrap(), Some("evil.example"), &mut h);
        assert_eq!(h.get_all("host").iter().count(), 1);
        assert_eq!(h["host"], "evil.example");
    }

    #[test]
    fn allowed_hosts_match_as_djangos_do() {
        let e = edge(&[], &["shop.example", ".example.org", "[::1]", "127.0.0.1"]);
        for ok in [
            "shop.example",
            "SHOP.example:8080",
            "shop.example.",
            "example.org",
            "a.example.org",
            "a.b.example.org:443",
            "[::1]:3000",
            "127.0.0.1:3000",
        ] {
            assert!(e.host_allowed(Some(ok)), "{ok}");
        }
        for refused in [
            "evil.example",
            "shop.example.evil",
            "xexample.org",
            "example.org.evil",
            "[::2]",
            "",
        ] {
            assert!(!e.host_allowed(Some(refused)), "{refused}");
        }
        assert!(!e.host_allowed(None), "no Host names none of them");
        assert!(edge(&[], &[]).host_allowed(Some("anything")));
        assert!(edge(&[], &["*"]).host_allowed(Some("anything")));
    }
}
