//! Unhandled promise rejections, held until the promise jobs have run.
//!
//! QuickJS reports a rejection without a handler at once, and again when a
//! handler is attached later. An `async` handler that throws rejects its
//! promise before the glue attaches its handler, so a rejection counts as
//! unhandled only if it is still on the list once the jobs are done
//! ([`Engine::run_jobs`](super::Engine::run_jobs) takes the list).

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use rquickjs::{Ctx, Runtime, Value};

use super::describe_value;

/// Unhandled rejections waiting for the end of the promise jobs, by the
/// identity of their promise.
#[derive(Default)]
pub(super) struct Rejections(RefCell<Vec<(u64, String)>>);

impl Rejections {
    /// Makes this the runtime's promise rejection tracker.
    pub(super) fn track(self: &Rc<Self>, rt: &Runtime) {
        let track = self.clone();
        rt.set_host_promise_rejection_tracker(Some(Box::new(
            move |_ctx: Ctx<'_>, promise: Value<'_>, reason: Value<'_>, handled: bool| {
                let id = identity(&promise);
                let mut list = track.0.borrow_mut();
                if handled {
                    list.retain(|(p, _)| *p != id);
                } else {
                    list.push((id, describe_value(&reason)));
                }
            },
        )));
    }

    /// The reasons of the rejections still unhandled, oldest first; the
    /// list is empty afterwards.
    pub(super) fn take(&self) -> Vec<String> {
        let left = std::mem::take(&mut *self.0.borrow_mut());
        left.into_iter().map(|(_, reason)| reason).collect()
    }
}

fn identity(v: &Value<'_>) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}
