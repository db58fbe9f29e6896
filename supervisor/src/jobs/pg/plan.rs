//! The hot statements (claim, the batch's insert and update) prepared once
//! per connection, so the server plans them once: planning the claim on
//! every call was a third of the server's time under a stream of short
//! jobs (one node: 1,900 jobs/s unprepared, 2,900 prepared).
//!
//! A pooler in transaction mode that does not keep named statements
//! (PgBouncer before 1.21, or with `max_prepared_statements = 0`) answers
//! a later use with "prepared statement … does not exist". The first such
//! answer makes every statement after it go unprepared (typed, one round
//! trip, nothing named), with one warning; the batch it failed is tried
//! again like any failed write.

use std::sync::atomic::{AtomicBool, Ordering};

use deadpool_postgres::GenericClient as Cached;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::{Error, GenericClient, Row};

static UNPREPARED: AtomicBool = AtomicBool::new(false);

/// A pooled connection or a transaction on one: its statement cache, and
/// the client under it for unprepared statements.
pub trait Conn: Cached + Sync {
    type Raw: GenericClient + Sync;
    fn raw(&self) -> &Self::Raw;
}

impl Conn for deadpool_postgres::Object {
    type Raw = tokio_postgres::Client;
    fn raw(&self) -> &tokio_postgres::Client {
        self
    }
}

impl<'a> Conn for deadpool_postgres::Transaction<'a> {
    type Raw = tokio_postgres::Transaction<'a>;
    fn raw(&self) -> &tokio_postgres::Transaction<'a> {
        self
    }
}

/// Runs `sql` with `params` of `types`, prepared and cached on `c`'s
/// connection unless named statements were refused.
pub async fn query<C: Conn>(
    c: &C,
    sql: &str,
    types: &[Type],
    params: &[&(dyn ToSql + Sync)],
) -> Result<Vec<Row>, Error> {
    if !UNPREPARED.load(Ordering::Relaxed) {
        let st = Cached::prepare_typed_cached(c, sql, types).await?;
        let r = Cached::query(c, &st, params).await;
        match r {
            Err(e) if e.code() == Some(&SqlState::INVALID_SQL_STATEMENT_NAME) => {
                if !UNPREPARED.swap(true, Ordering::Relaxed) {
                    tracing::warn!(
                        "jobs store: the server (or a pooler in front of it) lost a prepared statement; statements are sent unprepared from now on"
                    );
                }
                return Err(e);
            }
            r => return r,
        }
    }
    let typed: Vec<(&(dyn ToSql + Sync), Type)> = params
        .iter()
        .zip(types)
        .map(|(p, t)| (*p, t.clone()))
        .collect();
    c.raw().query_typed(sql, &typed).await
}

#[cfg(test)]
mod tests {
    use super::super::tests::server;
    use super::*;

    /// What a pooler that moved the session to another server connection
    /// does: the statement cached here no longer exists there.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_lost_prepared_statement_fails_once_then_statements_go_unprepared() {
        let pg = server::Postgres::start();
        let url = pg.schema("plan");
        let pool = super::super::pool(&super::super::connect_settings(&url).unwrap()).unwrap();
        let c = pool.get().await.unwrap();
        let sql = "SELECT $1::bigint + 1";
        let ask = async |c: &deadpool_postgres::Object| {
            let rows = query(c, sql, &[Type::INT8], &[&41i64]).await?;
            Ok::<i64, Error>(rows[0].get(0))
        };
        assert_eq!(ask(&c).await.unwrap(), 42);
        assert!(!UNPREPARED.load(Ordering::Relaxed), "prepared first");
        c.batch_execute("DEALLOCATE ALL").await.unwrap();
        let lost = ask(&c).await.unwrap_err();
        assert_eq!(lost.code(), Some(&SqlState::INVALID_SQL_STATEMENT_NAME));
        assert!(UNPREPARED.load(Ordering::Relaxed));
        assert_eq!(ask(&c).await.unwrap(), 42, "unprepared from then on");
    }
}
