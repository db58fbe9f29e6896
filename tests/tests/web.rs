//! Web-standard handlers with real processes: `export default { fetch }`
//! apps bundled from npm (Hono), exact binary bodies, the `env` table.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Setup};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Bundles the npm test apps (tests/js/build.sh: `npm ci` the first time)
/// and returns the path of `dist/<name>.js`.
fn bundle(name: &str) -> String {
    let out = Command::new("bash")
        .arg(repo_root().join("tests/js/build.sh"))
        .output()
        .expect("run tests/js/build.sh");
    assert!(
        out.status.success(),
        "tests/js/build.sh failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let path = repo_root().join(format!("tests/js/dist/{name}.js"));
    assert!(path.exists(), "{} was not built", path.display());
    path.to_string_lossy().into_owned()
}

/// FNV-1a of some bytes: the uploads are compared by hash.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Binary bytes with every value and the sequences a lossy text decoding
/// or a careless multipart split would break.
fn binary_file(n: usize) -> Vec<u8> {
    let mut v: Vec<u8> = b"GIF89a\x01\x00\x01\x00\x80\xff\x00\r\n--\r\n\r\n\xc3\x28".to_vec();
    let mut x: u32 = 0x1234_5678;
    while v.len() < n {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        v.push((x >> 24) as u8);
    }
    v.truncate(n);
    v
}

fn multipart(boundary: &str, title: &str, file: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n{title}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"pixel.gif\"\r\n\
         Content-Type: image/gif\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    body
}

#[test]
fn a_hono_app_serves_from_its_fetch_export() {
    let script = bundle("hono");
    let config = format!(
        "[render]\nscript = \"{script}\"\njsc_workers = 1\nenv = {{ GREETING = \"hello from env\" }}\n"
    );
    let mut d = Daemon::start(&config, "");
    d.wait_workers(1);

    let home = d.get("/");
    assert_eq!((home.status, home.body.as_str()), (200, "hono home"));
    assert_eq!(home.header("x-middleware"), Some("hono"));

    let user = d.get("/users/42?q=bext");
    assert_eq!(user.status, 200);
    assert_eq!(user.json(), serde_json::json!({"id": "42", "q": "bext"}));
    assert_eq!(user.header("x-middleware"), Some("hono"));

    let echo = d.request(
        "POST",
        "/echo",
        &[("content-type", "application/json")],
        br#"{"a":[1,"two"]}"#,
    );
    assert_eq!(echo.status, 201);
    assert_eq!(echo.json(), serde_json::json!({"echo": {"a": [1, "two"]}}));

    assert_eq!(
        d.get("/env").json(),
        serde_json::json!({"greeting": "hello from env"})
    );
    let missing = d.get("/nope");
    assert_eq!(
        (missing.status, missing.body.as_str()),
        (404, "no such page")
    );

    // A multipart upload: the file's bytes arrive exact.
    let file = binary_file(64 * 1024 + 7);
    let boundary = "----bextTestBoundary7MA4YWxkTrZu0gW";
    let body = multipart(boundary, "a pixel", &file);
    let ct = format!("multipart/form-data; boundary={boundary}");
    let up = d.request("POST", "/upload", &[("content-type", ct.as_str())], &body);
    assert_eq!(up.status, 200, "{}", up.body);
    assert_eq!(up.header("x-file-name"), Some("pixel.gif"));
    assert_eq!(up.header("x-file-type"), Some("image/gif"));
    assert_eq!(up.header("x-title"), Some("a pixel"));
    assert_eq!(up.bytes.len(), file.len());
    assert_eq!(fnv(&up.bytes), fnv(&file));
}

#[test]
fn a_plain_handler_reads_binary_bodies_exact() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[(
            "worker.js",
            r#"export async function handler(req) {
                const bytes = await req.bytes();
                const ab = await req.arrayBuffer();
                if (req.path === "/form") {
                    const form = await new Request("http://x/", { method: "POST", headers: req.headers, body: bytes }).formData();
                    const f = form.get("file");
                    return { status: 200, headers: { "content-type": "application/octet-stream", "x-title": form.get("title") }, body: new Uint8Array(await f.arrayBuffer()) };
                }
                return { status: 200, headers: { "content-type": "application/octet-stream", "x-ab": String(ab.byteLength), "x-text-length": String(new TextEncoder().encode(req.body).length) }, body: bytes };
            }"#,
        )],
        ..Setup::default()
    });
    d.wait_workers(1);
    // The issue's example: a 43-byte GIF arrived as 55 bytes of text.
    let gif = binary_file(43);
    let r = d.request("POST", "/gif", &[("content-type", "image/gif")], &gif);
    assert_eq!(r.status, 200);
    assert_eq!(r.bytes, gif);
    assert_eq!(r.header("x-ab"), Some("43"));
    // `req.body` is still the (lossy) text, as before.
    assert_ne!(r.header("x-text-length"), Some("43"));

    let file = binary_file(200_000);
    let boundary = "xYzZY";
    let body = multipart(boundary, "t", &file);
    let ct = format!("multipart/form-data; boundary={boundary}");
    let r = d.request("POST", "/form", &[("content-type", ct.as_str())], &body);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("x-title"), Some("t"));
    assert_eq!(fnv(&r.bytes), fnv(&file));
}

