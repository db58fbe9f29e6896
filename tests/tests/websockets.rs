//! WebSockets through the pool, end to end, with a real client (Python's
//! `websockets` package, installed by scripts/test into target/py, and raw
//! frames for the RFC 6455 breaches): echo of text and binary from both
//! script shapes, fragmented messages, subprotocols, the message size
//! limit, pings and the idle timeout, the close codes of each breach, and
//! permessage-deflate (agreed when offered, compressed both ways on the
//! wire, its inflated size held to the limit).

use std::time::Duration;

use bext_e2e::ws::client;
use bext_e2e::{Daemon, Setup};

/// A handler-shape echo server (`export function handler`); it picks the
/// `chat` subprotocol when offered, and says how many sockets it has seen.
const HANDLER: &str = r#"
let opened = 0, closed = [];
export function handler(req) {
  if (req.path === "/ws") {
    const offered = (req.headers["sec-websocket-protocol"] || "").split(",").map((s) => s.trim());
    const { socket, response } = bext.upgradeWebSocket(req, offered.includes("chat") ? { protocol: "chat" } : {});
    socket.addEventListener("open", () => { opened++; });
    socket.onmessage = (e) => socket.send(e.data);
    socket.onclose = (e) => { closed.push(e.code); };
    return response;
  }
  if (req.path === "/stats") return { opened, closed };
  return "plain";
}
"#;

/// The same in the `export default { fetch }` shape.
const FETCH: &str = r#"
export default {
  fetch(request) {
    if (request.headers.get("upgrade") !== "websocket") return new Response("not a socket", { status: 426 });
    const { socket, response } = bext.upgradeWebSocket(request);
    socket.onmessage = (e) => socket.send(typeof e.data === "string" ? e.data.toUpperCase() : e.data);
    return response;
  },
};
"#;

fn url(d: &Daemon, path: &str) -> String {
    format!("ws://{}{path}", d.addr)
}

fn start(extra: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/(ws|stats|plain)\"\n{extra}\n[pools.f]\nscript = \"fetch.js\"\njsc_workers = 1\nroute = \"^/f\"\n"
    );
    Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", HANDLER), ("fetch.js", FETCH)],
        ..Setup::default()
    })
}

#[test]
fn echo_text_binary_and_fragments_from_both_shapes() {
    let d = start("");
    d.wait_workers(2);
    let out = client(&["echo", &url(&d, "/ws")]);
    assert_eq!(out["subprotocol"], "chat", "{out}");
    assert_eq!(out["text"], "héllo", "{out}");
    assert_eq!(out["binary"], "0001ff", "{out}");
    assert_eq!(out["fragmented"], "fragmented", "{out}");
    assert_eq!(out["fragmented_binary"], "010203", "{out}");
    assert!(out["pong"].as_bool().unwrap(), "bextd answers pings: {out}");
    // The worker saw the open and the client's close code.
    let stats = d.wait_until(Duration::from_secs(5), "the close in the worker", || {
        let s = d.get("/stats").json();
        (s["closed"] == serde_json::json!([1000])).then_some(s)
    });
    assert_eq!(stats["opened"], 1);

    let out = client(&["echo", &url(&d, "/f/ws")]);
    assert_eq!(out["subprotocol"], serde_json::Value::Null, "{out}");
    assert_eq!(out["text"], "HÉLLO", "{out}");
    assert_eq!(out["binary"], "0001ff", "{out}");
    assert_eq!(out["fragmented"], "FRAGMENTED", "{out}");
    // A plain request still gets a plain answer.
    assert_eq!(d.get("/plain").body, "plain");
    assert_eq!(d.get("/f/x").status, 426);
}

#[test]
fn a_message_over_the_limit_is_refused_with_1009() {
    let d = start("");
    d.wait_workers(2);
    // The default ws_max_message_bytes is 1 MiB; 16 MB is refused.
    let out = client(&["big", &url(&d, "/ws"), "16000000"]);
    assert_eq!(out["code"], 1009, "{out}");
    // The key moves the limit: 3 MB is over 2.5 MB.
    let d = start("ws_max_message_bytes = 2500000");
    d.wait_workers(2);
    let out = client(&["big", &url(&d, "/ws"), "3000000"]);
    assert_eq!(out["code"], 1009, "{out}");
}

