//! The HTTP front's edges, end to end: request bodies sent slowly or in
//! bulk (their deadline and budget), answers that outlive the idle
//! timeout, clients that stop reading, a worker that ignores the credit
//! window, 1xx statuses and header values with obs-text bytes.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Setup, poll, wait_for};

const APP: &str = r#"
let aborted = 0;
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
export default {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    const text = new TextEncoder();
    if (path === "/slow-answer") {
      await request.arrayBuffer();
      await wait(3000);
      return new Response("late");
    }
    if (path === "/ticks") {
      let n = 0;
      return new Response(new ReadableStream({
        async pull(c) {
          await wait(500);
          c.enqueue(text.encode(`tick ${++n}\n`));
          if (n === 12) c.close();
        },
      }));
    }
    if (path === "/endless" || path === "/flood") {
      request.signal.addEventListener("abort", () => {
        aborted++;
        console.log("request.signal fired");
      });
      const piece = new Uint8Array(64 << 10).fill(120);
      let sent = 0;
      const total = path === "/flood" ? 64 << 20 : Infinity;
      return new Response(new ReadableStream({
        pull(c) {
          c.enqueue(piece);
          sent += piece.length;
          if (sent >= total) c.close();
        },
      }));
    }
    if (path === "/aborted") return new Response(String(aborted));
    if (path === "/latin1") {
      return new Response("x", { headers: { "content-disposition": "attachment; filename=\"caf\u00e9.txt\"" } });
    }
    return new Response(`ok ${(await request.arrayBuffer()).byteLength}`);
  },
};
"#;

/// A handler answering a plain object (not a web `Response`).
const PLAIN: &str = r#"
export function handler(req) {
  if (req.path === "/101") return { status: 101, body: "" };
  if (req.path === "/euro") return { status: 200, headers: { "x-euro": "\u20ac", "x-ok": "caf\u00e9" }, body: "e" };
  return "ok";
}
"#;

