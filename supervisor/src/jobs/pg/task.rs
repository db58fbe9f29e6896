//! The shared store's one task: the batching writer, the renewals and the
//! claims, in order, on pooled connections that are made again after the
//! server went away.
//!
//! Writes are folded as the SQLite writer folds them (the newest row,
//! checkpoint and log of each job; `batch.rs`) but each keeps the attempt
//! it was made under, and each statement matches it: what matches nothing
//! was fenced.
//! A batch that fails (the server is gone) is kept and tried again, with
//! what came in since folded in. The task keeps the set of leases it holds
//! (claimed, minus what ended, was released or was lost) and renews them
//! every third of the TTL ([`renew_due`]).
//!
//! Every statement goes through [`Task::outcome`]: the first failure opens
//! an outage (one log line) and puts every statement off until its retry,
//! which backs off with jitter up to 3 s; the first success closes it.
//! Between tries the loop sleeps until the try or the next statement's
//! time, whichever is later ([`next_wake`]): a try that finds nothing to
//! send is no reason to wake.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use deadpool_postgres::Pool;
use tokio::sync::{mpsc, oneshot, watch};

use super::batch::{Batch, Written, write};
use super::{Counters, StoreEvent, sql};
use crate::config::Jobs;
use crate::jobs::core::{Capacity, Save};
use crate::jobs::error::StoreError;
use crate::jobs::outage::Tracker;

#[derive(Debug)]
pub enum Op {
    Save(Box<Save>),
    /// Answered once everything sent before it is written.
    Flush(oneshot::Sender<()>),
    Close(oneshot::Sender<()>),
}

/// How long freed slots wait for others before a claim for fewer than
/// `claim_min` of them.
const CLAIM_GATHER: Duration = Duration::from_millis(2);

/// Whether slots freed `waited` ago are claimed now: at once when a
/// quarter of `max_running` is free (`min`), else after [`CLAIM_GATHER`].
/// Short jobs end one by one; a claim (and its commit) for each made the
/// claims most of the server's work.
pub fn gathered(slots: u32, min: u32, waited: Duration) -> bool {
    slots > 0 && (slots >= min || waited >= CLAIM_GATHER)
}

/// Whether a renewal is due: a third of the TTL after the last one sent.
pub fn renew_due(last_sent: Instant, ttl: Duration, now: Instant) -> bool {
    now >= last_sent + ttl / 3
}

/// Whether leases last renewed by a statement sent at `last_ok` have
/// lapsed at `now` (the core's rule for killing their runs, too).
pub fn leases_lapsed(last_ok: Instant, ttl: Duration, now: Instant) -> bool {
    now >= last_ok + ttl
}

/// When the task's loop wakes next (unless an op, a change of the
/// capacity or a notification comes first): when its next statement is
/// `due` (a claim's poll, the end of a gathering, a renewal), but while the
/// store is out never before its next try (`retry_at`), and at that try
/// when a statement is `waiting` for it (the schema, a batch to write).
///
/// Waking at the try alone, whatever was due, made the loop spin from the
/// try until the next statement's time whenever nothing waited: a daemon
/// that sleeps writes nothing, and a full node claims nothing, so a third
/// of a core (a whole one on a full node) went on an outage.
pub fn next_wake(due: Instant, waiting: bool, retry_at: Option<Instant>) -> Instant {
    match retry_at {
        None => due,
        Some(retry) if waiting => retry,
        Some(retry) => retry.max(due),
    }
}

pub struct Task {
    pool: Pool,
    node: String,
    ttl: Duration,
    claim_every: Duration,
    /// Free slots that make a claim at once (see [`gathered`]).
    claim_min: u32,
    events: mpsc::UnboundedSender<StoreEvent>,
    counters: Counters,
    held: HashMap<String, u64>,
    batch: Batch,
    /// The number of the last claim sent to the manager.
    claims: u64,
    migrated: bool,
    /// Told once the schema is in place: statements made outside the task
    /// (a unique spawn, a cancel) wait for it.
    ready: watch::Sender<bool>,
    flushes: Vec<oneshot::Sender<()>>,
    /// Whether the server answers; while not, when to try it again.
    outage: Tracker,
}

/// Longest wait on one statement: a server that stopped answering is
/// treated as gone.
pub const STATEMENT_WAIT: Duration = Duration::from_secs(5);
const NO_ANSWER: &str = "no answer within 5 s";

