//! The moves any node makes of a job it may not hold: cancel (now, or
//! marked for its node's next renewal), retry and discard, each answering
//! the state it found or why it did nothing.

use deadpool_postgres::GenericClient;
use protocol::control::JobState;
use tokio_postgres::Row as PgRow;

use crate::jobs::error::{JobsError, Rule};

/// Cancels a job from any node: one nobody holds ends at once; one a node
/// holds is marked, and its node cancels it at its next renewal. Returns
/// the state it was in.
pub async fn cancel(
    c: &impl GenericClient,
    id: &str,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    let now = crate::process::memory::unix_ms() as i64;
    let row = c
        .query_opt(
            "UPDATE bext_jobs SET
                status = CASE WHEN lease_until IS NULL THEN 'cancelled' ELSE status END,
                completed_at = CASE WHEN lease_until IS NULL THEN $2 ELSE completed_at END,
                cancel_asked = true
              WHERE id = $1 AND status IN ('queued', 'running', 'retryable')
             RETURNING status, lease_until IS NULL",
            &[&id, &now],
        )
        .await?;
    if let Some(r) = row {
        let (status, unowned): (String, bool) = (r.get(0), r.get(1));
        let was = if unowned && status != "retryable" {
            "queued"
        } else {
            status.as_str()
        };
        return Ok(Ok(JobState::parse(was).unwrap_or(JobState::Queued)));
    }
    Ok(stored(c, id)
        .await?
        .ok_or_else(|| JobsError::NoJob(id.to_owned())))
}

/// Runs a failed, discarded or cancelled job again from any node, with one
/// more attempt if it had used them all; returns the state it was in.
pub async fn retry(
    c: &impl GenericClient,
    id: &str,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    let row = c
        .query_opt(
            "UPDATE bext_jobs n SET status = 'queued', completed_at = NULL, run_after = NULL,
                    run_at = NULL, cancel_asked = false, owner = NULL, lease_until = NULL,
                    max_attempts = GREATEST(o.max_attempts, o.tries + 1)
               FROM bext_jobs o
              WHERE n.id = $1 AND o.id = n.id
                AND o.status IN ('failed', 'discarded', 'cancelled')
             RETURNING o.status",
            &[&id],
        )
        .await?;
    moved(c, id, row, Rule::StoreRetry).await
}

/// Discards a queued or retryable job nobody holds, from any node;
/// returns the state it was in.
pub async fn discard(
    c: &impl GenericClient,
    id: &str,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    let now = crate::process::memory::unix_ms() as i64;
    let row = c
        .query_opt(
            "UPDATE bext_jobs n SET status = 'discarded', completed_at = $2, run_after = NULL,
                    run_at = NULL
               FROM bext_jobs o
              WHERE n.id = $1 AND o.id = n.id AND o.status IN ('queued', 'retryable')
                AND o.lease_until IS NULL
             RETURNING o.status",
            &[&id, &now],
        )
        .await?;
    moved(c, id, row, Rule::StoreDiscard).await
}

/// The state a retry or discard found, or why it did nothing.
async fn moved(
    c: &impl GenericClient,
    id: &str,
    row: Option<PgRow>,
    rule: Rule,
) -> Result<Result<JobState, JobsError>, tokio_postgres::Error> {
    if let Some(r) = row {
        let was: String = r.get(0);
        return Ok(Ok(JobState::parse(&was).unwrap_or(JobState::Failed)));
    }
    Ok(Err(match stored(c, id).await? {
        Some(was) => JobsError::State {
            id: id.to_owned(),
            was,
            rule,
        },
        None => JobsError::NoJob(id.to_owned()),
    }))
}

/// The state job `id` is stored in, if there is such a job: what a move
/// that changed nothing found.
async fn stored(
    c: &impl GenericClient,
    id: &str,
) -> Result<Option<JobState>, tokio_postgres::Error> {
    let q = c
        .query_opt("SELECT status FROM bext_jobs WHERE id = $1", &[&id])
        .await?;
    Ok(q.map(|r| JobState::parse(&r.get::<_, String>(0)).unwrap_or(JobState::Failed)))
}
