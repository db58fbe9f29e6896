//! A canary under way, as `bext deploy status` shows it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rollout {
    pub pool: String,
    /// The version on the canary workers (`None` until its first worker
    /// is ready).
    pub version: Option<String>,
    /// The version the other workers run.
    pub previous: Option<String>,
    /// The canary's worker slots.
    pub canary_workers: Vec<u32>,
    /// Since the window began (0 before its first worker is ready).
    pub elapsed_ms: u64,
    /// The window: at least this long, and this many canary answers.
    pub window_ms: u64,
    pub window_requests: u64,
    /// Each side's figures so far, as the verdict reads them.
    pub canary: String,
    pub old: String,
}
