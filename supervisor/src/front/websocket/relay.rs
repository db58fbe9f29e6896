//! One socket's relay between its client and its worker, on its own
//! task: the client's frames read (`frame`) and joined into messages
//! (`joining`) in `relay_in.rs`, the worker's messages written, pings,
//! pongs, the idle limit and the closing handshake (see `websocket.rs` for
//! the rules). Messages go to the worker in batches, what one read from
//! the client held in one frame, and come back in batches, one event per
//! frame the worker sent (what its handlers sent in one turn), all of
//! which goes into one write when the client keeps up.
//!
//! Memory is bounded each way. Towards the client, bextd takes the
//! worker's messages only while less than `OUT_HIGH` bytes wait to be
//! written (and the worker's credit window bounds what waits in the
//! socket's queue on the link). Towards the worker, bextd reads from the client only while
//! the messages it sent and the handler has not taken stay under
//! `ws_max_buffered_bytes`. Pongs go into the same write buffer while it
//! has room; past it only the latest ping is answered (RFC 6455 §5.5.3),
//! and a client that keeps pinging without reading is closed (1008).

use std::sync::Arc;
use std::time::Duration;

use bytes::{Buf, BytesMut};
use hyper::upgrade::Upgraded;
use hyper_util::rt::TokioIo;
use protocol::worker::{SOCKET_WINDOW_BYTES, SocketData};
use tokio::io::{AsyncWriteExt, ReadHalf, WriteHalf};
use tokio::time::{Instant, sleep_until};

use super::deflate::{Agreed, deflate};
use super::frame::{self, Decoder, Op, Skimmer};
use super::joining::Joining;
use crate::config::WebSocket as Limits;
use crate::front::conn::Held;
use crate::pool::link::{SocketEvent, WorkerLink};

#[path = "relay_in.rs"]
mod inbound;
use inbound::read_some;

type Io = TokioIo<Upgraded>;

/// How long bextd waits for the client's close frame once it sent its
/// own, then closes the connection.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// How long a close waits for the handler to take the client's messages
/// already sent to it (so their answers go out before the close).
const TAKE_WAIT: Duration = Duration::from_millis(500);

/// Bytes waiting to be written past which bextd takes no more from the
/// worker and answers only the latest ping.
const OUT_HIGH: usize = 64 * 1024;

/// Bytes read from the client at once.
const READ_CHUNK: usize = 8 * 1024;

/// Pings met while the write buffer is full (the client reads nothing)
/// after which the client is closed with 1008.
const PING_FLOOD: u32 = 64;

/// A ping counts as hearing from the client at most this often: a ping
/// flood alone does not keep a socket past its idle limit.
const PING_HEARD_EVERY: Duration = Duration::from_secs(1);

/// Bytes of the worker's messages written before they are credited back
/// (a sixteenth of its window): one credit frame for a burst of small
/// messages, not one per write. What stays under it is credited once more
/// is written, or when the socket ends; the worker never waits on it,
/// since a worker out of window has a whole window here to credit.
const CREDIT_EVERY: usize = SOCKET_WINDOW_BYTES as usize / 16;

/// bextd's messages shorter than this go uncompressed: without context
/// takeover deflate gains little on them.
const COMPRESS_FROM: usize = 256;

/// One socket's relay between its client and its worker.
pub(super) struct Relay {
    pub(super) link: Arc<WorkerLink>,
    pub(super) id: u64,
    pub(super) limits: Limits,
    pub(super) held: Option<Held>,
    pub(super) deflate: Option<Agreed>,
    /// The client address's place, given back when the relay ends.
    pub(super) _slot: super::admit::ClientSlot,
}

/// How the socket ends: the code and reason the worker's `close` event
/// gets.
#[derive(Debug)]
struct End {
    code: u16,
    reason: String,
}

/// The socket's state as the loop sees it.
struct State {
    rd: ReadHalf<Io>,
    wr: WriteHalf<Io>,
    inbuf: BytesMut,
    out: BytesMut,
    decoder: Decoder,
    joining: Joining,
    /// Bytes of client messages sent to the worker and not yet taken.
    untaken: usize,
    /// Client messages read and not yet sent: what one read held goes to
    /// the worker in one frame.
    batch: Vec<SocketData>,
    batch_bytes: usize,
    /// Bytes of the worker's messages taken and not yet credited.
    credit: usize,
    /// The latest ping not answered for want of room.
    pong: Option<BytesMut>,
    unanswered: u32,
    heard: Instant,
    ping_heard: Instant,
    /// When the write buffer last made progress (or became non-empty).
    wrote: Instant,
    /// Once the end is known: how it ends, and the close frame's state.
    end: Option<End>,
    /// The close bextd sends once the handler took what it was sent.
    close_due: Option<(u16, String)>,
    close_sent: bool,
    client_closed: bool,
    /// The worker's side closed (the worker died).
    worker_gone: bool,
    /// When the closing stops waiting (for the handler, then the client).
    wait_until: Instant,
    skimmer: Skimmer,
}

