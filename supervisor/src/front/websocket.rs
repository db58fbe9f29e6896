//! WebSockets through the pool: bextd upgrades, a worker accepts, bextd
//! relays.
//!
//! An upgrade request (RFC 6455 §4.2.1) goes through routing, admission
//! and a worker like any request, and counts as one for `max_requests`.
//! If the worker's handler answers with `bext.upgradeWebSocket(req)`'s
//! response (101), bextd sends the handshake's answer and, once hyper hands
//! over the connection, runs a relay for the socket on its own task; any
//! other answer goes to the client as usual. The socket stays pinned to the
//! worker that accepted it.
//!
//! The relay frames with tokio-tungstenite, which checks RFC 6455 (masking,
//! reserved bits, control frames of at most 125 bytes and never fragmented,
//! UTF-8 of text messages) and joins fragments; bextd answers a breach with
//! the close code that names it (1002 protocol error, 1007 bad UTF-8, 1009
//! a message over `ws_max_message_bytes`). Whole messages go to the worker
//! as frames of their own; the worker's messages come back credited
//! (`pool::link::socket`), so a client that does not read fills the
//! socket's `bufferedAmount` in the worker, not bextd's memory.
//! permessage-deflate is not offered (tungstenite 0.30 has no extension
//! support), so clients send uncompressed frames.
//!
//! bextd pings each client every `ws_ping_interval_ms` and closes a socket
//! whose client sent nothing (pongs included) for `ws_idle_timeout_ms`
//! (1001). Close codes a client meets: its worker drains (a rotation, a
//! restart, a reload): 1012 after `ws_drain_ms`; bextd shuts down: 1001
//! once it stops accepting; its worker dies: 1011 at once.
//!
//! The socket holds its connection's place under `max_connections` and
//! the shutdown's watch until it ends.

use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use hyper::body::Incoming;
use hyper::header::{CONNECTION, HeaderValue, SEC_WEBSOCKET_ACCEPT, SEC_WEBSOCKET_KEY, UPGRADE};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::io::AsyncReadExt;
use tokio::time::{Instant, sleep_until};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Error as WsError, Message, Utf8Bytes};

use super::conn::Held;
use super::{Front, Reply, body, plain};
use crate::config::WebSocket as Limits;
use crate::otel::RequestTrace;
use crate::pool::PoolHandle;
use crate::pool::dispatch;
use crate::pool::link::{SocketEvent, SocketHead, WorkerLink};

type Socket = WebSocketStream<TokioIo<hyper::upgrade::Upgraded>>;

/// How long bextd waits for a client's answer to its close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

impl Front {
    /// An upgrade request for `pool`: checked, sent to a worker, and
    /// relayed once the worker accepts it.
    pub(super) async fn upgrade(
        &self,
        pool: &PoolHandle,
        peer_ip: &str,
        mut req: Request<Incoming>,
        trace: &RequestTrace,
    ) -> Reply {
        let h = req.headers();
        let version_ok = h
            .get("sec-websocket-version")
            .is_some_and(|v| v.as_bytes() == b"13");
        let Some(key) = h.get(SEC_WEBSOCKET_KEY).map(|k| k.as_bytes().to_vec()) else {
            return plain(
                StatusCode::BAD_REQUEST,
                "a WebSocket upgrade needs Sec-WebSocket-Key",
            );
        };
        if !version_ok {
            let mut r = plain(StatusCode::UPGRADE_REQUIRED, "WebSocket version 13 only");
            r.headers_mut()
                .insert("sec-websocket-version", HeaderValue::from_static("13"));
            return r;
        }
        let offered: Vec<String> = h
            .get_all("sec-websocket-protocol")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|p| p.trim().to_owned())
            .collect();
        if !dispatch::socket_room(pool) {
            let mut r = plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "too many WebSockets (max_sockets)",
            );
            r.headers_mut()
                .insert(hyper::header::RETRY_AFTER, HeaderValue::from_static("1"));
            return r;
        }
        let upgrade = hyper::upgrade::on(&mut req);
        let held = req.extensions().get::<Held>().cloned();
        let (parts, _body) = req.into_parts();
        let request = super::worker_request(&parts, &[], peer_ip);
        let (head, link, id) = match dispatch::request(pool, request, trace).await {
            Ok(dispatch::Answered::Socket { head, link, id }) => (head, link, id),
            other => return self.answered(pool, other, trace),
        };
        let Some(reply) = handshake(&pool.name, &key, &head, &offered) else {
            link.socket_ended(id, 1002, "bad subprotocol".into());
            return plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the worker chose a subprotocol the client did not offer",
            );
        };
        let relay = Relay {
            link,
            id,
            limits: pool.config().settings.websocket,
            held,
        };
        tokio::spawn(relay.run(upgrade, head.events));
        reply
    }
}

