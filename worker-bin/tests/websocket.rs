//! The server side of WebSockets in a real engine, without bextd: what
//! `bext.upgradeWebSocket` answers, the socket's states and events, its
//! errors, and `bufferedAmount` when the credit window is spent. (The
//! serve loop's part, and bextd's, are tested end to end in
//! tests/tests/websockets.rs.)

mod harness;

use bext_worker::engine::SocketNews;
use harness::{Harness, header};
use protocol::worker::HttpRequest;

const APP: &str = r#"
export let socket = null;
const seen = [];
export function handler(req) {
  if (req.path === "/seen") return seen.join("; ");
  if (req.path === "/close") { socket.close(4000, "done"); return "ok"; }
  if (req.path === "/plain") {
    try { bext.upgradeWebSocket(req); } catch (e) { return `${e.name}: ${e.message}`; }
  }
  if (req.path === "/wrong-protocol") {
    try { bext.upgradeWebSocket(req, { protocol: "mqtt" }); } catch (e) { return `${e.name}: ${e.message}`; }
  }
  const up = bext.upgradeWebSocket(req, { protocol: "chat" });
  socket = up.socket;
  seen.push(`state ${socket.readyState} protocol ${socket.protocol}`);
  try { socket.send("too soon"); } catch (e) { seen.push(e.name); }
  try { socket.close(1001); } catch (e) { seen.push(e.name); }
  socket.addEventListener("open", () => seen.push(`open ${socket.readyState}`));
  socket.onmessage = (e) => {
    if (e.data === "big") {
      const piece = "x".repeat(200 * 1024);
      socket.send(piece);
      socket.send(piece);
      seen.push(`buffered ${socket.bufferedAmount}`);
      return;
    }
    socket.send(e.data);
  };
  socket.onclose = (e) => seen.push(`close ${e.code} ${e.reason} ${e.wasClean} ${socket.readyState}`);
  return up.response;
}
"#;

fn upgrade(url: &str) -> HttpRequest {
    let h = |k: &str, v: &str| (k.to_string(), v.to_string());
    HttpRequest {
        method: "GET".into(),
        url: url.into(),
        headers: vec![
            h("upgrade", "websocket"),
            h("connection", "Upgrade"),
            h("sec-websocket-protocol", "chat, v2"),
        ],
        body: vec![],
        ip: "127.0.0.1".into(),
    }
}

/// What JS said on the socket since the last call (sends, closes), and
/// what its listeners saw so far.
fn news(h: &mut Harness) -> (Vec<String>, String) {
    let seen = harness::body(&h.get("/seen").unwrap());
    let sent = h
        .logs
        .drain(..)
        .filter(|l| l.starts_with("socket "))
        .collect();
    (sent, seen)
}

#[test]
fn an_upgrade_answers_101_and_the_socket_lives_through_its_events() {
    let mut h = Harness::new(APP);
    h.engine.dispatch(100, 7, upgrade("/ws"));
    let r = h.wait(100).unwrap();
    assert_eq!(r.status, 101);
    assert_eq!(header(&r, "sec-websocket-protocol"), Some("chat"));
    let (_, seen) = news(&mut h);
    assert_eq!(
        seen,
        "state 0 protocol chat; InvalidStateError; InvalidAccessError"
    );
    // The loop opens it; messages come and go.
    h.engine.socket_event(1, SocketNews::Open);
    h.engine
        .socket_event(1, SocketNews::Message(true, b"hi".to_vec()));
    h.engine
        .socket_event(1, SocketNews::Message(false, vec![1, 2, 3]));
    let (sent, seen) = news(&mut h);
    assert_eq!(
        sent,
        vec![
            "socket 1 send text: hi",
            "socket 1 send binary: \u{1}\u{2}\u{3}"
        ]
    );
    assert!(seen.ends_with("open 1"), "{seen}");
    // Past the window (256 KiB) a message waits in bufferedAmount.
    h.engine
        .socket_event(1, SocketNews::Message(true, b"big".to_vec()));
    h.engine
        .socket_event(1, SocketNews::Message(true, b"big".to_vec()));
    let (sent, seen) = news(&mut h);
    assert_eq!(sent.len(), 2, "the first two of four go: {}", sent.len());
    assert!(seen.ends_with("buffered 0; buffered 409600"), "{seen}");
    // A credit reopens the window: what waited goes.
    *h.engine
        .host()
        .socket_windows
        .borrow_mut()
        .get_mut(&1)
        .unwrap() += 1 << 20;
    h.engine.socket_event(1, SocketNews::Drain);
    let (sent, _) = news(&mut h);
    assert_eq!(sent.len(), 2);
    h.get("/close").unwrap();
    let (sent, _) = news(&mut h);
    assert_eq!(sent, vec!["socket 1 close 4000 done"]);
    h.engine
        .socket_event(1, SocketNews::Closed(4000, "done".into()));
    let (_, seen) = news(&mut h);
    assert!(seen.ends_with("close 4000 done true 3"), "{seen}");
}

#[test]
fn a_request_that_is_no_upgrade_or_a_protocol_not_offered_is_refused() {
    let mut h = Harness::new(APP);
    // A plain request is answered 426, saying what the resource wants, so
    // a handler needs no test of its own.
    let r = h.get("/plain").unwrap();
    assert_eq!(r.status, 426, "{}", harness::body(&r));
    assert_eq!(harness::header(&r, "upgrade"), Some("websocket"));
    assert!(
        harness::body(&r).starts_with("a WebSocket upgrade is required here"),
        "{}",
        harness::body(&r)
    );
    h.engine.dispatch(100, 7, upgrade("/wrong-protocol"));
    let r = h.wait(100).unwrap();
    assert!(
        harness::body(&r).contains("did not offer the subprotocol \"mqtt\" (it offered: chat, v2)"),
        "{}",
        harness::body(&r)
    );
}
