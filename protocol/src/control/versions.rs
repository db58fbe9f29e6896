//! A pool's code versions as `bext deploy history` shows them.

use serde::{Deserialize, Serialize};

/// One version of a pool's code (see `bext deploy history`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersionInfo {
    pub pool: String,
    /// `v` and the first 8 hex digits of the SHA-256 of its module graph
    /// and the pool's code-affecting settings.
    pub id: String,
    /// Unix time in milliseconds.
    pub loaded_at: u64,
    /// Why it was loaded: `start`, `reload`, `watch`, `signal`, `command`.
    pub cause: String,
    pub state: VersionState,
    /// Worker processes running it now.
    pub workers: u32,
    /// Why it failed (the JS error), for a failed one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Where a version stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VersionState {
    /// What new workers start.
    Running,
    /// The one before, kept compiled.
    Previous,
    /// Failed to load: never ran a request.
    Failed,
    /// Older: only remembered.
    Retired,
}

impl VersionState {
    pub fn name(self) -> &'static str {
        match self {
            VersionState::Running => "running",
            VersionState::Previous => "previous",
            VersionState::Failed => "failed",
            VersionState::Retired => "retired",
        }
    }
}