impl Relay {
    pub(super) async fn run(self, upgrade: hyper::upgrade::OnUpgrade) {
        let io = match upgrade.await {
            Ok(u) => TokioIo::new(u),
            Err(e) => {
                tracing::debug!(error = %e, "a WebSocket upgrade failed");
                return self.link.socket_ended(self.id, 1006, String::new());
            }
        };
        let (rd, wr) = tokio::io::split(io);
        let now = Instant::now();
        let mut st = State {
            rd,
            wr,
            inbuf: BytesMut::new(),
            out: BytesMut::new(),
            decoder: Decoder::new(self.limits.max_message_bytes, self.deflate.is_some()),
            joining: Joining::new(self.limits.max_message_bytes),
            untaken: 0,
            batch: Vec::new(),
            batch_bytes: 0,
            credit: 0,
            pong: None,
            unanswered: 0,
            heard: now,
            ping_heard: now,
            wrote: now,
            end: None,
            close_due: None,
            close_sent: false,
            client_closed: false,
            worker_gone: false,
            wait_until: now,
            skimmer: Skimmer::default(),
        };
        let end = self.relay(&mut st).await;
        if st.credit > 0 {
            self.link.socket_credit(self.id, st.credit);
        }
        self.link.socket_ended(self.id, end.code, end.reason);
        // Half-closed first, so the client reads bextd's close frame
        // before the connection ends.
        let _ = tokio::time::timeout(Duration::from_millis(100), st.wr.shutdown()).await;
        drop(st);
        super::trim::socket_ended();
    }

