//! Who may open a WebSocket, by default: a browser page of another host
//! is refused (403, one log line) unless `ws_allowed_origins` lists it; a
//! client address holds at most `ws_max_client_sockets` (429 past it); a
//! plain request to a socket handler gets `bext.upgradeWebSocket`'s 426.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

use bext_e2e::{Daemon, Setup};

const ECHO: &str = r#"
export function handler(req) {
  const { socket, response } = bext.upgradeWebSocket(req);
  socket.onmessage = (e) => socket.send(e.data);
  return response;
}
"#;

fn start(extra: &str) -> Daemon {
    let config = format!("[render]\nscript = \"echo.js\"\njsc_workers = 1\n{extra}\n");
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("echo.js", ECHO)],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

/// An upgrade with `host` and `extra` headers: the connection (open if it
/// was upgraded) and the status.
fn upgrade(d: &Daemon, host: &str, extra: &str) -> (TcpStream, u16) {
    let mut s = TcpStream::connect(d.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: WebSocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    )
    .unwrap();
    let mut line = String::new();
    BufReader::new(s.try_clone().unwrap())
        .read_line(&mut line)
        .unwrap();
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (s, status)
}

#[test]
fn another_origin_is_refused_with_403_unless_listed() {
    let d = start("");
    let host = "app.example.com:8080";
    assert_eq!(upgrade(&d, host, "Origin: https://evil.example\r\n").1, 403);
    d.wait_log(
        "refused a WebSocket upgrade from another origin",
        Duration::from_secs(5),
    );
    assert_eq!(upgrade(&d, host, "Origin: null\r\n").1, 403);
    // The same host (port and scheme aside), and no Origin at all (no browser).
    assert_eq!(
        upgrade(&d, host, "Origin: https://app.example.com\r\n").1,
        101
    );
    assert_eq!(upgrade(&d, host, "").1, 101);

    let d = start("ws_allowed_origins = [\"https://evil.example\"]");
    assert_eq!(upgrade(&d, host, "Origin: https://evil.example\r\n").1, 101);
    // A list replaces the same-host rule.
    assert_eq!(
        upgrade(&d, host, "Origin: https://app.example.com\r\n").1,
        403
    );
    let d = start("ws_allowed_origins = [\"*\"]");
    assert_eq!(
        upgrade(&d, host, "Origin: https://anywhere.example\r\n").1,
        101
    );
}

#[test]
fn a_client_address_holds_at_most_ws_max_client_sockets() {
    let d = start("ws_max_client_sockets = 3");
    let open: Vec<TcpStream> = (0..3)
        .map(|_| {
            let (s, status) = upgrade(&d, "localhost", "");
            assert_eq!(status, 101);
            s
        })
        .collect();
    assert_eq!(upgrade(&d, "localhost", "").1, 429);
    d.wait_log(
        "holds ws_max_client_sockets already",
        Duration::from_secs(5),
    );
    // One closes: its place is given back.
    drop(open);
    d.wait_until(Duration::from_secs(10), "a place given back", || {
        (upgrade(&d, "localhost", "").1 == 101).then_some(())
    });
}

#[test]
fn the_defaults_cap_each_address_and_the_pool() {
    let d = start("");
    let effective = bext_e2e::run_bextd(
        &[
            "--config",
            d.dir.path().join("bext.toml").to_str().unwrap(),
            "--check-config",
        ],
        d.dir.path(),
    )
    .1;
    assert!(
        effective.contains("ws_max_client_sockets = 256"),
        "{effective}"
    );
    assert!(
        effective.contains("max_pool_sockets = 10000"),
        "{effective}"
    );
}

#[test]
fn a_plain_request_to_a_socket_handler_gets_426() {
    let d = start("");
    let r = d.get("/ws");
    assert_eq!(r.status, 426, "{}", r.body);
    assert_eq!(r.header("upgrade"), Some("websocket"));
}
