//! HTTP/2 in cleartext by prior knowledge (h2c) on the plain listener,
//! end to end: curl's requests, the same limits as HTTP/1.1, the
//! rapid-reset and CONTINUATION-flood attacks bounded, and a drain that
//! sends GOAWAY and finishes the streams open.

use std::process::Command;
use std::time::{Duration, Instant};

use bext_e2e::h2raw::{
    self, CONTINUATION, Conn, END_HEADERS, END_STREAM, HEADERS, PING, RST_STREAM, WINDOW_UPDATE,
};
use bext_e2e::{Daemon, Setup, Signal, wait_for};

const APP: &str = r#"
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
export default {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/slow") {
      await wait(1500);
      return new Response("slow done");
    }
    const body = await request.arrayBuffer();
    return new Response(`hello ${request.method} ${path} ${body.byteLength}`);
  },
};
"#;

fn start() -> Daemon {
    let config =
        "[server]\nmax_body_bytes = 1000\n[render]\nscript = \"worker.js\"\njsc_workers = 2\n";
    let d = Daemon::start_with(Setup {
        config,
        files: &[("worker.js", APP)],
        ..Setup::default()
    });
    d.wait_workers(2);
    d
}

/// curl's answer: its HTTP version, then the body.
fn curl(d: &Daemon, args: &[&str], path: &str) -> String {
    let out = Command::new("curl")
        .args([
            "-s",
            "--max-time",
            "20",
            "-w",
            "\n%{http_version} %{http_code}",
        ])
        .args(args)
        .arg(format!("http://{}{path}", d.addr))
        .output()
        .expect("curl");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn rss_kib(pid: nix::unistd::Pid) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// The health path answers within `limit`.
fn responsive(d: &Daemon, limit: Duration) {
    let t = Instant::now();
    let r = d.get("/__bext/health");
    assert_eq!(r.status, 200);
    assert!(t.elapsed() < limit, "health took {:?}", t.elapsed());
}

#[test]
fn h2c_by_prior_knowledge_beside_http1() {
    let d = start();
    assert_eq!(
        curl(&d, &["--http2-prior-knowledge"], "/a?x=1"),
        "hello GET /a 0\n2 200"
    );
    // A body within max_body_bytes, then one past it: 413 as in HTTP/1.1.
    let small = curl(&d, &["--http2-prior-knowledge", "-d", "abc"], "/p");
    assert_eq!(small, "hello POST /p 3\n2 200");
    let big = "x".repeat(5000);
    let refused = curl(&d, &["--http2-prior-knowledge", "-d", &big], "/p");
    assert!(refused.ends_with("\n2 413"), "{refused}");
    // Several streams on one connection, at once, each its own request.
    let mut c = Conn::open(d.addr);
    let authority = d.addr.to_string();
    for (id, path) in [(1, "/m1"), (3, "/m2"), (5, "/m3")] {
        let block = h2raw::get_block(path, &authority);
        assert!(c.send(&h2raw::frame(HEADERS, END_HEADERS | END_STREAM, id, &block)));
    }
    let mut bodies = std::collections::BTreeMap::<u32, String>::new();
    let mut ended = 0;
    while ended < 3 {
        let f = c.read().expect("a frame");
        if f.kind == h2raw::DATA {
            let text = String::from_utf8_lossy(&f.payload);
            bodies.entry(f.stream).or_default().push_str(&text);
            ended += usize::from(f.flags & END_STREAM != 0);
        }
    }
    let bodies: Vec<_> = bodies.into_values().collect();
    assert_eq!(
        bodies,
        ["hello GET /m1 0", "hello GET /m2 0", "hello GET /m3 0"]
    );
    // HTTP/1.1 on the same port.
    assert_eq!(curl(&d, &["--http1.1"], "/b"), "hello GET /b 0\n1.1 200");
    assert_eq!(d.get("/__bext/health").status, 200);
}

/// HEADERS then RST_STREAM, again and again (CVE-2023-44487): bextd cuts
/// the connection off, stays responsive and its memory stays bounded.
#[test]
fn rapid_reset_is_cut_off() {
    let d = start();
    let before = rss_kib(d.pid);
    let authority = d.addr.to_string();
    let block = h2raw::get_block("/", &authority);
    let deadline = Instant::now() + Duration::from_secs(4);
    let (mut conns, mut cut_off, mut streams) = (0, 0, 0u64);
    while Instant::now() < deadline {
        let mut c = Conn::open(d.addr);
        let reader = c.reader();
        conns += 1;
        let mut id = 1u32;
        let mut batch = Vec::new();
        let closed = loop {
            batch.clear();
            for _ in 0..100 {
                batch.extend(h2raw::frame(HEADERS, END_HEADERS | END_STREAM, id, &block));
                batch.extend(h2raw::frame(RST_STREAM, 0, id, &8u32.to_be_bytes()));
                id += 2;
            }
            if !c.send(&batch) {
                break true;
            }
            streams += 100;
            if id > 200_001 || Instant::now() >= deadline {
                break false;
            }
        };
        let _ = c.sock.shutdown(std::net::Shutdown::Both);
        let frames = reader.join().unwrap();
        if closed {
            cut_off += 1;
        }
        if let Some((_, code)) = h2raw::goaway(&frames) {
            assert_eq!(code, 11, "ENHANCE_YOUR_CALM");
            cut_off += 1;
        }
        responsive(&d, Duration::from_secs(2));
    }
    eprintln!("{conns} connections, {streams} streams sent, {cut_off} cut off");
    assert!(
        cut_off >= conns,
        "each connection is cut off ({cut_off} of {conns})"
    );
    // No connection gets anywhere near 100,000 streams.
    assert!(
        streams < conns * 20_000,
        "{streams} streams on {conns} connections"
    );
    // Slower: ten streams at a time, each taken and started (sent to the
    // workers) before it is reset, and let go before the next ten, so the
    // h2 crate's count of reset streams held (20) is never reached. Cut
    // off after MAX_NET_ABANDONED (256) abandoned requests.
    let block = h2raw::get_block("/slow", &authority);
    let mut c = Conn::open(d.addr);
    let reader = c.reader();
    let mut id = 1u32;
    let mut sent = 0;
    let pause = Duration::from_millis(15);
    while sent < 2000 {
        let mut heads = Vec::new();
        let mut resets = Vec::new();
        for i in 0..10 {
            let s = id + 2 * i;
            heads.extend(h2raw::frame(HEADERS, END_HEADERS | END_STREAM, s, &block));
            resets.extend(h2raw::frame(RST_STREAM, 0, s, &8u32.to_be_bytes()));
        }
        if !c.send(&heads) {
            break;
        }
        std::thread::sleep(pause);
        if !c.send(&resets) {
            break;
        }
        std::thread::sleep(pause);
        id += 20;
        sent += 10;
    }
    let _ = c.sock.shutdown(std::net::Shutdown::Both);
    let frames = reader.join().unwrap();
    eprintln!(
        "slow resets: cut off after {sent} streams, {:?}",
        h2raw::goaway(&frames)
    );
    assert!(
        sent < 1000,
        "{sent} streams started and reset on one connection"
    );
    responsive(&d, Duration::from_secs(1));
    let after = rss_kib(d.pid);
    assert!(after < before + 64 * 1024, "RSS {before} -> {after} KiB");
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains("bext_http2_rapid_resets_total 1"),
        "{metrics}"
    );
}

