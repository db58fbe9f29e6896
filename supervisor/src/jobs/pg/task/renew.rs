//! The task's renewals: every lease it holds, a third of the TTL after
//! the last renewal sent; the leases lost, lapsed or asked to cancel go to
//! the manager.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::{STATEMENT_WAIT, Task};
use crate::jobs::error::StoreError;
use crate::jobs::pg::{StoreEvent, sql};

/// Whether a renewal is due: a third of the TTL after the last one sent.
pub fn renew_due(last_sent: Instant, ttl: Duration, now: Instant) -> bool {
    now >= last_sent + ttl / 3
}

/// Whether leases last renewed by a statement sent at `last_ok` have
/// lapsed at `now` (the core's rule for killing their runs, too).
pub fn leases_lapsed(last_ok: Instant, ttl: Duration, now: Instant) -> bool {
    now >= last_ok + ttl
}

impl Task {
    /// Renews the leases held; `last_ok` is when the last renewal that
    /// succeeded was sent.
    pub(super) async fn renew(&mut self, sent: Instant, last_ok: Instant) -> bool {
        // Not renewed for a whole TTL (the server was out): every lease
        // has lapsed in the database and the core kills their runs by the
        // same rule. Renewing them now would keep rows nobody runs owned by
        // this node for ever; they are reported lost and left to be
        // claimed again (from their checkpoint) like any expired lease.
        let lapsed: Vec<(String, u64)> = if leases_lapsed(last_ok, self.ttl, sent) {
            self.held.drain().collect()
        } else {
            Vec::new()
        };
        let held: Vec<(String, u64)> = self.held.iter().map(|(k, v)| (k.clone(), *v)).collect();
        let ttl_s = self.ttl.as_secs_f64();
        let r = async {
            let c = self.pool.get().await.map_err(StoreError::pool)?;
            if held.is_empty() {
                return Ok(Vec::new());
            }
            sql::renew(&c, &self.node, &held, ttl_s)
                .await
                .map_err(StoreError::postgres)
        };
        let r = tokio::time::timeout(STATEMENT_WAIT, r).await;
        let Some(kept) = self.outcome(r) else {
            return false;
        };
        let ours: HashMap<String, bool> = kept.into_iter().collect();
        let mut lost = lapsed;
        for (id, attempt) in held {
            if !ours.contains_key(&id) {
                self.held.remove(&id);
                lost.push((id, attempt));
            }
        }
        let cancel = ours
            .into_iter()
            .filter(|(_, c)| *c)
            .map(|(id, _)| id)
            .collect();
        let _ = self.events.send(StoreEvent::Renewed {
            sent_at: sent,
            lost,
            cancel,
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renewals_come_every_third_of_the_ttl() {
        let t0 = Instant::now();
        let ttl = Duration::from_millis(3_000);
        assert!(!renew_due(t0, ttl, t0 + Duration::from_millis(999)));
        assert!(renew_due(t0, ttl, t0 + Duration::from_millis(1_000)));
    }

    #[test]
    fn leases_lapse_a_whole_ttl_after_the_last_good_renewal() {
        let t0 = Instant::now();
        let ttl = Duration::from_millis(3_000);
        assert!(!leases_lapsed(t0, ttl, t0 + Duration::from_millis(2_999)));
        assert!(leases_lapsed(t0, ttl, t0 + ttl));
    }
}
