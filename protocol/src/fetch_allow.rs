//! The entries of a pool's `fetch_allow`, parsed once for both sides:
//! bextd checks the config with [`Entry::parse`], the worker builds its
//! policy from the same entries; and the reasons a `fetch()` is refused,
//! which the worker reports to bextd to be counted.
//!
//! An entry names either hosts (`*`, `api.example.com`, `*.example.com`,
//! each with an optional `:port`) or addresses (`127.0.0.1`, `[::1]:9000`,
//! `10.0.0.0/8`, `fd00::/8`). Only an address entry reaches a loopback,
//! private, link-local or otherwise internal address: a host name or `*`
//! never does, whatever it resolves to.

use std::net::IpAddr;

use ipnet::IpNet;
use serde::{Deserialize, Serialize};

/// One `fetch_allow` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// `*`: every host name, and every public address.
    Any,
    /// A host name (`api.example.com`) or its subdomains (`*.example.com`,
    /// kept with the leading `*.`), lower case, on `port` if one is given.
    Name { pattern: String, port: Option<u16> },
    /// An address or a network. A port is allowed only with a single
    /// address written as such (`127.0.0.1:8080`, `[::1]:9000`); it then
    /// applies only to URLs that name that address.
    Net { net: IpNet, port: Option<u16> },
}

impl Entry {
    /// Parses one entry; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Entry, String> {
        let t = text.trim().to_ascii_lowercase();
        if t == "*" {
            return Ok(Entry::Any);
        }
        if t.contains('/') {
            let net: IpNet = t
                .parse()
                .map_err(|_| format!("{text:?} is not a network such as \"10.0.0.0/8\""))?;
            if net.trunc() != net {
                return Err(format!(
                    "{text:?} has host bits set: write its network, {}",
                    net.trunc()
                ));
            }
            return Ok(Entry::Net { net, port: None });
        }
        let (host, port) = split_port(&t)?;
        if let Some(v6) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            let ip: IpAddr = v6
                .parse()
                .map_err(|_| format!("{text:?} is not an IPv6 address"))?;
            return Ok(Entry::Net {
                net: IpNet::from(ip),
                port,
            });
        }
        if let Ok(ip) = host.parse::<IpAddr>() {
            return Ok(Entry::Net {
                net: IpNet::from(ip),
                port,
            });
        }
        let name = host.strip_prefix("*.").unwrap_or(host);
        let labels_ok = !name.is_empty()
            && name.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            });
        if !labels_ok {
            return Err(format!(
                "{text:?} is not a host name, `*.domain`, an address or a network"
            ));
        }
        Ok(Entry::Name {
            pattern: host.to_owned(),
            port,
        })
    }

    /// Whether this entry names `host` (a lower-case domain) on `port`.
    pub fn names(&self, host: &str, port: Option<u16>) -> bool {
        match self {
            Entry::Name { port: Some(p), .. } if Some(*p) != port => false,
            _ => self.names_on_some_port(host),
        }
    }

    /// Whether this entry names `host` on at least one port: what a
    /// resolver, which is given the name without its port, can know.
    pub fn names_on_some_port(&self, host: &str) -> bool {
        match self {
            Entry::Any => true,
            Entry::Name { pattern, .. } => match pattern.strip_prefix("*.") {
                Some(domain) => host
                    .strip_suffix(domain)
                    .is_some_and(|sub| sub.len() > 1 && sub.ends_with('.')),
                None => host == pattern,
            },
            Entry::Net { .. } => false,
        }
    }

    /// Whether this entry covers address `ip` on `port` (`None`: the port
    /// is not known, as when a host name is resolved; a ported entry then
    /// does not apply).
    pub fn covers(&self, ip: IpAddr, port: Option<u16>) -> bool {
        match self {
            Entry::Net { net, port: p } => {
                net.contains(&ip) && (p.is_none() || (port.is_some() && *p == port))
            }
            Entry::Any | Entry::Name { .. } => false,
        }
    }
}

/// `host:port` → (`host`, Some(port)); `[::1]`, a bare IPv6 address and
/// `host` → no port.
fn split_port(t: &str) -> Result<(&str, Option<u16>), String> {
    let Some((h, p)) = t.rsplit_once(':') else {
        return Ok((t, None));
    };
    if h.is_empty() || (h.contains(':') && !h.ends_with(']')) {
        return Ok((t, None)); // a bare IPv6 address
    }
    match p.parse::<u16>() {
        Ok(port) if port > 0 => Ok((h, Some(port))),
        _ => Err(format!("{t:?} has no valid port after `:` (1 to 65535)")),
    }
}

