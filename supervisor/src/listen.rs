//! What the two accept loops (the HTTP front and the control socket)
//! share: a failing `accept` (EMFILE, ENFILE, ENOBUFS, ENOMEM…) is retried
//! after a delay that doubles from 10 ms to 1 s, not at once, so it cannot
//! spin; it is logged when it starts failing, every minute while it keeps
//! failing, and when it works again.

use std::time::{Duration, Instant};

/// Delays and rate-limited logs for an accept loop whose `accept` fails.
#[derive(Debug)]
pub struct Backoff {
    what: &'static str,
    failures: u64,
    since: Option<Instant>,
    logged: Option<Instant>,
}

const FIRST_PAUSE: Duration = Duration::from_millis(10);
const MAX_PAUSE: Duration = Duration::from_secs(1);
const REMIND_EVERY: Duration = Duration::from_secs(60);

impl Backoff {
    pub fn new(what: &'static str) -> Backoff {
        Backoff {
            what,
            failures: 0,
            since: None,
            logged: None,
        }
    }

    /// Records a failed accept; returns how long to wait before the next.
    pub fn failed(&mut self, e: &std::io::Error) -> Duration {
        if per_connection(e) {
            return Duration::ZERO;
        }
        let now = Instant::now();
        self.failures += 1;
        let since = *self.since.get_or_insert(now);
        if self
            .logged
            .is_none_or(|t| now.duration_since(t) >= REMIND_EVERY)
        {
            self.logged = Some(now);
            tracing::error!(
                failures = self.failures,
                failing_ms = now.duration_since(since).as_millis() as u64,
                "cannot accept {}: {e}; retrying with a pause of up to {} ms",
                self.what,
                MAX_PAUSE.as_millis()
            );
        }
        pause(self.failures)
    }

    /// Records a successful accept, logging the end of a failing episode.
    pub fn succeeded(&mut self) {
        if let Some(since) = self.since.take() {
            tracing::info!(
                failures = self.failures,
                failing_ms = since.elapsed().as_millis() as u64,
                "accepting {} again",
                self.what
            );
            self.failures = 0;
            self.logged = None;
        }
    }
}

/// The pause after the `n`th failure in a row: 10 ms doubling up to 1 s.
pub fn pause(n: u64) -> Duration {
    let shift = n.saturating_sub(1).min(16) as u32;
    (FIRST_PAUSE * 2u32.pow(shift)).min(MAX_PAUSE)
}

/// Errors about one connection that went away before it was accepted:
/// the next accept may work at once.
fn per_connection(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionAborted | ConnectionReset | Interrupted | WouldBlock
    ) || e.raw_os_error() == Some(libc::EPROTO)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_pauses_double_up_to_a_second() {
        let ms: Vec<u128> = (1..=9).map(|n| pause(n).as_millis()).collect();
        assert_eq!(ms, [10, 20, 40, 80, 160, 320, 640, 1000, 1000]);
        assert_eq!(pause(u64::MAX), MAX_PAUSE);
    }

    #[test]
    fn a_vanished_client_is_no_reason_to_pause() {
        let mut b = Backoff::new("test");
        let aborted = std::io::Error::from(std::io::ErrorKind::ConnectionAborted);
        assert_eq!(b.failed(&aborted), Duration::ZERO);
        let emfile = std::io::Error::from_raw_os_error(libc::EMFILE);
        assert_eq!(b.failed(&emfile), FIRST_PAUSE);
        assert_eq!(b.failed(&emfile), FIRST_PAUSE * 2);
        b.succeeded();
        assert_eq!(b.failed(&emfile), FIRST_PAUSE);
    }
}
