//! What a job is spawned with: one type from the control socket's
//! `jobs_spawn` (and a worker's `bext.jobs.spawn`, and a schedule's due
//! time) to the row a store keeps.

use serde::{Deserialize, Serialize};

/// A job to start (or queue). On the control socket its fields sit beside
/// `"cmd":"jobs_spawn"`; bextd fills in what the client left to it (the
/// id, the default pool, the script's absolute path, the time a delay
/// ends) before the job is queued.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobSpec {
    /// Chosen by a worker's `bext.jobs.spawn` or a schedule; else bextd
    /// names it. Never read from the control socket.
    #[serde(skip)]
    pub id: Option<String>,
    pub script: String,
    /// None: the default pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    #[serde(default)]
    pub daemon: bool,
    /// Bytes to reserve from the budget (default: `[jobs] default_memory_mb`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
    #[serde(default)]
    pub retry_on_restart: bool,
    /// Attempts before it is discarded (default: `[jobs] max_attempts`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_attempts: Option<u32>,
    /// First retry delay in ms, doubled each attempt (default:
    /// `[jobs] retry_backoff_ms`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_ms: Option<u64>,
    /// Not before this Unix time in ms, and not before `delay_ms` from now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_at_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<u64>,
    /// 0 first (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<u8>,
    /// While a job of this key is queued, running or retryable (created
    /// within `unique_for_ms`, if given), that job is the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_for_ms: Option<u64>,
    /// Where a relative script is looked for after the pool's folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
}

impl JobSpec {
    /// What `bext.jobs.spawn` in a worker (or a job) of `pool` asked for.
    pub fn from_worker(s: crate::worker::JobSpawn, pool: Option<String>) -> JobSpec {
        // 0: the default (a job process does not know it).
        let set = |n: u64| (n > 0).then_some(n);
        JobSpec {
            id: Some(s.id),
            script: s.script,
            pool,
            daemon: s.daemon,
            memory_bytes: set(s.memory_bytes),
            timeout_ms: Some(s.timeout_ms),
            data: Some(serde_json::from_str(&s.data_json).unwrap_or(serde_json::Value::Null)),
            retry_on_restart: s.retry_on_restart,
            max_attempts: (s.max_attempts > 0).then_some(s.max_attempts),
            backoff_ms: set(s.backoff_ms),
            run_at_ms: set(s.run_at_ms),
            delay_ms: set(s.delay_ms),
            priority: Some(s.priority),
            unique_for_ms: s.unique_key.is_some().then_some(s.unique_for_ms),
            unique_key: s.unique_key,
            cwd: None,
        }
    }

    /// Its unique key and window in ms (0: while one is queued, running
    /// or retryable; `u64::MAX`: a job of that key in any state, ever).
    pub fn unique(&self) -> Option<(&str, u64)> {
        let key = self.unique_key.as_deref()?;
        Some((key, self.unique_for_ms.unwrap_or(0)))
    }
}
