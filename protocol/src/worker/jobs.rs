//! Frames' parts for jobs: what a job process is started with, how its run
//! ends, and what a handler's `bext.jobs` asks of bextd.

use serde::{Deserialize, Serialize};

use super::{FetchPolicy, ReadPolicy};

/// What a job process needs to run its job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobStart {
    pub id: String,
    /// The pool that owns it.
    pub pool: String,
    /// Absolute path of the job's ES module.
    pub script: String,
    /// `job.data`, as JSON.
    pub data_json: String,
    /// What `job.getCheckpoint()` returns (JSON), from the last run.
    pub checkpoint_json: Option<String>,
    /// How many times the job was restarted (a daemon after a crash).
    pub restart_count: u32,
    /// `job.attempt`: which attempt this run is, 1 first.
    pub attempt: u32,
    pub daemon: bool,
    /// Largest checkpoint `job.checkpoint` accepts, in bytes of JSON.
    pub max_checkpoint_bytes: u32,
    pub max_frame_bytes: u32,
    /// The owner pool's `env` (also in the process's environment), and
    /// for a traced run `TRACEPARENT`/`TRACESTATE`: its `job` span.
    pub env: Vec<(String, String)>,
    /// The owner pool's fetch limits: where and how far the job's
    /// `fetch()` may go.
    pub fetch: FetchPolicy,
    /// The owner pool's folders: where the job's modules may come from.
    pub read: ReadPolicy,
    /// The owner pool's `tmp_max_bytes`: how much the job's temporary
    /// folder (node:fs's writes) may hold, as its workers'.
    pub tmp_max_bytes: u64,
}

/// The end of a job's `run(job)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum JobOutcome {
    /// It returned (or its promise resolved to) this value, as JSON.
    Completed { result_json: String },
    /// It threw, or its promise rejected.
    Failed { message: String, stack: String },
    /// It was cancelled and stopped (or was interrupted).
    Cancelled,
}

/// A job request from a handler's `bext.jobs` API.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum JobCall {
    /// Start (or queue) a job; the worker chose its id and checked what it
    /// could (the script exists, the memory fits the budget).
    Spawn(JobSpawn),
    /// The job's record as JSON, or `null`.
    Get { id: String },
    /// Cancel it; the reply is `true` if it was queued or running.
    Cancel { id: String },
    /// [`JobCall::Spawn`] from a sampled request: `traceparent` is the
    /// span that spawned it, which the job's run links to.
    SpawnLinked {
        spawn: JobSpawn,
        traceparent: String,
    },
}

/// A new job's id: its creation time (hex milliseconds, so ids sort by
/// age) then 32 random bits, e.g. `193f2a4b5c60a1b2c3d`.
pub fn new_job_id(unix_ms: u64, random: u32) -> String {
    format!("{:011x}{random:08x}", unix_ms & 0xfff_ffff_ffff)
}

/// Whether `s` looks like a job id (what `bext jobs show` accepts).
pub fn is_job_id(s: &str) -> bool {
    (1..=64).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// What `bext.jobs.spawn(script, options)` asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobSpawn {
    pub id: String,
    /// Absolute path of the job's module.
    pub script: String,
    pub daemon: bool,
    /// Memory to reserve from the budget; 0 = `[jobs] default_memory_mb`.
    pub memory_bytes: u64,
    /// 0 = no limit.
    pub timeout_ms: u64,
    pub data_json: String,
    /// A one-off job running when bextd died is queued again rather than
    /// marked failed.
    pub retry_on_restart: bool,
    /// `maxAttempts`; 0 = `[jobs] max_attempts`.
    pub max_attempts: u32,
    /// `backoff`: the first retry's delay in ms; 0 = `[jobs] retry_backoff_ms`.
    pub backoff_ms: u64,
    /// `runAt` (Unix ms) and `delay` (ms): it runs not before the later of
    /// the two; 0 = now.
    pub run_at_ms: u64,
    pub delay_ms: u64,
    /// `priority`: 0 first.
    pub priority: u8,
    /// `unique.key`: while a job of this key is queued, running or
    /// retryable (and created within `unique_for_ms`, 0 = any time), a
    /// spawn returns that job instead.
    pub unique_key: Option<String>,
    pub unique_for_ms: u64,
}
