//! The limits of the front and of fetch(): defaults, bounds, rules.

use super::*;

#[test]
fn connection_limits_have_defaults_and_bounds() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert_eq!(
        (
            c.server.limits.header_read_timeout_ms,
            c.server.limits.idle_timeout_ms,
            c.server.limits.max_connections
        ),
        (10_000, 60_000, 4096)
    );
    let p = problems(
        "[server]\nheader_read_timeout_ms = 0\nidle_timeout_ms = 86400001\nmax_connections = 0\n[render]\nscript = \"w.js\"\n",
    );
    let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        keys,
        vec![
            ("server.header_read_timeout_ms", Some(2)),
            ("server.idle_timeout_ms", Some(3)),
            ("server.max_connections", Some(4)),
        ]
    );
    assert_eq!(
        p[1].message,
        "must be a whole number of milliseconds from 1 to 86400000"
    );
}

#[test]
fn body_and_write_limits_have_defaults_bounds_and_fit_max_body_bytes() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    let s = &c.server;
    assert_eq!(
        (
            s.limits.body_timeout_ms,
            s.limits.write_timeout_ms,
            s.limits.max_buffered_body_bytes
        ),
        (10_000, 30_000, 256 << 20)
    );
    let p = problems(
        "[server]\nbody_timeout_ms = 0\nwrite_timeout_ms = 3600001\nmax_body_bytes = 4194304\nmax_buffered_body_bytes = 2097152\n[render]\nscript = \"w.js\"\n",
    );
    let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        keys,
        vec![
            ("server.body_timeout_ms", Some(2)),
            ("server.write_timeout_ms", Some(3)),
            ("server.max_buffered_body_bytes", Some(5)),
        ]
    );
    assert!(
        p[2].message.contains("at least max_body_bytes (4194304)"),
        "{}",
        p[2].message
    );
}

#[test]
fn fetch_allow_takes_hosts_ports_wildcards_networks_and_refuses_the_rest() {
    let d = dir_with_script();
    let c = parse_in(
        d.path(),
        "[render]\nscript = \"w.js\"\nfetch_allow = [\"API.example.com\", \"127.0.0.1:8080\", \"*.cdn.example\", \"[::1]:9000\", \"*\", \"10.0.0.0/8\", \"fd00::/8\", \"127.0.0.1/32\"]\n",
    )
    .unwrap();
    assert_eq!(
        c.pools[0].settings.fetch.allow,
        [
            "api.example.com",
            "127.0.0.1:8080",
            "*.cdn.example",
            "[::1]:9000",
            "*",
            "10.0.0.0/8",
            "fd00::/8",
            "127.0.0.1/32"
        ]
    );
    let p = problems(
        "[render]\nscript = \"w.js\"\nfetch_allow = [\"http://x.com\", \"a.com:0\", \"a..b\", \"\", \"10.0.0.1/8\", \"10.0.0.0/8:80\"]\n",
    );
    assert_eq!(p.len(), 6, "{p:?}");
    assert!(p[4].message.contains("10.0.0.0/8"), "{p:?}");
    assert!(p.iter().all(|p| p.key == "render.fetch_allow"), "{p:?}");
}

#[test]
fn fetch_limits_have_defaults_and_bounds() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    let f = &c.pools[0].settings.fetch;
    assert_eq!((f.timeout_ms, f.max_response_bytes), (30_000, 16 << 20));
    let c = parse_in(
        d.path(),
        "[render]\nscript = \"w.js\"\nfetch_timeout_ms = 2500\nfetch_max_response_bytes = 1048576\n",
    )
    .unwrap();
    let f = &c.pools[0].settings.fetch;
    assert_eq!((f.timeout_ms, f.max_response_bytes), (2500, 1 << 20));
    let p = problems(
        "[render]\nscript = \"w.js\"\nfetch_timeout_ms = 0\nfetch_max_response_bytes = 0\n",
    );
    let keys: Vec<&str> = p.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(
        keys,
        ["render.fetch_timeout_ms", "render.fetch_max_response_bytes"],
        "{p:?}"
    );
}
