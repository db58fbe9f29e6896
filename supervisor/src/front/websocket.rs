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
//! The relay frames by itself (`frame`, pure functions over bytes): RFC
//! 6455's checks on each frame's head as soon as its bytes arrive
//! (masking, reserved bits and opcodes, control frames of at most 125
//! bytes and never fragmented, a frame's size), fragments joined and a
//! text message's UTF-8 checked as it grows (`joining`), permessage-deflate
//! (`deflate`). A breach gets the close code that names it (1002 protocol
//! error, 1007 bad UTF-8, 1008 a ping flood, 1009 a message over
//! `ws_max_message_bytes`); then bextd skims what the client still sends
//! until its close frame (or a second), and closes the connection, having
//! shut its side first so that the close frame is read before the end.
//! A close (either side's, or a breach) waits up to half a second for the
//! handler to take the messages already sent to it, so that their answers
//! reach the client before the close frame does.
//!
//! Whole messages go to the worker as frames of their own, each reported
//! taken by the worker once its `message` event is dispatched; bextd reads
//! no more from a client whose untaken messages reach
//! `ws_max_buffered_bytes`, so TCP holds a fast client back. The worker's
//! messages come back credited (`pool::link::socket`), and bextd takes
//! them only while its write buffer for that client is small, so a client
//! that does not read fills the socket's `bufferedAmount` in the worker,
//! not bextd's memory.
//!
//! permessage-deflate (RFC 7692) is agreed when the client offers it (the
//! first acceptable offer) and `ws_compression` is on. Both directions run
//! without context takeover, so no deflate or inflate state lives with an
//! idle socket: each message borrows one from a per-thread pool and gives
//! it back at its end. The inflated size counts against
//! `ws_max_message_bytes` as it grows (1009 past it), so a small
//! compressed message that would inflate to gigabytes costs bextd no more
//! than the limit. bextd's own messages under 256 bytes go uncompressed.
//!
//! bextd pings each client every `ws_ping_interval_ms` and closes a socket
//! whose client sent nothing (pongs included) for `ws_idle_timeout_ms`
//! (1001). Close codes a client meets: its worker drains (a rotation, a
//! restart, a reload): 1012 after `ws_drain_ms`; bextd shuts down: 1001
//! once it stops accepting; its worker dies: 1011 at once.
//!
//! The socket holds its connection's place under `max_connections` and
//! the shutdown's watch until it ends.

use base64::Engine as _;
use hyper::body::Incoming;
use hyper::header::{HeaderValue, SEC_WEBSOCKET_KEY};
use hyper::{Request, Response, StatusCode};
use sha1::{Digest, Sha1};

use super::conn::Held;
use super::{Front, Reply, body, plain};
use crate::otel::RequestTrace;
use crate::pool::PoolHandle;
use crate::pool::dispatch;
use crate::pool::link::SocketHead;

mod admit;
mod deflate;
mod frame;
mod joining;
mod relay;
mod trim;

use deflate::Agreed;
use relay::Relay;

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
        if !h.contains_key(SEC_WEBSOCKET_KEY) {
            return plain(
                StatusCode::BAD_REQUEST,
                "a WebSocket upgrade needs Sec-WebSocket-Key",
            );
        }
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
        if !crate::pool::select::socket_room(pool) {
            let mut r = plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "too many WebSockets (max_sockets)",
            );
            r.headers_mut()
                .insert(hyper::header::RETRY_AFTER, HeaderValue::from_static("1"));
            return r;
        }
        let limits = pool.config().settings.websocket.clone();
        let slot = match admitted(&pool.name, &limits, &req, peer_ip) {
            Ok(slot) => slot,
            Err(refused) => return refused.reply(),
        };
        let h = req.headers();
        let accept = accept_key(h.get(SEC_WEBSOCKET_KEY).map_or(&[][..], |k| k.as_bytes()));
        let agreed = if limits.compression {
            deflate::negotiate(
                h.get_all("sec-websocket-extensions")
                    .iter()
                    .filter_map(|v| v.to_str().ok()),
            )
        } else {
            None
        };
        let upgrade = hyper::upgrade::on(&mut req);
        let held = req.extensions().get::<Held>().cloned();
        let (parts, _body) = req.into_parts();
        let request = super::worker_request(&parts, &[], peer_ip);
        let (head, link, id) = match dispatch::request(pool, request, trace).await {
            Ok(dispatch::Answered::Socket { head, link, id }) => (head, link, id),
            other => return self.answered(pool, other, trace),
        };
        let Some(reply) = handshake(&pool.name, &accept, agreed, &head, &offered) else {
            link.socket_ended(id, 1002, "bad subprotocol".into());
            return plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the worker chose a subprotocol the client did not offer",
            );
        };
        let relay = Relay {
            link,
            id,
            limits,
            held,
            deflate: agreed,
            _slot: slot,
        };
        tokio::spawn(relay.run(upgrade));
        reply
    }
}

