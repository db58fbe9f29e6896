//! Slow requests in the status page's feed. A sampled request slower than
//! `[tracing] slow_ms` is a `slow` event carrying its trace id, so the
//! operator goes from the feed to the trace that says where the time went.
//! At most one a second reaches the feed: when everything is slow the feed
//! keeps room for the other events (the exemplars of the latency histogram
//! in `/metrics` still point at slow traces then).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::history::feed::{self, NewEvent};

/// Shortest gap between two `slow` events, in ms.
pub const GAP_MS: u64 = 1_000;

/// Unix ms of the last `slow` event (0: none yet).
static LAST: AtomicU64 = AtomicU64::new(0);

/// Whether a request that took `took` is slow under `slow_ms`.
pub fn is_slow(took: Duration, slow: Option<Duration>) -> bool {
    slow.is_some_and(|s| took >= s)
}

/// Whether an event at `now_ms` may follow the last one at `last_ms`.
pub fn admit(last_ms: u64, now_ms: u64) -> bool {
    last_ms == 0 || now_ms >= last_ms.saturating_add(GAP_MS)
}

/// What the feed says of one slow request.
#[derive(Debug)]
pub struct Slow<'a> {
    pub pool: &'a str,
    /// `METHOD path`.
    pub what: &'a str,
    pub status: u16,
    pub took: Duration,
    pub trace_id: &'a str,
}

/// Reports `s` to the feed, unless another was reported within [`GAP_MS`].
pub fn report(s: &Slow<'_>) {
    let now = crate::history::unix_ms();
    let last = LAST.load(Ordering::Relaxed);
    if !admit(last, now)
        || LAST
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return;
    }
    let text = format!(
        "{} answered {} in {} ms",
        s.what,
        s.status,
        s.took.as_millis()
    );
    feed::report(
        NewEvent::new("slow", "warn", text)
            .pool(s.pool)
            .trace(s.trace_id),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_is_at_or_past_the_threshold_and_never_without_one() {
        let ms = Duration::from_millis;
        assert!(is_slow(ms(100), Some(ms(100))));
        assert!(is_slow(ms(250), Some(ms(100))));
        assert!(!is_slow(ms(99), Some(ms(100))));
        assert!(!is_slow(ms(60_000), None));
    }

    #[test]
    fn one_event_a_second_at_most() {
        assert!(admit(0, 5), "the first one");
        assert!(!admit(10_000, 10_000));
        assert!(!admit(10_000, 10_999));
        assert!(admit(10_000, 11_000));
        assert!(!admit(10_000, 9_000), "a clock stepped back waits");
    }
}
