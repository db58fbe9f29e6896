//! Streamed answers end to end: each chunk reaches the client as the
//! worker produces it (HTTP/1.1 chunked and HTTP/2 DATA frames), a stream
//! that fails midway is cut and logged as Node cuts it, an HTTP/2 client
//! that grants no window slows the worker, the response cache keeps no
//! streamed answer, and React's streaming SSR example
//! (scripts/examples/ssr-stream) sends its shell first and, in the end, the
//! very bytes Node sends for the same bundle.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bext_e2e::h2raw::{self, Conn, DATA, END_HEADERS, END_STREAM, HEADERS, RST_STREAM};
use bext_e2e::{Daemon, Setup};

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// A worker whose answer is a stream: `first`, then 300 ms later (a timer)
/// `second` carrying the wall-clock time it was produced; on `/fail` the
/// stream errors instead of giving its second chunk; `/whole` is a whole
/// answer. All say shared caches may keep them.
const TWO_CHUNKS: &str = r#"export default {
    fetch(request) {
        const path = new URL(request.url).pathname;
        const cache = { "cache-control": "public, s-maxage=60" };
        if (path === "/whole") return new Response(`whole ${Date.now()}`, { headers: cache });
        const fail = path === "/fail";
        const enc = new TextEncoder();
        const body = new ReadableStream({
            async start(c) {
                c.enqueue(enc.encode("first\n"));
                await new Promise((ok) => setTimeout(ok, 300));
                if (fail) return c.error(new Error("the data source went away"));
                c.enqueue(enc.encode(`second ${Date.now()}\n`));
                c.close();
            },
        });
        return new Response(body, { headers: cache });
    },
};"#;

