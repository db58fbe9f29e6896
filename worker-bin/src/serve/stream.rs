//! Streamed answers: a `Response` whose body is a `ReadableStream` goes to
//! the master as a `ResponseHead`, `ResponseChunk` frames as JS produces
//! them, and a `Response { outcome: Streamed }` at its end.
//!
//! Back-pressure, in two windows of [`STREAM_WINDOW_BYTES`]:
//!
//! * JS may produce that much the client has not taken yet (the host's
//!   window, counted in bytes before compression; one chunk may overshoot
//!   it, since JS hands its chunks whole).
//! * The worker sends at most that much in chunk frames (bytes on the
//!   wire, after compression) that the master has not credited back. The
//!   master enforces this one: a worker over it broke the protocol and is
//!   killed, so a worker cannot grow bextd's memory. Frames beyond it wait
//!   here, in the worker's own memory, and the end of the answer waits
//!   behind them.
//!
//! The master sends one `Credit` per chunk frame once its client took it;
//! each frame remembers its wire bytes and how many of JS's bytes it
//! carried, and its credit gives each back to its window.
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
    /// (wire bytes, JS bytes) of each chunk frame sent and not credited
    /// yet, oldest first.
    unacked: VecDeque<(u32, u32)>,
    /// Wire bytes in `unacked`.
    out: u32,
    /// Frames not sent yet (they would overrun the window), with the JS
    /// bytes each carries.
    held: VecDeque<(Vec<u8>, u32)>,
    /// JS ended the body: the answer ends once `held` is sent.
    ending: bool,
    /// TEST ONLY (fault `ignore-window`): send without waiting for credits.
    unbounded: bool,
}

impl Streaming {
    /// Queues `out` (the encoder's output for `js` bytes of JS's body) in
    /// frames of at most [`MAX_CHUNK`]; the last carries the JS bytes.
    fn hold(&mut self, out: Vec<u8>, js: u32) {
        if out.len() <= MAX_CHUNK {
            self.held.push_back((out, js));
            return;
        }
        let mut pieces = out.chunks(MAX_CHUNK).peekable();
        while let Some(p) = pieces.next() {
            let carried = if pieces.peek().is_none() { js } else { 0 };
            self.held.push_back((p.to_vec(), carried));
        }
    }

    /// The next held frame, if the window has room for it.
    fn next_frame(&mut self) -> Option<Vec<u8>> {
        let (data, _) = self.held.front()?;
        let len = data.len() as u32;
        if !self.unbounded && self.out + len > STREAM_WINDOW_BYTES {
            return None;
        }
        let (data, js) = self.held.pop_front()?;
        self.out += len;
        self.unacked.push_back((len, js));
        Some(data)
    }
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
        let mut s = Streaming {
            unbounded: self.unbounded_stream == Some(*id),
            ..Streaming::default()
        };
        if let (Some(c), Kind::Http(enc)) = (&self.compressor, *kind) {
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
            stream: Some(s), ..
        }) = self.pending.get_mut(&token)
        else {
            return;
        };
        let mut free = 0i64;
        for piece in data.chunks(MAX_CHUNK) {
            let out = match s.encoder.as_mut() {
                Some(e) => e.push(piece),
                None => piece.to_vec(),
            };
            if out.is_empty() || s.unbounded {
                // Nothing went out (the encoder holds it), or the window is
                // ignored: no credit will come for it, so the window gets it
                // back now.
                free += piece.len() as i64;
                if out.is_empty() {
                    continue;
                }
            }
            // Ignoring the window, its JS bytes were given back above.
            let js = if s.unbounded { 0 } else { piece.len() as u32 };
            s.hold(out, js);
        }
        self.send_held(token);
        if free > 0 {
            self.engine.credit(token, free);
        }
    }

    /// `token`'s body ended: the encoder's last bytes, then the end, once
    /// every held frame is sent.
    pub(super) fn stream_end(&mut self, token: u32) {
        let Some(Pending::Request {
            stream: Some(s), ..
        }) = self.pending.get_mut(&token)
        else {
            return;
        };
        if let Some(e) = s.encoder.take() {
            let data = e.finish();
            if !data.is_empty() {
                s.hold(data, 0);
            }
        }
        s.ending = true;
        self.send_held(token);
    }

    /// Sends what the window lets through of `token`'s held frames, and
    /// the answer's end once they are all sent.
    fn send_held(&mut self, token: u32) {
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
        while let Some(data) = s.next_frame() {
            frames.push(WorkerToMaster::ResponseChunk { id, data });
        }
        let ended = s.ending && s.held.is_empty();
        for f in frames {
            self.send(f);
        }
        if ended {
            self.pending.remove(&token);
            self.in_flight -= 1;
            self.send(WorkerToMaster::Response {
                id,
                outcome: Outcome::Streamed,
            });
        }
    }

    /// The master's client took one more chunk frame of request `id`:
    /// its wire bytes free the send window, its JS bytes the host's.
    pub(super) fn credited(&mut self, id: u64) {
        let found = self.pending.iter_mut().find_map(|(t, p)| match p {
            Pending::Request {
                id: pid,
                stream: Some(s),
                ..
            } if *pid == id => {
                let acked = s.unacked.pop_front();
                if let Some((wire, _)) = acked {
                    s.out -= wire;
                }
                Some((*t, acked))
            }
            _ => None,
        });
        let Some((token, acked)) = found else {
            return;
        };
        if let Some((_, js)) = acked.filter(|(_, js)| *js > 0) {
            self.engine.credit(token, i64::from(js));
        }
        self.send_held(token);
    }
}

/// The window is a whole number of frames' worth.
const _: () = assert!(STREAM_WINDOW_BYTES as usize >= MAX_CHUNK);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_cut_into_frames_and_the_last_carries_the_js_bytes() {
        let mut s = Streaming::default();
        s.hold(vec![0; 2 * MAX_CHUNK + 10], 500);
        let frames: Vec<_> = s.held.iter().map(|(d, js)| (d.len(), *js)).collect();
        assert_eq!(frames, [(MAX_CHUNK, 0), (MAX_CHUNK, 0), (10, 500)]);
    }

    #[test]
    fn frames_wait_once_the_window_is_full_and_go_as_credits_come() {
        let mut s = Streaming::default();
        let frames = STREAM_WINDOW_BYTES as usize / MAX_CHUNK + 2;
        for _ in 0..frames {
            s.hold(vec![0; MAX_CHUNK], MAX_CHUNK as u32);
        }
        let mut sent = 0;
        while s.next_frame().is_some() {
            sent += 1;
        }
        assert_eq!(sent, frames - 2, "no more than the window is out");
        assert_eq!(s.out, STREAM_WINDOW_BYTES);
        // One credit: one more frame fits.
        let (wire, _) = s.unacked.pop_front().unwrap();
        s.out -= wire;
        assert!(s.next_frame().is_some());
        assert!(s.next_frame().is_none());
    }

    #[test]
    fn the_ignore_window_fault_sends_everything() {
        let mut s = Streaming {
            unbounded: true,
            ..Streaming::default()
        };
        for _ in 0..10 {
            s.hold(vec![0; MAX_CHUNK], 0);
        }
        assert_eq!(std::iter::from_fn(|| s.next_frame()).count(), 10);
    }
}
