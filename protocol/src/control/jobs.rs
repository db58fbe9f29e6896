//! Background jobs as the control socket shows them: states, rows, totals.

use serde::{Deserialize, Serialize};

/// Where a background job is in its life (seed 002).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    /// Waiting for room: under the pool's and the total job limits, and
    /// its memory within the budget.
    Queued,
    /// A process runs it (or, for a daemon, it waits out a restart backoff).
    Running,
    Completed,
    Failed,
    Cancelled,
}

impl JobState {
    pub const ALL: [JobState; 5] = [
        JobState::Queued,
        JobState::Running,
        JobState::Completed,
        JobState::Failed,
        JobState::Cancelled,
    ];

    pub fn name(self) -> &'static str {
        match self {
            JobState::Queued => "queued",
            JobState::Running => "running",
            JobState::Completed => "completed",
            JobState::Failed => "failed",
            JobState::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<JobState> {
        JobState::ALL.into_iter().find(|x| x.name() == s)
    }

    /// Completed, failed or cancelled: it will not run again.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            JobState::Completed | JobState::Failed | JobState::Cancelled
        )
    }
}

impl std::fmt::Display for JobState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One background job, as `bext jobs ls/show`, `/__bext/jobs` and
/// `bext.jobs.get` show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobInfo {
    pub id: String,
    /// The pool that owns it.
    pub pool: String,
    /// Absolute path of its module.
    pub script: String,
    pub status: JobState,
    pub daemon: bool,
    /// Reserved from the budget while it runs.
    pub memory_bytes: u64,
    /// 0 = none.
    pub timeout_ms: u64,
    pub retry_on_restart: bool,
    /// `job.data`.
    pub data: serde_json::Value,
    /// 0 to 1, from `job.progress`.
    pub progress: f64,
    /// What `run(job)` returned, once completed.
    pub result: Option<serde_json::Value>,
    /// Why it failed (with the JS stack), or a daemon's last crash.
    pub error: Option<String>,
    /// The last `job.checkpoint` (`bext jobs show` only; `ls` leaves it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<serde_json::Value>,
    /// Size of the last checkpoint's JSON.
    pub checkpoint_bytes: u64,
    /// Restarts after crashes (daemons).
    pub restart_count: u32,
    /// Unix times in milliseconds.
    pub created_at: u64,
    pub started_at: Option<u64>,
    pub completed_at: Option<u64>,
    /// The process running it now.
    pub pid: Option<u32>,
    /// Its resident set size, last sampled.
    pub rss_bytes: Option<u64>,
    /// A daemon waiting out its restart backoff: when it starts again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_at: Option<u64>,
    /// Shared job store: the bextd node that owns it now (none while it
    /// waits for one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
}

/// The job system as a whole.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobStats {
    pub running: u32,
    pub queued: u32,
    pub budget_used_bytes: u64,
    pub budget_total_bytes: u64,
    pub max_running: u32,
    pub max_running_per_pool: u32,
}
