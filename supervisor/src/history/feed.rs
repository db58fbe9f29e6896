//! The feed of recent events: boots, rotations and their reasons, crashes
//! with their forensics, quarantines, scaling, reloads, swaps,
//! maintenance, job state changes and operator actions, each with an id
//! that only grows. The last [`KEPT`] are kept (for the page's first
//! paint and for a stream that resumes from a `Last-Event-ID`); each one
//! is also handed at once to every live stream.
//!
//! There is one feed per process ([`feed`]): events are reported where
//! they happen (the pool's and the job manager's log lines, the reloader,
//! the request path's quarantine, the hub's actions), and bextd is one
//! daemon per process.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use bytes::Bytes;
use serde::Serialize;
use tokio::sync::{broadcast, watch};

/// Events kept for the page and for resuming streams.
pub const KEPT: usize = 1000;
/// The longest text an event keeps (its forensics included).
pub const TEXT_MAX: usize = 2048;
/// Live messages a stream may fall behind before it is dropped.
const LIVE_BUFFER: usize = 256;

/// One thing that happened.
#[derive(Debug, Clone, Serialize)]
pub struct Event {
    pub id: u64,
    /// Unix time in milliseconds.
    pub at: u64,
    /// `boot`, `rotation`, `crash`, `kill`, `gave_up`, `quarantine`,
    /// `scale`, `reload`, `swap`, `maint`, `leak`, `job`, `action`, `slow`
    /// (a traced request slower than `[tracing] slow_ms`).
    pub kind: &'static str,
    /// `info`, `warn` or `error`.
    pub level: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worker: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
    /// One line.
    pub text: String,
    /// Forensics (a crash's status, uptime, RSS, the requests it held …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<serde_json::Value>,
    /// The trace it is in (a slow request's), to look up in the tracing
    /// backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace_id: Option<String>,
}

/// An event before it has its id and time.
#[derive(Debug, Clone, Default)]
pub struct NewEvent {
    pub kind: &'static str,
    pub level: &'static str,
    pub pool: Option<String>,
    pub worker: Option<u32>,
    pub job: Option<String>,
    pub text: String,
    pub detail: Option<serde_json::Value>,
    pub trace_id: Option<String>,
}

impl NewEvent {
    pub fn new(kind: &'static str, level: &'static str, text: impl Into<String>) -> NewEvent {
        NewEvent {
            kind,
            level,
            text: text.into(),
            ..NewEvent::default()
        }
    }

    pub fn pool(mut self, pool: &str) -> NewEvent {
        self.pool = Some(pool.to_owned());
        self
    }

    pub fn worker(mut self, slot: u32) -> NewEvent {
        self.worker = Some(slot);
        self
    }

    pub fn job(mut self, id: &str) -> NewEvent {
        self.job = Some(id.to_owned());
        self
    }

    pub fn detail(mut self, detail: serde_json::Value) -> NewEvent {
        self.detail = Some(detail);
        self
    }

    pub fn trace(mut self, trace_id: &str) -> NewEvent {
        self.trace_id = Some(trace_id.to_owned());
        self
    }
}

/// What a live stream receives.
#[derive(Debug, Clone)]
pub enum Live {
    Event(Arc<Event>),
    /// The sampler's view of this second, already encoded.
    Tick(Bytes),
}

/// The events kept, the live channel and the count of streams.
#[derive(Debug)]
pub struct Feed {
    kept: Mutex<Kept>,
    live: broadcast::Sender<Live>,
    /// Streams open now.
    pub(super) streams: AtomicUsize,
    /// Streams dropped because their client did not read.
    pub(super) dropped: AtomicUsize,
    /// Set when bextd begins to stop: every stream ends.
    pub(super) closing: watch::Sender<bool>,
}

#[derive(Debug, Default)]
struct Kept {
    next_id: u64,
    events: VecDeque<Arc<Event>>,
}

/// The process's feed.
pub fn feed() -> &'static Feed {
    static FEED: OnceLock<Feed> = OnceLock::new();
    FEED.get_or_init(Feed::new)
}

/// Reports an event to the process's feed.
pub fn report(event: NewEvent) {
    feed().push(event, crate::history::unix_ms());
}

fn cut(mut s: String) -> String {
    if s.len() > TEXT_MAX {
        let mut end = TEXT_MAX;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
        s.push('…');
    }
    s
}

impl Feed {
    pub fn new() -> Feed {
        Feed {
            kept: Mutex::new(Kept {
                next_id: 1,
                events: VecDeque::with_capacity(KEPT),
            }),
            live: broadcast::channel(LIVE_BUFFER).0,
            streams: AtomicUsize::new(0),
            dropped: AtomicUsize::new(0),
            closing: watch::channel(false).0,
        }
    }