/// Reads from `s` into `buf` until `done(buf)` holds; panics at the deadline.
fn read_until(s: &mut TcpStream, buf: &mut Vec<u8>, what: &str, done: impl Fn(&[u8]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut chunk = [0u8; 16 * 1024];
    while !done(buf) {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; got:\n{}",
            String::from_utf8_lossy(buf)
        );
        match s.read(&mut chunk) {
            Ok(0) => panic!(
                "connection closed before {what}: {}",
                String::from_utf8_lossy(buf)
            ),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("reading {what}: {e}"),
        }
    }
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

fn open_get(d: &Daemon, path: &str, extra: &str) -> TcpStream {
    let mut s = TcpStream::connect(d.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: test\r\n{extra}\r\n").unwrap();
    s
}

#[test]
fn react_streaming_ssr_reaches_the_client_before_the_page_is_finished() {
    let script = bundle("react");
    let mut d = Daemon::start(
        &format!("[render]\nscript = \"{script}\"\njsc_workers = 1\n"),
        "",
    );
    d.wait_workers(1);
    let mut s = open_get(&d, "/", "");
    let mut got = Vec::new();
    // The page's second part waits on a promise only GET /release
    // resolves: a buffered answer would never show the first part here.
    read_until(&mut s, &mut got, "the first chunk", |b| {
        contains(b, "<h1>first chunk</h1>")
    });
    let head = String::from_utf8_lossy(&got).to_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("transfer-encoding: chunked"), "{head}");
    assert!(!contains(&got, "released content"));
    let r = d.get("/release");
    assert_eq!((r.status, r.body.as_str()), (200, "released"));
    read_until(&mut s, &mut got, "the end of the page", |b| {
        contains(b, "\r\n0\r\n\r\n")
    });
    assert!(contains(&got, "released content"));
    assert!(contains(&got, "</body></html>"));
    // The same page rendered whole.
    let whole = d.get("/buffered");
    assert_eq!(whole.status, 200);
    assert!(
        whole.body.contains("<p id=\"late\">released content</p>"),
        "{}",
        whole.body
    );
}

#[test]
fn a_streamed_body_waits_for_a_slow_client_and_is_compressed_as_it_goes() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\ncompress = true\n",
        files: &[(
            "worker.js",
            r#"let produced = 0;
            export default {
                fetch(request) {
                    const path = new URL(request.url).pathname;
                    if (path === "/produced") return new Response(String(produced));
                    const total = path === "/big" ? 48 << 20 : 3;
                    let sent = 0;
                    const piece = new Uint8Array(64 << 10).fill(120);
                    const body = new ReadableStream({
                        pull(c) {
                            if (path !== "/big") {
                                c.enqueue(new TextEncoder().encode(`<p>${sent}</p>`));
                                if (++sent === total) c.close();
                                return;
                            }
                            c.enqueue(piece);
                            sent += piece.length;
                            produced = sent;
                            if (sent >= total) c.close();
                        },
                    });
                    return new Response(body, { headers: { "content-type": path === "/big" ? "application/octet-stream" : "text/html" } });
                },
            };"#,
        )],
        ..Setup::default()
    });
    d.wait_workers(1);
    // Compressed piece by piece, and it decodes to the whole.
    let gz = d.request("GET", "/small", &[("accept-encoding", "gzip")], b"");
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&gz.bytes[..])
        .read_to_string(&mut text)
        .unwrap();
    assert_eq!(text, "<p>0</p><p>1</p><p>2</p>");

    // A client that reads nothing: the worker stops producing once the
    // window and the socket buffers are full, far short of the 48 MiB.
    let mut s = open_get(&d, "/big", "");
    let mut last = 0;
    let stalled = bext_e2e::wait_for(Duration::from_secs(20), "the stream to stall", || {
        let now: u64 = d.get("/produced").body.parse().unwrap();
        let same = now > 0 && now == last;
        last = now;
        std::thread::sleep(Duration::from_millis(100));
        same.then_some(now)
    });
    assert!(
        stalled < 24 << 20,
        "produced {stalled} bytes for a client that read none"
    );
    // Reading it all lets it finish, every byte there.
    let mut got = Vec::new();
    read_until(&mut s, &mut got, "the whole body", |b| {
        b.ends_with(b"\r\n0\r\n\r\n")
    });
    let body_start = got.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    let xs = got[body_start..].iter().filter(|&&b| b == b'x').count();
    assert_eq!(xs, 48 << 20);
}

