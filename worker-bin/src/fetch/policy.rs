//! Where a `fetch()` may go: the pool's `fetch_allow`, checked on the URL
//! (and each redirect's) and again on every address the host name
//! resolves to, which are the only addresses connected to.
//!
//! | address | reached when |
//! |---|---|
//! | public | the host is named by an entry (`*`, `host`, `*.domain`), or its address is |
//! | loopback, private, link-local, metadata, unspecified, shared, multicast, reserved | an address entry covers it (`127.0.0.1/32`, `10.0.0.0/8`, `[::1]:9000`); a host name or `*` never does |
//!
//! IPv4-mapped, IPv4-compatible, NAT64 and 6to4 IPv6 addresses are judged by
//! the IPv4 address they carry. A cluster-internal name (`*.svc`,
//! `*.cluster.local`, `kubernetes`) is refused unless an entry names it
//! (`*` does not), and then its addresses are checked like any other. A
//! name is refused if any of its addresses is.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use protocol::fetch_allow::{Entry, Refusal};
use url::{Host, Url};

/// A refused `fetch()`: why (for the metric) and what JS is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub reason: Refusal,
    pub message: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refused {}

/// A pool's `fetch_allow`, parsed.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    entries: Vec<Entry>,
}

impl Policy {
    /// The entries bextd checked; one that does not parse (it cannot,
    /// after bextd's check) allows nothing.
    pub fn new(entries: &[String]) -> Policy {
        Policy {
            entries: entries
                .iter()
                .filter_map(|e| Entry::parse(e).ok())
                .collect(),
        }
    }

    /// Whether `url` may be fetched, before any connection: its host is
    /// named (a name) or its address passes (an address). A named host's
    /// addresses are checked when it is resolved ([`Policy::resolved`]).
    pub fn check_url(&self, url: &Url) -> Result<(), Refused> {
        let port = url.port_or_known_default();
        match url.host() {
            None => Err(refused(Refusal::NotListed, "the URL has no host".into())),
            Some(Host::Ipv4(ip)) => self.check_addr(&ip.to_string(), ip.into(), port),
            Some(Host::Ipv6(ip)) => self.check_addr(&format!("[{ip}]"), ip.into(), port),
            Some(Host::Domain(d)) => {
                let host = d.to_ascii_lowercase();
                if is_cluster_name(&host) && !self.names_explicitly(&host, port) {
                    let why = format!(
                        "{host} is {} (name it in fetch_allow to reach it)",
                        Refusal::ClusterName.describe()
                    );
                    return Err(refused(Refusal::ClusterName, why));
                }
                let named = self.entries.iter().any(|e| e.names(&host, port));
                if !named && self.entries.iter().any(|e| e.names_on_some_port(&host)) {
                    // Listed on other ports only: never reached on this
                    // one, even through an address entry. The resolver,
                    // which cannot see the port, relies on it.
                    let port = port.map_or("no port".to_string(), |p| format!("port {p}"));
                    return Err(refused(
                        Refusal::NotListed,
                        format!(
                            "{host} is in this pool's fetch_allow on other ports, not on {port}"
                        ),
                    ));
                }
                // An address entry without a port reaches its addresses
                // through any name; the resolver then checks them.
                let through_names = self
                    .entries
                    .iter()
                    .any(|e| matches!(e, Entry::Net { port: None, .. }));
                if named || through_names {
                    Ok(())
                } else {
                    Err(not_listed(&host))
                }
            }
        }
    }

    /// Whether every address `host` resolved to may be connected to. The
    /// port is not known here; the URL's was checked before
    /// ([`Policy::check_url`]: a name listed on some ports is refused on
    /// the others), so a name listed on any port counts as named.
    pub fn resolved(&self, host: &str, addrs: &[IpAddr]) -> Result<(), Refused> {
        let host = host.to_ascii_lowercase();
        let named = self.entries.iter().any(|e| e.names_on_some_port(&host));
        for ip in addrs {
            let covered = self.entries.iter().any(|e| e.covers(*ip, None));
            if let Err(reason) = judge(*ip, named, covered) {
                return Err(refused(reason, resolved_message(&host, *ip, reason)));
            }
        }
        Ok(())
    }

    /// An address written in the URL itself, on `port`.
    fn check_addr(&self, shown: &str, ip: IpAddr, port: Option<u16>) -> Result<(), Refused> {
        if self.entries.is_empty() {
            return Err(not_listed(shown));
        }
        let any = self.entries.contains(&Entry::Any);
        let covered = self.entries.iter().any(|e| e.covers(ip, port));
        judge(ip, any, covered).map_err(|reason| match reason {
            Refusal::NotListed => not_listed(shown),
            reason => refused(
                reason,
                format!(
                    "{shown} is {}: list it in fetch_allow by address (e.g. \"{}\") to reach it",
                    reason.describe(),
                    example(ip)
                ),
            ),
        })
    }