    /// Gives the event its id and time, keeps it, and hands it to the
    /// live streams (if any).
    pub fn push(&self, e: NewEvent, at: u64) -> u64 {
        let detail = e.detail.map(|d| {
            let text = d.to_string();
            if text.len() > TEXT_MAX {
                serde_json::Value::String(cut(text))
            } else {
                d
            }
        });
        let mut kept = self.kept.lock().unwrap();
        let id = kept.next_id;
        kept.next_id += 1;
        let event = Arc::new(Event {
            id,
            at,
            kind: e.kind,
            level: e.level,
            pool: e.pool,
            worker: e.worker,
            job: e.job,
            text: cut(e.text),
            detail,
            trace_id: e.trace_id,
        });
        if kept.events.len() == KEPT {
            kept.events.pop_front();
        }
        kept.events.push_back(event.clone());
        // Sent under the lock, so live streams see ids in order.
        if self.live.receiver_count() > 0 {
            let _ = self.live.send(Live::Event(event));
        }
        id
    }

    /// The kept events newer than `after`, oldest first, at most `max`
    /// (the newest ones).
    pub fn since(&self, after: u64, max: usize) -> Vec<Arc<Event>> {
        let kept = self.kept.lock().unwrap();
        let newer: Vec<_> = kept.events.iter().filter(|e| e.id > after).collect();
        newer[newer.len().saturating_sub(max)..]
            .iter()
            .map(|e| Arc::clone(e))
            .collect()
    }

    /// The id of the newest event (0: none yet).
    pub fn last_id(&self) -> u64 {
        self.kept.lock().unwrap().next_id - 1
    }

    /// Subscribes to live events and ticks, and returns the kept events
    /// after `after` as of that moment (so nothing falls between the two).
    pub fn subscribe(&self, after: u64) -> (broadcast::Receiver<Live>, Vec<Arc<Event>>) {
        let kept = self.kept.lock().unwrap();
        let rx = self.live.subscribe();
        let backlog = kept
            .events
            .iter()
            .filter(|e| e.id > after)
            .cloned()
            .collect();
        (rx, backlog)
    }

    /// Whether any stream is open (the sampler encodes ticks only then).
    pub fn watched(&self) -> bool {
        self.streams.load(Ordering::Acquire) > 0
    }

    /// Hands this second's view to the live streams.
    pub fn tick(&self, encoded: Bytes) {
        let _ = self.live.send(Live::Tick(encoded));
    }

    /// Streams open now, and dropped so far for not reading.
    pub fn stream_counts(&self) -> (usize, usize) {
        (
            self.streams.load(Ordering::Acquire),
            self.dropped.load(Ordering::Acquire),
        )
    }

    /// bextd is stopping: ends every stream and refuses new ones.
    pub fn close_streams(&self) {
        self.closing.send_replace(true);
    }

    pub(super) fn is_closing(&self) -> bool {
        *self.closing.borrow()
    }

    /// Bytes the kept events hold, roughly.
    pub fn bytes(&self) -> usize {
        let kept = self.kept.lock().unwrap();
        kept.events.capacity() * std::mem::size_of::<Arc<Event>>()
            + kept
                .events
                .iter()
                .map(|e| {
                    std::mem::size_of::<Event>()
                        + e.text.len()
                        + e.detail.as_ref().map_or(0, |d| d.to_string().len())
                })
                .sum::<usize>()
    }
}

impl Default for Feed {
    fn default() -> Self {
        Feed::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_get_growing_ids_and_the_oldest_go() {
        let f = Feed::new();
        for i in 0..(KEPT + 5) {
            f.push(NewEvent::new("boot", "info", format!("e{i}")), 1);
        }
        assert_eq!(f.last_id(), (KEPT + 5) as u64);
        let all = f.since(0, usize::MAX);
        assert_eq!(all.len(), KEPT);
        assert_eq!(all[0].id, 6);
        let tail = f.since((KEPT + 2) as u64, 10);
        assert_eq!(
            tail.iter().map(|e| e.id).collect::<Vec<_>>(),
            [1003, 1004, 1005]
        );
        assert_eq!(f.since(0, 2).len(), 2);
    }

    #[test]
    fn long_texts_are_cut() {
        let f = Feed::new();
        f.push(NewEvent::new("crash", "error", "é".repeat(TEXT_MAX)), 1);
        let e = &f.since(0, 1)[0];
        assert!(e.text.len() <= TEXT_MAX + 3);
        assert!(e.text.ends_with('…'));
    }

    #[tokio::test]
    async fn a_subscriber_sees_the_backlog_then_live_events() {
        let f = Feed::new();
        f.push(NewEvent::new("boot", "info", "a"), 1);
        f.push(NewEvent::new("boot", "info", "b"), 1);
        let (mut rx, backlog) = f.subscribe(1);
        assert_eq!(backlog.iter().map(|e| e.id).collect::<Vec<_>>(), [2]);
        f.push(NewEvent::new("boot", "info", "c"), 1);
        match rx.recv().await.unwrap() {
            Live::Event(e) => assert_eq!(e.id, 3),
            Live::Tick(_) => panic!("a tick"),
        }
    }
}
