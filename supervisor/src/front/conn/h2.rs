//! HTTP/2 beside HTTP/1.1 on the same listener.
//!
//! A connection whose first bytes are HTTP/2's preface is served as
//! HTTP/2 in cleartext by prior knowledge (h2c, for proxies and meshes
//! such as Envoy); any other is HTTP/1.1, the only one that upgrades to a
//! WebSocket. (On the TLS listener, ALPN picks the same way.) Every
//! HTTP/2 stream is one request through the same service as an HTTP/1.1
//! request: routing, admission, timeouts, body limits, streaming, cache
//! and tracing do not know the difference.
//!
//! Limits, as nginx's defaults:
//! * at most [`MAX_CONCURRENT_STREAMS`] streams open at once per
//!   connection (nginx's `http2_max_concurrent_streams`);
//! * a request's header list at most [`MAX_HEADER_LIST`] bytes, decoded
//!   (nginx's `large_client_header_buffers 4 8k`). The h2 crate counts a
//!   header block across its CONTINUATION frames and ends the connection
//!   past it, so an endless CONTINUATION flood (CVE-2024-27316) holds no
//!   more than that;
//! * flow-control windows of [`STREAM_WINDOW`] per stream (nginx's
//!   `http2_body_preread_size`) and [`CONNECTION_WINDOW`] per connection:
//!   what a client may send ahead of the worker reading it;
//! * at most [`MAX_PENDING_RESETS`] streams the client opened and reset
//!   before they were served, and [`MAX_LOCAL_RESETS`] streams bextd had
//!   to reset for the client's errors: past either the connection ends
//!   with GOAWAY (ENHANCE_YOUR_CALM);
//! * a client that abandons (resets) [`MAX_NET_ABANDONED`] more requests
//!   than it lets finish is cut off ([`Resets`]). With the two above this
//!   bounds the rapid-reset attack (CVE-2023-44487) to a few hundred
//!   started requests per connection, each cancelled at once.
//!
//! hyper hands each stream's future to an executor. [`Streams`] keeps
//! them on the connection's own task, which polls them beside the
//! connection as it polls an HTTP/1.1 request, rather than spawning a
//! task per stream: a worker's answer then wakes one task, not a stream's
//! task on another thread that wakes the connection's, and answers that
//! arrive together leave in one write. (Spawned, hello over h2c served
//! ~0.55x the requests of HTTP/1.1 on the same bextd, with twice the CPU
//! per request in context switches and writes.) A connection that ends
//! drops its streams, as an HTTP/1.1 connection drops its request: the
//! worker's request is cancelled.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use futures_util::StreamExt as _;
use futures_util::stream::FuturesUnordered;
use futures_util::task::AtomicWaker;
use hyper_util::rt::TokioTimer;
use hyper_util::server::conn::auto;

use super::Clock;
use crate::history::stream::Client as _;

/// Streams open at once on one connection.
pub const MAX_CONCURRENT_STREAMS: u32 = 128;
/// A request's decoded header list, in bytes.
pub const MAX_HEADER_LIST: u32 = 32 * 1024;
/// What a client may send on one stream before bextd reads it.
pub const STREAM_WINDOW: u32 = 64 * 1024;
/// What a client may send on all its streams before bextd reads it.
pub const CONNECTION_WINDOW: u32 = 1024 * 1024;
/// Streams reset by the client before they were served.
pub const MAX_PENDING_RESETS: usize = 20;
/// Streams bextd reset for the client's protocol errors.
pub const MAX_LOCAL_RESETS: usize = 1024;

/// The builder of a front connection: HTTP/1.1 with keep-alive (and its
/// timeouts kept by `front::conn`, not hyper), or HTTP/2 under the limits
/// above, its streams run by `streams`.
pub fn builder(streams: Streams) -> auto::Builder<Streams> {
    let mut b = auto::Builder::new(streams);
    b.http1()
        .timer(TokioTimer::new())
        .header_read_timeout(None)
        .keep_alive(true);
    b.http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(MAX_CONCURRENT_STREAMS)
        .max_header_list_size(MAX_HEADER_LIST)
        .initial_stream_window_size(STREAM_WINDOW)
        .initial_connection_window_size(CONNECTION_WINDOW)
        .max_pending_accept_reset_streams(MAX_PENDING_RESETS)
        .max_local_error_reset_streams(MAX_LOCAL_RESETS);
    b
}

