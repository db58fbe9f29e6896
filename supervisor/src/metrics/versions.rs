//! `bext_pool_version_info{pool,version,state}`: 1 for each pool's running
//! and previous version, the only two a pool keeps, so the label's
//! cardinality stays at two per pool.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Labels {
    pool: String,
    version: String,
    state: String,
}

/// The family, cleared and refilled at each scrape.
#[derive(Debug, Default)]
pub struct VersionInfo(Family<Labels, Gauge>);

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
        VersionInfo(f)
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
