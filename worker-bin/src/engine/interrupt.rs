//! Stopping runaway JS: QuickJS calls [`Interrupt::check`] every so often
//! while JS runs, and JS running past the deadline the loop set is stopped
//! there. The same handler calls the loop's poll hook at most every
//! `every`, so news that arrives meanwhile can bring the deadline closer.
//! When the interrupt stops JS, the error that escapes the glue carries the
//! stack where it stopped; the engine keeps it for
//! [`Engine::take_interrupted`].

use std::cell::{Cell, RefCell};
use std::time::{Duration, Instant};

use rquickjs::Runtime;

use super::Engine;

/// What the loop's poll hook gets to do while JS runs: return an earlier
/// deadline, if what it found calls for one.
pub type PollHook = Box<dyn FnMut(Instant) -> Option<Instant>>;

#[derive(Default)]
pub(super) struct Interrupt {
    pub(super) deadline: Cell<Option<Instant>>,
    pub(super) fired: Cell<bool>,
    /// The JS stack where the last interrupt stopped the code.
    pub(super) stack: RefCell<Option<String>>,
    poll: RefCell<Option<(Duration, PollHook)>>,
    last_poll: Cell<Option<Instant>>,
}

impl Interrupt {
    /// Makes this the runtime's interrupt handler.
    pub(super) fn watch(self: &std::rc::Rc<Self>, rt: &Runtime) {
        let watch = self.clone();
        rt.set_interrupt_handler(Some(Box::new(move || watch.check())));
    }

    /// The interrupt handler: true stops the JS running now.
    pub(super) fn check(&self) -> bool {
        let polling = self.poll.borrow().is_some();
        if self.deadline.get().is_none() && !polling {
            return false;
        }
        let now = Instant::now();
        if polling {
            self.poll_now(now);
        }
        match self.deadline.get() {
            Some(at) if now >= at => {
                self.fired.set(true);
                true
            }
            _ => false,
        }
    }

    fn poll_now(&self, now: Instant) {
        let Ok(mut slot) = self.poll.try_borrow_mut() else {
            return;
        };
        let Some((every, hook)) = slot.as_mut() else {
            return;
        };
        let last = self.last_poll.get().unwrap_or(now);
        if self.last_poll.get().is_some() && now < last + *every {
            return;
        }
        self.last_poll.set(Some(now));
        if let Some(at) = hook(now) {
            let d = self.deadline.get().map_or(at, |d| d.min(at));
            self.deadline.set(Some(d));
        }
    }
}

impl Engine {
    /// JS running at or after `at` is interrupted (None: never).
    pub fn set_deadline(&self, at: Option<Instant>) {
        self.interrupt.deadline.set(at);
    }

    /// Whether the interrupt handler stopped JS since the last call, with
    /// the JS stack where it stopped it (innermost frame first; empty if
    /// QuickJS gave none).
    pub fn take_interrupted(&self) -> Option<String> {
        let fired = self.interrupt.fired.replace(false);
        let stack = self.interrupt.stack.borrow_mut().take();
        fired.then(|| stack.unwrap_or_default())
    }

    /// Installs the hook the interrupt handler calls at most every `every`
    /// while JS runs; a deadline it returns replaces a later one.
    pub fn set_poll(&self, every: Duration, hook: PollHook) {
        *self.interrupt.poll.borrow_mut() = Some((every, hook));
    }
}
