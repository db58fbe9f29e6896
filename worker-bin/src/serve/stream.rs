//! Streamed answers: a `Response` whose body is a `ReadableStream` goes to
//! the master as a `ResponseHead`, `ResponseChunk` frames as JS produces
//! them, and a `Response { outcome: Streamed }` at its end.
//!
//! Back-pressure: JS may produce at most [`STREAM_WINDOW_BYTES`] the client
//! has not taken yet (the host's window, counted in bytes before
//! compression). The master sends one `Credit` per chunk frame once its
//! client took it; each chunk frame remembers how many of JS's bytes it
//! carried, and its credit gives those back to the window.
//!
//! The request's deadline and its `Cancel` apply until the stream ends,
//! as to any started request: past them the answer is a `Timeout` or
//! `Cancelled`, which cuts the client's body short.

use std::collections::VecDeque;

use protocol::worker::{Outcome, STREAM_WINDOW_BYTES, WorkerToMaster};

use super::worker::{Kind, Pending, Worker};
use crate::compress::StreamEncoder;

/// Largest piece of a body in one chunk frame.
const MAX_CHUNK: usize = 64 * 1024;

/// A started request whose answer is being streamed.
#[derive(Debug, Default)]
pub(super) struct Streaming {
    encoder: Option<StreamEncoder>,
    /// JS bytes carried by each chunk frame not credited yet, oldest first.
    unacked: VecDeque<u32>,
}

impl Worker {
    /// JS answered `token` with a stream: send the head.
    pub(super) fn stream_head(
        &mut self,
        token: u32,
        status: u16,
        mut headers: Vec<(String, String)>,
    ) {
        let Some(Pending::Request {
            id, kind, stream, ..
        }) = self.pending.get_mut(&token)
        else {
            self.engine.forget_stream(token);
            return;
        };
        let mut s = Streaming::default();
        if let (Some(c), Kind::Http(Some(enc))) = (&self.compressor, *kind) {
            s.encoder = c.stream(status, &mut headers, enc);
        }
        // Its length is not known: hyper sends it chunked.
        headers.retain(|(k, _)| !k.eq_ignore_ascii_case("content-length"));
        *stream = Some(Box::new(s));
        let id = *id;
        self.send(WorkerToMaster::ResponseHead {
            id,
            status,
            headers,
        });
    }

    /// The next piece of `token`'s body, in frames of at most [`MAX_CHUNK`].
    pub(super) fn stream_chunk(&mut self, token: u32, data: &[u8]) {
        let Some(Pending::Request {
            id,
            stream: Some(s),
            ..
        }) = self.pending.get_mut(&token)
        else {
            return;
        };
        let id = *id;
        let mut frames = Vec::new();
        let mut free = 0i64;
        for piece in data.chunks(MAX_CHUNK) {
            let out = match s.encoder.as_mut() {
                Some(e) => e.push(piece),
                None => piece.to_vec(),
            };
            if out.is_empty() {
                // Nothing went out (the encoder holds it): no credit will
                // come for it, so the window gets it back now.
                free += piece.len() as i64;
                continue;
            }
            s.unacked.push_back(piece.len() as u32);
            frames.push(WorkerToMaster::ResponseChunk { id, data: out });
        }
        for f in frames {
            self.send(f);
        }
        if free > 0 {
            self.engine.credit(token, free);
        }
    }

    /// `token`'s body ended: the encoder's last bytes, then the end.
    pub(super) fn stream_end(&mut self, token: u32) {
        let Some(Pending::Request {
            id,
            stream: Some(_),
            ..
        }) = self.pending.get(&token)
        else {
            return;
        };
        let id = *id;
        let Some(Pending::Request {
            stream: Some(s), ..
        }) = self.pending.remove(&token)
        else {
            return;
        };
        if let Some(e) = s.encoder {
            let data = e.finish();
            if !data.is_empty() {
                self.send(WorkerToMaster::ResponseChunk { id, data });
            }
        }
        self.in_flight -= 1;
        self.send(WorkerToMaster::Response {
            id,
            outcome: Outcome::Streamed,
        });
    }

    /// The master's client took one more chunk frame of request `id`.
    pub(super) fn credited(&mut self, id: u64) {
        let found = self.pending.iter_mut().find_map(|(t, p)| match p {
            Pending::Request {
                id: pid,
                stream: Some(s),
                ..
            } if *pid == id => Some((*t, s.unacked.pop_front())),
            _ => None,
        });
        if let Some((token, Some(bytes))) = found {
            self.engine.credit(token, i64::from(bytes));
        }
    }
}

/// The window is a whole number of frames' worth.
const _: () = assert!(STREAM_WINDOW_BYTES as usize >= MAX_CHUNK);