#[test]
fn rfc6455_breaches_get_the_close_code_that_names_them() {
    let d = start("");
    d.wait_workers(2);
    for (case, code) in [
        ("bad-utf8", 1007),
        ("reserved-bits", 1002),
        ("big-control", 1002),
        ("fragmented-control", 1002),
    ] {
        let out = client(&["raw", &url(&d, "/ws"), case]);
        assert_eq!(out["code"], code, "{case}: {out}");
    }
    // The worker was told of each end, and serves on.
    let out = client(&["echo", &url(&d, "/ws")]);
    assert_eq!(out["text"], "héllo");
}

#[test]
fn bextd_pings_and_closes_a_silent_client_with_1001() {
    let d = start("ws_ping_interval_ms = 300\nws_idle_timeout_ms = 1000");
    d.wait_workers(2);
    // The client answers the first ping, then says nothing: bextd closes
    // it about ws_idle_timeout_ms after that pong.
    let out = client(&["raw-ping", &url(&d, "/ws"), "1"]);
    assert_eq!(out["pinged"], true, "{out}");
    assert_eq!(out["code"], 1001, "{out}");
    assert_eq!(out["reason"], "idle timeout", "{out}");
    let silent = out["silent_s"].as_f64().unwrap();
    assert!((0.8..3.0).contains(&silent), "{out}");
    // A client that answers pings stays open past the idle timeout.
    let out = client(&["wait-close", &url(&d, "/ws"), "2.5"]);
    assert_eq!(out["reason"], "still open", "{out}");
}

#[test]
fn a_client_offering_permessage_deflate_gets_it_and_compressed_messages_echo() {
    let d = start("");
    d.wait_workers(2);
    // Python's websockets offers permessage-deflate; large, repetitive
    // text and binary messages echo whole.
    let out = client(&["deflate", &url(&d, "/ws")]);
    let agreed = out["extensions"].as_str().unwrap_or_default();
    assert!(agreed.starts_with("permessage-deflate"), "{out}");
    assert!(agreed.contains("server_no_context_takeover"), "{out}");
    assert_eq!(out["text_ok"], true, "{out}");
    assert_eq!(out["binary_ok"], true, "{out}");
    // On the wire: a compressed message in, its echo compressed out.
    let out = client(&["raw-deflate", &url(&d, "/ws"), "echo"]);
    let head = out["head"].as_str().unwrap().to_ascii_lowercase();
    assert!(
        head.contains("sec-websocket-extensions: permessage-deflate"),
        "{out}"
    );
    assert_eq!(out["compressed"], true, "{out}");
    assert_eq!(out["echo_ok"], true, "{out}");
    assert_eq!(out["code"], 1000, "{out}");

    // ws_compression = false: not agreed, and the messages still echo.
    let d = start("ws_compression = false");
    d.wait_workers(2);
    let out = client(&["deflate", &url(&d, "/ws")]);
    assert_eq!(out["extensions"], serde_json::Value::Null, "{out}");
    assert_eq!(out["text_ok"], true, "{out}");
    assert_eq!(out["binary_ok"], true, "{out}");
}

/// bextd's peak RSS so far (VmHWM): a message inflated whole and freed
/// would leave the current RSS as it was, not the peak.
fn peak_rss_kib(pid: nix::unistd::Pid) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[test]
fn a_compressed_message_inflating_past_the_limit_is_refused_with_1009_in_bounded_memory() {
    let d = start("");
    d.wait_workers(2);
    let peak0 = peak_rss_kib(d.pid);
    // Each bomb is about 64 KiB on the wire and 64 MiB inflated: bextd
    // inflates no more than ws_max_message_bytes (1 MiB) of it.
    for _ in 0..4 {
        let out = client(&["raw-deflate", &url(&d, "/ws"), "bomb"]);
        assert!(out["wire_bytes"].as_u64().unwrap() < 100_000, "{out}");
        assert_eq!(out["code"], 1009, "{out}");
    }
    let grown = peak_rss_kib(d.pid).saturating_sub(peak0);
    println!("bextd's peak RSS grew {grown} KiB over four 64 MiB bombs");
    assert!(grown < 16 * 1024, "bextd's peak grew by {grown} KiB");
    // The worker heard of each end, and serves on.
    let out = client(&["echo", &url(&d, "/ws")]);
    assert_eq!(out["text"], "héllo", "{out}");
}