    async fn relay(&self, st: &mut State) -> End {
        let far = Instant::now() + Duration::from_secs(86_400 * 365);
        let every = self.limits.ping_interval;
        let mut ping_at = every.map_or(far, |e| Instant::now() + e);
        let mut drain_at = far;
        let stopping = async {
            match &self.held {
                Some(h) => h.watcher.stopping().await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(stopping);
        let write_wait = self
            .limits
            .idle_timeout
            .unwrap_or(Duration::from_secs(86_400));
        loop {
            if let Some(end) = self.progress(st) {
                return end;
            }
            let idle_at = match (&st.end, self.limits.idle_timeout) {
                (None, Some(t)) => st.heard + t,
                _ => far,
            };
            let stalled_at = if st.out.is_empty() {
                far
            } else {
                st.wrote + write_wait
            };
            let closing_at = if st.end.is_some() { st.wait_until } else { far };
            let next = ping_at
                .min(idle_at)
                .min(drain_at)
                .min(stalled_at)
                .min(closing_at);
            let can_read = !st.client_closed
                && (st.end.is_some() || st.untaken < self.limits.max_buffered_bytes);
            let can_take = !st.worker_gone && (st.out.len() < OUT_HIGH || st.close_sent);
            let want = st.decoder.wanted().saturating_sub(st.inbuf.len());
            tokio::select! {
                read = read_some(&mut st.rd, &mut st.inbuf, want), if can_read => match read {
                    Ok(n) if n > 0 => {
                        self.client_sent(st);
                        self.send_batch(st);
                    }
                    // The client went: bextd's close, if any, is still
                    // written (the client may only have shut its side).
                    _ => {
                        st.client_closed = true;
                        if st.end.is_none() {
                            return End { code: 1006, reason: String::new() };
                        }
                    }
                },
                wrote = st.wr.write(&st.out), if !st.out.is_empty() => match wrote {
                    Ok(n) if n > 0 => {
                        st.out.advance(n);
                        st.wrote = Instant::now();
                        if st.out.is_empty() && st.out.capacity() > OUT_HIGH {
                            st.out = BytesMut::new();
                        }
                    }
                    _ => return st.end.take().unwrap_or(End { code: 1006, reason: String::new() }),
                },
                event = std::future::poll_fn(|cx| self.link.socket_event(self.id, cx)), if can_take => {
                    self.worker_event(st, event, &mut drain_at);
                }
                _ = sleep_until(next) => {
                    let now = Instant::now();
                    if now >= ping_at {
                        ping_at = every.map_or(far, |e| now + e);
                        if st.end.is_none() && st.out.len() < OUT_HIGH {
                            frame::encode(&mut st.out, Op::Ping, false, &[]);
                        }
                    }
                    if now >= stalled_at {
                        return st.end.take().unwrap_or(End { code: 1006, reason: String::new() });
                    }
                    if now >= closing_at && !st.close_sent {
                        // The handler took too long: close now.
                        st.wait_until = now + CLOSE_WAIT;
                        self.send_close(st);
                    } else if now >= closing_at {
                        return st.end.take().unwrap_or(End { code: 1006, reason: String::new() });
                    }
                    if now >= idle_at {
                        self.closing(st, 1001, "idle timeout", false);
                    }
                    if now >= drain_at {
                        drain_at = far;
                        self.closing(st, 1012, "service restart", false);
                    }
                }
                _ = &mut stopping, if st.end.is_none() => self.closing(st, 1001, "going away", false),
            }
        }
    }

    /// What may move without waiting: a pong into the write buffer, the
    /// credit back to the worker (by `CREDIT_EVERY`), the close frame once due; the end once
    /// both close frames crossed and bextd's is written.
    fn progress(&self, st: &mut State) -> Option<End> {
        if st.out.len() < OUT_HIGH {
            if let Some(p) = st.pong.take() {
                frame::encode(&mut st.out, Op::Pong, false, &p);
            }
            st.unanswered = 0;
        }
        if st.credit >= CREDIT_EVERY {
            self.link.socket_credit(self.id, st.credit);
            st.credit = 0;
        }
        if st.close_due.is_some() && st.untaken == 0 {
            st.wait_until = Instant::now() + CLOSE_WAIT;
            self.send_close(st);
        }
        if st.close_sent && st.client_closed && st.out.is_empty() {
            return st.end.take();
        }
        None
    }

    /// The socket will end (`code`, `reason`); bextd's close frame goes
    /// once the handler took what it was sent, unless `now`.
    fn closing(&self, st: &mut State, code: u16, reason: &str, now: bool) {
        if st.end.is_some() {
            return;
        }
        st.end = Some(End {
            code,
            reason: reason.to_owned(),
        });
        st.close_due = Some((code, reason.to_owned()));
        st.wait_until = Instant::now() + TAKE_WAIT;
        if now {
            st.wait_until = Instant::now() + CLOSE_WAIT;
            self.send_close(st);
        }
    }

    fn send_close(&self, st: &mut State) {
        if let Some((code, reason)) = st.close_due.take() {
            frame::encode_close(&mut st.out, code, &reason);
            st.close_sent = true;
            st.pong = None;
        }
    }

    /// What the worker's side did, and what else waits in its queue.
    fn worker_event(&self, st: &mut State, event: Option<SocketEvent>, drain_at: &mut Instant) {
        let mut next = event;
        loop {
            match next {
                Some(SocketEvent::Messages(messages)) => {
                    for m in messages {
                        st.credit += m.data.len();
                        if !st.close_sent {
                            self.encode_message(st, m.text, &m.data);
                        }
                    }
                }
                Some(SocketEvent::Taken(n)) => {
                    st.untaken = st.untaken.saturating_sub(n as usize);
                }
                Some(SocketEvent::Close { code, reason }) => {
                    self.closing(st, code, &reason, true);
                }
                Some(SocketEvent::Drain) => {
                    *drain_at = (*drain_at).min(Instant::now() + self.limits.drain);
                }
                // The socket is gone from the link: the worker died.
                None => {
                    st.worker_gone = true;
                    st.untaken = 0;
                    self.closing(st, 1011, "worker died", true);
                    return;
                }
            }
            // What else waits goes in the same write.
            if st.out.len() >= OUT_HIGH && !st.close_sent {
                return;
            }
            match self.link.socket_event_now(self.id) {
                Some(e) => next = Some(e),
                None => return,
            }
        }
    }

    /// A message of the worker's as a frame. The worker sends text as
    /// UTF-8 (its strings, lossily); anything else is made valid.
    fn encode_message(&self, st: &mut State, text: bool, data: &[u8]) {
        let fixed;
        let data = match (text, std::str::from_utf8(data)) {
            (true, Err(_)) => {
                fixed = String::from_utf8_lossy(data).into_owned();
                fixed.as_bytes()
            }
            _ => data,
        };
        let op = if text { Op::Text } else { Op::Binary };
        match self.deflate {
            Some(a) if data.len() >= COMPRESS_FROM => {
                deflate(data, a.server_window, |z| {
                    frame::encode(&mut st.out, op, true, z);
                });
            }
            _ => frame::encode(&mut st.out, op, false, data),
        }
    }
}
