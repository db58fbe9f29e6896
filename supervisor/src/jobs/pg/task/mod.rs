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
//! every third of the TTL ([`renew::renew_due`]).
//!
//! Every statement goes through [`Task::outcome`]: the first failure opens
//! an outage (one log line) and puts every statement off until its retry,
//! which backs off with jitter up to 3 s; the first success closes it.
//! Between tries the loop sleeps until the try or the next statement's
//! time, whichever is later ([`next_wake`]): a try that finds nothing to
//! send is no reason to wake.
//!
//! Here the loop and what every statement goes through; the writes
//! (`write.rs`), the renewals (`renew.rs`) and the claims (`claim.rs`) are
//! each the task's method in a file of its own.

mod claim;
mod renew;
mod write;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use deadpool_postgres::Pool;
use tokio::sync::{mpsc, oneshot, watch};

use super::batch::Batch;
use super::{Counters, StoreEvent};
use crate::config::Jobs;
use crate::jobs::core::{Capacity, Save};
use crate::jobs::error::StoreError;
use crate::jobs::outage::Tracker;
use claim::{CLAIM_GATHER, gathered};
use renew::renew_due;

#[derive(Debug)]
pub enum Op {
    Save(Box<Save>),
    /// Answered once everything sent before it is written.
    Flush(oneshot::Sender<()>),
    Close(oneshot::Sender<()>),
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
