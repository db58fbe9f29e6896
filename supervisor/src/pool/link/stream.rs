//! Streamed answers on a link: the head goes to the request path with the
//! receiving end of the body; chunks follow into that channel; credits go
//! back to the worker as the client takes them.
//!
//! The channel is unbounded because the window bounds it: the worker may
//! have at most `STREAM_WINDOW_BYTES` of a stream's chunks sent and not
//! credited, and the request path credits a chunk only as hyper takes it
//! for the client. A worker that sends more broke the protocol (it would
//! make bextd hold whatever a client is slow to take): [`stream_chunk`]
//! says so, and the reader ends the link and kills the worker.
//!
//! [`stream_chunk`]: WorkerLink::stream_chunk

use protocol::worker::{MasterToWorker, STREAM_WINDOW_BYTES};
use tokio::sync::mpsc;

use super::{Answer, BodyEvent, StreamHead, WorkerLink};
use crate::process::link::Breach;

impl WorkerLink {
    /// The head of request `id`'s streamed answer: the request path gets
    /// it with the receiving end of its body.
    pub(super) fn stream_head(&self, id: u64, status: u16, headers: Vec<(String, String)>) {
        let mut inner = self.inner.lock().unwrap();
        let Some(p) = inner.pending.get_mut(&id) else {
            return;
        };
        let Some(reply) = p.reply.take() else {
            return;
        };
        let (tx, body) = mpsc::unbounded_channel();
        p.body = Some(tx);
        drop(inner);
        let _ = reply.send(Answer::Stream(StreamHead {
            status,
            headers,
            body,
        }));
    }

    /// A piece of request `id`'s streamed body. `Err` (why) if it takes
    /// the stream past its credit window: the worker broke the protocol.
    pub(super) fn stream_chunk(&self, id: u64, data: Vec<u8>) -> Result<(), Breach> {
        let mut inner = self.inner.lock().unwrap();
        let Some(p) = inner.pending.get_mut(&id) else {
            return Ok(());
        };
        p.unacked += data.len() as u64;
        if p.unacked > u64::from(STREAM_WINDOW_BYTES) {
            crate::metrics::front::window_overrun();
            return Err(Breach::StreamOverrun {
                id,
                unacked: p.unacked,
                window: STREAM_WINDOW_BYTES,
            });
        }
        if let Some(body) = p.body.as_ref() {
            let _ = body.send(BodyEvent::Data(data.into()));
        }
        Ok(())
    }

    /// The client took a piece of request `id`'s streamed body: the worker
    /// may produce more.
    pub fn credit(&self, id: u64, bytes: usize) {
        let mut inner = self.inner.lock().unwrap();
        let Some(p) = inner.pending.get_mut(&id) else {
            return;
        };
        p.unacked = p.unacked.saturating_sub(bytes as u64);
        if let Some(tx) = inner.tx.as_ref() {
            let bytes = bytes.min(u32::MAX as usize) as u32;
            let _ = tx.send(MasterToWorker::Credit { id, bytes });
        }
    }
}
