//! One client's server-sent-events stream.
//!
//! A stream is a task that forwards the feed's live messages (events and
//! the sampler's ticks) into a bounded channel that the HTTP body reads.
//! It starts with the kept events after the client's `Last-Event-ID`, so
//! a reconnecting page loses nothing the feed still keeps. Its bounds:
//!
//! * at most [`MAX_STREAMS`] at once (the next is refused: 503);
//! * [`CLIENT_BUFFER`] messages between the task and the body; a client
//!   whose channel is full, or who fell [`super::feed`]'s live buffer
//!   behind, is dropped;
//! * a client whose socket took no byte for [`STALL`] while there was
//!   something to send (its [`Client::blocked_for`]) is dropped, so one
//!   that never reads costs at most the socket's buffers, which are kept
//!   small ([`Client::bound_send_buffer`]: 64 KiB asked of the kernel);
//! * when bextd begins to stop, every stream ends.
//!
//! A stream holds its connection's request in flight, so bextd's idle
//! timeout never cuts it; proxies between bextd and the browser may, so
//! a comment line (`: keepalive`) goes out when nothing else did for the
//! client's [`Client::heartbeat`] (15 s, or half of `idle_timeout_ms`).
//!
//! With no stream open nothing is encoded and nothing is sent: the
//! sampler checks [`super::Feed::watched`] before it builds a tick.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use bytes::Bytes;
use tokio::sync::{broadcast, mpsc};

use super::feed::{Event, Feed, Live};

/// Streams open at once.
pub const MAX_STREAMS: usize = 16;
/// Messages queued for one client.
pub const CLIENT_BUFFER: usize = 32;
/// A client whose socket takes nothing this long is dropped.
pub const STALL: Duration = Duration::from_secs(5);
/// How often the stall is checked.
const CHECK: Duration = Duration::from_millis(500);
/// The browser's reconnect delay, sent first.
const RETRY_MS: u64 = 2000;

/// The connection a stream is written to, as the stream sees it.
pub trait Client: Send + Sync + 'static {
    /// How long writes to the socket have waited for the client to read.
    fn blocked_for(&self) -> Option<Duration>;
    /// Closes the connection now.
    fn close(&self);
    /// Keeps the socket's send buffer small (the kernel's share of what
    /// a client that does not read costs).
    fn bound_send_buffer(&self);
    /// How often to send a comment line when there is nothing else, so
    /// that proxies do not close an idle stream.
    fn heartbeat(&self) -> Duration {
        Duration::from_secs(15)
    }
}

/// Why a stream was not opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("too many event streams are open")]
    TooMany,
    #[error("bextd is stopping")]
    Stopping,
}

/// Opens a stream from the event after `last_id`; `first` (the current
/// view) is sent after the backlog.
pub fn open(
    feed: &'static Feed,
    last_id: Option<u64>,
    first: Option<Bytes>,
    client: Arc<dyn Client>,
) -> Result<mpsc::Receiver<Bytes>, Refused> {
    if feed.is_closing() {
        return Err(Refused::Stopping);
    }
    let n = feed.streams.fetch_add(1, Ordering::AcqRel);
    let slot = Slot(feed);
    if n >= MAX_STREAMS {
        return Err(Refused::TooMany);
    }
    client.bound_send_buffer();
    let (live, backlog) = feed.subscribe(last_id.unwrap_or(u64::MAX));
    let (tx, rx) = mpsc::channel(CLIENT_BUFFER);
    let mut head = format!("retry: {RETRY_MS}\n\n");
    let mut sent = last_id.unwrap_or(0);
    for e in &backlog {
        head.push_str(&event_text(e));
        sent = e.id;
    }
    let _ = tx.try_send(Bytes::from(head));
    if let Some(first) = first {
        let _ = tx.try_send(first);
    }
    let forward = Forward {
        feed,
        tx,
        client,
        sent,
    };
    tokio::spawn(forward.run(live, slot));
    Ok(rx)
}

/// Counts an open stream until dropped.
struct Slot(&'static Feed);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::AcqRel);
    }
}

struct Forward {
    feed: &'static Feed,
    tx: mpsc::Sender<Bytes>,
    client: Arc<dyn Client>,
    /// The id of the last event sent.
    sent: u64,
}

/// What a step of the forwarder decided.
enum Next {
    Go,
    /// The client is gone, or bextd stops: end quietly.
    End,
    /// The client does not keep up: close its connection.
    Drop(&'static str),
}

impl Forward {
    async fn run(mut self, mut live: broadcast::Receiver<Live>, _slot: Slot) {
        let mut closing = self.feed.closing.subscribe();
        let mut check = tokio::time::interval(CHECK);
        let mut idle = tokio::time::Instant::now();
        loop {
            let next = tokio::select! {
                _ = self.tx.closed() => Next::End,
                _ = closing.wait_for(|c| *c) => Next::End,
                m = live.recv() => {
                    idle = tokio::time::Instant::now();
                    self.forward(m)
                }
                _ = check.tick() => {
                    if self.client.blocked_for().is_some_and(|d| d >= STALL) {
                        Next::Drop("its socket took nothing")
                    } else if idle.elapsed() >= self.client.heartbeat() {
                        idle = tokio::time::Instant::now();
                        self.send(Bytes::from_static(b": keepalive\n\n"))
                    } else {
                        Next::Go
                    }
                }
            };
            match next {
                Next::Go => {}
                Next::End => return,
                Next::Drop(why) => {
                    self.feed.dropped.fetch_add(1, Ordering::AcqRel);
                    tracing::info!("dropped an event stream: {why}");
                    self.client.close();
                    return;
                }
            }
        }
    }

