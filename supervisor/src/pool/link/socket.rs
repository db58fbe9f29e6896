//! WebSockets on a link: a request that asked for an upgrade and was
//! answered 101 becomes a socket under the same id, pinned to this worker.
//! The request path gets the answer with the receiving end of the socket's
//! events (what the worker sends it, its drain, its end); the reader puts
//! the worker's messages there; the relay (`front::websocket`) sends the
//! client's messages, credits and its close back through the link.
//!
//! The channel is unbounded because the window bounds it: the worker may
//! have at most `SOCKET_WINDOW_BYTES` of a socket's messages sent and not
//! credited (one message may cross it), and the relay credits a message
//! only once it is written to the client. A worker that sends past it broke
//! the protocol: [`socket_message`] says so and the reader ends the link.
//!
//! When the link closes (the worker died) the senders are dropped: each
//! relay sees its channel end and closes its client with 1011.
//!
//! [`socket_message`]: WorkerLink::socket_message

use std::sync::atomic::Ordering;

use protocol::worker::{MasterToWorker, Outcome, SOCKET_WINDOW_BYTES};
use tokio::sync::mpsc;

use super::{Answer, WorkerLink};
use crate::process::link::Breach;

/// What happens to a socket on the worker's side.
#[derive(Debug)]
pub enum SocketEvent {
    /// A message for the client: text or binary.
    Message { text: bool, data: bytes::Bytes },
    /// `socket.close(code, reason)` in the worker.
    Close { code: u16, reason: String },
    /// The worker is draining: close the client with 1012 after
    /// `ws_drain_ms`.
    Drain,
    /// The worker's handler took `bytes` of the client's messages: the
    /// relay may read that much more (`ws_max_buffered_bytes`). Sent on
    /// the same channel as the worker's messages, so a message the handler
    /// sent while taking one comes before it.
    Taken(u32),
}

/// An open socket, as the link keeps it.
#[derive(Debug)]
pub(super) struct Socket {
    tx: mpsc::UnboundedSender<SocketEvent>,
    /// Bytes of messages sent by the worker and not yet credited.
    unacked: u64,
}

/// The upgrade's answer: the 101's headers and the socket's events.
#[derive(Debug)]
pub struct SocketHead {
    pub headers: Vec<(String, String)>,
    pub events: mpsc::UnboundedReceiver<SocketEvent>,
}

impl WorkerLink {
    /// The answer to request `id`: a socket if it asked for one and the
    /// worker answered 101 (kept from now on), else the outcome.
    pub(super) fn answer_of(&self, id: u64, upgrade: bool, outcome: Outcome) -> Answer {
        let headers = match outcome {
            Outcome::Ok(r) if upgrade && r.status == 101 => r.headers,
            other => return Answer::Outcome(other),
        };
        let (tx, events) = mpsc::unbounded_channel();
        let mut inner = self.inner.lock().unwrap();
        if inner.tx.is_none() {
            // Closed meanwhile: the relay sees its channel end at once.
            return Answer::Socket(SocketHead { headers, events });
        }
        let draining = inner.draining;
        if draining {
            let _ = tx.send(SocketEvent::Drain);
        }
        inner.sockets.insert(id, Socket { tx, unacked: 0 });
        self.sockets.fetch_add(1, Ordering::Relaxed);
        Answer::Socket(SocketHead { headers, events })
    }

    /// A message from the worker for socket `id`'s client. `Err` (why) if
    /// it takes the socket past its credit window.
    pub(super) fn socket_message(&self, id: u64, text: bool, data: Vec<u8>) -> Result<(), Breach> {
        let mut inner = self.inner.lock().unwrap();
        let Some(s) = inner.sockets.get_mut(&id) else {
            return Ok(());
        };
        if s.unacked >= u64::from(SOCKET_WINDOW_BYTES) {
            return Err(Breach::SocketOverrun {
                id,
                unacked: s.unacked,
                window: SOCKET_WINDOW_BYTES,
            });
        }
        s.unacked += data.len() as u64;
        let st = &self.stats;
        st.socket_messages_out.fetch_add(1, Ordering::Relaxed);
        st.socket_bytes_out
            .fetch_add(data.len() as u64, Ordering::Relaxed);
        let data = data.into();
        let _ = s.tx.send(SocketEvent::Message { text, data });
        Ok(())
    }

    /// The worker's handler took `bytes` of socket `id`'s client messages.
    pub(super) fn socket_taken(&self, id: u64, bytes: u32) {
        let inner = self.inner.lock().unwrap();
        if let Some(s) = inner.sockets.get(&id) {
            let _ = s.tx.send(SocketEvent::Taken(bytes));
        }
    }

    /// `socket.close()` in the worker.
    pub(super) fn socket_close(&self, id: u64, code: u16, reason: String) {
        let inner = self.inner.lock().unwrap();
        if let Some(s) = inner.sockets.get(&id) {
            let _ = s.tx.send(SocketEvent::Close { code, reason });
        }
    }

    /// The relay wrote `bytes` of the worker's messages to the client.
    pub fn socket_credit(&self, id: u64, bytes: usize) {
        let mut inner = self.inner.lock().unwrap();
        let Some(s) = inner.sockets.get_mut(&id) else {
            return;
        };
        s.unacked = s.unacked.saturating_sub(bytes as u64);
        if let Some(tx) = inner.tx.as_ref() {
            let bytes = bytes.min(u32::MAX as usize) as u32;
            let _ = tx.send(MasterToWorker::SocketCredit { id, bytes });
        }
    }

    /// A message from socket `id`'s client, for the worker.
    pub fn socket_send(&self, id: u64, text: bool, data: Vec<u8>) {
        let inner = self.inner.lock().unwrap();
        if let (Some(tx), true) = (inner.tx.as_ref(), inner.sockets.contains_key(&id)) {
            let st = &self.stats;
            st.socket_messages_in.fetch_add(1, Ordering::Relaxed);
            st.socket_bytes_in
                .fetch_add(data.len() as u64, Ordering::Relaxed);
            let _ = tx.send(MasterToWorker::SocketMessage { id, text, data });
        }
    }

    /// Socket `id` is closed (`code`, `reason`): the worker is told, and
    /// the socket forgotten. A draining worker with no request and no
    /// socket left is then asked to exit.
    pub fn socket_ended(&self, id: u64, code: u16, reason: String) {
        let mut inner = self.inner.lock().unwrap();
        if inner.sockets.remove(&id).is_none() {
            return;
        }
        self.sockets.fetch_sub(1, Ordering::Relaxed);
        if let Some(tx) = inner.tx.as_ref() {
            let _ = tx.send(MasterToWorker::SocketClosed { id, code, reason });
        }
        self.terminate_if_idle(&mut inner);
    }

    /// Open WebSockets.
    pub fn open_sockets(&self) -> u32 {
        self.sockets.load(Ordering::Relaxed)
    }

    /// Its WebSockets' figures, for status.
    pub fn socket_stats(&self) -> protocol::control::SocketStats {
        let st = &self.stats;
        protocol::control::SocketStats {
            open: self.open_sockets(),
            messages_in: st.socket_messages_in.load(Ordering::Relaxed),
            messages_out: st.socket_messages_out.load(Ordering::Relaxed),
            bytes_in: st.socket_bytes_in.load(Ordering::Relaxed),
            bytes_out: st.socket_bytes_out.load(Ordering::Relaxed),
        }
    }

    /// Tells each open socket that the worker drains.
    pub(super) fn drain_sockets(inner: &super::Inner) {
        for s in inner.sockets.values() {
            let _ = s.tx.send(SocketEvent::Drain);
        }
    }
}
