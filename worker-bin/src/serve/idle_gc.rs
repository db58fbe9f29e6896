//! A garbage collection once the worker has been idle for a while.
//!
//! QuickJS collects cycles when its heap has grown by half since the last
//! collection, whenever that happens, so a request may pay for the garbage
//! of the ones before it. A worker that has served requests and then has
//! nothing to do for [`QUIET`] collects at once instead: the next request
//! starts on a clean heap and an idle worker gives its pages back. A worker
//! that is never idle never collects here (QuickJS's own trigger still
//! runs), and one that stays idle collects once.

use std::time::{Duration, Instant};

/// How long a worker must have nothing in flight before it collects.
pub const QUIET: Duration = Duration::from_millis(200);

/// When the idle collection is due.
#[derive(Debug, Default)]
pub struct IdleGc {
    /// Work ran since the last collection.
    dirty: bool,
    /// Since when nothing has been in flight, with garbage to collect.
    idle_since: Option<Instant>,
}

impl IdleGc {
    /// Tells whether requests are in flight now (`busy`) at `now`.
    pub fn observe(&mut self, busy: bool, now: Instant) {
        if busy {
            self.dirty = true;
            self.idle_since = None;
        } else if self.dirty && self.idle_since.is_none() {
            self.idle_since = Some(now);
        }
    }

    /// When to collect, if there is something to collect.
    pub fn due(&self) -> Option<Instant> {
        self.idle_since.map(|t| t + QUIET)
    }

    /// Whether to collect at `now`; if so, it counts as done.
    pub fn take(&mut self, now: Instant) -> bool {
        if self.due().is_some_and(|d| d <= now) {
            *self = IdleGc::default();
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_once_after_a_quiet_spell_that_followed_work() {
        let t0 = Instant::now();
        let mut gc = IdleGc::default();
        gc.observe(false, t0);
        assert_eq!(gc.due(), None, "nothing ran: nothing to collect");
        gc.observe(true, t0);
        gc.observe(false, t0 + Duration::from_millis(5));
        assert_eq!(gc.due(), Some(t0 + Duration::from_millis(5) + QUIET));
        assert!(!gc.take(t0 + QUIET), "not quiet long enough");
        assert!(gc.take(t0 + Duration::from_millis(5) + QUIET));
        gc.observe(false, t0 + QUIET * 3);
        assert_eq!(gc.due(), None, "collected: nothing new since");
    }

    #[test]
    fn a_request_before_the_quiet_spell_ends_starts_it_over() {
        let t0 = Instant::now();
        let mut gc = IdleGc::default();
        gc.observe(true, t0);
        gc.observe(false, t0);
        gc.observe(true, t0 + QUIET / 2);
        assert_eq!(gc.due(), None);
        let later = t0 + QUIET;
        gc.observe(false, later);
        assert!(!gc.take(later + QUIET / 2));
        assert!(gc.take(later + QUIET));
    }
}
