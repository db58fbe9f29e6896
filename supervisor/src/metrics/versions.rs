//! `bext_pool_version_info{pool,version,state}`: 1 for each pool's running
//! and previous version, the only two a pool keeps, so the label's
//! cardinality stays at two per pool. And
//! `bext_deploy_rollbacks_total{pool,reason}`: canaries rolled back, by the
//! threshold they broke (`crash`, `error_rate`, `p99`); no version label,
//! since every rolled-back version would add a series.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Labels {
    pool: String,
    version: String,
    state: String,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabels {
    pool: String,
    reason: String,
}

/// The info family (cleared and refilled at each scrape) and the
/// rollbacks.
#[derive(Debug, Default)]
pub struct VersionInfo(Family<Labels, Gauge>, Family<ReasonLabels, Counter>);

/// One pool's rollback counters.
#[derive(Debug, Clone)]
pub struct Rollbacks {
    pool: String,
    family: Family<ReasonLabels, Counter>,
}

impl Rollbacks {
    /// Counts a rollback for `reason` (a `Breach` name).
    pub fn inc(&self, reason: &str) {
        let labels = ReasonLabels {
            pool: self.pool.clone(),
            reason: reason.into(),
        };
        self.family.get_or_create(&labels).inc();
    }
}

/// One pool's kept versions: (pool, running, previous).
pub type Kept = (String, Option<String>, Option<String>);

impl VersionInfo {
    pub fn register(registry: &mut Registry) -> VersionInfo {
        let f = Family::<Labels, Gauge>::default();
        registry.register(
            "pool_version_info",
            "Each pool's running and previous version of its code (state=\"running\" or \"previous\"), set to 1",
            f.clone(),
        );
        let rollbacks = Family::<ReasonLabels, Counter>::default();
        registry.register(
            "deploy_rollbacks",
            "Canary deploys rolled back by bextd, by pool and the threshold broken (crash, error_rate, p99)",
            rollbacks.clone(),
        );
        VersionInfo(f, rollbacks)
    }

    /// `pool`'s rollback counters.
    pub fn rollbacks(&self, pool: &str) -> Rollbacks {
        Rollbacks {
            pool: pool.into(),
            family: self.1.clone(),
        }
    }

    pub fn fill(&self, kept: &[Kept]) {
        self.0.clear();
        for (pool, running, previous) in kept {
            for (id, state) in [(running, "running"), (previous, "previous")] {
                if let Some(id) = id {
                    let labels = Labels {
                        pool: pool.clone(),
                        version: id.clone(),
                        state: state.into(),
                    };
                    self.0.get_or_create(&labels).set(1);
                }
            }
        }
    }
}