/// The 101 answer, or `None` if the worker chose a subprotocol the client
/// did not offer.
fn handshake(pool: &str, key: &[u8], head: &SocketHead, offered: &[String]) -> Option<Reply> {
    let accept = tokio_tungstenite::tungstenite::handshake::derive_accept_key(key);
    let mut r = Response::new(body::full(""));
    *r.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
    let h = r.headers_mut();
    h.insert(CONNECTION, HeaderValue::from_static("upgrade"));
    h.insert(UPGRADE, HeaderValue::from_static("websocket"));
    h.insert(SEC_WEBSOCKET_ACCEPT, HeaderValue::from_str(&accept).ok()?);
    let chosen = head
        .headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("sec-websocket-protocol"));
    if let Some((_, p)) = chosen {
        if !offered.iter().any(|o| o == p) {
            tracing::warn!(pool, protocol = %crate::logging::untrusted(p), "the worker chose a WebSocket subprotocol the client did not offer; answering 500");
            return None;
        }
        h.insert("sec-websocket-protocol", HeaderValue::from_str(p).ok()?);
    }
    Some(r)
}

/// One socket's relay between its client and its worker.
struct Relay {
    link: Arc<WorkerLink>,
    id: u64,
    limits: Limits,
    held: Option<Held>,
}

/// How a relay ended: the code and reason the worker's `close` event gets.
type End = (u16, String);

