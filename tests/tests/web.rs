//! Web-standard handlers with real processes: `export default { fetch }`
//! apps bundled from npm (Hono), exact binary bodies, the `env` table,
//! streamed answers, `ctx.waitUntil` and `request.signal`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Setup, poll, wait_for};

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
    let d = Daemon::start(&config, "");
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
    let d = Daemon::start_with(Setup {
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
    let mut chunk = [0u8; 16 * 1024];
    let got = poll(Duration::from_secs(20), || {
        // What is there now (each read waits at most the socket's timeout).
        while !done(buf) {
            match s.read(&mut chunk) {
                Ok(0) => panic!(
                    "connection closed before {what}: {}",
                    String::from_utf8_lossy(buf)
                ),
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
                Err(e) if would_block(&e) => return None,
                Err(e) => panic!("reading {what}: {e}"),
            }
        }
        Some(())
    });
    assert!(
        got.is_some(),
        "timed out waiting for {what}; got:\n{}",
        String::from_utf8_lossy(buf)
    );
}

/// A read that timed out (the socket's read timeout), not a failure.
fn would_block(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
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
    let d = Daemon::start(
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
    let d = Daemon::start_with(Setup {
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
    // Stalled: no progress for 300 ms. A quiet period is the only way a
    // stop shows from outside; a pause of a loaded machine can only make
    // it stop sooner, and so smaller, not fail.
    let mut last = (0, Instant::now());
    let stalled = wait_for(Duration::from_secs(20), "the stream to stall", || {
        let now: u64 = d.get("/produced").body.parse().unwrap();
        if now != last.0 {
            last = (now, Instant::now());
        }
        (now > 0 && last.1.elapsed() >= Duration::from_millis(300)).then_some(now)
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
    let d = Daemon::start_with(Setup {
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
    let mut chunk = [0u8; 4096];
    wait_for(Duration::from_secs(20), "the stream to be cut", || {
        loop {
            match s.read(&mut chunk) {
                Ok(0) => return Some(()),
                Ok(n) => got.extend_from_slice(&chunk[..n]),
                Err(e) if would_block(&e) => return None,
                Err(_) => return Some(()),
            }
        }
    });
    assert!(
        !got.ends_with(b"\r\n0\r\n\r\n"),
        "{}",
        String::from_utf8_lossy(&got)
    );
    d.wait_log("timed out after 700 ms", Duration::from_secs(5));
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
    let d = Daemon::start_with(Setup {
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
