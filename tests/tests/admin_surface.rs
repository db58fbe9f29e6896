//! End-to-end: who may call the admin paths. Health and readiness answer
//! any peer (the kubelet probes from the node's address) and tell an
//! outsider nothing more than a probe needs; every other admin path
//! answers only peers in `admin_allow` (403) whose `Host` is an IP address
//! or a name in `admin_hosts` (421), which a DNS-rebinding page cannot
//! forge.
//!
//! Requests go out raw, from 127.0.0.1, with exactly the `Host` the test
//! names; an outsider is a daemon whose `admin_allow` holds only another
//! loopback address (127.0.0.2).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use bext_e2e::Daemon;

const WORKER: &str = "export function handler(req) { return 'app'; }\n";

/// An answer: status and body.
#[derive(Debug)]
struct Answer {
    status: u16,
    body: String,
}

/// `GET path` to bextd with `Host: host` (none if `None`).
fn get(to: SocketAddr, path: &str, host: Option<&str>) -> Answer {
    let mut s = TcpStream::connect(to).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let host = host.map_or(String::new(), |h| format!("Host: {h}\r\n"));
    // HTTP/1.0 may leave Host out; 1.1 must carry one.
    let version = if host.is_empty() { "1.0" } else { "1.1" };
    write!(
        s,
        "GET {path} HTTP/{version}\r\n{host}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").expect("a response head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Answer {
        status,
        body: body.to_string(),
    }
}

/// bextd with `[server]` keys `server`, once its worker is ACTIVE.
fn start(server: &str) -> Daemon {
    let config = format!("[server]\n{server}\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n");
    let d = Daemon::start(&config, WORKER);
    d.wait_until(Duration::from_secs(20), "an ACTIVE worker", || {
        (d.get("/__bext/ready").status == 200).then_some(())
    });
    d
}

#[test]
fn health_and_ready_answer_any_peer_and_the_other_admin_paths_refuse_outsiders() {
    let d = start("admin_allow = [\"127.0.0.2/32\"]");
    let own = d.addr.to_string();
    let outsider = |path: &str| get(d.addr, path, Some(&own));

    let health = outsider("/__bext/health");
    assert_eq!(health.status, 200, "{}", health.body);
    let value: serde_json::Value = serde_json::from_str(&health.body).unwrap();
    assert_eq!(
        value,
        serde_json::json!({ "status": "ok" }),
        "no jobs, no limits"
    );
    let ready = outsider("/__bext/ready");
    assert_eq!(ready.status, 200, "{}", ready.body);
    let value: serde_json::Value = serde_json::from_str(&ready.body).unwrap();
    assert_eq!(
        value,
        serde_json::json!({ "ready": true, "shutting_down": false }),
        "no pool names"
    );

    for path in [
        "/__bext/workers",
        "/metrics",
        "/__bext/jobs",
        "/__bext/jobs/x",
        "/__bext/quarantine",
        "/__bext/history",
        "/__bext/events",
        "/__bext/",
        "/__bext/nothing",
    ] {
        let a = outsider(path);
        assert_eq!(a.status, 403, "{path}: {}", a.body);
    }
    // An application path answers everyone, as before.
    assert_eq!(outsider("/").body, "app");
    drop(d);

    // An admin peer gets health's details and the pools, and the rest.
    let d = start("admin_allow = [\"127.0.0.1/32\"]");
    let own = d.addr.to_string();
    let health = get(d.addr, "/__bext/health", Some(&own));
    assert!(health.body.contains("\"jobs\""), "{}", health.body);
    let ready = get(d.addr, "/__bext/ready", Some(&own));
    assert!(
        ready.body.contains("pools_without_active_workers"),
        "{}",
        ready.body
    );
    assert_eq!(get(d.addr, "/__bext/workers", Some(&own)).status, 200);
}

#[test]
fn admin_paths_answer_only_an_address_or_a_listed_host() {
    let d = start("");
    let port = d.addr.port();
    let with = |path: &str, host: &str| get(d.addr, path, Some(host));
    for path in ["/__bext/workers", "/metrics"] {
        for host in ["evil.example", &format!("evil.example:{port}"), "bext.test"] {
            let a = with(path, host);
            assert_eq!(a.status, 421, "{path} with Host {host}: {}", a.body);
            assert!(a.body.contains("admin_hosts"), "{}", a.body);
        }
        for host in [
            format!("127.0.0.1:{port}"),
            "127.0.0.1".to_string(),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ] {
            let a = with(path, &host);
            assert_eq!(a.status, 200, "{path} with Host {host}: {}", a.body);
        }
        // HTTP/1.0 without a Host names nothing to rebind.
        assert_eq!(get(d.addr, path, None).status, 200, "{path}");
    }
    // Probes send any Host: health and readiness are exempt, and a foreign
    // Host is told nothing more than an outsider.
    let health = with("/__bext/health", "evil.example");
    assert_eq!(health.status, 200);
    assert!(!health.body.contains("jobs"), "{}", health.body);
    assert_eq!(with("/__bext/ready", "evil.example").status, 200);
    drop(d);

    // A listed name is let in; the default localhost, no longer listed, is not.
    let d = start("admin_hosts = [\"bext.test\"]");
    let port = d.addr.port();
    let with = |host: &str| get(d.addr, "/__bext/workers", Some(host));
    assert_eq!(with(&format!("bext.test:{port}")).status, 200);
    assert_eq!(with("BEXT.test").status, 200);
    assert_eq!(with(&format!("localhost:{port}")).status, 421);
}
