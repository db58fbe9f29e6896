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
    /// It failed with no retry asked for (`maxAttempts` 1), or could not
    /// start.
    Failed,
    Cancelled,
    /// An attempt failed: it waits out its backoff, then runs again.
    Retryable,
    /// It failed each of its `maxAttempts` attempts (more than one), or was
    /// discarded by hand; kept for inspection and `bext jobs retry`.
    Discarded,
}

impl JobState {
    pub const ALL: [JobState; 7] = [
        JobState::Queued,
        JobState::Running,
        JobState::Completed,
        JobState::Failed,
        JobState::Cancelled,
        JobState::Retryable,
        JobState::Discarded,
    ];

    pub fn name(self) -> &'static str {
        match self {
            JobState::Queued => "queued",
            JobState::Running => "running",
            JobState::Completed => "completed",
            JobState::Failed => "failed",
            JobState::Cancelled => "cancelled",
            JobState::Retryable => "retryable",
            JobState::Discarded => "discarded",
        }
    }

    pub fn parse(s: &str) -> Option<JobState> {
        JobState::ALL.into_iter().find(|x| x.name() == s)
    }

    /// Completed, failed, cancelled or discarded: it will not run again
    /// unless retried by hand.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            JobState::Completed | JobState::Failed | JobState::Cancelled | JobState::Discarded
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
    /// Its current (or last) attempt, 1 first; 0 before its first run.
    #[serde(default)]
    pub attempt: u32,
    /// Attempts it may use before it is discarded.
    #[serde(default)]
    pub max_attempts: u32,
    /// The error of each failed attempt, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<AttemptError>,
    /// A retryable job: when its next attempt may start (Unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_at: Option<u64>,
    /// A delayed job (`runAt`, `delay`): not before then (Unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_at: Option<u64>,
    /// 0 runs first.
    #[serde(default)]
    pub priority: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_key: Option<String>,
}

/// Why one attempt of a job failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttemptError {
    /// Which attempt (1 first).
    pub attempt: u32,
    /// Unix ms when it failed.
    pub at: u64,
    pub error: String,
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

/// A recurring job (`[[POOL.schedules]]`), as `bext jobs schedules` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduleInfo {
    /// The same on every node with the same schedule; its jobs' unique key
    /// is `schedule:ID:DUE` (DUE in Unix ms).
    pub id: String,
    pub pool: String,
    pub cron: String,
    pub tz: String,
    pub script: String,
    /// `skip` or `once`.
    pub missed: String,
    /// Unix ms of the next due time; None: the expression has no more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_run: Option<u64>,
}
