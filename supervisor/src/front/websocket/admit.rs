//! Who may open a WebSocket: the Origin check (cross-site WebSocket
//! hijacking: a page elsewhere opening a socket with the user's cookies)
//! and the sockets one client address holds.
//!
//! The Origin check is on by default, as Phoenix's `check_origin` is: a
//! browser's upgrade must come from a page of the same host as the request
//! (`Origin`'s host against `Host`'s, ports and schemes aside), unless
//! `ws_allowed_origins` lists the origins allowed (`"*"`: any). A request
//! without `Origin` is no browser's and passes.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// Whether an upgrade with `origin` to `host` may go on under `allowed`
/// (`ws_allowed_origins`; empty: the request's own host only).
pub(super) fn origin_allowed(origin: Option<&str>, host: Option<&str>, allowed: &[String]) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    let origin = origin.trim().trim_end_matches('/');
    if !allowed.is_empty() {
        return allowed
            .iter()
            .any(|a| a == "*" || a.trim_end_matches('/').eq_ignore_ascii_case(origin));
    }
    let Some((_, rest)) = origin.split_once("://") else {
        // "null" (a sandboxed page, a file), or no origin at all.
        return false;
    };
    match host {
        Some(host) => without_port(rest).eq_ignore_ascii_case(without_port(host.trim())),
        None => false,
    }
}

/// `host[:port]` without its port (`[v6]:port` too).
fn without_port(authority: &str) -> &str {
    if let Some(end) = authority.strip_prefix('[').and_then(|r| r.find(']')) {
        return &authority[..end + 2];
    }
    authority.split(':').next().unwrap_or(authority)
}

/// Open sockets by client address, for `ws_max_client_sockets`.
static BY_CLIENT: LazyLock<Mutex<HashMap<String, u32>>> = LazyLock::new(Default::default);

/// A client address's place among its open sockets, given back on drop.
#[derive(Debug)]
pub(super) struct ClientSlot {
    ip: String,
}

impl ClientSlot {
    /// A place for one more socket of `ip`, if it holds fewer than `cap`
    /// (0: no limit).
    pub(super) fn take(ip: &str, cap: u32) -> Option<ClientSlot> {
        let mut map = BY_CLIENT.lock().unwrap();
        let n = map.entry(ip.to_owned()).or_default();
        if cap != 0 && *n >= cap {
            return None;
        }
        *n += 1;
        Some(ClientSlot { ip: ip.to_owned() })
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut map = BY_CLIENT.lock().unwrap();
        if let Some(n) = map.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_host_passes_by_default_and_others_do_not() {
        let same = |o, h| origin_allowed(Some(o), Some(h), &[]);
        assert!(same("https://app.example.com", "app.example.com"));
        assert!(same("http://App.Example.com:8080/", "app.example.com:443"));
        assert!(same("http://[::1]:3000", "[::1]:8080"));
        assert!(!same("https://evil.example", "app.example.com"));
        assert!(!same("https://app.example.com.evil", "app.example.com"));
        assert!(!same("null", "app.example.com"));
        assert!(!origin_allowed(Some("https://a.b"), None, &[]));
        // No Origin: not a browser.
        assert!(origin_allowed(None, Some("app.example.com"), &[]));
    }

    #[test]
    fn a_configured_list_replaces_the_same_host_rule() {
        let list = vec![
            "https://app.example.com".to_owned(),
            "http://localhost:3000/".to_owned(),
        ];
        let ok = |o| origin_allowed(Some(o), Some("api.example.com"), &list);
        assert!(ok("https://app.example.com"));
        assert!(ok("http://localhost:3000"));
        assert!(!ok("http://app.example.com"));
        assert!(!ok("https://api.example.com"));
        assert!(origin_allowed(Some("null"), Some("x"), &["*".to_owned()]));
    }

    #[test]
    fn client_slots_are_capped_and_given_back() {
        let ip = "192.0.2.77";
        let a = ClientSlot::take(ip, 2).unwrap();
        let b = ClientSlot::take(ip, 2).unwrap();
        assert!(ClientSlot::take(ip, 2).is_none());
        assert!(ClientSlot::take("192.0.2.78", 2).is_some());
        drop(a);
        let c = ClientSlot::take(ip, 2);
        assert!(c.is_some());
        drop((b, c));
        assert!(!BY_CLIENT.lock().unwrap().contains_key(ip));
        assert!(ClientSlot::take(ip, 0).is_some());
    }
}
