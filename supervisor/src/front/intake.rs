//! Request bodies on their way in: each has a deadline, and together they
//! have a budget.
//!
//! A worker gets a request with its whole body, so bextd reads the body
//! before it dispatches. Unbounded, that read lets a client hold a
//! connection for ever by sending a body slowly (the slow-POST attack), and
//! lets many clients together grow bextd's memory. So:
//!
//! * **Deadline.** A body must keep arriving: at most `body_timeout_ms`
//!   between two reads, and the whole body within the pool's
//!   `request_timeout_ms` (when set) from the end of the head
//!   ([`read_deadline`]). Past either the client gets 408 and the
//!   connection is closed (the rest of the body is never read).
//! * **Budget.** Every byte read is counted against
//!   `max_buffered_body_bytes` (a semaphore of bytes) until the request is
//!   answered: its body is kept that long, to be sent again if its worker
//!   ends before running it. A piece that finds no room waits, while bextd
//!   reads nothing more from that client (TCP pushes back on it), until the
//!   read deadline; then the client gets 503 and the connection is closed.
//!   The semaphore is fair: a large body waiting is not overtaken for ever
//!   by small ones.
//!
//! Both show in `/metrics` (`bext_request_bodies_timed_out_total`,
//! `bext_request_bodies_refused_total`, `bext_request_body_buffered_bytes`).

use std::sync::Arc;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use http_body_util::BodyExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
// tokio's clock, which a test can pause and move.
use tokio::time::Instant;

use crate::metrics::front as metrics;

/// The limits every request body is read under.
#[derive(Debug, Clone)]
pub struct Intake {
    /// Longest gap between two reads (`body_timeout_ms`).
    pub gap: Duration,
    /// Bytes of bodies held at once (`max_buffered_body_bytes`).
    budget: Arc<Semaphore>,
}

/// Why a body was not read whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("request body too large")]
    TooLarge,
    /// The deadline that passed: `body_timeout_ms` or `request_timeout_ms`.
    #[error("the request body did not arrive within {0}")]
    TimedOut(&'static str),
    #[error("too many request bodies are being received; try again")]
    Busy,
    #[error("could not read the request body")]
    Broken,
}

/// Bytes of the budget a body holds; given back when dropped.
#[derive(Debug, Default)]
pub struct Held {
    permit: Option<OwnedSemaphorePermit>,
    bytes: u64,
}

impl Held {
    fn add(&mut self, permit: OwnedSemaphorePermit, bytes: u64) {
        match self.permit.as_mut() {
            Some(p) => p.merge(permit),
            None => self.permit = Some(permit),
        }
        self.bytes += bytes;
        metrics::buffered(bytes as i64);
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        metrics::buffered(-(self.bytes as i64));
    }
}

/// When the next piece of a body must have come, and the key that says
/// so: `gap` after the last read, or `whole` after the body's start,
/// whichever is first.
pub fn read_deadline(
    started: Instant,
    last: Instant,
    gap: Duration,
    whole: Option<Duration>,
) -> (Instant, &'static str) {
    let by_gap = last + gap;
    match whole.map(|w| started + w) {
        Some(by_whole) if by_whole <= by_gap => (by_whole, "request_timeout_ms"),
        _ => (by_gap, "body_timeout_ms"),
    }
}

impl From<&crate::config::ServerSection> for Intake {
    /// `[server]`'s `body_timeout_ms` and `max_buffered_body_bytes`.
    fn from(s: &crate::config::ServerSection) -> Intake {
        Intake::new(
            Duration::from_millis(s.limits.body_timeout_ms),
            s.limits.max_buffered_body_bytes,
        )
    }
}

impl Intake {
    pub fn new(gap: Duration, budget_bytes: u64) -> Intake {
        let permits = budget_bytes.min(Semaphore::MAX_PERMITS as u64) as usize;
        Intake {
            gap,
            budget: Arc::new(Semaphore::new(permits)),
        }
    }

    /// Reads `body` whole: at most `max` bytes, under the deadlines (the
    /// whole body within `whole`, the pool's `request_timeout_ms`) and
    /// the budget, which the returned [`Held`] keeps until dropped.
    pub async fn read<B>(
        &self,
        mut body: B,
        max: u64,
        whole: Option<Duration>,
    ) -> Result<(Bytes, Held), Refused>
    where
        B: hyper::body::Body<Data = Bytes> + Unpin,
    {
        let started = Instant::now();
        let mut last = started;
        let mut held = Held::default();
        let hint = body.size_hint().exact().unwrap_or(0).min(max);
        let mut out = BytesMut::with_capacity(hint as usize);
        loop {
            let (at, why) = read_deadline(started, last, self.gap, whole);
            let frame = match tokio::time::timeout_at(at, body.frame()).await {
                Err(_) => return Err(self.timed_out(why)),
                Ok(None) => break,
                Ok(Some(Err(_))) => return Err(Refused::Broken),
                Ok(Some(Ok(frame))) => frame,
            };
            last = Instant::now();
            // Trailers are not passed on.
            let Ok(data) = frame.into_data() else {
                continue;
            };
            if data.is_empty() {
                continue;
            }
            if (out.len() + data.len()) as u64 > max {
                return Err(Refused::TooLarge);
            }
            let (at, _) = read_deadline(started, last, self.gap, whole);
            held.add(self.room(data.len(), at).await?, data.len() as u64);
            out.extend_from_slice(&data);
        }
        Ok((out.freeze(), held))
    }

    /// Room in the budget for `n` more bytes, waited for until `until`.
    async fn room(&self, n: usize, until: Instant) -> Result<OwnedSemaphorePermit, Refused> {
        let n = u32::try_from(n).map_err(|_| Refused::TooLarge)?;
        let wait = self.budget.clone().acquire_many_owned(n);
        match tokio::time::timeout_at(until, wait).await {
            Ok(Ok(permit)) => Ok(permit),
            // Closed: never (the semaphore is never closed).
            Ok(Err(_)) | Err(_) => {
                metrics::body_refused();
                tracing::debug!(
                    bytes = n,
                    "a request body found no room under max_buffered_body_bytes; answering 503"
                );
                Err(Refused::Busy)
            }
        }
    }

    fn timed_out(&self, why: &'static str) -> Refused {
        metrics::body_timed_out();
        tracing::debug!("a request body stopped arriving (past {why}); answering 408");
        Refused::TimedOut(why)
    }
}

#[cfg(test)]
#[path = "intake_tests.rs"]
mod tests;