#[test]
fn a_stream_that_runs_past_the_request_timeout_is_cut_short() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\nrequest_timeout_ms = 700\n",
        files: &[(
            "worker.js",
            r#"export default {
                fetch() {
                    const body = new ReadableStream({
                        start(c) { c.enqueue(new TextEncoder().encode("first part")); },
                    });
                    return new Response(body);
                },
            };"#,
        )],
        ..Setup::default()
    });
    d.wait_workers(1);
    let mut s = open_get(&d, "/", "");
    let mut got = Vec::new();
    read_until(&mut s, &mut got, "the first part", |b| {
        contains(b, "first part")
    });
    // Then the connection ends without the last chunk: the client can tell
    // the body is incomplete.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut chunk = [0u8; 4096];
    loop {
        assert!(Instant::now() < deadline, "the stream was never cut");
        match s.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&chunk[..n]),
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break,
        }
    }
    assert!(
        !got.ends_with(b"\r\n0\r\n\r\n"),
        "{}",
        String::from_utf8_lossy(&got)
    );
    d.wait_log("timed out after 700 ms", Duration::from_secs(5));
}

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
    let mut d = Daemon::start_with(Setup {
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
    let mut d = Daemon::start_with(Setup {
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
    let mut plain = Daemon::start_with(Setup {
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
    let mut d = Daemon::start_with(Setup {
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

#[test]
fn ctx_wait_until_holds_the_worker_until_its_promise_settles() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[(
            "worker.js",
            r#"export default {
                fetch(request, env, ctx) {
                    ctx.waitUntil(new Promise((resolve) => setTimeout(() => {
                        console.log("the waitUntil work is done");
                        resolve();
                    }, 300)));
                    return new Response("answered first");
                },
            };
            export function shutdown() { console.log("shutdown ran"); }"#,
        )],
        ..Setup::default()
    });
    d.wait_workers(1);
    assert_eq!(d.get("/").body, "answered first");
    // Stop at once: the drain must wait for the promise.
    d.signal(bext_e2e::Signal::SIGTERM);
    let status = d.wait_exit(Duration::from_secs(20));
    assert!(status.success(), "{status:?}");
    let log = d.logs();
    let done = log.find("the waitUntil work is done").expect(&log);
    let shutdown = log.find("shutdown ran").expect(&log);
    assert!(done < shutdown, "{log}");
}

#[test]
fn request_signal_fires_when_the_client_goes_away() {
    let mut d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[(
            "worker.js",
            r#"export default {
                fetch(request) {
                    console.log("holding the request");
                    return new Promise((resolve) => {
                        request.signal.addEventListener("abort", () => {
                            console.log(`request.signal: ${request.signal.reason.name}`);
                            resolve(new Response("too late"));
                        });
                    });
                },
            };"#,
        )],
        ..Setup::default()
    });
    d.wait_workers(1);
    let s = open_get(&d, "/wait", "");
    // Once the worker holds the request, the client leaves.
    d.wait_log("holding the request", Duration::from_secs(10));
    drop(s);
    d.wait_log("request.signal: AbortError", Duration::from_secs(10));
}
