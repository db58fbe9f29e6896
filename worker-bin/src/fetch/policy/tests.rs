//! The policy table, range by range. Nothing here connects anywhere.

use super::*;

fn policy(entries: &[&str]) -> Policy {
    Policy::new(&entries.iter().map(|s| s.to_string()).collect::<Vec<_>>())
}

fn url(s: &str) -> Url {
    Url::parse(s).unwrap()
}

fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

fn reason(p: &Policy, u: &str) -> Option<Refusal> {
    p.check_url(&url(u)).err().map(|r| r.reason)
}

#[test]
fn every_internal_range_has_its_class() {
    use Refusal::*;
    let cases = [
        ("0.0.0.0", Unspecified),
        ("0.1.2.3", Unspecified),
        ("127.0.0.1", Loopback),
        ("127.255.255.254", Loopback),
        ("10.0.0.1", Private),
        ("172.16.0.1", Private),
        ("172.31.255.255", Private),
        ("192.168.1.1", Private),
        ("169.254.169.254", Metadata),
        ("169.254.0.1", LinkLocal),
        ("100.64.0.1", Shared),
        ("100.127.255.255", Shared),
        ("224.0.0.1", Multicast),
        ("239.255.255.250", Multicast),
        ("240.0.0.1", Reserved),
        ("255.255.255.255", Reserved),
        ("192.0.0.8", Reserved),
        ("::", Unspecified),
        ("::1", Loopback),
        ("fc00::1", Private),
        ("fd12:3456::1", Private),
        ("fec0::1", Private),
        ("fe80::1", LinkLocal),
        ("fd00:ec2::254", Metadata),
        ("ff02::1", Multicast),
        ("::ffff:127.0.0.1", Loopback),
        ("::ffff:169.254.169.254", Metadata),
        ("::ffff:10.1.2.3", Private),
        ("::127.0.0.1", Loopback),
        ("64:ff9b::a9fe:a9fe", Metadata),
        ("2002:c0a8:0101::1", Private),
    ];
    for (addr, want) in cases {
        assert_eq!(classify(ip(addr)), Some(want), "{addr}");
    }
    for public in [
        "1.1.1.1",
        "8.8.8.8",
        "172.32.0.1",
        "172.15.255.255",
        "100.128.0.1",
        "169.253.0.1",
        "2606:4700::1111",
        "::ffff:8.8.8.8",
        "64:ff9b::808:808",
    ] {
        assert_eq!(classify(ip(public)), None, "{public}");
    }
}

#[test]
fn a_star_reaches_public_hosts_never_internal_ones() {
    let p = policy(&["*"]);
    assert_eq!(reason(&p, "https://example.com/"), None);
    assert_eq!(reason(&p, "http://1.1.1.1/"), None);
    assert_eq!(
        reason(&p, "http://127.0.0.1:8080/"),
        Some(Refusal::Loopback)
    );
    assert_eq!(
        reason(&p, "http://169.254.169.254/latest/meta-data/"),
        Some(Refusal::Metadata)
    );
    assert_eq!(
        reason(&p, "http://[::ffff:127.0.0.1]/"),
        Some(Refusal::Loopback)
    );
    assert_eq!(reason(&p, "http://[::1]/"), Some(Refusal::Loopback));
    assert_eq!(reason(&p, "http://10.0.0.1/"), Some(Refusal::Private));
    // The URL parser's other spellings of 127.0.0.1 are the same address.
    assert_eq!(reason(&p, "http://2130706433/"), Some(Refusal::Loopback));
    assert_eq!(reason(&p, "http://0x7f.1/"), Some(Refusal::Loopback));
    assert_eq!(reason(&p, "http://0.0.0.0/"), Some(Refusal::Unspecified));
    // A name passes the URL check; its addresses are judged when resolved.
    assert_eq!(reason(&p, "http://localhost:8080/"), None);
    let e = p.resolved("localhost", &[ip("127.0.0.1")]).unwrap_err();
    assert_eq!(e.reason, Refusal::Loopback);
    assert!(
        e.message
            .contains("localhost resolves to 127.0.0.1, a loopback address"),
        "{}",
        e.message
    );
    assert!(e.message.contains("127.0.0.1/32"), "{}", e.message);
    assert!(p.resolved("example.com", &[ip("93.184.215.14")]).is_ok());
}

#[test]
fn an_address_entry_reaches_its_addresses_through_any_name() {
    let p = policy(&["localhost", "127.0.0.1/32"]);
    assert!(p.check_url(&url("http://localhost:1234/")).is_ok());
    assert!(p.resolved("localhost", &[ip("127.0.0.1")]).is_ok());
    // Any refused address refuses the name.
    let e = p
        .resolved("localhost", &[ip("127.0.0.1"), ip("::1")])
        .unwrap_err();
    assert_eq!(e.reason, Refusal::Loopback);
    assert!(p.check_url(&url("http://127.0.0.1:9/")).is_ok());
    assert_eq!(reason(&p, "http://127.0.0.2/"), Some(Refusal::Loopback));
    // Address entries alone: a name is checked by its addresses.
    let p = policy(&["10.0.0.0/8"]);
    assert!(p.check_url(&url("http://db.internal/")).is_ok());
    assert!(p.resolved("db.internal", &[ip("10.1.2.3")]).is_ok());
    let e = p
        .resolved("evil.example", &[ip("93.184.215.14")])
        .unwrap_err();
    assert_eq!(e.reason, Refusal::NotListed);
}