/// Why an upgrade was refused before it reached a worker.
#[derive(Debug, Clone, Copy)]
enum Refused {
    /// 403: a browser page of another origin.
    Origin,
    /// 429: the client address holds `ws_max_client_sockets`.
    ClientCap,
}

impl Refused {
    fn reply(self) -> Reply {
        match self {
            Refused::Origin => plain(
                StatusCode::FORBIDDEN,
                "this WebSocket does not take upgrades from that origin",
            ),
            Refused::ClientCap => {
                let mut r = plain(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many WebSockets from this address (ws_max_client_sockets)",
                );
                r.headers_mut()
                    .insert(hyper::header::RETRY_AFTER, HeaderValue::from_static("1"));
                r
            }
        }
    }
}

/// The Origin check and the client address's place under
/// `ws_max_client_sockets`, or why the upgrade is refused (logged).
fn admitted(
    pool: &str,
    limits: &crate::config::WebSocket,
    req: &Request<Incoming>,
    peer_ip: &str,
) -> Result<admit::ClientSlot, Refused> {
    let h = req.headers();
    let origin = h.get(hyper::header::ORIGIN).and_then(|v| v.to_str().ok());
    let host = h
        .get(hyper::header::HOST)
        .and_then(|v| v.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()));
    if !admit::origin_allowed(origin, host, &limits.allowed_origins) {
        tracing::warn!(
            pool,
            client = peer_ip,
            origin = %crate::logging::untrusted(origin.unwrap_or("")),
            host = %crate::logging::untrusted(host.unwrap_or("")),
            "refused a WebSocket upgrade from another origin (403; ws_allowed_origins lists the origins allowed)"
        );
        return Err(Refused::Origin);
    }
    admit::ClientSlot::take(peer_ip, limits.max_per_client).ok_or_else(|| {
        tracing::warn!(
            pool,
            client = peer_ip,
            cap = limits.max_per_client,
            "refused a WebSocket upgrade: the client address holds ws_max_client_sockets already (429)"
        );
        Refused::ClientCap
    })
}

/// The handshake's `Sec-WebSocket-Accept` for the client's key (RFC
/// 6455 §4.2.2).
fn accept_key(key: &[u8]) -> String {
    let mut sha = Sha1::new();
    sha.update(key);
    sha.update(b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11");
    base64::engine::general_purpose::STANDARD.encode(sha.finalize())
}

/// The 101 answer, or `None` if the worker chose a subprotocol the client
/// did not offer.
fn handshake(
    pool: &str,
    accept: &str,
    agreed: Option<Agreed>,
    head: &SocketHead,
    offered: &[String],
) -> Option<Reply> {
    let mut r = Response::new(body::full(""));
    *r.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
    let h = r.headers_mut();
    h.insert(
        hyper::header::UPGRADE,
        HeaderValue::from_static("websocket"),
    );
    h.insert(
        hyper::header::CONNECTION,
        HeaderValue::from_static("upgrade"),
    );
    h.insert("sec-websocket-accept", HeaderValue::from_str(accept).ok()?);
    if let Some(a) = agreed {
        h.insert(
            "sec-websocket-extensions",
            HeaderValue::from_str(&a.header()).ok()?,
        );
    }
    let chosen = head
        .headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("sec-websocket-protocol"));
    if let Some((_, p)) = chosen {
        if !offered.iter().any(|o| o == p) {
            tracing::warn!(pool, protocol = %crate::logging::untrusted(p), "the worker chose a WebSocket subprotocol the client did not offer; answering 500");
            return None;
        }
        let p = HeaderValue::from_str(p).ok()?;
        r.headers_mut().insert("sec-websocket-protocol", p);
    }
    Some(r)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_accept_key_is_rfc_6455s() {
        // RFC 6455 §1.3's example.
        assert_eq!(
            super::accept_key(b"dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }
}
