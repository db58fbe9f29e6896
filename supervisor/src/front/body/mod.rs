//! Response bodies: whole (what bextd says itself, and buffered worker
//! answers) or streamed from a worker as it produces them.
//!
//! A streamed body yields each chunk the link reader hands it and, as it
//! hands the chunk to hyper, credits it back to the worker, which produces
//! no more than `STREAM_WINDOW_BYTES` ahead of what the client took: hyper
//! polls the body only when the connection can take more, so a slow client
//! slows the worker's stream instead of filling bextd's memory. Dropped
//! before its end (the client went away), it cancels the request in the
//! worker. Cut short by the worker (an error, a timeout) or by the master's
//! own deadline, it ends in an error, and hyper aborts the response (no
//! final zero-length chunk), so the client can tell it is incomplete.

mod file;
pub use file::FileBody;

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use bytes::Bytes;
use http_body_util::{Either, Full};
use hyper::body::Frame;

use crate::pool::dispatch::Streamed;
use crate::pool::link::{BodyEvent, WorkerLink};

/// The body of every response bextd sends: whole or a static file's, a
/// worker's stream, or an event stream.
pub type Body = Either<Either<Full<Bytes>, FileBody>, Either<StreamBody, EventsBody>>;

/// A server-sent-events stream: what the stream's task queued
/// (`history::stream`), as hyper can take it; ends when the task does.
#[derive(Debug)]
pub struct EventsBody(pub tokio::sync::mpsc::Receiver<Bytes>);

impl hyper::body::Body for EventsBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        self.0.poll_recv(cx).map(|b| b.map(|b| Ok(Frame::data(b))))
    }
}

/// A whole body.
pub fn full(bytes: impl Into<Bytes>) -> Body {
    Either::Left(Either::Left(Full::new(bytes.into())))
}

/// A static file's body (`front::static_files`).
pub fn file(body: FileBody) -> Body {
    Either::Left(Either::Right(body))
}

/// Why a streamed body ended early.
#[derive(Debug, thiserror::Error)]
#[error("the streamed response was cut short: {0}")]
pub struct StreamCut(&'static str);

/// A worker's streamed answer body.
#[derive(Debug)]
pub struct StreamBody {
    rx: tokio::sync::mpsc::UnboundedReceiver<BodyEvent>,
    link: Arc<WorkerLink>,
    id: u64,
    deadline: Option<Pin<Box<tokio::time::Sleep>>>,
    finished: bool,
}

impl StreamBody {
    pub fn new(s: Streamed) -> (StreamBody, u16, Vec<(String, String)>) {
        let deadline = s
            .deadline
            .map(|at| Box::pin(tokio::time::sleep_until(at.max(Instant::now()).into())));
        let body = StreamBody {
            rx: s.head.body,
            link: s.link,
            id: s.id,
            deadline,
            finished: false,
        };
        (body, s.head.status, s.head.headers)
    }

    fn cut(&mut self, why: &'static str) -> Poll<Option<Result<Frame<Bytes>, StreamCut>>> {
        self.finished = true;
        Poll::Ready(Some(Err(StreamCut(why))))
    }
}

impl hyper::body::Body for StreamBody {
    type Data = Bytes;
    type Error = StreamCut;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, StreamCut>>> {
        let this = &mut *self;
        if this.finished {
            return Poll::Ready(None);
        }
        match this.rx.poll_recv(cx) {
            Poll::Ready(Some(BodyEvent::Data(bytes))) => {
                this.link.credit(this.id, bytes.len());
                Poll::Ready(Some(Ok(Frame::data(bytes))))
            }
            Poll::Ready(Some(BodyEvent::End)) => {
                this.finished = true;
                Poll::Ready(None)
            }
            Poll::Ready(Some(BodyEvent::Abort)) => this.cut("the worker ended it with an error"),
            Poll::Ready(None) => this.cut("the worker went away"),
            Poll::Pending => match this.deadline.as_mut().map(|d| d.as_mut().poll(cx)) {
                Some(Poll::Ready(())) => {
                    this.link.abandon(this.id);
                    this.cut("past request_timeout_ms")
                }
                _ => Poll::Pending,
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        self.finished
    }
}

impl Drop for StreamBody {
    fn drop(&mut self) {
        if !self.finished {
            self.link.abandon(self.id);
        }
    }
}
