//! The reads of `bext jobs ls/show/logs` from any node: every job, one
//! job, as stored.

use deadpool_postgres::GenericClient;
use protocol::control::JobInfo;

use super::{COLUMNS, loaded};
use crate::jobs::record::Loaded;

/// A stored job as the API shows it (no process: that is its node's).
pub fn info(l: &Loaded, with_checkpoint: bool) -> JobInfo {
    l.row.info(l.checkpoint.as_deref(), with_checkpoint)
}

/// Every job, oldest first.
pub async fn list(
    c: &impl GenericClient,
    limit: i64,
) -> Result<Vec<JobInfo>, tokio_postgres::Error> {
    let q = format!("SELECT {COLUMNS} FROM bext_jobs ORDER BY created_at, id LIMIT $1");
    let rows = c.query(&q, &[&limit]).await?;
    Ok(rows.iter().map(|r| info(&loaded(r), false)).collect())
}

/// One job as stored.
pub async fn load(
    c: &impl GenericClient,
    id: &str,
) -> Result<Option<Loaded>, tokio_postgres::Error> {
    let q = format!("SELECT {COLUMNS} FROM bext_jobs WHERE id = $1");
    Ok(c.query_opt(&q, &[&id]).await?.map(|r| loaded(&r)))
}
