//! WebSocket floods from outside, with bextd's and the worker's memory
//! watched: a client that sends faster than its handler takes (bextd stops
//! reading it at `ws_max_buffered_bytes`, TCP pushes back), a client that
//! pings without reading (closed with 1008), an 8 MiB message and a
//! thousand sockets that open and close (memory back to its level), and a
//! thousand sockets held at once and closed together (bextd trims its
//! heap once the burst settles).

use std::time::{Duration, Instant};

use bext_e2e::ws::{Clients, client};
use bext_e2e::{Daemon, wait_for};

/// A slow echo: each message costs its handler 20 ms. `/stats` has the
/// close codes its sockets ended with and the bytes it took.
const SLOW: &str = r#"
const closed = [];
let took = 0;
export function handler(req) {
  if (req.path === "/ws") {
    const { socket, response } = bext.upgradeWebSocket(req);
    socket.onmessage = (e) => {
      const until = Date.now() + 20;
      while (Date.now() < until) {}
      took += e.data.byteLength ?? e.data.length;
    };
    socket.onclose = (e) => closed.push(e.code);
    return response;
  }
  if (req.path === "/echo") {
    const { socket, response } = bext.upgradeWebSocket(req);
    socket.onmessage = (e) => socket.send(e.data);
    return response;
  }
  if (req.path === "/hold") {
    const { socket, response } = bext.upgradeWebSocket(req);
    socket.onopen = () => socket.send(String(bext.worker.pid));
    return response;
  }
  return { closed, took };
}
"#;

/// Growth allowed of bextd's and the worker's RSS.
const BOUND_KIB: u64 = 16 * 1024;

fn rss_kib(pid: nix::unistd::Pid) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn start() -> Daemon {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/\"\n",
        SLOW,
    );
    d.wait_workers(1);
    d
}

/// Runs `cmd` (a flood) for `secs`, sampling RSS: the peak growth of
/// bextd and of the worker in KiB, and the client's report.
fn flood(d: &Daemon, cmd: &str, secs: f64) -> (u64, u64, serde_json::Value) {
    let worker = d.worker_pids()[0];
    let mut c = Clients::open(cmd, &format!("ws://{}/ws", d.addr), 1, secs);
    let (b0, w0) = (rss_kib(d.pid), rss_kib(worker));
    c.go();
    let (mut b1, mut w1) = (b0, w0);
    let end = Instant::now() + Duration::from_secs_f64(secs + 2.0);
    while Instant::now() < end {
        b1 = b1.max(rss_kib(d.pid));
        w1 = w1.max(rss_kib(worker));
        std::thread::sleep(Duration::from_millis(50));
    }
    let report = c.report();
    (b1.saturating_sub(b0), w1.saturating_sub(w0), report)
}

#[test]
fn a_client_sending_faster_than_its_handler_takes_is_held_back_by_tcp() {
    let d = start();
    let (bextd, worker, report) = flood(&d, "flood-in", 3.0);
    let sent = report["sent"].as_u64().unwrap();
    let took = d.get("/stats").json()["took"].as_u64().unwrap();
    println!(
        "sent {} MiB in 3 s to a 20 ms handler (it took {} KiB); RSS grew: bextd {bextd} KiB, worker {worker} KiB",
        sent >> 20,
        took >> 10
    );
    // 64 KiB every 20 ms is 9.6 MiB in 3 s: what the client got in past
    // that sits in the kernel's buffers and ws_max_buffered_bytes.
    assert!(sent < 48 << 20, "bextd took {sent} bytes");
    assert!(bextd <= BOUND_KIB, "bextd grew by {bextd} KiB");
    assert!(worker <= BOUND_KIB, "the worker grew by {worker} KiB");
}

#[test]
fn a_client_pinging_without_reading_is_closed_with_1008() {
    let d = start();
    let (bextd, worker, report) = flood(&d, "ping-flood", 8.0);
    println!("ping flood: {report}; RSS grew: bextd {bextd} KiB, worker {worker} KiB");
    assert!(report["closed"].as_bool().unwrap(), "still open: {report}");
    wait_for(Duration::from_secs(5), "the worker's close event", || {
        let closed = d.get("/stats").json()["closed"].clone();
        (closed == serde_json::json!([1008])).then_some(())
    });
    assert!(bextd <= BOUND_KIB, "bextd grew by {bextd} KiB");
    assert!(worker <= BOUND_KIB, "the worker grew by {worker} KiB");
}

