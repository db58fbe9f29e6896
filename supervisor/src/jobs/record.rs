//! A job as every store keeps it: the types the jobs core works with
//! ([`Row`], [`Loaded`]). The interface a store offers is `store.rs`'s.

use protocol::control::{AttemptError, JobInfo, JobState};
use serde::{Deserialize, Serialize};

/// The states a prune may forget, as SQL.
pub const FINAL_STATES_SQL: &str = "('completed', 'failed', 'cancelled', 'discarded')";

/// What a job was spawned with (the `config` column, as JSON). A column
/// that does not parse reads as the default (no daemon, no memory, no data).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct JobConfig {
    pub daemon: bool,
    pub memory_bytes: u64,
    /// 0 = none.
    pub timeout_ms: u64,
    pub retry_on_restart: bool,
    pub data: serde_json::Value,
    /// The first retry's delay (`backoff`); 0: `[jobs] retry_backoff_ms`.
    #[serde(default)]
    pub backoff_ms: u64,
}

/// A job's row, without its checkpoint and log (written apart, they are the
/// large columns).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub id: String,
    pub pool: String,
    pub script: String,
    pub status: JobState,
    pub config: JobConfig,
    pub progress: f64,
    /// JSON.
    pub result: Option<String>,
    pub error: Option<String>,
    pub restart_count: u32,
    pub created_at: u64,
    pub started_at: Option<u64>,
    pub completed_at: Option<u64>,
    /// Shared store: the claim this node holds (the fencing token every
    /// write carries); 0 in the SQLite store.
    pub attempt: u64,
    /// Shared store: the node that owns it.
    pub node: Option<String>,
    /// Shared store: a daemon's crashes in a row and the backoff it waits
    /// out, kept so another node that takes it over keeps them.
    pub crashes: u32,
    pub backoff_ms: u64,
    /// Attempts started (`job.attempt` of the last run).
    pub tries: u32,
    /// Attempts it may use (`maxAttempts`).
    pub max_attempts: u32,
    /// Each failed attempt's error, oldest first.
    pub errors: Vec<AttemptError>,
    /// A delayed job's run or a retryable job's next attempt (Unix ms).
    pub run_at: Option<u64>,
    /// 0 first.
    pub priority: u8,
    pub unique_key: Option<String>,
}

impl Row {
    /// The job as the API shows it, with its checkpoint if asked, and no
    /// process (the caller that knows of one fills `pid`, `rss_bytes` and
    /// `restart_at` in).
    pub fn info(&self, checkpoint: Option<&str>, with_checkpoint: bool) -> JobInfo {
        let json = |s: Option<&str>| s.and_then(|s| serde_json::from_str(s).ok());
        JobInfo {
            id: self.id.clone(),
            pool: self.pool.clone(),
            script: self.script.clone(),
            status: self.status,
            daemon: self.config.daemon,
            memory_bytes: self.config.memory_bytes,
            timeout_ms: self.config.timeout_ms,
            retry_on_restart: self.config.retry_on_restart,
            data: self.config.data.clone(),
            progress: self.progress,
            result: json(self.result.as_deref()),
            error: self.error.clone(),
            checkpoint: if with_checkpoint {
                json(checkpoint)
            } else {
                None
            },
            checkpoint_bytes: checkpoint.map_or(0, |c| c.len() as u64),
            restart_count: self.restart_count,
            created_at: self.created_at,
            started_at: self.started_at,
            completed_at: self.completed_at,
            pid: None,
            rss_bytes: None,
            restart_at: None,
            node: self.node.clone(),
            attempt: self.tries,
            max_attempts: self.max_attempts,
            errors: self.errors.clone(),
            retry_at: self.run_at.filter(|_| self.status == JobState::Retryable),
            run_at: self.run_at.filter(|_| self.status == JobState::Queued),
            priority: self.priority,
            unique_key: self.unique_key.clone(),
        }
    }

    /// The `errors` column's JSON.
    pub fn errors_json(&self) -> Option<String> {
        (!self.errors.is_empty()).then(|| serde_json::to_string(&self.errors).unwrap_or_default())
    }
}

#[cfg(test)]
impl Row {
    /// A queued job of `render` with nothing else set, for tests to change
    /// what they need of (`Row { status, ..Row::sample(id) }`).
    pub fn sample(id: &str) -> Row {
        Row {
            id: id.into(),
            pool: "render".into(),
            script: "/srv/job.js".into(),
            status: JobState::Queued,
            config: JobConfig::default(),
            progress: 0.0,
            result: None,
            error: None,
            restart_count: 0,
            created_at: 1,
            started_at: None,
            completed_at: None,
            attempt: 0,
            node: None,
            crashes: 0,
            backoff_ms: 0,
            tries: 0,
            max_attempts: 1,
            errors: Vec::new(),
            run_at: None,
            priority: 0,
            unique_key: None,
        }
    }
}

/// The `errors` column read back; what does not parse reads as none.
pub fn parse_errors(json: Option<&str>) -> Vec<AttemptError> {
    json.and_then(|j| serde_json::from_str(j).ok())
        .unwrap_or_default()
}

/// A row read back at start, with its large columns.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub row: Row,
    pub checkpoint: Option<String>,
    pub logs: String,
}
