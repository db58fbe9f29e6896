//! End-to-end: a worker's `fetch()` is checked on the address it connects
//! to. `*` and host names never reach loopback (or any internal) address;
//! an address entry does, by literal or through a name; redirects are
//! checked the same way. Every server here listens on 127.0.0.1, and every
//! refused fetch is refused before it connects (the servers count what
//! reaches them).

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bext_e2e::{Daemon, Setup};

/// `/f?u=URL` fetches URL and answers what came back, or the error.
const FETCHER: &str = r#"
export default {
    async fetch(request) {
        const q = new URL(request.url).searchParams;
        try {
            let r, text;
            for (let i = 0; i < Number(q.get("n") ?? 1); i++) {
                r = await fetch(q.get("u"));
                text = await r.text();
            }
            return new Response(`${r.status} ${text}`);
        } catch (e) {
            return new Response(`${e.name}: ${e.message}`, { status: 502 });
        }
    },
};
"#;

/// A local server: `/hello` answers, `/to?u=URL` redirects there. Counts
/// the connections it accepted.
struct Server {
    port: u16,
    connections: Arc<AtomicUsize>,
}

impl Server {
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(AtomicUsize::new(0));
        let count = connections.clone();
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(mut conn) = conn else { return };
                count.fetch_add(1, Ordering::SeqCst);
                std::thread::spawn(move || {
                    let mut line = String::new();
                    let mut reader = BufReader::new(conn.try_clone().unwrap());
                    let _ = reader.read_line(&mut line);
                    let target = line.split(' ').nth(1).unwrap_or("/").to_owned();
                    loop {
                        let mut h = String::new();
                        if reader.read_line(&mut h).unwrap_or(0) <= 2 {
                            break;
                        }
                    }
                    let answer = match target.strip_prefix("/to?u=") {
                        Some(to) => format!(
                            "HTTP/1.1 302 Found\r\nlocation: {to}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                        ),
                        None => {
                            "HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nhi"
                                .to_owned()
                        }
                    };
                    let _ = conn.write_all(answer.as_bytes());
                });
            }
        });
        Server { port, connections }
    }

    fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }
}

