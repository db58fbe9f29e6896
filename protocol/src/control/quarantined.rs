//! A request signature refused as a query of death, as `bext quarantine`
//! and the status page show it.

use serde::{Deserialize, Serialize};

/// A request signature refused as a query of death: it killed its worker
/// by the worker's own fault on two tries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quarantined {
    pub pool: String,
    pub method: String,
    /// The path with its query string.
    pub path: String,
    /// A hash of the body (hex), the third part of the signature.
    pub body_hash: String,
    /// Unix time in milliseconds.
    pub since: u64,
    pub remaining_ms: u64,
    /// How its worker died.
    pub reason: String,
}
