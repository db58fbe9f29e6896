//! When the jobs store cannot be reached (PostgreSQL down, the SQLite
//! file's disk full): back off, say so once, say when it is back.
//!
//! [`Outage`] is the pure part, a function of the clock it is given: the
//! first failure opens an outage (one log line), every failure pushes the
//! next try out by [`retry_delay`] (exponential, with jitter, capped), and
//! the first success closes it (one line, with how long it lasted). The
//! store's task (PostgreSQL) or writer thread (SQLite) asks
//! [`Outage::may_try`] before any statement, so while the store is out
//! bextd sleeps between tries instead of spinning, whatever kind of
//! statement (connect, migrate, renew, claim, write) would come next.
//!
//! [`Tracker`] wraps it with the side effects: the log lines, the gauges
//! (`bext_jobs_store_up`, `bext_jobs_store_down_since_seconds`,
//! `bext_jobs_store_outages_total`) and the [`StoreHealth`] the status
//! page reads.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

/// The first retry waits about this long…
pub const RETRY_FIRST: Duration = Duration::from_millis(100);
/// …each next one twice as long, up to this.
pub const RETRY_MAX: Duration = Duration::from_secs(3);

/// How long to wait after the `failures`-th failure in a row (1 for the
/// first): `RETRY_FIRST × 2^(failures-1)`, capped at [`RETRY_MAX`], of
/// which the upper half is scaled by `jitter` (in 0..1) so nodes that lost
/// the same server do not come back in step.
pub fn retry_delay(failures: u32, jitter: f64) -> Duration {
    let exp = failures.saturating_sub(1).min(16);
    let full = RETRY_FIRST.saturating_mul(1 << exp).min(RETRY_MAX);
    full / 2 + full.mul_f64(jitter.clamp(0.0, 1.0) / 2.0)
}

/// A change worth one log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    WentDown,
    CameBack { after: Duration },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Down {
    since: Instant,
    failures: u32,
    retry_at: Instant,
}

/// Whether the store is out, since when, and when to try it next.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outage {
    down: Option<Down>,
}

impl Outage {
    /// A statement failed at `now`: the next try waits.
    pub fn failed(&mut self, now: Instant, jitter: f64) -> Option<Change> {
        let (since, failures, change) = match self.down {
            Some(d) => (d.since, d.failures.saturating_add(1), None),
            None => (now, 1, Some(Change::WentDown)),
        };
        self.down = Some(Down {
            since,
            failures,
            retry_at: now + retry_delay(failures, jitter),
        });
        change
    }

    /// A statement succeeded at `now`.
    pub fn succeeded(&mut self, now: Instant) -> Option<Change> {
        self.down.take().map(|d| Change::CameBack {
            after: now.saturating_duration_since(d.since),
        })
    }

    /// Whether a statement may be sent at `now`.
    pub fn may_try(&self, now: Instant) -> bool {
        self.down.is_none_or(|d| now >= d.retry_at)
    }

    /// When the next try is due, while out.
    pub fn retry_at(&self) -> Option<Instant> {
        self.down.map(|d| d.retry_at)
    }

    pub fn is_down(&self) -> bool {
        self.down.is_some()
    }
}

/// What the status page shows of the store.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct HealthView {
    /// `postgres` or `sqlite`.
    pub kind: &'static str,
    /// The URL (password hidden) or the state file's path.
    pub location: String,
    pub up: bool,
    /// Unix ms when the current outage began.
    pub down_since: Option<u64>,
    /// The error that began it.
    pub error: Option<String>,
    /// Outages since bextd started.
    pub outages: u64,
}

/// The store's health as the rest of bextd reads it (cheap, no message to
/// the manager).
#[derive(Debug, Clone, Default)]
pub struct StoreHealth(Arc<Mutex<HealthView>>);

impl StoreHealth {
    pub fn new(kind: &'static str, location: String) -> StoreHealth {
        StoreHealth(Arc::new(Mutex::new(HealthView {
            kind,
            location,
            up: true,
            ..HealthView::default()
        })))
    }

    pub fn view(&self) -> HealthView {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn is_up(&self) -> bool {
        self.view().up
    }

    fn update(&self, f: impl FnOnce(&mut HealthView)) {
        f(&mut self.0.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

/// The gauges of the store's health.
#[derive(Debug, Clone, Default)]
pub struct HealthGauges {
    pub up: prometheus_client::metrics::gauge::Gauge,
    pub down_since: prometheus_client::metrics::gauge::Gauge,
    pub outages: prometheus_client::metrics::counter::Counter,
}

/// An [`Outage`] with its log lines, gauges and health.
#[derive(Debug, Clone)]
pub struct Tracker {
    outage: Outage,
    /// The log lines: what went wrong ("PostgreSQL cannot be reached")
    /// and what goes on meanwhile; what came back ("PostgreSQL is back").
    down: &'static str,
    meanwhile: &'static str,
    back: &'static str,
    health: StoreHealth,
    gauges: HealthGauges,
}

impl Tracker {
    pub fn new(
        [down, meanwhile, back]: [&'static str; 3],
        health: StoreHealth,
        gauges: HealthGauges,
    ) -> Tracker {
        gauges.up.set(1);
        Tracker {
            outage: Outage::default(),
            down,
            meanwhile,
            back,
            health,
            gauges,
        }
    }

    /// One that reports to nothing but the log (tests).
    #[cfg(test)]
    pub fn detached() -> Tracker {
        let lines = ["the store is out", "test", "the store is back"];
        Tracker::new(lines, StoreHealth::default(), HealthGauges::default())
    }

    pub fn may_try(&self) -> bool {
        self.outage.may_try(Instant::now())
    }

    pub fn retry_at(&self) -> Option<Instant> {
        self.outage.retry_at()
    }

    pub fn is_down(&self) -> bool {
        self.outage.is_down()
    }

    /// A statement failed with `error`.
    pub fn failed(&mut self, error: &str) {
        if self
            .outage
            .failed(Instant::now(), rand::random::<f64>())
            .is_none()
        {
            tracing::trace!(error, "jobs store: still out");
            return;
        }
        tracing::error!(
            error,
            "jobs store: {}; {}; retrying with backoff (up to every {} s) without logging each try",
            self.down,
            self.meanwhile,
            RETRY_MAX.as_secs()
        );
        let now_ms = crate::process::memory::unix_ms();
        self.gauges.up.set(0);
        self.gauges.down_since.set((now_ms / 1000) as i64);
        self.gauges.outages.inc();
        self.health.update(|h| {
            h.up = false;
            h.down_since = Some(now_ms);
            h.error = Some(error.to_owned());
            h.outages += 1;
        });
    }

    /// A statement succeeded.
    pub fn succeeded(&mut self) {
        if let Some(Change::CameBack { after }) = self.outage.succeeded(Instant::now()) {
            tracing::info!(
                out_for_s = format!("{:.1}", after.as_secs_f64()),
                "jobs store: {} after {:.1} s",
                self.back,
                after.as_secs_f64()
            );
            self.gauges.up.set(1);
            self.gauges.down_since.set(0);
            self.health.update(|h| {
                h.up = true;
                h.down_since = None;
                h.error = None;
            });
        }
    }
}

#[cfg(test)]
mod tests;
