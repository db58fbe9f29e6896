//! The master's deadline for the pool's requests, kept by the actor with
//! one sleep (see `link::expiry`): a request that got no answer within
//! `request_timeout_ms` and its grace is answered 504 and its worker
//! killed.

use std::time::Instant;

use super::Actor;
use crate::pool::core::Input;

impl Actor {
    /// When to look for overdue requests next: when the oldest request any
    /// worker holds is due, or, if none holds one, one limit from now (a
    /// request sent after `now` is not due before that).
    pub(super) fn next_expiry(&self, now: Instant) -> Option<Instant> {
        let limit = self.busy_limit?;
        let oldest = self.links.values().filter_map(|l| l.next_due(limit)).min();
        Some(oldest.unwrap_or(now + limit))
    }

    /// Answers the overdue requests (504) and kills each worker that held
    /// one: it is stuck where its own interrupt cannot reach.
    pub(super) async fn expire_overdue(&mut self) {
        let Some(limit) = self.busy_limit else {
            return;
        };
        let grace = self.core.settings().timeout_grace().unwrap_or_default();
        let now = Instant::now();
        let mut stuck = Vec::new();
        for l in self.links.values() {
            if let Some(first) = l.expire(now, limit).into_iter().next() {
                let reason = format!(
                    "{first} got no answer {} ms past request_timeout_ms",
                    grace.as_millis()
                );
                stuck.push((l.slot, l.generation, reason));
            }
        }
        for (slot, generation, reason) in stuck {
            let input = Input::Kill {
                slot,
                generation,
                reason,
            };
            self.feed(input).await;
        }
    }
}
