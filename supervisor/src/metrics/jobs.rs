//! The job system's metrics, kept current by the job manager.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct JobStateLabel {
    state: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabel {
    reason: String,
}

/// The job system's metrics, kept current by the job manager.
#[derive(Debug, Clone, Default)]
pub struct JobMetrics {
    by_state: Family<JobStateLabel, Gauge>,
    budget: Family<KindLabel, Gauge>,
    finished: Family<JobStateLabel, Counter>,
    killed: Family<ReasonLabel, Counter>,
    pub restarts: Counter,
    /// Moves the job state table refused (a bug if ever non-zero).
    pub illegal_transitions: Counter,
    /// Shared store: jobs this node claimed, of them rescued (their lease
    /// had expired), leases it lost, writes refused as fenced.
    pub claims: Counter,
    pub rescues: Counter,
    pub lease_losses: Counter,
    pub fenced_writes: Counter,
    /// Whether the store (PostgreSQL, or the SQLite file) takes writes:
    /// 1, or 0 during an outage; when that began (Unix seconds, 0 when up);
    /// outages since bextd started.
    pub store_up: Gauge,
    pub store_down_since: Gauge,
    pub store_outages: Counter,
}

impl JobMetrics {
    /// Sets the gauges: jobs by state, and the budget (used, total).
    pub fn set(&self, by_state: &[(&str, u64)], used: u64, total: u64) {
        for (state, n) in by_state {
            let l = JobStateLabel {
                state: (*state).into(),
            };
            self.by_state.get_or_create(&l).set(*n as i64);
        }
        let kind = |k: &str| KindLabel { kind: k.into() };
        self.budget.get_or_create(&kind("used")).set(used as i64);
        self.budget.get_or_create(&kind("total")).set(total as i64);
    }

    /// Counts a job that reached a final state.
    pub fn finished(&self, state: &str) {
        self.finished
            .get_or_create(&JobStateLabel {
                state: state.into(),
            })
            .inc();
    }

    /// Counts a job process bextd killed: `memory`, `timeout` or `cancel`.
    pub fn killed(&self, reason: &str) {
        self.killed
            .get_or_create(&ReasonLabel {
                reason: reason.into(),
            })
            .inc();
    }

    /// Registers its families (`bext_jobs`, `bext_jobs_memory_budget_bytes`,
    /// `bext_jobs_finished`, `bext_jobs_killed`, `bext_job_restarts`,
    /// `bext_jobs_illegal_transitions`; shared store: `bext_jobs_claims`,
    /// `bext_jobs_rescues`, `bext_jobs_lease_losses`,
    /// `bext_jobs_fenced_writes`; either store: `bext_jobs_store_up`,
    /// `bext_jobs_store_down_since_seconds`, `bext_jobs_store_outages`).
    pub(super) fn register(&self, registry: &mut Registry) {
        registry.register(
            "jobs",
            "Background jobs bextd keeps, by state (queued, running, completed, failed, cancelled)",
            self.by_state.clone(),
        );
        registry.register(
            "jobs_memory_budget_bytes",
            "The jobs memory budget: reserved by running jobs (kind=used) and in all (kind=total)",
            self.budget.clone(),
        );
        registry.register(
            "jobs_finished",
            "Jobs that reached a final state, by that state",
            self.finished.clone(),
        );
        registry.register(
            "jobs_killed",
            "Job processes bextd killed, by reason (memory, timeout, cancel)",
            self.killed.clone(),
        );
        registry.register(
            "job_restarts",
            "Daemon restarts after a crash",
            self.restarts.clone(),
        );
        registry.register(
            "jobs_illegal_transitions",
            "Job state changes the table of allowed moves refused (a bug in bextd if ever non-zero)",
            self.illegal_transitions.clone(),
        );
        let shared = [
            (
                "jobs_claims",
                "Shared store: jobs this node claimed",
                &self.claims,
            ),
            (
                "jobs_rescues",
                "Shared store: claimed jobs whose earlier owner's lease had expired",
                &self.rescues,
            ),
            (
                "jobs_lease_losses",
                "Shared store: leases this node lost (taken over, fenced or expired); each kills its run",
                &self.lease_losses,
            ),
            (
                "jobs_fenced_writes",
                "Shared store: writes refused because their attempt no longer holds the job",
                &self.fenced_writes,
            ),
        ];
        for (name, help, c) in shared {
            registry.register(name, help, c.clone());
        }
        registry.register(
            "jobs_store_up",
            "Whether the jobs store (PostgreSQL, or the SQLite state file) can be written: 1, or 0 while it is out",
            self.store_up.clone(),
        );
        registry.register(
            "jobs_store_down_since_seconds",
            "When the current outage of the jobs store began (Unix time), 0 while it is up",
            self.store_down_since.clone(),
        );
        registry.register(
            "jobs_store_outages",
            "Outages of the jobs store since bextd started (each logged once when it begins and once when it ends)",
            self.store_outages.clone(),
        );
    }
}
