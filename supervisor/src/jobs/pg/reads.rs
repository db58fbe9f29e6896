//! The shared store's reads and the commands made outside its task: a
//! job, the list, cancel, retry, discard and unique inserts, each one
//! statement on a connection of the pool.

use protocol::control::{JobInfo, JobState};

use super::{Shared, sql, task};
use crate::jobs::error::{JobsError, StoreError};
use crate::jobs::record::{Loaded, Row};

impl Shared {
    /// A connection for a statement made outside the task, once the schema
    /// is in place: a spawn reaching a node whose task is still creating
    /// the tables of a fresh store waits for them rather than failing on a
    /// missing relation.
    async fn conn(&self) -> Result<deadpool_postgres::Object, StoreError> {
        let mut ready = self.ready.clone();
        let wait = tokio::time::timeout(task::STATEMENT_WAIT, ready.wait_for(|r| *r));
        if !matches!(wait.await, Ok(Ok(_))) {
            return Err(StoreError::NotReady {
                secs: task::STATEMENT_WAIT.as_secs(),
            });
        }
        self.pool.get().await.map_err(StoreError::pool)
    }

    /// One job as stored, with its checkpoint and log.
    pub async fn load(&self, id: &str) -> Result<Option<Loaded>, StoreError> {
        let c = self.conn().await?;
        sql::load(&c, id).await.map_err(StoreError::postgres)
    }

    /// Every job in the store, oldest first (at most `limit`).
    pub async fn list(&self, limit: i64) -> Result<Vec<JobInfo>, StoreError> {
        let c = self.conn().await?;
        sql::list(&c, limit).await.map_err(StoreError::postgres)
    }

    /// One job with its checkpoint and log.
    pub async fn get(&self, id: &str) -> Result<Option<(JobInfo, String)>, StoreError> {
        let l = self.load(id).await?;
        Ok(l.map(|l| (sql::info(&l, true), l.logs)))
    }

    /// Cancels a job this node does not hold: a queued one at once; one
    /// running elsewhere is cancelled by its node at its next renewal.
    pub async fn cancel(&self, id: &str) -> Result<JobState, JobsError> {
        let c = self.conn().await?;
        sql::cancel(&c, id).await.map_err(StoreError::postgres)?
    }

    /// Runs a failed, discarded or cancelled job again (any node claims it).
    pub async fn retry(&self, id: &str) -> Result<JobState, JobsError> {
        let c = self.conn().await?;
        sql::retry(&c, id).await.map_err(StoreError::postgres)?
    }

    /// Discards a queued or retryable job nobody holds.
    pub async fn discard(&self, id: &str) -> Result<JobState, JobsError> {
        let c = self.conn().await?;
        sql::discard(&c, id).await.map_err(StoreError::postgres)?
    }

    /// Inserts a unique job (see [`sql::insert_unique`]) and wakes the
    /// nodes; returns the job of its key.
    pub async fn insert_unique(
        &self,
        row: &Row,
        since: u64,
        ever: bool,
    ) -> Result<(String, JobState), StoreError> {
        let mut c = self.conn().await?;
        let r = sql::insert_unique(&mut c, row, since, ever, self.idle)
            .await
            .map_err(StoreError::postgres)?;
        let _ = c.execute("SELECT pg_notify('bext_jobs', '')", &[]).await;
        Ok(r)
    }
}
