//! One HTTP connection and its timeouts.
//!
//! * `header_read_timeout_ms` bounds the time a client takes to send a
//!   request head: from the connection's start, and for later requests on a
//!   keep-alive connection from their first byte. Half-sent heads
//!   (slowloris) are closed then.
//! * `idle_timeout_ms` bounds the time a keep-alive connection waits, with
//!   nothing received and no request in flight, for its next request. A
//!   request is in flight from its head until its response's body has
//!   ended ([`Tracked`] holds the mark), so a long streamed answer or an
//!   event stream never meets it.
//! * An HTTP/2 connection has the head timer for its first request only:
//!   after it, bytes between streams (PING, WINDOW_UPDATE, SETTINGS) begin
//!   no head, and the connection is closed `idle_timeout_ms` after its
//!   last stream ended whatever it receives, as nginx's `keepalive_timeout`
//!   does. It is told with GOAWAY: a stream that crossed it is still
//!   served, and a client that does not answer the GOAWAY's PING is
//!   dropped one step later.
//! * `write_timeout_ms` bounds, while a request is in flight, how long a
//!   write may wait for a client that does not read. Past it the
//!   connection is closed, which drops the response body: a worker's
//!   stream is cancelled (its `req.signal` fires) and the worker is free.
//! * A request body has its own deadlines (`body_timeout_ms` and the
//!   pool's `request_timeout_ms`), kept where it is read
//!   (`front::intake`), which can still answer 408.
//!
//! hyper's own `header_read_timeout` is not used: hyper 1.x starts that
//! timer as soon as it waits for a next request, so it also closes idle
//! keep-alive connections and the two could not be set apart. Instead a
//! [`Clock`] per connection is told when bytes arrive and when writes wait
//! (by the [`Timed`] stream) and when a request starts and ends (by the
//! service and the response body), and the connection's task drops the
//! connection at the deadline that applies.
//!
//! Those updates are plain atomic stores: nothing wakes the connection's
//! task for them. Its one timer is armed at a time that is never later
//! than the deadline in force ([`next_check`]): every change of the
//! deadline lies at least the shortest of the timeouts after the moment
//! it is made, so a timer re-armed at most that far ahead, or at the
//! deadline itself, always fires in time. A busy connection's timer fires
//! once per that interval, not twice per request.
//! A request being served is bounded by the pool's `request_timeout_ms`,
//! not by these.

mod h2;

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use crate::front::graceful::Watcher;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::OwnedSemaphorePermit;

use crate::front::Front;
use crate::front::body::Body;

/// The per-connection timeouts.
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    pub header_read: Duration,
    pub idle: Duration,
    pub write: Duration,
}

impl Timeouts {
    /// The shortest: the timer's longest step.
    fn step(&self) -> Duration {
        self.header_read.min(self.idle).min(self.write)
    }

    /// How often an event stream sends a comment when it has nothing
    /// else to say: 15 s, or half the idle timeout if that is shorter, so
    /// that a proxy with an idle timeout like bextd's keeps it open.
    pub fn heartbeat(&self) -> Duration {
        Duration::from_secs(15).min(self.idle / 2)
    }
}

const NONE: u64 = u64::MAX;

/// Why a connection whose client stopped reading was closed.
const WRITE_TIMEOUT: &str = "write_timeout_ms";
/// Why a connection with no request for a while was closed.
const IDLE_TIMEOUT: &str = "idle_timeout_ms";

/// What a connection is doing, as far as its timeouts care.
#[derive(Debug)]
pub struct Clock {
    start: Instant,
    in_flight: AtomicU32,
    /// Milliseconds after `start` at which the request head now being read
    /// began (`NONE` when no head is being read).
    head_since: AtomicU64,
    /// Milliseconds after `start` at which the last request ended.
    idle_since: AtomicU64,
    /// Milliseconds after `start` since which a write has waited for the
    /// client to read (`NONE`: writes go through).
    blocked_since: AtomicU64,
    /// Woken to close the connection at once (an event stream whose
    /// client does not read).
    cut: tokio::sync::Notify,
    /// An event stream asked for a small socket send buffer: applied by
    /// the next write, once.
    small_send_buffer: std::sync::atomic::AtomicBool,
    /// An event stream's heartbeat ([`Timeouts::heartbeat`]).
    heartbeat: Duration,
    /// The connection speaks HTTP/2: reads between streams begin no head.
    h2: std::sync::atomic::AtomicBool,
}

/// The send buffer of an event stream's socket: the kernel holds at most
/// about twice this for a client that does not read.
const STREAM_SEND_BUFFER: usize = 64 * 1024;

