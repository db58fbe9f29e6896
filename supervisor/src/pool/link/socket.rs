//! WebSockets on a link: a request that asked for an upgrade and was
//! answered 101 becomes a socket under the same id, pinned to this worker.
//! The request path gets the answer (the 101's headers); the reader queues
//! the socket's events (what the worker sends it, its drain, its end) in
//! the socket's entry, under the link's lock, and wakes its relay
//! (`front::websocket`), which takes them from there ([`socket_event`])
//! and sends the client's messages, credits and its close back through
//! the link. Messages travel in batches both ways (`SocketMessages`: what
//! one read from the client held, what the worker's handlers sent in one
//! turn), one event per batch. An idle socket's queue is empty and holds no memory: a
//! channel per socket held about 1.8 KiB (its first block of slots).
//!
//! The queue is unbounded because the window bounds it: the worker may
//! have at most `SOCKET_WINDOW_BYTES` of a socket's messages sent and not
//! credited (one message may cross it), and the relay credits a message
//! only once it is written to the client. A worker that sends past it broke
//! the protocol: [`socket_messages`] says so and the reader ends the link.
//!
//! When the link closes (the worker died) the entries go and their relays
//! are woken: each finds its socket gone and closes its client with 1011.
//!
//! [`socket_messages`]: WorkerLink::socket_messages
//! [`socket_event`]: WorkerLink::socket_event

use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::task::{Context, Poll, Waker};

use protocol::worker::{MasterToWorker, Outcome, SOCKET_WINDOW_BYTES, SocketData};

use super::{Answer, WorkerLink};
use crate::process::link::Breach;

/// What happens to a socket on the worker's side.
#[derive(Debug)]
pub enum SocketEvent {
    /// Messages for the client, in order (one `SocketMessages` frame's).
    Messages(Vec<SocketData>),
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
#[derive(Debug, Default)]
pub(super) struct Socket {
    /// Its events not yet taken by its relay.
    events: VecDeque<SocketEvent>,
    /// The relay, waiting for an event.
    waker: Option<Waker>,
    /// Bytes of messages sent by the worker and not yet credited.
    unacked: u64,
}

impl Socket {
    fn push(&mut self, event: SocketEvent) {
        self.events.push_back(event);
        if let Some(w) = self.waker.take() {
            w.wake();
        }
    }

    /// Its relay learns that the socket is gone.
    pub(super) fn gone(self) {
        if let Some(w) = self.waker {
            w.wake();
        }
    }
}

/// The upgrade's answer: the 101's headers. The socket's events are the
/// link's to give ([`WorkerLink::socket_event`]).
#[derive(Debug)]
pub struct SocketHead {
    pub headers: Vec<(String, String)>,
}

impl WorkerLink {
    /// The answer to request `id`: a socket if it asked for one and the
    /// worker answered 101 (kept from now on), else the outcome.
    pub(super) fn answer_of(&self, id: u64, upgrade: bool, outcome: Outcome) -> Answer {
        let headers = match outcome {
            Outcome::Ok(r) if upgrade && r.status == 101 => r.headers,
            other => return Answer::Outcome(other),
        };
        let mut inner = self.inner.lock().unwrap();
        if inner.tx.is_none() {
            // Closed meanwhile: the relay finds no socket at once.
            return Answer::Socket(SocketHead { headers });
        }
        let mut socket = Socket::default();
        if inner.draining {
            socket.push(SocketEvent::Drain);
        }
        inner.sockets.insert(id, socket);
        self.sockets.fetch_add(1, Ordering::Relaxed);
        Answer::Socket(SocketHead { headers })
    }

    /// The next event of socket `id` for its relay: `Ready(None)` once the
    /// socket is gone (the worker died), else the relay is woken when one
    /// comes.
    pub fn socket_event(&self, id: u64, cx: &mut Context<'_>) -> Poll<Option<SocketEvent>> {
        let mut inner = self.inner.lock().unwrap();
        let Some(s) = inner.sockets.get_mut(&id) else {
            return Poll::Ready(None);
        };
        if let Some(e) = s.events.pop_front() {
            return Poll::Ready(Some(e));
        }
        // A burst's room is given back once it is taken.
        if s.events.capacity() > 64 {
            s.events = VecDeque::new();
        }
        if !s.waker.as_ref().is_some_and(|w| w.will_wake(cx.waker())) {
            s.waker = Some(cx.waker().clone());
        }
        Poll::Pending
    }

    /// The next event of socket `id` if one waits.
    pub fn socket_event_now(&self, id: u64) -> Option<SocketEvent> {
        let mut inner = self.inner.lock().unwrap();
        inner.sockets.get_mut(&id)?.events.pop_front()
    }

    /// Messages from the worker for socket `id`'s client, one event for
    /// the relay. `Err` (why) if one was sent past the socket's credit
    /// window (each may be sent while the window is open).
    pub(super) fn socket_messages(&self, id: u64, messages: Vec<SocketData>) -> Result<(), Breach> {
        let mut inner = self.inner.lock().unwrap();
        let Some(s) = inner.sockets.get_mut(&id) else {
            return Ok(());
        };
        let mut unacked = s.unacked;
        for m in &messages {
            if unacked >= u64::from(SOCKET_WINDOW_BYTES) {
                return Err(Breach::SocketOverrun {
                    id,
                    unacked,
                    window: SOCKET_WINDOW_BYTES,
                });
            }
            unacked += m.data.len() as u64;
        }
        let st = &self.stats;
        st.socket_messages_out
            .fetch_add(messages.len() as u64, Ordering::Relaxed);
        st.socket_bytes_out
            .fetch_add(unacked - s.unacked, Ordering::Relaxed);
        s.unacked = unacked;
        s.push(SocketEvent::Messages(messages));
        Ok(())
    }

    /// The worker's handler took `bytes` of socket `id`'s client messages.
    pub(super) fn socket_taken(&self, id: u64, bytes: u32) {
        let mut inner = self.inner.lock().unwrap();
        if let Some(s) = inner.sockets.get_mut(&id) {
            s.push(SocketEvent::Taken(bytes));
        }
    }

    /// `socket.close()` in the worker.
    pub(super) fn socket_close(&self, id: u64, code: u16, reason: String) {
        let mut inner = self.inner.lock().unwrap();
        if let Some(s) = inner.sockets.get_mut(&id) {
            s.push(SocketEvent::Close { code, reason });
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

    /// Messages from socket `id`'s client, for the worker, in one frame.
    pub fn socket_send(&self, id: u64, messages: Vec<SocketData>) {
        let inner = self.inner.lock().unwrap();
        if let (Some(tx), true) = (inner.tx.as_ref(), inner.sockets.contains_key(&id)) {
            let st = &self.stats;
            let bytes: usize = messages.iter().map(|m| m.data.len()).sum();
            st.socket_messages_in
                .fetch_add(messages.len() as u64, Ordering::Relaxed);
            st.socket_bytes_in
                .fetch_add(bytes as u64, Ordering::Relaxed);
            let _ = tx.send(MasterToWorker::SocketMessages { id, messages });
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
    pub(super) fn drain_sockets(inner: &mut super::Inner) {
        for s in inner.sockets.values_mut() {
            s.push(SocketEvent::Drain);
        }
    }
}
