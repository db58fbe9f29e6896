//! Who may call an admin path, decided before its handler runs.
//!
//! Public operations (health, readiness) answer anyone: the kubelet
//! probes from the node's address, not from loopback, and what they say
//! is no secret. Every other admin path answers only a peer in
//! `[server] admin_allow` (else 403) whose `Host` is an IP address or a
//! name in `admin_hosts` (else 421). The second rule defeats DNS
//! rebinding: a page a developer's browser loaded from `evil.example`,
//! whose name then points at 127.0.0.1, reaches bextd from an allowed
//! address, but its requests still carry `Host: evil.example`. A request
//! without a `Host` (HTTP/1.0) names nothing to rebind and passes.
//!
//! A third rule stops a page on another site from making a developer's
//! browser call an admin path at all (an `<img src>` pointing at
//! `http://127.0.0.1:3000/...` passes both rules above): a request whose
//! `Sec-Fetch-Site` is `cross-site`, or whose `Origin` is not the status
//! page's own, is refused (403). Browsers send `Sec-Fetch-Site` on every
//! request, `Origin` on every cross-origin one but no-cors GETs; tools
//! (curl, Prometheus) send neither and pass. Besides, no GET has an
//! effect: what changes something is a POST that carries `admin_token`,
//! or the control socket.

use std::net::IpAddr;

use super::{Access, HttpAnswer, Op, for_path};
use crate::hub::AdminPolicy;

/// Who is calling a path that let them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// A peer that may call every admin path.
    Admin,
    /// Anyone else (public operations only): answered nothing more than
    /// a probe needs.
    Outsider,
}

/// A request [`admit`] let through.
#[derive(Debug, Clone, Copy)]
pub struct Admitted {
    /// Its operation; `None`: an admin path no operation answers (404).
    pub op: Option<&'static Op>,
    pub caller: Caller,
}

/// The answer to a peer outside `admin_allow`.
pub const FORBIDDEN: &str = "forbidden";
/// The answer to a `Host` that is neither an address nor listed.
pub const FOREIGN_HOST: &str =
    "admin paths answer only a Host that is an IP address or a name in [server] admin_hosts";

/// An admin request's head, as [`admit`] reads it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Asking<'a> {
    pub method: &'a str,
    pub path: &'a str,
    /// `Host`, or the absolute URI's authority.
    pub host: Option<&'a str>,
    pub origin: Option<&'a str>,
    /// `Sec-Fetch-Site`.
    pub fetch_site: Option<&'a str>,
}

/// The answer to a request a browser made for another site's page.
pub const CROSS_SITE: &str = "admin paths answer no request made for another site's page";

/// Lets a request for an admin path through, or answers why not: 403
/// outside `admin_allow` or for another site's page, 421 for a foreign
/// `Host`, 405 for another method than the operation's.
pub fn admit(policy: &AdminPolicy, peer: IpAddr, ask: &Asking<'_>) -> Result<Admitted, HttpAnswer> {
    let op = for_path(ask.path);
    let peer = peer.to_canonical();
    let inside = policy.allow.iter().any(|net| net.contains(&peer));
    let named = host_allowed(ask.host, &policy.hosts);
    let access = op.map_or(Access::Admin, |op| op.access);
    if access != Access::Public {
        if !inside {
            return Err(HttpAnswer::Plain(403, FORBIDDEN));
        }
        if !named {
            return Err(HttpAnswer::Plain(421, FOREIGN_HOST));
        }
        if from_another_site(ask) {
            return Err(HttpAnswer::Plain(403, CROSS_SITE));
        }
    }
    if let Some(http) = op.and_then(|op| op.http.as_ref())
        && !http.method.accepts(ask.method)
    {
        return Err(HttpAnswer::Plain(
            405,
            match http.method {
                super::Method::Get => "this admin path answers GET only",
                super::Method::Post => "this admin path answers POST only",
            },
        ));
    }
    let caller = if inside && named {
        Caller::Admin
    } else {
        Caller::Outsider
    };
    Ok(Admitted { op, caller })
}

/// Whether a browser made the request for a page of another site: its
/// `Sec-Fetch-Site` says `cross-site`, or its `Origin` is not the page's
/// own.
fn from_another_site(ask: &Asking<'_>) -> bool {
    let cross = ask
        .fetch_site
        .is_some_and(|s| s.trim().eq_ignore_ascii_case("cross-site"));
    cross || ask.origin.is_some_and(|o| !same_origin(o, ask.host))
}

/// Whether `origin` is the origin of a page served under `host` (`http`
/// or `https`, behind a proxy that ends TLS). A sandboxed page's `null`
/// is no one's.
pub fn same_origin(origin: &str, host: Option<&str>) -> bool {
    let Some(host) = host else {
        return false;
    };
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    rest.is_some_and(|r| r.eq_ignore_ascii_case(host))
}

/// Whether a request's `Host` (or its absolute URI's authority) may reach
/// an admin path: none at all, an IP address (v4, or v6 in brackets; with
/// or without a port), or a name in `names` (lower case; a trailing dot
/// and a port are ignored).
pub fn host_allowed(host: Option<&str>, names: &[String]) -> bool {
    let Some(host) = host else {
        return true;
    };
    let name = match host.strip_prefix('[') {
        // `[v6]` or `[v6]:port`.
        Some(rest) => {
            return rest.split_once(']').is_some_and(|(v6, after)| {
                v6.parse::<std::net::Ipv6Addr>().is_ok() && is_port_suffix(after)
            });
        }
        None => match host.rsplit_once(':') {
            Some((name, port)) if is_port_suffix(&format!(":{port}")) => name,
            Some(_) => return false,
            None => host,
        },
    };
    if name.parse::<std::net::Ipv4Addr>().is_ok() {
        return true;
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    !name.is_empty() && names.iter().any(|n| n.eq_ignore_ascii_case(name))
}

/// Nothing, or `:` and a port number.
fn is_port_suffix(s: &str) -> bool {
    match s.strip_prefix(':') {
        None => s.is_empty(),
        Some(port) => port.parse::<u16>().is_ok(),
    }
}
