//! Outbound `fetch()` from workers with real processes: a local upstream
//! over HTTP and TLS, the pool's `fetch_allow`, its time and size limits.

use std::io::{Read, Write};
use std::time::Duration;

use bext_e2e::{Daemon, Setup};

/// A local HTTP/1.1 server for the workers' `fetch()`: one thread per
/// connection, `Connection: close`. `/slow` and the end of `/stream` wait
/// until the server is dropped (or 20 s).
struct Upstream {
    addr: std::net::SocketAddr,
    release: std::sync::Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>,
}

impl Upstream {
    fn start() -> Upstream {
        Upstream::serve(None)
    }

    /// The same server over TLS, with a certificate for `localhost` only,
    /// issued by a CA of its own; returns the CA's PEM too.
    fn start_tls() -> (Upstream, String) {
        use rcgen::{BasicConstraints, CertificateParams, IsCa, Issuer, KeyPair};
        let ca_key = KeyPair::generate().unwrap();
        let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        let ca = ca_params.self_signed(&ca_key).unwrap();
        let issuer = Issuer::new(ca_params, ca_key);
        let key = KeyPair::generate().unwrap();
        let cert = CertificateParams::new(vec!["localhost".to_string()])
            .unwrap()
            .signed_by(&key, &issuer)
            .unwrap();
        let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(
                vec![cert.der().clone()],
                rustls::pki_types::PrivatePkcs8KeyDer::from(key.serialize_der()).into(),
            )
            .unwrap();
        (Upstream::serve(Some(std::sync::Arc::new(config))), ca.pem())
    }

    fn serve(tls: Option<std::sync::Arc<rustls::ServerConfig>>) -> Upstream {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let release =
            std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
        let r = release.clone();
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(conn) = conn else { return };
                let r = r.clone();
                let tls = tls.clone();
                std::thread::spawn(move || match tls {
                    None => serve_upstream(conn, &r),
                    Some(config) => {
                        let session = rustls::ServerConnection::new(config).unwrap();
                        let mut stream = rustls::StreamOwned::new(session, conn);
                        serve_upstream(&mut stream, &r);
                        stream.conn.send_close_notify();
                        let _ = stream.flush();
                    }
                });
            }
        });
        Upstream { addr, release }
    }
}

impl Drop for Upstream {
    fn drop(&mut self) {
        let (m, cv) = &*self.release;
        *m.lock().unwrap() = true;
        cv.notify_all();
    }
}

fn wait_release(r: &(std::sync::Mutex<bool>, std::sync::Condvar)) {
    let (m, cv) = r;
    let guard = m.lock().unwrap();
    let _ = cv
        .wait_timeout_while(guard, Duration::from_secs(20), |done| !*done)
        .unwrap();
}