impl Task {
    pub fn new(
        cfg: &Jobs,
        pool: Pool,
        node: String,
        events: mpsc::UnboundedSender<StoreEvent>,
        counters: Counters,
        ready: watch::Sender<bool>,
    ) -> Task {
        let lines = [
            "PostgreSQL cannot be reached",
            "jobs run on and their writes are kept until it is back",
            "PostgreSQL is reachable again",
        ];
        let outage = Tracker::new(lines, counters.health.clone(), counters.gauges.clone());
        Task {
            outage,
            pool,
            node,
            ttl: cfg.lease_ttl,
            claim_every: cfg.claim_interval,
            claim_min: (cfg.max_running / 4).max(1),
            events,
            counters,
            held: HashMap::new(),
            batch: Batch::default(),
            claims: 0,
            migrated: false,
            ready,
            flushes: Vec::new(),
        }
    }

    pub async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<Op>,
        mut cap: watch::Receiver<Capacity>,
        mut notes: mpsc::UnboundedReceiver<()>,
    ) {
        let start = Instant::now();
        let mut last_renew = start;
        let mut last_claim = start - self.claim_every;
        let mut wake = true;
        // Slots freed since the last claim, and since when.
        let mut freed_at: Option<Instant> = None;
        let mut closing: Option<oneshot::Sender<()>> = None;
        loop {
            // Each statement is sent only if the server is not out or its
            // retry is due: the first that fails puts the rest off.
            if !self.migrated && self.outage.may_try() {
                self.migrated = self.migrate().await;
                self.ready.send_replace(self.migrated);
            }
            if self.migrated && !self.batch.is_empty() && self.outage.may_try() {
                if let Some(w) = self.write().await {
                    wake |= w.inserted;
                    self.after_write(w);
                }
            }
            if self.batch.is_empty() && self.migrated {
                for f in self.flushes.drain(..) {
                    let _ = f.send(());
                }
            }
            if let Some(done) = closing.take() {
                if self.batch.is_empty() || !self.migrated {
                    let _ = done.send(());
                    return;
                }
                closing = Some(done);
            }
            if self.migrated
                && renew_due(last_renew, self.ttl, Instant::now())
                && self.outage.may_try()
            {
                let sent = Instant::now();
                if self.renew(sent, last_renew).await {
                    last_renew = sent;
                }
            }
            // A capacity that changed while a write was on its way counts
            // too: `borrow_and_update` marks it seen, and the select below
            // would not hear of it (claims then came only every
            // `claim_interval_ms`: 200 short jobs/s on one node).
            if cap.has_changed().unwrap_or(false) {
                freed_at.get_or_insert_with(Instant::now);
            }
            let c = cap.borrow_and_update().clone();
            if c.slots == 0 {
                // Nothing to claim until a run ends (another change).
                freed_at = None;
            }
            let now = Instant::now();
            let due = wake
                || now >= last_claim + self.claim_every
                || freed_at.is_some_and(|t| gathered(c.slots, self.claim_min, now - t));
            if self.migrated
                && due
                && closing.is_none()
                && c.claims_seen >= self.claims
                && c.slots > 0
                && self.outage.may_try()
            {
                last_claim = Instant::now();
                wake = false;
                freed_at = None;
                self.claim(&c).await;
            }
            // A poll (or the end of a gathering) that could not claim (no
            // free slot, or the core has not taken in the last claim)
            // waits for the next change of the capacity: a deadline
            // already past made this loop spin a core for as long as the
            // node was full. While out, nothing goes before the next try
            // (see `next_wake`).
            let now = Instant::now();
            let poll = last_claim + self.claim_every;
            let gather_end = freed_at.map(|t| t + CLAIM_GATHER);
            let claims_at = [Some(poll), gather_end]
                .into_iter()
                .flatten()
                .filter(|at| *at > now)
                .min();
            let renew_at = last_renew + self.ttl / 3;
            let due = claims_at.map_or(renew_at, |at| renew_at.min(at));
            let waiting = !self.migrated || !self.batch.is_empty();
            let next = next_wake(due, waiting, self.outage.retry_at());
            tokio::select! {
                op = rx.recv() => match op {
                    Some(op) => {
                        self.take(op, &mut closing);
                        while let Ok(op) = rx.try_recv() {
                            self.take(op, &mut closing);
                        }
                    }
                    None => {
                        if self.batch.is_empty() { return; }
                        closing.get_or_insert_with(|| oneshot::channel().0);
                    }
                },
                r = cap.changed(), if closing.is_none() => {
                    if r.is_ok() {
                        // A run ended or a claim was taken in: claim once
                        // enough slots are free (see `gathered`).
                        freed_at.get_or_insert_with(Instant::now);
                    }
                }
                // Another node inserted or released a job (NOTIFY).
                Some(()) = notes.recv() => wake = true,
                _ = tokio::time::sleep_until(next.into()) => {}
            }
        }
    }

    /// Notes what came of one statement: the outage opens or closes.
    fn outcome<T, E: std::fmt::Display>(
        &mut self,
        r: Result<Result<T, E>, tokio::time::error::Elapsed>,
    ) -> Option<T> {
        match r {
            Ok(Ok(x)) => {
                self.outage.succeeded();
                Some(x)
            }
            Ok(Err(e)) => {
                self.outage.failed(&e.to_string());
                None
            }
            Err(_) => {
                self.outage.failed(NO_ANSWER);
                None
            }
        }
    }

    fn take(&mut self, op: Op, closing: &mut Option<oneshot::Sender<()>>) {
        match op {
            Op::Save(s) => self.batch.add(*s),
            Op::Flush(done) => self.flushes.push(done),
            Op::Close(done) => *closing = Some(done),
        }
    }

    async fn migrate(&mut self) -> bool {
        let r = async {
            let mut c = self.pool.get().await.map_err(StoreError::pool)?;
            super::migrate(&mut c).await
        };
        let r = tokio::time::timeout(STATEMENT_WAIT, r).await;
        self.outcome(r).is_some()
    }

    /// Writes the batch in one transaction; None if it could not (it is
    /// kept for the next try).
    async fn write(&mut self) -> Option<Written> {
        let batch = std::mem::take(&mut self.batch);
        let idle = sql::idle_limit(self.ttl);
        let r = tokio::time::timeout(STATEMENT_WAIT, write(&self.pool, &self.node, idle, &batch));
        let r = r.await;
        match self.outcome(r) {
            Some(w) => Some(w),
            None => {
                // Folded back under what came in meanwhile (newer wins).
                let newer = std::mem::replace(&mut self.batch, batch);
                self.batch.inserts.extend(newer.inserts);
                self.batch.puts.extend(newer.puts);
                self.batch.checkpoints.extend(newer.checkpoints);
                self.batch.logs.extend(newer.logs);
                self.batch.releases.extend(newer.releases);
                self.batch.prune = newer.prune.or(self.batch.prune);
                None
            }
        }
    }

    fn after_write(&mut self, w: Written) {
        for id in w.gone {
            self.held.remove(&id);
        }
        for (id, attempt) in w.fenced {
            self.counters.fenced.inc();
            tracing::warn!(job = %id, attempt, "jobs store: a write of an attempt this node no longer holds was refused");
            if self.held.get(&id) == Some(&attempt) {
                self.held.remove(&id);
            }
            let _ = self.events.send(StoreEvent::Fenced { id, attempt });
        }
    }

    /// Renews the leases held; `last_ok` is when the last renewal that
    /// succeeded was sent.
    async fn renew(&mut self, sent: Instant, last_ok: Instant) -> bool {
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

    async fn claim(&mut self, cap: &Capacity) {
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

    #[test]
    fn renewals_come_every_third_of_the_ttl() {
        let t0 = Instant::now();
        let ttl = Duration::from_millis(3_000);
        assert!(!renew_due(t0, ttl, t0 + Duration::from_millis(999)));
        assert!(renew_due(t0, ttl, t0 + Duration::from_millis(1_000)));
    }

    #[test]
    fn while_out_the_loop_wakes_at_the_try_or_the_next_statement_whichever_is_later() {
        let t0 = Instant::now();
        let ms = |n| t0 + Duration::from_millis(n);
        // Up: the next statement's time.
        assert_eq!(next_wake(ms(1_000), false, None), ms(1_000));
        // Out, a batch to write (or the schema): the try.
        assert_eq!(next_wake(ms(1_000), true, Some(ms(200))), ms(200));
        // Out, nothing waiting: not before the next statement is due (the
        // try came and went at 200 ms: waking there spun until 1 s)…
        assert_eq!(next_wake(ms(1_000), false, Some(ms(200))), ms(1_000));
        // …nor before the try when the statement is overdue (a renewal
        // that failed).
        assert_eq!(next_wake(t0, false, Some(ms(3_000))), ms(3_000));
    }

    #[test]
    fn leases_lapse_a_whole_ttl_after_the_last_good_renewal() {
        let t0 = Instant::now();
        let ttl = Duration::from_millis(3_000);
        assert!(!leases_lapsed(t0, ttl, t0 + Duration::from_millis(2_999)));
        assert!(leases_lapsed(t0, ttl, t0 + ttl));
    }
}