fn start(fetch_allow: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nrequest_timeout_ms = 10000\nfetch_allow = {fetch_allow}\n"
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", FETCHER)],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

fn fetch(d: &Daemon, url: &str) -> (u16, String) {
    let r = d.get(&format!("/f?u={url}"));
    (r.status, r.body)
}

fn refused(d: &Daemon, url: &str, why: &str) {
    let (status, body) = fetch(d, url);
    assert_eq!(status, 502, "{url}: {body}");
    assert!(body.starts_with("TypeError: "), "{url}: {body}");
    assert!(body.contains(why), "{url}: {body}");
}

#[test]
fn a_star_reaches_no_loopback_address_by_any_spelling() {
    let s = Server::start();
    let d = start(r#"["*"]"#);
    let p = s.port;
    refused(
        &d,
        &format!("http://127.0.0.1:{p}/hello"),
        "127.0.0.1 is a loopback address",
    );
    refused(
        &d,
        &format!("http://localhost:{p}/hello"),
        "localhost resolves to 127.0.0.1, a loopback address",
    );
    refused(
        &d,
        &format!("http://[::ffff:127.0.0.1]:{p}/hello"),
        "a loopback address",
    );
    refused(
        &d,
        &format!("http://2130706433:{p}/hello"),
        "127.0.0.1 is a loopback address",
    );
    refused(
        &d,
        &format!("http://0.0.0.0:{p}/hello"),
        "an unspecified address",
    );
    refused(
        &d,
        "http://kubernetes.default.svc/",
        "a cluster-internal name",
    );
    // The error says how to allow it.
    refused(
        &d,
        &format!("http://127.0.0.1:{p}/hello"),
        "\"127.0.0.1/32\"",
    );
    assert_eq!(s.connections(), 0, "a refused fetch connected");
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains(r#"bext_fetch_refused_total{pool="render",reason="loopback"} 5"#),
        "{metrics}"
    );
    assert!(
        metrics.contains(r#"bext_fetch_refused_total{pool="render",reason="cluster_name"} 1"#),
        "{metrics}"
    );
}

#[test]
fn an_address_entry_reaches_loopback_by_literal_and_through_a_name() {
    let s = Server::start();
    let d = start(r#"["localhost", "127.0.0.1/32"]"#);
    let p = s.port;
    assert_eq!(
        fetch(&d, &format!("http://localhost:{p}/hello")),
        (200, "200 hi".into())
    );
    assert_eq!(
        fetch(&d, &format!("http://127.0.0.1:{p}/hello")),
        (200, "200 hi".into())
    );
    // Only what the entry covers.
    refused(
        &d,
        &format!("http://127.0.0.2:{p}/hello"),
        "127.0.0.2 is a loopback address",
    );
    assert_eq!(s.connections(), 2);
}

#[test]
fn a_name_with_a_port_reaches_that_host_and_port_only() {
    let listed = Server::start();
    let other = Server::start();
    let (p, q) = (listed.port, other.port);
    // The address entry lets localhost's address be connected to; the
    // name's entry says on which port.
    let d = start(&format!(r#"["localhost:{p}", "127.0.0.1/32"]"#));
    assert_eq!(
        fetch(&d, &format!("http://localhost:{p}/hello")),
        (200, "200 hi".into())
    );
    // The same name on another port: refused, even though the address
    // entry (no port) lets unlisted names through to its addresses.
    refused(
        &d,
        &format!("http://localhost:{q}/hello"),
        &format!("localhost is in this pool's fetch_allow on other ports, not on port {q}"),
    );
    assert_eq!(listed.connections(), 1);
    assert_eq!(other.connections(), 0);
}

#[test]
fn a_redirect_to_an_internal_address_is_refused() {
    let allowed = Server::start();
    let inner = Server::start();
    let d = start(&format!(r#"["127.0.0.1:{}"]"#, allowed.port));
    let a = allowed.port;
    assert_eq!(
        fetch(&d, &format!("http://127.0.0.1:{a}/hello")),
        (200, "200 hi".into())
    );
    let to = format!("http://127.0.0.1:{}/hello", inner.port);
    refused(
        &d,
        &format!("http://127.0.0.1:{a}/to?u={to}"),
        &format!("redirected to {to}: 127.0.0.1 is a loopback address"),
    );
    // Through a name, the same address is refused too: a ported entry
    // covers only URLs that name the address itself.
    refused(
        &d,
        &format!("http://127.0.0.1:{a}/to?u=http://localhost:{a}/hello"),
        "localhost is not in this pool's fetch_allow",
    );
    refused(
        &d,
        &format!(
            "http://127.0.0.1:{a}/to?u=http://[::ffff:127.0.0.1]:{}/hello",
            inner.port
        ),
        "a loopback address",
    );
    assert_eq!(inner.connections(), 0);
    let metrics = d.get("/metrics").body;
    for (reason, n) in [("loopback", 2), ("not_listed", 1)] {
        let line = format!(r#"bext_fetch_refused_total{{pool="render",reason="{reason}"}} {n}"#);
        assert!(metrics.contains(&line), "{line} in {metrics}");
    }
}

/// A body that is already in must reach JS at once: twenty fetches one
/// after another fit in the request timeout with room to spare, where a
/// worker that read each body only at its loop's next wake-up (about a
/// second here) answered 504.
#[test]
fn fetched_bodies_reach_js_without_waiting_for_the_next_wake_up() {
    let s = Server::start();
    let d = start(r#"["127.0.0.1/32"]"#);
    let r = d.get(&format!("/f?n=20&u=http://127.0.0.1:{}/hello", s.port));
    assert_eq!((r.status, r.body.as_str()), (200, "200 hi"));
    assert_eq!(s.connections(), 20);
}
