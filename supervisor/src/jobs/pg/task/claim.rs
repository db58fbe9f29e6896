//! The task's claims: freed slots gathered for a moment, then one claim
//! within the node's capacity; the jobs claimed go to the manager.

use std::time::{Duration, Instant};

use super::{STATEMENT_WAIT, Task};
use crate::jobs::core::Capacity;
use crate::jobs::error::StoreError;
use crate::jobs::pg::{StoreEvent, sql};

/// How long freed slots wait for others before a claim for fewer than
/// `claim_min` of them.
pub(super) const CLAIM_GATHER: Duration = Duration::from_millis(2);

/// Whether slots freed `waited` ago are claimed now: at once when a
/// quarter of `max_running` is free (`min`), else after [`CLAIM_GATHER`].
/// Short jobs end one by one; a claim (and its commit) for each made the
/// claims most of the server's work.
pub fn gathered(slots: u32, min: u32, waited: Duration) -> bool {
    slots > 0 && (slots >= min || waited >= CLAIM_GATHER)
}

impl Task {
    /// Claims what `cap` admits; the jobs go to the manager.
    pub(super) async fn claim(&mut self, cap: &Capacity) {
        let pools: Vec<String> = cap.pools.iter().map(|(p, _)| p.clone()).collect();
        let free: Vec<i64> = cap.pools.iter().map(|(_, n)| i64::from(*n)).collect();
        let sent = Instant::now();
        let ttl_s = self.ttl.as_secs_f64();
        let idle = sql::idle_limit(self.ttl);
        let r = async {
            let e = StoreError::postgres;
            let mut c = self.pool.get().await.map_err(StoreError::pool)?;
            let tx = c.transaction().await.map_err(e)?;
            let claim = sql::claim(
                &tx,
                &self.node,
                &pools,
                &free,
                i64::from(cap.slots),
                cap.budget_bytes.min(i64::MAX as u64) as i64,
                ttl_s,
            );
            let claimed = sql::settled(&tx, idle, claim, |x| x).await.map_err(e)?;
            tx.commit().await.map_err(e)?;
            Ok::<_, StoreError>(claimed)
        };
        let r = tokio::time::timeout(STATEMENT_WAIT, r).await;
        let Some((jobs, rescued)) = self.outcome(r) else {
            return;
        };
        if jobs.is_empty() {
            return;
        }
        self.counters.claims.inc_by(jobs.len() as u64);
        self.counters.rescues.inc_by(rescued);
        for c in &jobs {
            self.held.insert(c.job.row.id.clone(), c.job.row.attempt);
        }
        self.claims += 1;
        let _ = self.events.send(StoreEvent::Claimed {
            jobs,
            sent_at: sent,
            batch: self.claims,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freed_slots_are_claimed_at_a_quarter_or_after_the_gather_time() {
        let ms = Duration::from_millis;
        assert!(!gathered(0, 5, ms(100)), "nothing free");
        assert!(!gathered(1, 5, ms(1)));
        assert!(gathered(1, 5, ms(2)));
        assert!(gathered(5, 5, ms(0)));
        assert!(gathered(1, 1, ms(0)));
    }
}