/// One HEADERS without END_HEADERS, then CONTINUATION frames without end
/// (CVE-2024-27316): bextd ends the connection after about the header
/// list limit, not after what the client chose to send.
#[test]
fn continuation_flood_is_bounded() {
    let d = start();
    let before = rss_kib(d.pid);
    let authority = d.addr.to_string();
    let mut c = Conn::open(d.addr);
    let reader = c.reader();
    assert!(c.send(&h2raw::frame(
        HEADERS,
        0,
        1,
        &h2raw::get_block("/", &authority)
    )));
    // Literal headers, new names, never indexed: 16 KiB per frame.
    let mut piece = Vec::new();
    while piece.len() < 16 * 1024 - 200 {
        piece.extend_from_slice(&[0x10, 0x05]);
        piece.extend_from_slice(b"x-abc");
        piece.extend_from_slice(&[0x7f, 0x00]); // a value of 127 bytes
        piece.extend(std::iter::repeat_n(b'v', 127));
    }
    let frame = h2raw::frame(CONTINUATION, 0, 1, &piece);
    let mut sent = 0usize;
    let limit = 256 << 20;
    while sent < limit && c.send(&frame) {
        sent += frame.len();
    }
    let _ = c.sock.shutdown(std::net::Shutdown::Write);
    let frames = reader.join().unwrap();
    eprintln!("sent {sent} bytes of CONTINUATION before the connection ended");
    assert!(
        sent < 16 << 20,
        "bextd read {sent} bytes of one header block"
    );
    assert!(h2raw::goaway(&frames).is_some(), "no GOAWAY: {frames:?}");
    responsive(&d, Duration::from_secs(1));
    let after = rss_kib(d.pid);
    assert!(after < before + 32 * 1024, "RSS {before} -> {after} KiB");
}