fn start_two_chunks(extra: &str) -> Daemon {
    let config = format!("[render]\nscript = \"worker.js\"\njsc_workers = 1\n{extra}");
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", TWO_CHUNKS)],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

/// What one HTTP/1.1 GET's connection gave, read by read, each with the
/// wall-clock time it arrived, until the connection closed or `done`.
fn http1_reads(d: &Daemon, path: &str, done: impl Fn(&[u8]) -> bool) -> Vec<(u64, Vec<u8>)> {
    let mut s = TcpStream::connect(d.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: test\r\n\r\n").unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let (mut reads, mut all) = (Vec::new(), Vec::new());
    let mut buf = [0u8; 64 * 1024];
    while !done(&all) {
        assert!(
            Instant::now() < deadline,
            "no end of {path} in 20 s: {}",
            String::from_utf8_lossy(&all)
        );
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                reads.push((now_ms(), buf[..n].to_vec()));
                all.extend_from_slice(&buf[..n]);
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => break,
        }
    }
    reads
}

/// The frames of one HTTP/2 GET (stream 1), each with the wall-clock time
/// it arrived, until its stream ended (END_STREAM or RST_STREAM).
fn http2_frames(d: &Daemon, path: &str) -> Vec<(u64, h2raw::Frame)> {
    let mut c = Conn::open(d.addr);
    let block = h2raw::get_block(path, &d.addr.to_string());
    assert!(c.send(&h2raw::frame(HEADERS, END_HEADERS | END_STREAM, 1, &block)));
    let mut got = Vec::new();
    loop {
        let f = c.read().expect("a frame before the stream ended");
        let end = f.stream == 1 && (f.kind == RST_STREAM || f.flags & END_STREAM != 0);
        got.push((now_ms(), f));
        if end {
            return got;
        }
    }
}

/// The time `second <ms>` says it was produced.
fn produced_at(text: &str) -> u64 {
    let at = text.find("second ").expect("the second chunk") + "second ".len();
    text[at..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn each_chunk_reaches_the_client_before_the_next_is_produced() {
    let d = start_two_chunks("");
    // HTTP/1.1: chunked, the first chunk in a read of its own, which
    // arrived before the worker made the second.
    let reads = http1_reads(&d, "/", |b| b.ends_with(b"\r\n0\r\n\r\n"));
    let first = reads
        .iter()
        .position(|(_, b)| contains(b, "first\n"))
        .expect("the first chunk");
    let second = reads
        .iter()
        .position(|(_, b)| contains(b, "second "))
        .expect("the second chunk");
    let head = String::from_utf8_lossy(&reads[0].1).to_lowercase();
    assert!(head.contains("transfer-encoding: chunked"), "{head}");
    assert!(first < second, "both chunks came in one read: {reads:?}");
    let made = produced_at(&String::from_utf8_lossy(&reads[second].1));
    assert!(
        reads[first].0 <= made,
        "HTTP/1.1: the first chunk arrived at {} ms, after the second was produced at {made} ms",
        reads[first].0
    );

    // HTTP/2 (h2c): the same as two DATA frames.
    let frames = http2_frames(&d, "/");
    let data: Vec<_> = frames
        .iter()
        .filter(|(_, f)| f.kind == DATA && f.stream == 1 && !f.payload.is_empty())
        .collect();
    assert_eq!(data.len(), 2, "{frames:?}");
    assert_eq!(data[0].1.payload, b"first\n");
    let made = produced_at(&String::from_utf8_lossy(&data[1].1.payload));
    assert!(
        data[0].0 <= made,
        "HTTP/2: the first chunk arrived at {} ms, after the second was produced at {made} ms",
        data[0].0
    );
    assert!(
        frames
            .last()
            .is_some_and(|(_, f)| f.kind == DATA && f.flags & END_STREAM != 0),
        "{frames:?}"
    );
}

#[test]
fn a_stream_that_fails_midway_is_cut_and_logged() {
    let d = start_two_chunks("");
    // HTTP/1.1: the first chunk, then the connection closes without the
    // last chunk, as Node's res.destroy(err) leaves it.
    let reads = http1_reads(&d, "/fail", |b| b.ends_with(b"\r\n0\r\n\r\n"));
    let all: Vec<u8> = reads.into_iter().flat_map(|(_, b)| b).collect();
    assert!(
        contains(&all, "first\n"),
        "{}",
        String::from_utf8_lossy(&all)
    );
    assert!(
        !all.ends_with(b"\r\n0\r\n\r\n") && !contains(&all, "second"),
        "{}",
        String::from_utf8_lossy(&all)
    );
    d.wait_log("the data source went away", Duration::from_secs(10));

    // HTTP/2: the first DATA frame, then RST_STREAM, never END_STREAM.
    let frames = http2_frames(&d, "/fail");
    assert!(
        frames
            .iter()
            .any(|(_, f)| f.kind == DATA && f.payload == b"first\n"),
        "{frames:?}"
    );
    let (_, last) = frames.last().unwrap();
    assert_eq!(last.kind, RST_STREAM, "{frames:?}");
    assert!(
        !frames
            .iter()
            .any(|(_, f)| f.stream == 1 && f.kind == DATA && f.flags & END_STREAM != 0),
        "{frames:?}"
    );
    wait_count(&d, "the data source went away", 2);
}

fn wait_count(d: &Daemon, needle: &str, n: usize) {
    d.wait_until(Duration::from_secs(10), needle, || {
        (d.count_log(needle) >= n).then_some(())
    });
}

#[test]
fn the_response_cache_keeps_no_streamed_answer() {
    let d = start_two_chunks("[render.cache]\nmax_bytes = 1048576\n");
    // Each GET is rendered: a kept answer would come back with the same
    // production time and an x-bext-cache label.
    let a = d.get("/");
    let b = d.get("/");
    assert_eq!((a.status, b.status), (200, 200));
    assert!(a.body.starts_with("first\nsecond "), "{}", a.body);
    assert_ne!(produced_at(&a.body), produced_at(&b.body));
    assert_eq!(b.header("x-bext-cache"), None);
    // The pool's whole answers are kept: the cache is on.
    let w1 = d.get("/whole");
    let w2 = d.get("/whole");
    assert_eq!(w2.header("x-bext-cache"), Some("hit"));
    assert_eq!(w1.body, w2.body);
}

/// `node scripts/examples/ssr-stream/node.mjs print PATH`: Node's body.
fn node_body(path: &str) -> Vec<u8> {
    let out = Command::new("node")
        .arg(repo_root().join("scripts/examples/ssr-stream/node.mjs"))
        .args(["print", path])
        .output()
        .expect("run node");
    assert!(
        out.status.success(),
        "node.mjs print {path}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The body of a chunked HTTP/1.1 answer.
fn dechunk(raw: &[u8]) -> Vec<u8> {
    let start = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    let (mut rest, mut body) = (&raw[start..], Vec::new());
    loop {
        let eol = rest.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = usize::from_str_radix(std::str::from_utf8(&rest[..eol]).unwrap(), 16).unwrap();
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&rest[eol + 2..eol + 2 + size]);
        rest = &rest[eol + 2 + size + 2..];
    }
}

#[test]
fn react_streaming_ssr_sends_the_shell_first_and_nodes_bytes() {
    let root = repo_root();
    let out = Command::new("bash")
        .arg(root.join("scripts/examples/ssr-stream/build.sh"))
        .output()
        .expect("run the example's build");
    assert!(
        out.status.success(),
        "build.sh failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let script = root.join("scripts/examples/ssr-stream/dist/worker.js");
    let d = Daemon::start(
        &format!("[render]\nscript = {:?}\njsc_workers = 1\n", script),
        "",
    );
    d.wait_workers(1);
    // The recommendations come 1 s late, the reviews 2 s: the shell (the
    // catalogue, the fallbacks) arrives first, in reads of its own.
    let reads = http1_reads(&d, "/?ms=1000", |b| b.ends_with(b"\r\n0\r\n\r\n"));
    let shell = reads
        .iter()
        .position(|(_, b)| contains(b, "loading reviews"))
        .expect("the shell");
    let rec = reads
        .iter()
        .position(|(_, b)| contains(b, "id=\"recommended\""))
        .expect("the recommendations");
    let rev = reads
        .iter()
        .position(|(_, b)| contains(b, "id=\"reviews\""))
        .expect("the reviews");
    assert!(shell < rec && rec < rev, "{shell} {rec} {rev}");
    assert!(
        reads[rev].0 >= reads[shell].0 + 1500,
        "the reviews ({} ms) came less than 1.5 s after the shell ({} ms)",
        reads[rev].0,
        reads[shell].0
    );
    let raw: Vec<u8> = reads.into_iter().flat_map(|(_, b)| b).collect();
    let streamed = dechunk(&raw);
    assert!(streamed.starts_with(b"<!DOCTYPE html><html lang=\"en\">"));
    assert!(
        streamed == node_body("/?ms=1000"),
        "bext's streamed page differs from Node's:\n{}",
        String::from_utf8_lossy(&streamed)
    );
    // The same page whole (the data awaited, then renderToString).
    let whole = d.get("/whole?ms=10");
    assert_eq!(whole.status, 200);
    assert!(whole.bytes == node_body("/whole?ms=10"), "{}", whole.body);
    assert!(whole.body.contains("id=\"reviews\""), "{}", whole.body);
}

/// An HTTP/2 client that reads every frame but grants no flow-control
/// window beyond the first 64 KiB: the worker stops producing within its
/// stream window, and the whole body arrives once the client grants more.
#[test]
fn an_http2_client_that_grants_no_window_slows_the_stream() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        r#"let produced = 0;
        export default {
            fetch(request) {
                if (new URL(request.url).pathname === "/produced") return new Response(String(produced));
                const piece = new Uint8Array(64 << 10).fill(120);
                produced = 0;
                return new Response(new ReadableStream({
                    pull(c) {
                        c.enqueue(piece);
                        produced += piece.length;
                        if (produced >= 16 << 20) c.close();
                    },
                }));
            },
        };"#,
    );
    d.wait_workers(1);
    let mut c = Conn::open(d.addr);
    let block = h2raw::get_block("/big", &d.addr.to_string());
    assert!(c.send(&h2raw::frame(HEADERS, END_HEADERS | END_STREAM, 1, &block)));
    let reader = c.sock.try_clone().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let counter = std::thread::spawn(move || {
        let mut c = Conn { sock: reader };
        c.sock.set_read_timeout(None).unwrap();
        let mut got = 0usize;
        while let Some(f) = c.read() {
            if f.kind == DATA && f.stream == 1 {
                got += f.payload.len();
                let _ = tx.send(got);
                if f.flags & END_STREAM != 0 {
                    return got;
                }
            }
            if f.kind == RST_STREAM {
                return got;
            }
        }
        got
    });
    // Stalled: no progress for 300 ms, far short of the 16 MiB.
    let mut last = (0, Instant::now());
    let stalled = d.wait_until(Duration::from_secs(20), "the stream to stall", || {
        let now: u64 = d.get("/produced").body.parse().unwrap();
        if now != last.0 {
            last = (now, Instant::now());
        }
        (now > 0 && last.1.elapsed() >= Duration::from_millis(300)).then_some(now)
    });
    let taken = rx.try_iter().last().unwrap_or(0);
    assert!(taken <= 65_535, "{taken} bytes sent past the 64 KiB window");
    assert!(
        stalled < 4 << 20,
        "produced {stalled} bytes for a client that granted 64 KiB"
    );
    // The client grants the rest: every byte arrives.
    let grant = (16u32 << 20).to_be_bytes();
    assert!(c.send(&h2raw::frame(h2raw::WINDOW_UPDATE, 0, 0, &grant)));
    assert!(c.send(&h2raw::frame(h2raw::WINDOW_UPDATE, 0, 1, &grant)));
    assert_eq!(counter.join().unwrap(), 16 << 20);
}
