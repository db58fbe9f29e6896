//! `bext_fetch_refused_total`: fetches a pool's `fetch_allow` refused.

use std::sync::OnceLock;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(super) struct RefusedLabels {
    pool: String,
    reason: String,
}

/// `bext_fetch_refused_total{pool,reason}`. Counted where a worker's
/// `FetchRefused` report is read (a pool worker's link, a job's socket),
/// which hold no metrics handle of their own: one family for the process,
/// registered by [`super::Metrics::new`].
pub(super) static FETCH_REFUSED: OnceLock<Family<RefusedLabels, Counter>> = OnceLock::new();

/// Counts a `fetch()` that a pool's `fetch_allow` refused.
pub fn fetch_refused(pool: &str, reason: protocol::fetch_allow::Refusal) {
    let labels = RefusedLabels {
        pool: pool.to_owned(),
        reason: reason.name().to_owned(),
    };
    FETCH_REFUSED
        .get_or_init(Family::default)
        .get_or_create(&labels)
        .inc();
}