fn serve_upstream(
    mut conn: impl Read + Write,
    release: &(std::sync::Mutex<bool>, std::sync::Condvar),
) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        match conn.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    let len: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|v| v.trim().parse().unwrap_or(0))
        })
        .unwrap_or(0);
    while buf.len() < head_end + len {
        match conn.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    let body = buf[head_end..head_end + len].to_vec();
    let path = head.split_whitespace().nth(1).unwrap_or("/").to_string();
    let reply = |conn: &mut dyn Write, status: &str, extra: &str, body: &[u8]| {
        let _ = write!(
            conn,
            "HTTP/1.1 {status}\r\ncontent-length: {}\r\nconnection: close\r\n{extra}\r\n",
            body.len()
        );
        let _ = conn.write_all(body);
    };
    match path.as_str() {
        "/json" => reply(
            &mut conn,
            "200 OK",
            "content-type: application/json\r\n",
            br#"{"hello":"from upstream"}"#,
        ),
        "/echo" => {
            let h = head
                .lines()
                .find_map(|l| l.strip_prefix("x-h: "))
                .unwrap_or("")
                .to_string();
            let mut out = format!("{h}:").into_bytes();
            out.extend_from_slice(&body);
            reply(&mut conn, "200 OK", "", &out);
        }
        "/redirect" => reply(&mut conn, "302 Found", "location: /json\r\n", b""),
        "/redirect-away" => reply(
            &mut conn,
            "302 Found",
            "location: http://denied.invalid/\r\n",
            b"",
        ),
        "/big" => {
            let _ = write!(
                conn,
                "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                2 << 20
            );
            let block = vec![b'z'; 1 << 20];
            for _ in 0..2 {
                if conn.write_all(&block).is_err() {
                    return;
                }
            }
        }
        "/stream" => {
            let _ = conn.write_all(b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n5\r\npart1\r\n");
            let _ = conn.flush();
            wait_release(release);
            let _ = conn.write_all(b"5\r\npart2\r\n0\r\n\r\n");
        }
        "/slow" => wait_release(release),
        _ => reply(&mut conn, "404 Not Found", "", b"no"),
    }
}

const FETCHER: &str = r#"
export default {
    async fetch(request, env) {
        const up = env.UPSTREAM;
        const path = new URL(request.url).pathname;
        try {
            if (path === "/json") {
                const r = await fetch(`${up}/json`);
                return Response.json({ status: r.status, ok: r.ok, type: r.headers.get("content-type"), data: await r.json() });
            }
            if (path === "/post") {
                const r = await fetch(new Request(`${up}/echo`, { method: "POST", body: "ping", headers: { "x-h": "hi" } }));
                return new Response(await r.text());
            }
            if (path === "/stream") {
                // Answers with the first chunk while the rest is still held:
                // only a streamed body gets here.
                const r = await fetch(`${up}/stream`);
                const reader = r.body.getReader();
                const first = await reader.read();
                reader.cancel();
                return new Response(new TextDecoder().decode(first.value));
            }
            if (path === "/timeout") {
                await fetch(`${up}/slow`, { signal: AbortSignal.timeout(300) });
                return new Response("not reached");
            }
            if (path === "/deadline") {
                await fetch(`${up}/slow`);
                return new Response("not reached");
            }
            if (path === "/abort") {
                const c = new AbortController();
                const p = fetch(`${up}/slow`, { signal: c.signal });
                setTimeout(() => c.abort(), 50);
                await p;
                return new Response("not reached");
            }
            if (path === "/big") {
                const r = await fetch(`${up}/big`);
                await r.arrayBuffer();
                return new Response("not reached");
            }
            if (path === "/redirect") {
                const r = await fetch(`${up}/redirect`);
                return Response.json({ redirected: r.redirected, path: new URL(r.url).pathname, data: await r.json() });
            }
            if (path === "/redirect-away") {
                await fetch(`${up}/redirect-away`);
                return new Response("not reached");
            }
            if (path === "/manual") {
                const r = await fetch(`${up}/redirect`, { redirect: "manual" });
                return new Response(`${r.status} ${r.headers.get("location")}`);
            }
            if (path === "/any") {
                const r = await fetch(new URL(request.url).searchParams.get("u"));
                return new Response(await r.text());
            }
            if (path === "/denied") {
                await fetch("http://denied.invalid/");
                return new Response("not reached");
            }
        } catch (e) {
            return new Response(`${e.name}: ${e.message}`, { status: 502 });
        }
        return new Response("no route", { status: 404 });
    },
};
"#;

#[test]
fn fetch_from_a_worker_reaches_allowed_hosts_only_within_its_limits() {
    let up = Upstream::start();
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nenv = {{ UPSTREAM = \"http://{0}\" }}\nfetch_allow = [\"{0}\"]\nfetch_timeout_ms = 1500\nfetch_max_response_bytes = 1048576\n",
        up.addr
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", FETCHER)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let r = d.get("/json");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        serde_json::json!({"status": 200, "ok": true, "type": "application/json", "data": {"hello": "from upstream"}})
    );
    assert_eq!(d.get("/post").body, "hi:ping");
    assert_eq!(d.get("/stream").body, "part1");
    let r = d.get("/redirect");
    assert_eq!(
        r.json(),
        serde_json::json!({"redirected": true, "path": "/json", "data": {"hello": "from upstream"}})
    );
    assert_eq!(d.get("/manual").body, "302 /json");

    let r = d.get("/timeout");
    assert_eq!(r.status, 502);
    assert!(r.body.starts_with("TimeoutError"), "{}", r.body);
    let r = d.get("/abort");
    assert!(r.body.starts_with("AbortError"), "{}", r.body);
    // Past the pool's limits, without any signal of the script's own.
    let r = d.get("/deadline");
    assert_eq!(r.status, 502);
    assert!(
        r.body
            .contains("timed out after 1500 ms (fetch_timeout_ms)"),
        "{}",
        r.body
    );
    let r = d.get("/big");
    assert!(
        r.body
            .contains("larger than 1048576 bytes (fetch_max_response_bytes)"),
        "{}",
        r.body
    );
    let r = d.get("/denied");
    assert!(
        r.body
            .contains("denied.invalid is not in this pool's fetch_allow"),
        "{}",
        r.body
    );
    let r = d.get("/redirect-away");
    assert!(
        r.body.contains("not in this pool's fetch_allow"),
        "{}",
        r.body
    );
}

/// `fetch()` over TLS: the worker trusts the roots the system names
/// (`SSL_CERT_FILE` here) and only those, and checks the name the
/// certificate is for.
#[test]
fn fetch_speaks_tls_and_checks_the_certificate() {
    let (up, ca_pem) = Upstream::start_tls();
    let roots = tempfile::tempdir().unwrap();
    let ca = roots.path().join("ca.pem");
    std::fs::write(&ca, ca_pem).unwrap();
    let port = up.addr.port();
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nenv = {{ UPSTREAM = \"https://localhost:{port}\" }}\nfetch_allow = [\"localhost\", \"127.0.0.1\"]\n"
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", FETCHER)],
        env: &[
            ("SSL_CERT_FILE", ca.to_str().unwrap()),
            ("SSL_CERT_DIR", ""),
        ],
        ..Setup::default()
    });
    d.wait_workers(1);
    let r = d.get("/json");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        serde_json::json!({"status": 200, "ok": true, "type": "application/json", "data": {"hello": "from upstream"}})
    );
    assert_eq!(d.get("/post").body, "hi:ping");
    // The same server by its address: the certificate is not for that name.
    let r = d.get(&format!("/any?u=https://127.0.0.1:{port}/json"));
    assert_eq!(r.status, 502, "{}", r.body);
    assert!(r.body.to_lowercase().contains("certificate"), "{}", r.body);
    // Without the CA among its roots, a worker trusts nothing the server says.
    let plain = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", FETCHER)],
        ..Setup::default()
    });
    plain.wait_workers(1);
    let r = plain.get("/json");
    assert_eq!(r.status, 502, "{}", r.body);
    assert!(r.body.contains("UnknownIssuer"), "{}", r.body);
}

#[test]
fn fetch_is_refused_when_the_pool_allows_no_host() {
    let up = Upstream::start();
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nenv = {{ UPSTREAM = \"http://{}\" }}\n",
        up.addr
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", FETCHER)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let r = d.get("/json");
    assert_eq!(r.status, 502);
    assert!(
        r.body.contains("is not in this pool's fetch_allow"),
        "{}",
        r.body
    );
}