#[test]
fn memory_returns_to_its_level_after_a_thousand_sockets_open_and_close() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/\"\nws_max_message_bytes = 16777216\n",
        SLOW,
    );
    d.wait_workers(1);
    let url = format!("ws://{}/echo", d.addr);
    // One round first: the allocator's arenas and the runtime's threads
    // take their share once.
    client(&["churn", &url, "200,0"]);
    let settled = |d: &Daemon| {
        wait_for(Duration::from_secs(10), "no socket open", || {
            let open: u64 = d
                .workers()
                .iter()
                .map(|w| w["sockets"]["open"].as_u64().unwrap_or(0))
                .sum();
            (open == 0).then_some(())
        });
        std::thread::sleep(Duration::from_millis(300));
        rss_kib(d.pid)
    };
    let before = settled(&d);
    // An 8 MiB message goes through the worker's link both ways (its
    // buffers grew to that and kept it, 16 MiB and more, until they were
    // given back), then a thousand sockets.
    client(&["churn", &url, "1000,8388608"]);
    let after = settled(&d);
    println!(
        "bextd's RSS: {before} KiB before an 8 MiB message and 1,000 sockets, {after} KiB after"
    );
    assert!(
        after <= before + 4 * 1024,
        "bextd kept {} KiB after its sockets closed",
        after - before
    );
}

/// Opens `n` WebSockets to `path` at once: every handshake is sent
/// before any answer is read, as a crowd of clients arriving together
/// would (bextd takes them on all its threads).
fn burst(d: &Daemon, path: &str, n: usize) -> Vec<std::net::TcpStream> {
    use std::io::{Read, Write};
    let handshake = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        d.addr
    );
    let mut socks: Vec<std::net::TcpStream> = (0..n)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(d.addr).expect("connect");
            s.write_all(handshake.as_bytes()).unwrap();
            s
        })
        .collect();
    for s in &mut socks {
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8];
        while !head.ends_with(b"\r\n\r\n") {
            assert_eq!(s.read(&mut byte).unwrap(), 1, "the handshake's answer");
            head.push(byte[0]);
        }
        assert!(
            head.starts_with(b"HTTP/1.1 101"),
            "{}",
            String::from_utf8_lossy(&head)
        );
    }
    socks
}

#[test]
fn memory_is_given_back_once_a_thousand_sockets_held_at_once_close() {
    // All from 127.0.0.1: past the default of 256 sockets per address.
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/\"\nws_max_client_sockets = 0\n",
        SLOW,
    );
    d.wait_workers(1);
    let open_sockets = |d: &Daemon| -> u64 {
        d.workers()
            .iter()
            .map(|w| w["sockets"]["open"].as_u64().unwrap_or(0))
            .sum()
    };
    let hold = |n: usize| {
        let socks = burst(&d, "/echo", n);
        wait_for(Duration::from_secs(10), "the sockets open", || {
            (open_sockets(&d) == n as u64).then_some(())
        });
        let held = rss_kib(d.pid);
        // Every connection ends at once.
        drop(socks);
        held
    };
    // A first burst under the trim's (its sockets' memory is taken once
    // by the runtime's threads and arenas), then the level.
    hold(200);
    wait_for(Duration::from_secs(10), "no socket open", || {
        (open_sockets(&d) == 0).then_some(())
    });
    std::thread::sleep(Duration::from_millis(300));
    let before = rss_kib(d.pid);
    let held = hold(1000);
    let started = Instant::now();
    // Without the trim bextd kept most of the 1,000 sockets' memory
    // (freed, in glibc's arenas); the trim runs a second after the last
    // socket ended.
    let after = wait_for(
        Duration::from_secs(10),
        "bextd's RSS back to its level",
        || {
            let now = rss_kib(d.pid);
            (open_sockets(&d) == 0 && now <= before + 1024).then_some(now)
        },
    );
    println!(
        "bextd's RSS: {before} KiB before, {held} KiB with 1,000 sockets open, {after} KiB {:.1} s after they closed",
        started.elapsed().as_secs_f64()
    );
    assert!(
        held > before + 2 * 1024,
        "1,000 open sockets cost bextd {} KiB",
        held - before
    );
}