/// At SIGTERM an HTTP/2 connection gets GOAWAY and its open stream is
/// still answered whole.
#[test]
fn drain_sends_goaway_and_finishes_open_streams() {
    let mut d = start();
    let authority = d.addr.to_string();
    let mut c = Conn::open(d.addr);
    let reader = c.reader();
    let block = h2raw::get_block("/slow", &authority);
    assert!(c.send(&h2raw::frame(HEADERS, END_HEADERS | END_STREAM, 1, &block)));
    wait_for(Duration::from_secs(5), "the slow request in flight", || {
        (d.in_flight() > 0).then_some(())
    });
    d.signal(Signal::SIGTERM);
    let frames = reader.join().unwrap();
    let (last, code) = h2raw::goaway(&frames).expect("GOAWAY");
    assert_eq!(code, 0, "GOAWAY with NO_ERROR");
    assert!(last >= 1, "the open stream is kept (last id {last})");
    let answered = frames
        .iter()
        .position(|f| f.kind == HEADERS && f.stream == 1);
    let answered = answered.expect("the slow stream's answer");
    assert_eq!(frames[answered].payload[0], 0x88, "status 200");
    assert!(
        frames
            .iter()
            .any(|f| f.stream == 1 && f.flags & END_STREAM != 0),
        "the slow stream ended"
    );
    assert!(d.wait_exit(Duration::from_secs(15)).success());
}

/// Sends a PING and a connection WINDOW_UPDATE, and reads until the PING's
/// acknowledgement, keeping the frames seen on the way in `seen`; false
/// if the connection ended first or a GOAWAY came.
fn ping(c: &mut Conn, n: u64, seen: &mut Vec<h2raw::Frame>) -> bool {
    let sent = c.send(&h2raw::frame(PING, 0, 0, &n.to_be_bytes()))
        && c.send(&h2raw::frame(WINDOW_UPDATE, 0, 0, &1024u32.to_be_bytes()));
    if !sent {
        return false;
    }
    while let Some(f) = c.read() {
        if f.kind == PING && f.flags & 0x1 != 0 && f.payload == n.to_be_bytes() {
            return h2raw::goaway(seen).is_none();
        }
        answer(c, &f);
        seen.push(f);
    }
    false
}

/// Answers a PING as a client does (a graceful GOAWAY waits for one).
fn answer(c: &mut Conn, f: &h2raw::Frame) {
    if f.kind == PING && f.flags & 0x1 == 0 {
        let _ = c.send(&h2raw::frame(PING, 0x1, 0, &f.payload));
    }
}

/// One GET on stream `id`: its body.
fn get(c: &mut Conn, id: u32, path: &str, authority: &str) -> String {
    let block = h2raw::get_block(path, authority);
    assert!(c.send(&h2raw::frame(HEADERS, END_HEADERS | END_STREAM, id, &block)));
    let mut body = String::new();
    loop {
        let f = c.read().expect("the answer");
        if f.kind == h2raw::DATA && f.stream == id {
            body.push_str(&String::from_utf8_lossy(&f.payload));
            if f.flags & END_STREAM != 0 {
                return body;
            }
        }
    }
}

/// Between its streams an HTTP/2 connection follows `idle_timeout_ms`, as
/// nginx's `keepalive_timeout`: PINGs and WINDOW_UPDATEs neither close it
/// at `header_read_timeout_ms` (HTTP/1.1's timer for a head begun) nor keep
/// it open past the idle timeout, when it gets GOAWAY and closes.
#[test]
fn idle_h2_connection_follows_the_idle_timeout_not_the_head_timer() {
    let config = "[server]\nheader_read_timeout_ms = 1000\nidle_timeout_ms = 4000\n\
                  [render]\nscript = \"worker.js\"\njsc_workers = 1\n";
    let d = Daemon::start_with(Setup {
        config,
        files: &[("worker.js", APP)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let authority = d.addr.to_string();
    let mut c = Conn::open(d.addr);
    assert_eq!(get(&mut c, 1, "/one", &authority), "hello GET /one 0");
    // Idle with pings for 2.5 s, past the head timer's 1 s.
    let idle = Instant::now();
    let (mut n, mut seen) = (0, Vec::new());
    while idle.elapsed() < Duration::from_millis(2500) {
        n += 1;
        assert!(
            ping(&mut c, n, &mut seen),
            "closed {:?} after its last stream (idle_timeout_ms is 4 s): {seen:?}",
            idle.elapsed()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(get(&mut c, 3, "/two", &authority), "hello GET /two 0");
    // Pings do not keep it open: GOAWAY about 4 s after the last stream,
    // then (once its PING is answered) GOAWAY naming stream 3 the last,
    // and the end.
    let idle = Instant::now();
    seen.clear();
    loop {
        n += 1;
        if !ping(&mut c, n, &mut seen) {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
        assert!(idle.elapsed() < Duration::from_secs(15), "never closed");
    }
    let told = idle.elapsed();
    assert!(
        told >= Duration::from_millis(3800) && told < Duration::from_secs(6),
        "GOAWAY {told:?} after its last stream"
    );
    while let Some(f) = c.read() {
        answer(&mut c, &f);
        seen.push(f);
    }
    let goaways: Vec<_> = seen.iter().filter(|f| f.kind == h2raw::GOAWAY).collect();
    let last = goaways
        .last()
        .map(|f| h2raw::goaway(std::slice::from_ref(f)));
    assert_eq!(last, Some(Some((3, 0))), "{seen:?}");
    assert!(
        idle.elapsed() < told + Duration::from_secs(2),
        "closed late"
    );
    responsive(&d, Duration::from_secs(1));
}