#[test]
fn a_ported_address_entry_reaches_only_that_address_and_port() {
    let p = policy(&["*", "127.0.0.1:8080", "[::1]:9000"]);
    assert_eq!(reason(&p, "http://127.0.0.1:8080/"), None);
    assert_eq!(
        reason(&p, "http://127.0.0.1:8081/"),
        Some(Refusal::Loopback)
    );
    assert_eq!(reason(&p, "http://[::1]:9000/"), None);
    // Through a name the port is not known when it resolves: not covered.
    assert!(p.resolved("localhost", &[ip("127.0.0.1")]).is_err());
    // Nor does a ported entry let unlisted names through to be resolved.
    let p = policy(&["127.0.0.1:8080"]);
    assert_eq!(
        reason(&p, "http://denied.invalid/"),
        Some(Refusal::NotListed)
    );
}

#[test]
fn an_empty_list_allows_nothing_and_says_so() {
    let p = policy(&[]);
    let e = p.check_url(&url("http://127.0.0.1:8080/")).unwrap_err();
    assert_eq!(e.reason, Refusal::NotListed);
    assert!(
        e.message.contains("not in this pool's fetch_allow"),
        "{}",
        e.message
    );
}

#[test]
fn names_are_matched_as_before() {
    let p = policy(&["api.example.com", "*.cdn.example", "other.example:8443"]);
    assert_eq!(reason(&p, "https://API.example.com/x"), None);
    assert_eq!(
        reason(&p, "https://evil.com/?api.example.com"),
        Some(Refusal::NotListed)
    );
    assert_eq!(
        reason(&p, "https://api.example.com.evil.com/"),
        Some(Refusal::NotListed)
    );
    assert_eq!(reason(&p, "https://img.cdn.example/a.png"), None);
    assert_eq!(reason(&p, "https://cdn.example/"), Some(Refusal::NotListed));
    assert_eq!(reason(&p, "https://other.example:8443/"), None);
    assert_eq!(
        reason(&p, "https://other.example/"),
        Some(Refusal::NotListed)
    );
    assert_eq!(
        reason(&policy(&[]), "http://example.com/"),
        Some(Refusal::NotListed)
    );
    // A public address needs `*` or an entry of its own.
    assert_eq!(reason(&p, "http://1.1.1.1/"), Some(Refusal::NotListed));
    assert_eq!(reason(&policy(&["1.1.1.1"]), "http://1.1.1.1/"), None);
}

#[test]
fn a_ported_name_reaches_that_host_on_that_port_only() {
    let p = policy(&["api.example.com:8443", "10.0.0.0/8"]);
    assert_eq!(reason(&p, "https://api.example.com:8443/x"), None);
    let e = p.check_url(&url("https://api.example.com/x")).unwrap_err();
    assert_eq!(e.reason, Refusal::NotListed, "443: not listed");
    assert!(e.message.contains("on other ports"), "{}", e.message);
    assert_eq!(
        reason(&p, "https://api.example.com:9443/x"),
        Some(Refusal::NotListed),
        "an address entry does not open another port of a listed name"
    );
    // Resolved for the listed port, its public addresses are reached.
    assert!(
        p.resolved("api.example.com", &[ip("93.184.216.34")])
            .is_ok()
    );
    assert!(
        p.resolved("API.example.com", &[ip("93.184.216.34")])
            .is_ok()
    );
    // Another name through the address entry: its covered addresses only.
    assert_eq!(reason(&p, "https://other.example/"), None);
    assert!(p.resolved("other.example", &[ip("10.1.2.3")]).is_ok());
    assert!(p.resolved("other.example", &[ip("93.184.216.34")]).is_err());
    // A name listed on a port still never reaches an internal address.
    assert!(p.resolved("api.example.com", &[ip("127.0.0.1")]).is_err());
}

#[test]
fn cluster_names_need_a_name_of_their_own() {
    let p = policy(&["*"]);
    for host in [
        "kubernetes",
        "kubernetes.default",
        "kubernetes.default.svc",
        "api.ns.svc.cluster.local",
        "redis.ns.svc",
    ] {
        assert_eq!(
            reason(&p, &format!("http://{host}/")),
            Some(Refusal::ClusterName),
            "{host}"
        );
    }
    let p = policy(&["*.svc.cluster.local", "10.96.0.0/12"]);
    assert_eq!(reason(&p, "http://api.ns.svc.cluster.local/"), None);
    assert!(
        p.resolved("api.ns.svc.cluster.local", &[ip("10.96.0.10")])
            .is_ok()
    );
    // Named, but its address is still checked.
    assert!(
        policy(&["*.svc.cluster.local"])
            .resolved("api.ns.svc.cluster.local", &[ip("10.96.0.10")])
            .is_err()
    );
}
