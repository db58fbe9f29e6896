//! WebSockets in the worker: each is a request that the handler answered
//! with `bext.upgradeWebSocket(req)`'s response. The request ends there
//! (answered 101, it no longer counts as in flight); the socket lives on
//! under the request's id, which bextd names it by, and the prelude's
//! number (`sid`), which JS names it by.
//!
//! Messages from the client come in `SocketMessages` frames (what one read
//! of bextd's held) and go to the socket's `message` listeners; the end
//! comes as `SocketClosed`, once, after which the socket is forgotten.
//! What JS sends goes out within the socket's credit window (see
//! `host::socket`) in `SocketMessages` frames, a socket's messages of one
//! turn together while they are in a row and within `SOCKET_BATCH_BYTES`,
//! and `socket.close()` as one `SocketClose`. Each
//! client message, once its `message` event is dispatched, is reported
//! taken (`SocketTaken`, one per socket and turn): bextd holds a client's
//! reads to what the handler has taken (`ws_max_buffered_bytes`).

use protocol::worker::{
    HttpResponse, LogLevel, Outcome, SOCKET_BATCH_BYTES, SOCKET_BATCH_EACH, SocketData,
    WorkerToMaster,
};

use super::worker::{Pending, Worker};
use crate::engine::SocketNews;

impl Worker {
    /// The handler of `token` returned an upgrade's response: answer 101
    /// and keep the socket.
    pub(super) fn socket_accept(&mut self, token: u32, sid: u32, headers: Vec<(String, String)>) {
        self.engine.forget_stream(token);
        let Some(Pending::Request { id, cancel_by, .. }) = self.pending.remove(&token) else {
            // Answered already (timed out, cancelled): the socket never opens.
            self.engine
                .socket_event(sid, SocketNews::Closed(1006, String::new()));
            self.engine.host().socket_windows.borrow_mut().remove(&sid);
            return;
        };
        self.in_flight -= 1;
        if cancel_by.is_some() {
            // The client went away before its socket opened.
            self.send(WorkerToMaster::Response {
                id,
                outcome: Outcome::Cancelled,
            });
            self.engine
                .socket_event(sid, SocketNews::Closed(1006, String::new()));
            self.engine.host().socket_windows.borrow_mut().remove(&sid);
            return;
        }
        self.sockets.insert(id, sid);
        self.socket_ids.insert(sid, id);
        let resp = HttpResponse {
            status: 101,
            headers,
            body: Vec::new(),
        };
        self.send(WorkerToMaster::Response {
            id,
            outcome: Outcome::Ok(resp),
        });
        self.engine.socket_event(sid, SocketNews::Open);
    }

    /// `socket.send()` within the window: to bextd.
    pub(super) fn socket_send(&mut self, sid: u32, text: bool, data: Vec<u8>) {
        let Some(&id) = self.socket_ids.get(&sid) else {
            return;
        };
        let limit = (self.settings.max_frame_bytes as usize).saturating_sub(1024);
        if data.len() > limit {
            self.log(
                LogLevel::Error,
                format!(
                    "WebSocket send: a message of {} bytes is over the worker protocol's frame limit ({limit} bytes); closing the socket with 1009",
                    data.len()
                ),
            );
            return self.socket_close(sid, 1009, "message too big".into());
        }
        let n = data.len() + SOCKET_BATCH_EACH;
        let m = SocketData { text, data };
        // With the frame before it, if that is this socket's batch.
        if let Some(WorkerToMaster::SocketMessages { id: last, messages }) = self.out.last_mut()
            && *last == id
            && self.batch_bytes + n <= SOCKET_BATCH_BYTES
        {
            messages.push(m);
            self.batch_bytes += n;
            return;
        }
        self.batch_bytes = n;
        self.send(WorkerToMaster::SocketMessages {
            id,
            messages: vec![m],
        });
    }

    /// `socket.close(code, reason)`: bextd closes it and then reports
    /// `SocketClosed`.
    pub(super) fn socket_close(&mut self, sid: u32, code: u16, reason: String) {
        if let Some(&id) = self.socket_ids.get(&sid) {
            self.send(WorkerToMaster::SocketClose { id, code, reason });
        }
    }

    /// A message from the client of socket `id`: its `message` event,
    /// then bextd is told the handler took it (so it reads more from that
    /// client). What the turn's handlers took is told once per socket,
    /// after what they sent ([`Worker::flush`]): a message a listener sent
    /// goes first, and a burst of messages costs one frame back.
    ///
    /// [`Worker::flush`]: super::worker::Worker::flush
    pub(super) fn socket_message(&mut self, id: u64, text: bool, data: Vec<u8>) {
        let bytes = data.len().min(u32::MAX as usize) as u32;
        if let Some(&sid) = self.sockets.get(&id) {
            self.arm_interrupt(std::time::Instant::now(), None);
            self.engine
                .socket_event(sid, SocketNews::Message(text, data));
        }
        // Messages of one client come in a row: merged with the last.
        match self.taken.last_mut() {
            Some((last, n)) if *last == id => *n = n.saturating_add(bytes),
            _ => self.taken.push((id, bytes)),
        }
    }

    /// Socket `id` is closed: its `close` event, then it is forgotten.
    pub(super) fn socket_closed(&mut self, id: u64, code: u16, reason: String) {
        let Some(sid) = self.sockets.remove(&id) else {
            return;
        };
        self.socket_ids.remove(&sid);
        self.engine.host().socket_windows.borrow_mut().remove(&sid);
        self.arm_interrupt(std::time::Instant::now(), None);
        self.engine
            .socket_event(sid, SocketNews::Closed(code, reason));
    }

    /// The client of socket `id` took `bytes`: what waits in its
    /// `bufferedAmount` may go.
    pub(super) fn socket_credit(&mut self, id: u64, bytes: u32) {
        let Some(&sid) = self.sockets.get(&id) else {
            return;
        };
        let reopened = {
            let mut windows = self.engine.host().socket_windows.borrow_mut();
            let Some(w) = windows.get_mut(&sid) else {
                return;
            };
            let was_closed = *w <= 0;
            *w += i64::from(bytes);
            was_closed && *w > 0
        };
        if reopened {
            self.arm_interrupt(std::time::Instant::now(), None);
            self.engine.socket_event(sid, SocketNews::Drain);
        }
    }
}