impl Relay {
    async fn run(
        self,
        upgrade: hyper::upgrade::OnUpgrade,
        events: tokio::sync::mpsc::UnboundedReceiver<SocketEvent>,
    ) {
        let upgraded = match upgrade.await {
            Ok(u) => u,
            Err(e) => {
                tracing::debug!(error = %e, "a WebSocket upgrade failed");
                return self.link.socket_ended(self.id, 1006, String::new());
            }
        };
        let max = self.limits.max_message_bytes;
        // tungstenite's default 128 KiB read buffer, allocated up front,
        // was 133 KiB of bextd's RSS per idle socket (scripts/bench/
        // websockets.sh); 8 KiB reads keep an idle socket small.
        let config = WebSocketConfig::default()
            .read_buffer_size(READ_BUFFER)
            .write_buffer_size(READ_BUFFER)
            .max_message_size(Some(max))
            .max_frame_size(Some(max));
        let mut ws =
            WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config))
                .await;
        let (code, reason) = self.relay(&mut ws, events).await;
        self.link.socket_ended(self.id, code, reason);
    }

    async fn relay(
        &self,
        ws: &mut Socket,
        mut events: tokio::sync::mpsc::UnboundedReceiver<SocketEvent>,
    ) -> End {
        let far = Instant::now() + Duration::from_secs(86_400 * 365);
        let every = self.limits.ping_interval;
        let mut ping_at = every.map_or(far, |e| Instant::now() + e);
        let mut heard = Instant::now();
        let mut drain_at = far;
        // An event read while batching messages, handled next.
        let mut held = None;
        let stopping = async {
            match &self.held {
                Some(h) => h.watcher.stopping().await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(stopping);
        loop {
            let idle_at = self.limits.idle_timeout.map_or(far, |t| heard + t);
            tokio::select! {
                msg = ws.next() => {
                    heard = Instant::now();
                    match self.client_sent(ws, msg).await {
                        Ok(()) => {}
                        Err(end) => return end,
                    }
                }
                event = async { match held.take() {
                    Some(e) => Some(e),
                    None => events.recv().await,
                } } => match self.worker_event(ws, event, &mut held, &mut events).await {
                    Ok(Some(at)) => drain_at = drain_at.min(at),
                    Ok(None) => {}
                    Err(end) => return end,
                },
                _ = sleep_until(ping_at) => {
                    ping_at = every.map_or(far, |e| Instant::now() + e);
                    if !self.write(ws, Message::Ping(Default::default())).await {
                        return (1006, String::new());
                    }
                }
                _ = sleep_until(idle_at) => return close(ws, 1001, "idle timeout").await,
                _ = sleep_until(drain_at) => return close(ws, 1012, "service restart").await,
                _ = &mut stopping => return close(ws, 1001, "going away").await,
            }
        }
    }

    /// What the worker's side did: go on (with the drain's deadline, if it
    /// began), or the end of the socket.
    async fn worker_event(
        &self,
        ws: &mut Socket,
        event: Option<SocketEvent>,
        held: &mut Option<SocketEvent>,
        events: &mut tokio::sync::mpsc::UnboundedReceiver<SocketEvent>,
    ) -> Result<Option<Instant>, End> {
        match event {
            Some(SocketEvent::Message { text, data }) => {
                // What else waits goes in the same write, credited once.
                let mut batch = vec![(text, data)];
                while batch.len() < BATCH {
                    match events.try_recv() {
                        Ok(SocketEvent::Message { text, data }) => batch.push((text, data)),
                        Ok(other) => {
                            *held = Some(other);
                            break;
                        }
                        Err(_) => break,
                    }
                }
                let n = batch.iter().map(|(_, d)| d.len()).sum();
                if !self.write_all(ws, batch).await {
                    return Err((1006, String::new()));
                }
                self.link.socket_credit(self.id, n);
                Ok(None)
            }
            Some(SocketEvent::Close { code, reason }) => Err(close(ws, code, &reason).await),
            Some(SocketEvent::Drain) => Ok(Some(Instant::now() + self.limits.drain)),
            // The link closed: the worker died.
            None => Err(close(ws, 1011, "worker died").await),
        }
    }

    /// What the client sent: relayed, or the end of the socket.
    async fn client_sent(
        &self,
        ws: &mut Socket,
        msg: Option<Result<Message, WsError>>,
    ) -> Result<(), End> {
        match msg {
            Some(Ok(Message::Text(t))) => {
                let data = bytes::Bytes::from(t).to_vec();
                self.link.socket_send(self.id, true, data);
            }
            Some(Ok(Message::Binary(b))) => self.link.socket_send(self.id, false, b.to_vec()),
            Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
            Some(Ok(Message::Close(frame))) => {
                // tungstenite answers the close; read on until the end.
                let end = match frame {
                    Some(f) => (u16::from(f.code), f.reason.to_string()),
                    None => (1005, String::new()),
                };
                let _ =
                    tokio::time::timeout(CLOSE_WAIT, async { while ws.next().await.is_some() {} })
                        .await;
                return Err(end);
            }
            Some(Err(e)) => {
                let Some((code, why)) = refusal(&e) else {
                    return Err((1006, String::new()));
                };
                tracing::debug!(error = %e, code, "closing a WebSocket whose client broke RFC 6455");
                return Err(close(ws, code, why).await);
            }
            None => return Err((1006, String::new())),
        }
        Ok(())
    }

    /// Writes the worker's messages with one flush; false if the client
    /// took nothing for the idle timeout (or the connection broke).
    async fn write_all(&self, ws: &mut Socket, batch: Vec<(bool, bytes::Bytes)>) -> bool {
        let wait = self
            .limits
            .idle_timeout
            .unwrap_or(Duration::from_secs(86_400));
        let send = async {
            for (text, data) in batch {
                ws.feed(message(text, data)).await?;
            }
            ws.flush().await
        };
        matches!(tokio::time::timeout(wait, send).await, Ok(Ok(())))
    }

    /// Writes `msg`; false if the client took nothing for the idle timeout
    /// (or the connection broke).
    async fn write(&self, ws: &mut Socket, msg: Message) -> bool {
        let wait = self
            .limits
            .idle_timeout
            .unwrap_or(Duration::from_secs(86_400));
        matches!(tokio::time::timeout(wait, ws.send(msg)).await, Ok(Ok(())))
    }
}

/// Bytes tungstenite reads at once (and buffers before a write).
const READ_BUFFER: usize = 8 * 1024;

/// Messages from the worker written together at most.
const BATCH: usize = 64;

/// A message of the worker's as tungstenite sends it. The worker sends
/// text as UTF-8 (its strings, lossily); anything else is made valid.
fn message(text: bool, data: bytes::Bytes) -> Message {
    if !text {
        return Message::Binary(data);
    }
    match std::str::from_utf8(&data) {
        Ok(_) => Message::Text(Utf8Bytes::try_from(data).unwrap_or_default()),
        Err(_) => Message::text(String::from_utf8_lossy(&data).into_owned()),
    }
}

/// The close code for what the client did wrong, if it did.
fn refusal(e: &WsError) -> Option<(u16, &'static str)> {
    match e {
        WsError::Capacity(_) => Some((1009, "message too big")),
        WsError::Utf8(_) => Some((1007, "invalid UTF-8")),
        WsError::Protocol(_) => Some((1002, "protocol error")),
        _ => None,
    }
}

/// Sends a close frame and waits (briefly) for the client's answer.
async fn close(ws: &mut Socket, code: u16, reason: &str) -> End {
    let frame = CloseFrame {
        code: CloseCode::from(code),
        reason: Utf8Bytes::from(reason.to_owned()),
    };
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        if ws.send(Message::Close(Some(frame))).await.is_err() {
            return;
        }
        // The client's answer ends the handshake: then bextd closes the
        // connection first (RFC 6455 §7.1.1), which the client waits for.
        while let Some(Ok(msg)) = ws.next().await {
            if matches!(msg, Message::Close(_)) {
                return;
            }
        }
        // After a breach tungstenite reads no more, but the client may
        // still be sending (the rest of a message over the limit): read and
        // drop it until the client closes (or CLOSE_WAIT), for a socket
        // closed with unread bytes sends a reset that can overtake the
        // close frame.
        let mut sink = vec![0u8; 64 * 1024];
        while matches!(ws.get_mut().read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
    (code, reason.to_owned())
}