    /// Named by an entry other than `*`.
    fn names_explicitly(&self, host: &str, port: Option<u16>) -> bool {
        self.entries
            .iter()
            .any(|e| !matches!(e, Entry::Any) && e.names(host, port))
    }
}

/// An address that an internal class makes unreachable unless `covered`
/// by an address entry; a public one needs `named` (its host named, or
/// `*` for a literal address) or `covered`.
fn judge(ip: IpAddr, named: bool, covered: bool) -> Result<(), Refusal> {
    match classify(ip) {
        Some(reason) if !covered => Err(reason),
        Some(_) => Ok(()),
        None if named || covered => Ok(()),
        None => Err(Refusal::NotListed),
    }
}

/// The class of an address that is not on the public internet; `None`
/// for a public one.
pub fn classify(ip: IpAddr) -> Option<Refusal> {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

fn classify_v4(ip: Ipv4Addr) -> Option<Refusal> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        _ if ip == Ipv4Addr::new(169, 254, 169, 254) => Refusal::Metadata,
        (0, _, _) => Refusal::Unspecified,
        (127, _, _) => Refusal::Loopback,
        (10, _, _) | (192, 168, _) => Refusal::Private,
        (172, b, _) if (16..32).contains(&b) => Refusal::Private,
        (169, 254, _) => Refusal::LinkLocal,
        (100, b, _) if (64..128).contains(&b) => Refusal::Shared,
        (224..=239, _, _) => Refusal::Multicast,
        (240..=255, _, _) | (192, 0, 0) => Refusal::Reserved,
        _ => return None,
    })
}

fn classify_v6(ip: Ipv6Addr) -> Option<Refusal> {
    if let Some(v4) = embedded_v4(ip) {
        return classify_v4(v4);
    }
    let s = ip.segments();
    Some(match s[0] {
        _ if ip.is_unspecified() => Refusal::Unspecified,
        _ if ip.is_loopback() => Refusal::Loopback,
        _ if ip == Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254) => Refusal::Metadata,
        x if x & 0xfe00 == 0xfc00 => Refusal::Private, // unique-local fc00::/7
        x if x & 0xffc0 == 0xfec0 => Refusal::Private, // site-local fec0::/10
        x if x & 0xffc0 == 0xfe80 => Refusal::LinkLocal,
        x if x & 0xff00 == 0xff00 => Refusal::Multicast,
        _ => return None,
    })
}

/// The IPv4 address an IPv6 address carries: IPv4-mapped (`::ffff:a.b.c.d`),
/// IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4
/// (`2002:aabb:ccdd::`), each of which can reach that IPv4 address.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let low = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    match s {
        [0, 0, 0, 0, 0, 0xffff, _, _] => Some(low),
        // `::` and `::1` are themselves, not IPv4-compatible.
        [0, 0, 0, 0, 0, 0, hi, _] if hi != 0 => Some(low),
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(low),
        [0x2002, hi, lo, ..] => Some(Ipv4Addr::new(
            (hi >> 8) as u8,
            hi as u8,
            (lo >> 8) as u8,
            lo as u8,
        )),
        _ => None,
    }
}

/// Names a cluster resolves for itself (Kubernetes' service names).
fn is_cluster_name(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    host == "kubernetes"
        || host == "kubernetes.default"
        || host.ends_with(".svc")
        || host.ends_with(".cluster.local")
        || host == "cluster.local"
}

fn refused(reason: Refusal, message: String) -> Refused {
    Refused { reason, message }
}

fn not_listed(host: &str) -> Refused {
    refused(
        Refusal::NotListed,
        format!("{host} is not in this pool's fetch_allow (see bext.toml(5))"),
    )
}

fn resolved_message(host: &str, ip: IpAddr, reason: Refusal) -> String {
    match reason {
        Refusal::NotListed => {
            format!("{host} resolves to {ip}, which is not in this pool's fetch_allow")
        }
        reason => format!(
            "{host} resolves to {ip}, {}: list it in fetch_allow by address (e.g. \"{}\") to reach it",
            reason.describe(),
            example(ip)
        ),
    }
}

/// The entry that would allow `ip` alone.
fn example(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => format!("{v4}/32"),
        IpAddr::V6(v6) => format!("{v6}/128"),
    }
}

#[cfg(test)]
mod tests;
