//! A `bext.jobs` call (spawn, get, cancel), from a pool's worker or from a
//! job: one answer for both. The caller reaches the jobs through a
//! [`Door`] (a worker: the handle's commands; a job: its manager, which
//! answers at once) and only those of its own pool: another pool's job is
//! answered as an unknown one (null, false).

use protocol::control::{JobInfo, JobSpec, JobState};
use protocol::worker::JobCall;

use super::error::JobsError;

/// How a caller reaches the jobs.
pub(crate) trait Door {
    /// Queues `spec`; the job's id.
    async fn spawn(&mut self, spec: JobSpec) -> Result<String, JobsError>;
    /// One job, with its checkpoint; None if there is none to show.
    async fn get(&mut self, id: String) -> Option<JobInfo>;
    /// Cancels a job; the state it was in.
    async fn cancel(&mut self, id: String) -> Result<JobState, JobsError>;
}

/// Answers `call` from a worker or a job of `pool` (None: a job no longer
/// known, which reaches no job): the JSON to resolve its promise with, or
/// the error whose words reject it.
pub(crate) async fn answer(
    door: &mut impl Door,
    pool: Option<&str>,
    call: JobCall,
) -> Result<String, JobsError> {
    // Before it can start: its first run may begin at once.
    if let JobCall::SpawnLinked { spawn, traceparent } = &call {
        crate::otel::jobs::spawned(&spawn.id, traceparent);
    }
    let ours = |j: &JobInfo| Some(j.pool.as_str()) == pool;
    match call {
        JobCall::Spawn(s) | JobCall::SpawnLinked { spawn: s, .. } => {
            let spec = JobSpec::from_worker(s, pool.map(str::to_owned));
            let id = door.spawn(spec).await?;
            Ok(serde_json::Value::String(id).to_string())
        }
        JobCall::Get { id } => {
            let job = door.get(id).await.filter(ours);
            serde_json::to_string(&job).map_err(|e| JobsError::Encode(e.to_string()))
        }
        JobCall::Cancel { id } => {
            if !door.get(id.clone()).await.is_some_and(|j| ours(&j)) {
                return Ok("false".into());
            }
            let was = door.cancel(id).await;
            Ok(was.is_ok_and(|s| !s.is_final()).to_string())
        }
    }
}