impl Clock {
    pub fn new(now: Instant) -> Clock {
        Clock {
            start: now,
            in_flight: AtomicU32::new(0),
            // A new connection is reading its first head.
            head_since: AtomicU64::new(0),
            idle_since: AtomicU64::new(0),
            blocked_since: AtomicU64::new(NONE),
            cut: tokio::sync::Notify::new(),
            small_send_buffer: std::sync::atomic::AtomicBool::new(false),
            heartbeat: Duration::from_secs(15),
            h2: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// The connection speaks HTTP/2 (told by its first stream).
    pub fn speaks_h2(&self) {
        if !self.h2.load(Ordering::Relaxed) {
            self.h2.store(true, Ordering::Release);
        }
    }

    /// A write to the socket waited (`blocked`) or went through.
    fn on_write(&self, blocked: bool) {
        if !blocked {
            self.blocked_since.store(NONE, Ordering::Relaxed);
        } else if self.blocked_since.load(Ordering::Relaxed) == NONE {
            self.blocked_since
                .store(self.ms(Instant::now()), Ordering::Relaxed);
        }
    }

    fn ms(&self, now: Instant) -> u64 {
        now.saturating_duration_since(self.start).as_millis() as u64
    }

    /// Bytes arrived: between HTTP/1.1 requests they begin the next head.
    pub fn on_read(&self, now: Instant) {
        if self.in_flight.load(Ordering::Acquire) == 0
            && !self.h2.load(Ordering::Acquire)
            && self.head_since.load(Ordering::Acquire) == NONE
        {
            self.head_since.store(self.ms(now), Ordering::Release);
        }
    }

    /// A request head was parsed; its request is being served.
    pub fn begin(&self) {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        self.head_since.store(NONE, Ordering::Release);
    }

    /// The request ended (answered, or abandoned by the client).
    pub fn end(&self, now: Instant) {
        self.idle_since.store(self.ms(now), Ordering::Release);
        self.in_flight.fetch_sub(1, Ordering::AcqRel);
    }

    /// When the connection is to be closed if nothing changes, and why;
    /// while a request is being served, only a write waiting on the client
    /// has one.
    pub fn deadline(&self, t: Timeouts) -> Option<(Instant, &'static str)> {
        let at = |ms: u64, d: Duration| self.start + Duration::from_millis(ms) + d;
        if self.in_flight.load(Ordering::Acquire) > 0 {
            return match self.blocked_since.load(Ordering::Relaxed) {
                NONE => None,
                ms => Some((at(ms, t.write), WRITE_TIMEOUT)),
            };
        }
        match self.head_since.load(Ordering::Acquire) {
            NONE => Some((
                at(self.idle_since.load(Ordering::Acquire), t.idle),
                IDLE_TIMEOUT,
            )),
            ms => Some((at(ms, t.header_read), "header_read_timeout_ms")),
        }
    }
}

/// A stream that tells its [`Clock`] when bytes arrive.
#[derive(Debug)]
pub struct Timed<S> {
    inner: S,
    clock: Arc<Clock>,
}

impl<S: AsyncRead + Unpin> AsyncRead for Timed<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.clock.on_read(Instant::now());
        }
        r
    }
}

/// What an event stream knows of its connection.
impl crate::history::stream::Client for Clock {
    fn blocked_for(&self) -> Option<Duration> {
        match self.blocked_since.load(Ordering::Relaxed) {
            NONE => None,
            ms => Some(Duration::from_millis(
                self.ms(Instant::now()).saturating_sub(ms),
            )),
        }
    }

    fn close(&self) {
        self.cut.notify_one();
    }

    fn bound_send_buffer(&self) {
        self.small_send_buffer.store(true, Ordering::Release);
    }

    fn heartbeat(&self) -> Duration {
        self.heartbeat
    }
}

/// A connection's stream: plain TCP or TLS over it, and its socket.
pub trait Socket: AsyncRead + AsyncWrite + Unpin + Send + 'static {
    /// Over TLS.
    const SECURE: bool;
    fn fd(&self) -> std::os::fd::BorrowedFd<'_>;
}

impl Socket for TcpStream {
    const SECURE: bool = false;
    fn fd(&self) -> std::os::fd::BorrowedFd<'_> {
        std::os::fd::AsFd::as_fd(self)
    }
}

impl Socket for tokio_rustls::server::TlsStream<TcpStream> {
    const SECURE: bool = true;
    fn fd(&self) -> std::os::fd::BorrowedFd<'_> {
        std::os::fd::AsFd::as_fd(self.get_ref().0)
    }
}

/// Whether a request came over TLS: in its extensions.
#[derive(Debug, Clone, Copy)]
pub struct Secure(pub bool);

impl<S: Socket> Timed<S> {
    /// Applies an event stream's small send buffer, once.
    fn bound_send_buffer(&self) {
        if self.clock.small_send_buffer.load(Ordering::Relaxed)
            && self.clock.small_send_buffer.swap(false, Ordering::AcqRel)
        {
            use nix::sys::socket::{setsockopt, sockopt::SndBuf};
            if let Err(e) = setsockopt(&self.inner.fd(), SndBuf, &STREAM_SEND_BUFFER) {
                tracing::debug!(error = %e, "cannot bound an event stream's send buffer");
            }
        }
    }
}

impl<S: Socket> AsyncWrite for Timed<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.bound_send_buffer();
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.clock.on_write(r.is_pending());
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        self.bound_send_buffer();
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.clock.on_write(r.is_pending());
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

