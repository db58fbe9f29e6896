//! `[[static]]` entries' counters: requests, bytes of bodies sent and 304s,
//! labelled by the entry's prefix. Counted where the front serves a file
//! (`front::static_files`), which holds the [`Counts`] of its entry;
//! process-wide, registered once by [`super::Metrics::new`], and read by
//! the status page.

use std::sync::{Mutex, OnceLock};

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PrefixLabel {
    prefix: String,
}

#[derive(Debug, Default)]
struct Statics {
    requests: Family<PrefixLabel, Counter>,
    bytes: Family<PrefixLabel, Counter>,
    not_modified: Family<PrefixLabel, Counter>,
    /// The entries in file order, for the status page.
    entries: Mutex<Vec<(String, Counts)>>,
}

static STATICS: OnceLock<Statics> = OnceLock::new();

fn statics() -> &'static Statics {
    STATICS.get_or_init(Statics::default)
}

/// One entry's counters, as cheap to bump as an atomic add.
#[derive(Debug, Clone, Default)]
pub struct Counts {
    pub requests: Counter,
    pub bytes: Counter,
    pub not_modified: Counter,
}

/// The counters of the entry under `prefix` (`"/"` for the root), listed
/// on the status page from now on.
pub fn entry(prefix: &str) -> Counts {
    let s = statics();
    let label = PrefixLabel {
        prefix: prefix.to_owned(),
    };
    let counts = Counts {
        requests: s.requests.get_or_create(&label).clone(),
        bytes: s.bytes.get_or_create(&label).clone(),
        not_modified: s.not_modified.get_or_create(&label).clone(),
    };
    let mut entries = s.entries.lock().unwrap();
    entries.retain(|(p, _)| p != prefix);
    entries.push((prefix.to_owned(), counts.clone()));
    counts
}

/// Every entry's figures, for the status page.
pub fn view() -> serde_json::Value {
    let entries = statics().entries.lock().unwrap();
    entries
        .iter()
        .map(|(prefix, c)| {
            serde_json::json!({
                "prefix": prefix,
                "requests": c.requests.get(),
                "bytes": c.bytes.get(),
                "not_modified": c.not_modified.get(),
            })
        })
        .collect()
}

pub(super) fn register(registry: &mut Registry) {
    let s = statics();
    registry.register(
        "static_requests",
        "Requests answered from a [[static]] entry's folder, by prefix (fallthroughs to the pools not counted)",
        s.requests.clone(),
    );
    registry.register(
        "static_bytes",
        "Body bytes sent from a [[static]] entry's files, by prefix",
        s.bytes.clone(),
    );
    registry.register(
        "static_not_modified",
        "Requests a [[static]] entry answered 304 Not Modified, by prefix",
        s.not_modified.clone(),
    );
}