/// Streams a client may abandon (reset before their answer) beyond those
/// it let finish, on one connection, before bextd closes it.
pub const MAX_NET_ABANDONED: u32 = 2 * MAX_CONCURRENT_STREAMS;

/// A connection's abandoned and answered requests. The h2 crate counts
/// only streams reset before hyper took them; one reset just after is a
/// request started for nothing (routed, perhaps sent to a worker and
/// cancelled), so a client that resets many more than it lets finish
/// (rapid reset) is cut off, as nginx does.
#[derive(Debug, Default)]
pub struct Resets {
    abandoned: AtomicU32,
    answered: AtomicU32,
}

/// One request's mark on its connection's [`Resets`]: dropped before
/// [`Pending::answered`], the request was abandoned.
#[derive(Debug)]
pub struct Pending {
    resets: Arc<Resets>,
    clock: Arc<Clock>,
    answered: bool,
}

impl Pending {
    pub fn new(resets: Arc<Resets>, clock: Arc<Clock>) -> Pending {
        Pending {
            resets,
            clock,
            answered: false,
        }
    }

    /// The service answered the request.
    pub fn answered(mut self) {
        self.answered = true;
        self.resets.answered.fetch_add(1, Ordering::Relaxed);
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.answered {
            return;
        }
        let abandoned = self.resets.abandoned.fetch_add(1, Ordering::Relaxed) + 1;
        let answered = self.resets.answered.load(Ordering::Relaxed);
        if abandoned.saturating_sub(answered) > MAX_NET_ABANDONED {
            if abandoned.saturating_sub(answered) == MAX_NET_ABANDONED + 1 {
                tracing::warn!(
                    abandoned,
                    answered,
                    "closing a connection whose client abandons many more requests than it lets finish (rapid reset)"
                );
                crate::metrics::front::rapid_reset();
            }
            self.clock.close();
        }
    }
}

type Task = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The executor of one connection's HTTP/2 streams: what hyper hands it
/// waits until the connection's task polls [`Streams::run`].
#[derive(Clone, Default)]
pub struct Streams(Arc<Queue>);

#[derive(Default)]
struct Queue {
    new: Mutex<Vec<Task>>,
    /// The connection's task, woken when a stream is handed over.
    waker: AtomicWaker,
}

impl std::fmt::Debug for Streams {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Streams")
    }
}

impl<F> hyper::rt::Executor<F> for Streams
where
    F: Future<Output = ()> + Send + 'static,
{
    fn execute(&self, fut: F) {
        let mut new = self.0.new.lock().unwrap_or_else(PoisonError::into_inner);
        new.push(Box::pin(fut));
        drop(new);
        self.0.waker.wake();
    }
}

impl Streams {
    /// The streams handed over so far and from now on, polled as this
    /// future is; it never ends (the connection's end drops it).
    pub fn run(&self) -> Running {
        Running {
            queue: self.0.clone(),
            taken: Vec::new(),
            running: FuturesUnordered::new(),
        }
    }
}

/// A connection's streams being served ([`Streams::run`]).
pub struct Running {
    queue: Arc<Queue>,
    /// Reused to take the new streams out of the lock.
    taken: Vec<Task>,
    running: FuturesUnordered<Task>,
}

impl Future for Running {
    type Output = std::convert::Infallible;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = &mut *self;
        this.queue.waker.register(cx.waker());
        {
            let mut new = this
                .queue
                .new
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            std::mem::swap(&mut *new, &mut this.taken);
        }
        this.running.extend(this.taken.drain(..));
        while let Poll::Ready(Some(())) = this.running.poll_next_unpin(cx) {}
        Poll::Pending
    }
}