fn start(server: &str, pool: &str, js: &str) -> Daemon {
    let config =
        format!("[server]\n{server}\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n{pool}\n");
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", js)],
        env: &[("BEXT_TEST_FAULTS", "requests")],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

/// Everything `s` has now, and whether it ended (EOF or reset); never
/// blocks for long.
fn drain(s: &mut TcpStream, into: &mut Vec<u8>) -> bool {
    s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    let mut chunk = [0u8; 64 * 1024];
    loop {
        match s.read(&mut chunk) {
            Ok(0) => return true,
            Ok(n) => into.extend_from_slice(&chunk[..n]),
            Err(e) if would_block(&e) => return false,
            Err(_) => return true,
        }
    }
}

fn would_block(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// The value of an unlabelled metric in `/metrics`.
fn metric(d: &Daemon, name: &str) -> f64 {
    let text = d.get("/metrics").body;
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in:\n{text}"))
}

fn rss_kib(pid: nix::unistd::Pid) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[test]
fn slow_bodies_get_408_at_the_body_timeout_while_new_clients_are_served() {
    let d = start("body_timeout_ms = 1000\nmax_connections = 60", "", APP);
    let timeout = Duration::from_millis(1000);
    // (connection, when its last byte went, what it read, when it ended)
    let mut slow: Vec<(TcpStream, Instant, Vec<u8>, Option<Instant>)> = (0..50)
        .map(|_| {
            let mut s = TcpStream::connect(d.addr).unwrap();
            s.write_all(b"POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\nab")
                .unwrap();
            (s, Instant::now(), Vec::new(), None)
        })
        .collect();
    let served = d.request("POST", "/", &[], b"hello");
    assert_eq!((served.status, served.body.as_str()), (200, "ok 5"));
    wait_for(Duration::from_secs(10), "every slow body closed", || {
        for (s, _, got, end) in slow.iter_mut().filter(|c| c.3.is_none()) {
            if drain(s, got) {
                *end = Some(Instant::now());
            }
        }
        slow.iter().all(|c| c.3.is_some()).then_some(())
    });
    for (_, sent, got, end) in &slow {
        let text = String::from_utf8_lossy(got);
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
        assert!(text.contains("body_timeout_ms"), "{text}");
        let lived = end.unwrap() - *sent;
        // The deadline itself is unit-tested against a paused clock
        // (front/intake.rs); here the bound a loaded machine cannot break.
        assert!(lived >= timeout - Duration::from_millis(50), "{lived:?}");
    }
    assert_eq!(metric(&d, "bext_request_bodies_timed_out_total"), 50.0);
    assert_eq!(d.get("/").status, 200);
}

#[test]
fn past_the_body_budget_a_new_body_waits_then_gets_503() {
    let d = start(
        "body_timeout_ms = 1000\nmax_body_bytes = 1048576\nmax_buffered_body_bytes = 1048576",
        "",
        APP,
    );
    // A 1000 KiB body whose answer takes 3 s holds the budget meanwhile.
    let big = vec![b'a'; 1000 << 10];
    let addr = d.addr;
    let holder = std::thread::spawn(move || {
        bext_e2e::request(addr, "POST", "/slow-answer", &[], &big).status
    });
    wait_for(Duration::from_secs(10), "the big body held", || {
        (metric(&d, "bext_request_body_buffered_bytes") >= (1000 << 10) as f64).then_some(())
    });
    // 100 KiB more do not fit: after body_timeout_ms of waiting, 503.
    let mut s = TcpStream::connect(d.addr).unwrap();
    let mut req = b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 102400\r\n\r\n".to_vec();
    req.extend_from_slice(&[b'b'; 100 << 10]);
    s.write_all(&req).unwrap();
    let mut got = Vec::new();
    wait_for(Duration::from_secs(10), "the refusal", || {
        drain(&mut s, &mut got).then_some(())
    });
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 503"), "{text}");
    assert!(text.contains("too many request bodies"), "{text}");
    assert_eq!(metric(&d, "bext_request_bodies_refused_total"), 1.0);
    assert_eq!(holder.join().unwrap(), 200);
    // Given back once answered.
    let ok = d.request("POST", "/", &[], &vec![b'c'; 200 << 10]);
    assert_eq!((ok.status, ok.body.as_str()), (200, "ok 204800"));
    assert_eq!(metric(&d, "bext_request_body_buffered_bytes"), 0.0);
}

#[test]
fn a_stream_longer_than_the_idle_timeout_arrives_whole() {
    let d = start("idle_timeout_ms = 2000", "request_timeout_ms = 0", APP);
    let t0 = Instant::now();
    let r = d.get("/ticks");
    assert_eq!(r.status, 200);
    let ticks: Vec<&str> = r.body.lines().collect();
    assert_eq!(ticks.len(), 12, "{}", r.body);
    assert_eq!(ticks[11], "tick 12");
    assert!(t0.elapsed() >= Duration::from_secs(6));
}

#[test]
fn the_event_stream_stays_open_past_the_idle_timeout() {
    let d = start("idle_timeout_ms = 2000", "", APP);
    let mut s = TcpStream::connect(d.addr).unwrap();
    s.write_all(b"GET /__bext/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    let (t0, mut got) = (Instant::now(), Vec::new());
    // Three idle timeouts: a stream cut at the first would end here.
    while t0.elapsed() < Duration::from_secs(6) {
        assert!(
            !drain(&mut s, &mut got),
            "closed after {:?}: {}",
            t0.elapsed(),
            String::from_utf8_lossy(&got)
        );
    }
    let before = got.len();
    wait_for(Duration::from_secs(5), "more of the stream", || {
        drain(&mut s, &mut got);
        (got.len() > before).then_some(())
    });
    assert!(
        contains(&got, b"event: tick"),
        "{}",
        String::from_utf8_lossy(&got)
    );
}

#[test]
fn a_client_that_stops_reading_is_closed_at_the_write_timeout_and_frees_its_worker() {
    let d = start("write_timeout_ms = 1000", "request_timeout_ms = 0", APP);
    let mut s = TcpStream::connect(d.addr).unwrap();
    s.write_all(b"GET /endless HTTP/1.1\r\nHost: t\r\n\r\n")
        .unwrap();
    // Reads nothing: the socket fills, bextd's writes wait, and past
    // write_timeout_ms it closes the connection and cancels the stream.
    d.wait_log("request.signal fired", Duration::from_secs(20));
    // The one worker is free again.
    assert_eq!(d.get("/aborted").body, "1");
    let mut got = Vec::new();
    wait_for(Duration::from_secs(10), "the connection closed", || {
        drain(&mut s, &mut got).then_some(())
    });
    assert!(!got.ends_with(b"\r\n0\r\n\r\n"), "the cut body looks whole");
    assert_eq!(metric(&d, "bext_responses_write_timed_out_total"), 1.0);
}

#[test]
fn a_worker_that_ignores_the_credit_window_is_killed_and_bextd_stays_small() {
    let d = start("write_timeout_ms = 60000", "request_timeout_ms = 0", APP);
    let before = d.worker_pids();
    let rss0 = rss_kib(d.pid);
    let mut s = TcpStream::connect(d.addr).unwrap();
    s.write_all(b"GET /flood HTTP/1.1\r\nHost: t\r\nx-bext-test-fault: ignore-window\r\n\r\n")
        .unwrap();
    d.wait_log("over the window", Duration::from_secs(20));
    d.wait_log("broke the protocol", Duration::from_secs(5));
    wait_for(Duration::from_secs(20), "a new worker", || {
        let now = d.worker_pids();
        (now.len() == 1 && now != before).then_some(())
    });
    let grew = rss_kib(d.pid).saturating_sub(rss0);
    // The flood was 64 MiB; bextd held at most the window and change.
    assert!(grew < 24 << 10, "bextd grew by {grew} KiB");
    assert_eq!(metric(&d, "bext_stream_window_overruns_total"), 1.0);
    drop(s);
    assert_eq!(d.get("/aborted").status, 200, "the new worker serves");
}

#[test]
fn a_1xx_status_answers_500_with_a_log_line() {
    let d = start("", "", PLAIN);
    assert_eq!(d.get("/101").status, 500);
    d.wait_log(
        "1xx are not final answers), got 101",
        Duration::from_secs(5),
    );
}

#[test]
fn header_values_with_obs_text_reach_the_client_as_latin1_bytes() {
    for (js, path) in [(APP, "/latin1"), (PLAIN, "/euro")] {
        let d = start("", "", js);
        let mut s = TcpStream::connect(d.addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut got = Vec::new();
        wait_for(Duration::from_secs(10), "the answer", || {
            drain(&mut s, &mut got).then_some(())
        });
        let head = &got[..got.windows(4).position(|w| w == b"\r\n\r\n").unwrap()];
        let text = String::from_utf8_lossy(head);
        if path == "/latin1" {
            assert!(
                contains(
                    head,
                    b"content-disposition: attachment; filename=\"caf\xe9.txt\""
                ),
                "{text}"
            );
        } else {
            assert!(contains(head, b"x-ok: caf\xe9\r\n"), "{text}");
            assert!(!contains(head, b"x-euro"), "{text}");
            let logged = poll(Duration::from_secs(5), || {
                d.logs()
                    .contains("dropped the response header x-euro")
                    .then_some(())
            });
            assert!(logged.is_some(), "{}", d.logs());
            assert!(d.logs().contains("above U+00FF"), "{}", d.logs());
        }
    }
}

#[test]
fn a_whole_answer_over_the_frame_limit_says_to_stream_it() {
    let js = r#"export function handler(req) { return "x".repeat(34 * 1024 * 1024); }"#;
    let d = start("", "", js);
    assert_eq!(d.get("/").status, 500);
    d.wait_log(
        "over the limit of 34537472 bytes (the worker protocol's frame limit less 65536 for the head); answering 500. Stream it instead",
        Duration::from_secs(10),
    );
}

#[test]
fn a_slow_admin_body_gets_408_too() {
    let d = start("body_timeout_ms = 500", "", APP);
    let mut s = TcpStream::connect(d.addr).unwrap();
    s.write_all(
        b"POST /__bext/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nab",
    )
    .unwrap();
    let mut got = Vec::new();
    wait_for(
        Duration::from_secs(10),
        "the slow admin body closed",
        || drain(&mut s, &mut got).then_some(()),
    );
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
}