/// What the connection's timer does when it fires at `now`: close the
/// connection (the deadline in force has passed, and why), or fire again
/// at the returned instant, which is never later than the deadline in
/// force nor than `step` (the shorter timeout) from now.
pub fn next_check(
    deadline: Option<(Instant, &'static str)>,
    now: Instant,
    step: Duration,
) -> Result<Instant, &'static str> {
    match deadline {
        Some((at, why)) if now >= at => Err(why),
        Some((at, _)) => Ok(at.min(now + step)),
        None => Ok(now + step),
    }
}

/// Ends a request on its clock when dropped, however the request ends.
#[derive(Debug)]
struct InFlight(Arc<Clock>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.end(Instant::now());
    }
}

/// A response body that keeps its request in flight until it is dropped:
/// hyper drops it once it took the last frame, or with the connection.
#[derive(Debug)]
pub struct Tracked {
    body: Body,
    _in_flight: InFlight,
}

impl hyper::body::Body for Tracked {
    type Data = bytes::Bytes;
    type Error = <Body as hyper::body::Body>::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<bytes::Bytes>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

/// What a connection holds while it is open, and a WebSocket it upgrades
/// to holds after it: its place under `max_connections` and the shutdown's
/// watch.
#[derive(Debug, Clone)]
pub struct Held {
    _permit: Arc<OwnedSemaphorePermit>,
    pub watcher: Watcher,
}

/// Serves one accepted connection on its own task; `permit` (its place
/// under `max_connections`) is given back when the connection closes.
pub fn serve<S: Socket>(
    front: &Arc<Front>,
    watcher: Watcher,
    stream: S,
    peer: SocketAddr,
    timeouts: Timeouts,
    permit: OwnedSemaphorePermit,
) {
    let secure = Secure(S::SECURE);
    let clock = Arc::new(Clock {
        heartbeat: timeouts.heartbeat(),
        ..Clock::new(Instant::now())
    });
    let io = Timed {
        inner: stream,
        clock: clock.clone(),
    };
    let (front, svc_clock) = (front.clone(), clock.clone());
    // Written once per connection, not per request (`req.ip`).
    let peer_ip: Arc<str> = peer.ip().to_string().into();
    // A WebSocket holds the connection's place under max_connections and
    // the shutdown's watch until it ends (front::websocket).
    let held = Held {
        _permit: Arc::new(permit),
        watcher: watcher.clone(),
    };
    let svc_held = held.clone();
    let resets = Arc::new(h2::Resets::default());
    let svc = service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
        if req.version() == hyper::Version::HTTP_2 {
            svc_clock.speaks_h2();
        }
        svc_clock.begin();
        let pending = h2::Pending::new(resets.clone(), svc_clock.clone());
        // An event stream on this connection watches and may close it.
        req.extensions_mut().insert(svc_clock.clone());
        req.extensions_mut().insert(svc_held.clone());
        req.extensions_mut().insert(secure);
        let guard = InFlight(svc_clock.clone());
        let (front, peer_ip) = (front.clone(), peer_ip.clone());
        async move {
            let reply = front.handle(peer, &peer_ip, req).await?;
            pending.answered();
            Ok::<_, std::convert::Infallible>(reply.map(|body| Tracked {
                body,
                _in_flight: guard,
            }))
        }
    });
    let streams = h2::Streams::default();
    let running = streams.run();
    let conn = h2::builder(streams)
        .serve_connection_with_upgrades(TokioIo::new(io), svc)
        .into_owned();
    let step = timeouts.step();
    tokio::spawn(async move {
        let _held = held;
        tokio::pin!(conn);
        tokio::pin!(running);
        let timer = tokio::time::sleep_until((clock.start + step).into());
        tokio::pin!(timer);
        let (mut stopping, mut told) = (false, false);
        loop {
            tokio::select! {
                // HTTP/2 streams first: what they queue is written by the
                // connection's poll just after, in the same pass.
                biased;
                never = &mut running => match never {},
                _ = &mut conn => return,
                _ = watcher.stopping(), if !stopping => {
                    // Finish the request it serves, then close.
                    stopping = true;
                    conn.as_mut().graceful_shutdown();
                }
                _ = clock.cut.notified() => {
                    tracing::debug!(peer = %peer, "closing a connection whose client does not read");
                    return;
                }
                _ = &mut timer => {
                    let now = Instant::now();
                    match next_check(clock.deadline(timeouts), now, step) {
                        Ok(at) => timer.as_mut().reset(at.into()),
                        // An idle HTTP/2 connection is told with GOAWAY
                        // first, and dropped a step later if still open.
                        Err(IDLE_TIMEOUT) if clock.h2.load(Ordering::Acquire) && !told => {
                            told = true;
                            tracing::debug!(peer = %peer, "GOAWAY to an HTTP/2 connection past its {IDLE_TIMEOUT}");
                            if !stopping {
                                stopping = true;
                                conn.as_mut().graceful_shutdown();
                            }
                            timer.as_mut().reset((now + step).into());
                        }
                        Err(why) => {
                            if why == WRITE_TIMEOUT {
                                crate::metrics::front::write_timed_out();
                            }
                            tracing::debug!(peer = %peer, "closing a connection past its {why}");
                            return;
                        }
                    }
                }
            }
        }
    });
}

#[cfg(test)]
mod tests;
