//! `[server] forwarded_allow_ips` and `allowed_hosts`: who may send
//! forwarded headers, and which host names reach the pools (see
//! `crate::front::edge`).

use std::net::IpAddr;

use ipnet::IpNet;

use super::checker::Checker;

/// The peers whose forwarded headers (`X-Forwarded-*`, `Forwarded`) are
/// believed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forwarded {
    /// `"*"`: every peer (bextd is reached only through proxies).
    All,
    From(Vec<IpNet>),
}

/// The peers `entries` name: `*`, addresses and networks. Entries that are
/// none of these are left out (validation reports them).
pub fn forwarded(entries: &[String]) -> Forwarded {
    if entries.iter().any(|e| e.trim() == "*") {
        return Forwarded::All;
    }
    Forwarded::From(entries.iter().filter_map(|e| net(e)).collect())
}

fn net(entry: &str) -> Option<IpNet> {
    let e = entry.trim();
    e.parse::<IpNet>()
        .ok()
        .or_else(|| e.parse::<IpAddr>().ok().map(IpNet::from))
}

/// Reports entries of `forwarded_allow_ips` that are no address, network
/// or `*`, and of `allowed_hosts` that are no host rule; returns both
/// keys' values as the front uses them.
pub(super) fn check_edge(
    c: &mut Checker<'_>,
    forwarded_allow_ips: &[String],
    allowed_hosts: &[String],
) -> (Forwarded, Vec<String>) {
    for e in forwarded_allow_ips {
        c.rule(
            e.trim() == "*" || net(e).is_some(),
            &["server", "forwarded_allow_ips"],
            format!("{e:?}"),
            || "each entry must be an address (\"127.0.0.1\"), a network (\"10.0.0.0/8\") or \"*\" for every peer".into(),
        );
    }
    let mut hosts = Vec::new();
    for h in allowed_hosts {
        if host_rule(h) {
            hosts.push(h.strip_suffix('.').unwrap_or(h).to_ascii_lowercase());
        } else {
            c.report(
                &["server", "allowed_hosts"],
                Some(format!("{h:?}")),
                "each entry must be a host name (\"shop.example\"), a domain with its subdomains (\".example.com\"), an IP address (\"127.0.0.1\", \"[::1]\") or \"*\"; no port, no scheme".into(),
            );
        }
    }
    (forwarded(forwarded_allow_ips), hosts)
}

/// `*`, a host name (optionally with a leading dot), an IPv4 address, or an
/// IPv6 address in brackets.
fn host_rule(h: &str) -> bool {
    if h == "*" || h.parse::<std::net::Ipv4Addr>().is_ok() {
        return true;
    }
    if let Some(v6) = h.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return v6.parse::<std::net::Ipv6Addr>().is_ok();
    }
    let name = h.strip_prefix('.').unwrap_or(h);
    let name = name.strip_suffix('.').unwrap_or(name);
    !name.is_empty()
        && name.len() <= 253
        && name.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_')
        })
}