    fn forward(&mut self, m: Result<Live, broadcast::error::RecvError>) -> Next {
        match m {
            Ok(Live::Event(e)) if e.id <= self.sent => Next::Go,
            Ok(Live::Event(e)) => {
                self.sent = e.id;
                self.send(Bytes::from(event_text(&e)))
            }
            Ok(Live::Tick(bytes)) => self.send(bytes),
            Err(broadcast::error::RecvError::Lagged(_)) => Next::Drop("it fell behind the feed"),
            Err(broadcast::error::RecvError::Closed) => Next::End,
        }
    }

    fn send(&self, bytes: Bytes) -> Next {
        match self.tx.try_send(bytes) {
            Ok(()) => Next::Go,
            Err(mpsc::error::TrySendError::Full(_)) => Next::Drop("its buffer is full"),
            Err(mpsc::error::TrySendError::Closed(_)) => Next::End,
        }
    }
}

/// An event as an SSE message (`id:`, `event: event`, one `data:` line).
pub fn event_text(e: &Event) -> String {
    let json = serde_json::to_string(e).unwrap_or_default();
    format!("id: {}\nevent: event\ndata: {json}\n\n", e.id)
}

/// A tick as an SSE message (no `id:`: the browser keeps the last
/// event's id for its reconnection).
pub fn tick_text(json: &str) -> Bytes {
    Bytes::from(format!("event: tick\ndata: {json}\n\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::feed::NewEvent;
    use std::sync::atomic::AtomicBool;

    #[derive(Default)]
    struct Fake {
        blocked: AtomicBool,
        closed: AtomicBool,
    }

    impl Client for Fake {
        fn blocked_for(&self) -> Option<Duration> {
            self.blocked
                .load(Ordering::Acquire)
                .then_some(Duration::from_secs(60))
        }
        fn close(&self) {
            self.closed.store(true, Ordering::Release);
        }
        fn bound_send_buffer(&self) {}
    }

    fn leak() -> &'static Feed {
        Box::leak(Box::new(Feed::new()))
    }

    async fn text(rx: &mut mpsc::Receiver<Bytes>) -> String {
        let b = tokio::time::timeout(Duration::from_secs(5), rx.recv())
            .await
            .expect("a message in time")
            .expect("the stream is open");
        String::from_utf8(b.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn resumes_after_the_last_event_id_without_loss() {
        let feed = leak();
        for i in 1..=5 {
            feed.push(NewEvent::new("boot", "info", format!("e{i}")), 1);
        }
        let client = Arc::new(Fake::default());
        let mut rx = open(feed, Some(3), None, client).unwrap();
        let head = text(&mut rx).await;
        assert!(head.starts_with("retry: "));
        assert!(!head.contains("id: 3\n") && head.contains("id: 4\n") && head.contains("id: 5\n"));
        feed.push(NewEvent::new("boot", "info", "e6"), 1);
        assert!(text(&mut rx).await.starts_with("id: 6\n"));
        assert_eq!(feed.stream_counts().0, 1);
        drop(rx);
        tokio::time::timeout(Duration::from_secs(5), async {
            while feed.stream_counts().0 != 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("the stream ends when its body is dropped");
    }

    #[tokio::test]
    async fn a_client_that_does_not_read_is_dropped() {
        let feed = leak();
        let client = Arc::new(Fake::default());
        let _rx = open(feed, None, None, client.clone()).unwrap();
        for _ in 0..(CLIENT_BUFFER + 2) {
            feed.tick(Bytes::from_static(b"event: tick\ndata: {}\n\n"));
            tokio::task::yield_now().await;
        }
        tokio::time::timeout(Duration::from_secs(5), async {
            while !client.closed.load(Ordering::Acquire) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("dropped");
        assert_eq!(feed.stream_counts().1, 1);
    }

    #[tokio::test]
    async fn a_stalled_socket_is_dropped_and_the_cap_holds() {
        let feed = leak();
        let stalled = Arc::new(Fake::default());
        stalled.blocked.store(true, Ordering::Release);
        let _rx = open(feed, None, None, stalled.clone()).unwrap();
        tokio::time::timeout(Duration::from_secs(5), async {
            while !stalled.closed.load(Ordering::Acquire) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("dropped");
        let mut open_ones = Vec::new();
        for _ in 0..MAX_STREAMS {
            open_ones.push(open(feed, None, None, Arc::new(Fake::default())).unwrap());
        }
        let more = open(feed, None, None, Arc::new(Fake::default()));
        assert_eq!(more.err(), Some(Refused::TooMany));
        feed.close_streams();
        assert_eq!(
            open(feed, None, None, Arc::new(Fake::default())).err(),
            Some(Refused::Stopping)
        );
    }
}