/// Why a `fetch()` was refused: the `reason` label of
/// `bext_fetch_refused_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Refusal {
    /// The host is on no `fetch_allow` entry.
    NotListed,
    /// A cluster-internal name (`*.svc`, `*.cluster.local`, `kubernetes`)
    /// reached only through `*`.
    ClusterName,
    /// 127.0.0.0/8, ::1.
    Loopback,
    /// RFC 1918, unique-local and site-local IPv6.
    Private,
    /// 169.254.0.0/16 and fe80::/10, but the metadata address.
    LinkLocal,
    /// The cloud metadata service: 169.254.169.254, fd00:ec2::254.
    Metadata,
    /// 0.0.0.0/8, ::.
    Unspecified,
    /// 100.64.0.0/10 (carrier-grade NAT, some clusters' pod networks).
    Shared,
    Multicast,
    /// 240.0.0.0/4, the broadcast address, 192.0.0.0/24.
    Reserved,
}

impl Refusal {
    pub const ALL: [Refusal; 10] = [
        Refusal::NotListed,
        Refusal::ClusterName,
        Refusal::Loopback,
        Refusal::Private,
        Refusal::LinkLocal,
        Refusal::Metadata,
        Refusal::Unspecified,
        Refusal::Shared,
        Refusal::Multicast,
        Refusal::Reserved,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Refusal::NotListed => "not_listed",
            Refusal::ClusterName => "cluster_name",
            Refusal::Loopback => "loopback",
            Refusal::Private => "private",
            Refusal::LinkLocal => "link_local",
            Refusal::Metadata => "metadata",
            Refusal::Unspecified => "unspecified",
            Refusal::Shared => "shared",
            Refusal::Multicast => "multicast",
            Refusal::Reserved => "reserved",
        }
    }

    /// What it is, for an error message.
    pub fn describe(self) -> &'static str {
        match self {
            Refusal::NotListed => "not in this pool's fetch_allow",
            Refusal::ClusterName => "a cluster-internal name, which `*` does not cover",
            Refusal::Loopback => "a loopback address",
            Refusal::Private => "a private address",
            Refusal::LinkLocal => "a link-local address",
            Refusal::Metadata => "the cloud metadata address",
            Refusal::Unspecified => "an unspecified address",
            Refusal::Shared => "a shared (carrier-grade NAT) address",
            Refusal::Multicast => "a multicast address",
            Refusal::Reserved => "a reserved address",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Entry {
        Entry::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn entries_parse_as_names_addresses_or_networks() {
        assert_eq!(ok("*"), Entry::Any);
        assert_eq!(
            ok("API.example.com:8443"),
            Entry::Name {
                pattern: "api.example.com".into(),
                port: Some(8443)
            }
        );
        assert!(matches!(ok("*.cdn.example"), Entry::Name { .. }));
        let net = |s: &str| match ok(s) {
            Entry::Net { net, port } => (net.to_string(), port),
            e => panic!("{s}: {e:?}"),
        };
        assert_eq!(net("127.0.0.1"), ("127.0.0.1/32".into(), None));
        assert_eq!(net("127.0.0.1:8080"), ("127.0.0.1/32".into(), Some(8080)));
        assert_eq!(net("[::1]:9000"), ("::1/128".into(), Some(9000)));
        assert_eq!(net("::1"), ("::1/128".into(), None));
        assert_eq!(net("10.0.0.0/8"), ("10.0.0.0/8".into(), None));
        assert_eq!(net("fd00::/8"), ("fd00::/8".into(), None));
        for bad in [
            "",
            "http://x.com",
            "a.com:0",
            "a..b",
            "10.0.0.1/8",
            "10.0.0.0/33",
            "a.com:x",
            "*.[::1]",
        ] {
            assert!(Entry::parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn names_match_hosts_ports_and_subdomains() {
        let e = ok("*.example.com");
        assert!(e.names("a.example.com", Some(443)));
        assert!(e.names("a.b.example.com", None));
        assert!(!e.names("example.com", None));
        assert!(!e.names("evilexample.com", None));
        let e = ok("api.example.com:8080");
        assert!(e.names("api.example.com", Some(8080)));
        assert!(!e.names("api.example.com", Some(80)));
        assert!(!e.names("api.example.com", None));
        assert!(e.names_on_some_port("api.example.com"));
        assert!(!e.names_on_some_port("example.com"));
    }

    #[test]
    fn a_ported_address_entry_needs_the_port() {
        let e = ok("127.0.0.1:8080");
        let lo: IpAddr = "127.0.0.1".parse().unwrap();
        assert!(e.covers(lo, Some(8080)));
        assert!(!e.covers(lo, Some(8081)));
        assert!(!e.covers(lo, None));
        assert!(ok("127.0.0.0/8").covers(lo, None));
    }
}
