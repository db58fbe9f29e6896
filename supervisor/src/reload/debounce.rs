//! The trailing-edge debounce of a watcher's file changes, pure: the
//! clock is an argument.

use std::time::{Duration, Instant};

/// Trailing-edge debounce of file changes: a restart fires once no change
/// has arrived for `quiet`, carrying every path changed since the last one.
#[derive(Debug, Clone)]
pub struct Debounce<P> {
    quiet: Duration,
    pending: Vec<P>,
    due: Option<Instant>,
}

impl<P: PartialEq> Debounce<P> {
    pub fn new(quiet: Duration) -> Self {
        Debounce {
            quiet,
            pending: Vec::new(),
            due: None,
        }
    }

    /// Records changes seen at `now`; pushes the deadline back.
    pub fn changed(&mut self, now: Instant, paths: impl IntoIterator<Item = P>) {
        for p in paths {
            if !self.pending.contains(&p) {
                self.pending.push(p);
            }
        }
        if !self.pending.is_empty() {
            self.due = Some(now + self.quiet);
        }
    }

    /// When the pending batch fires, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.due
    }

    /// The batch, once `now` has reached the deadline.
    pub fn fire(&mut self, now: Instant) -> Option<Vec<P>> {
        match self.due {
            Some(at) if now >= at => {
                self.due = None;
                Some(std::mem::take(&mut self.pending))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_saves_fires_once_after_the_quiet_period() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let mut d = Debounce::new(ms(500));
        d.changed(t0, ["a.js"]);
        d.changed(t0 + ms(200), ["b.js", "a.js"]);
        d.changed(t0 + ms(450), ["c.js"]);
        assert_eq!(
            d.fire(t0 + ms(900)),
            None,
            "a change at 450 ms pushes the deadline to 950 ms"
        );
        assert_eq!(d.deadline(), Some(t0 + ms(950)));
        assert_eq!(d.fire(t0 + ms(950)), Some(vec!["a.js", "b.js", "c.js"]));
        assert_eq!(d.fire(t0 + ms(5000)), None, "fires once");
        assert_eq!(d.deadline(), None);
    }

    #[test]
    fn changes_after_a_fire_start_a_new_batch() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let mut d = Debounce::new(ms(100));
        d.changed(t0, [1]);
        assert_eq!(d.fire(t0 + ms(100)), Some(vec![1]));
        d.changed(t0 + ms(300), [2]);
        assert_eq!(d.fire(t0 + ms(350)), None);
        assert_eq!(d.fire(t0 + ms(400)), Some(vec![2]));
    }
}
