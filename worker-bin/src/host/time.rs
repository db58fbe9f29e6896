//! The clock and the timers: `performance.now()` and `timeOrigin`, and the
//! deadlines of `setTimeout`/`setInterval`.
//!
//! Only the deadlines live here ([`Timers`]); the callbacks stay in JS. The
//! engine fires the timers that are due ([`crate::engine::Engine::fire_due_timers`])
//! and the serve loop sleeps until the next one.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::{Ctx, Function, Object, Result};

use super::HostState;

/// Timer deadlines; the callbacks themselves stay in JS.
#[derive(Debug, Default)]
pub struct Timers {
    due: BTreeSet<(Instant, u32)>,
    by_id: HashMap<u32, Instant>,
}

impl Timers {
    pub fn arm(&mut self, id: u32, at: Instant) {
        self.cancel(id);
        self.due.insert((at, id));
        self.by_id.insert(id, at);
    }

    pub fn cancel(&mut self, id: u32) {
        if let Some(at) = self.by_id.remove(&id) {
            self.due.remove(&(at, id));
        }
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.due.first().map(|(at, _)| *at)
    }

    /// Removes and returns the first timer due at or before `now`.
    pub fn pop_due(&mut self, now: Instant) -> Option<u32> {
        let &(at, id) = self.due.first()?;
        if at > now {
            return None;
        }
        self.due.remove(&(at, id));
        self.by_id.remove(&id);
        Some(id)
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

/// Adds `armTimer`, `cancelTimer`, `now` and `timeOrigin` to `host`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    let s = state.clone();
    host.set(
        "armTimer",
        Function::new(ctx.clone(), move |id: u32, ms: f64| {
            let ms = if ms.is_finite() && ms > 0.0 { ms } else { 0.0 };
            let at = Instant::now() + Duration::from_secs_f64(ms.min(1e12) / 1000.0);
            s.timers.borrow_mut().arm(id, at);
        })?,
    )?;
    let s = state.clone();
    host.set(
        "cancelTimer",
        Function::new(ctx.clone(), move |id: u32| s.timers.borrow_mut().cancel(id))?,
    )?;
    let s = state.clone();
    host.set(
        "now",
        Function::new(ctx.clone(), move || {
            s.origin.get().elapsed().as_secs_f64() * 1000.0
        })?,
    )?;
    let s = state.clone();
    host.set(
        "timeOrigin",
        Function::new(ctx.clone(), move || s.origin_unix_ms.get())?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timers_fire_in_deadline_order_and_cancel() {
        let t0 = Instant::now();
        let mut t = Timers::default();
        t.arm(1, t0 + Duration::from_millis(20));
        t.arm(2, t0 + Duration::from_millis(10));
        t.arm(3, t0 + Duration::from_millis(30));
        t.cancel(3);
        assert_eq!(t.next_deadline(), Some(t0 + Duration::from_millis(10)));
        assert_eq!(t.pop_due(t0), None);
        let later = t0 + Duration::from_millis(50);
        assert_eq!(t.pop_due(later), Some(2));
        assert_eq!(t.pop_due(later), Some(1));
        assert_eq!(t.pop_due(later), None);
        assert!(t.is_empty());
    }

    #[test]
    fn rearming_replaces_the_deadline() {
        let t0 = Instant::now();
        let mut t = Timers::default();
        t.arm(1, t0 + Duration::from_millis(10));
        t.arm(1, t0 + Duration::from_millis(99));
        assert_eq!(t.len(), 1);
        assert_eq!(t.pop_due(t0 + Duration::from_millis(50)), None);
    }
}
