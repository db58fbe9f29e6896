//! The claim walks the claimable index in order and stops at its limit,
//! and a batch update reaches its rows by key, whatever the table's
//! statistics say: here a backlog of 3,000 jobs that autovacuum has not
//! analyzed yet. And the settings that keep them there reach the first
//! statement of a transaction they are pipelined with.

use super::batch::PUT;
use super::sql::{CLAIM, begin, idle_limit};
use super::tests::server;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn statements_on_a_backlog_never_analyzed_go_through_the_indexes() {
    let pg = server::Postgres::start();
    let url = pg.schema("burst");
    let pool = super::pool(&super::connect_settings(&url).unwrap()).unwrap();
    let mut c = pool.get().await.unwrap();
    super::migrate(&mut c).await.unwrap();
    c.batch_execute(
        "ALTER TABLE bext_jobs SET (autovacuum_enabled = false);
         INSERT INTO bext_jobs (id, pool, script, status, created_at)
         SELECT 'j' || g, 'render', 'a.js', 'queued', g FROM generate_series(1, 3000) g;",
    )
    .await
    .unwrap();
    let tx = begin(&mut c, idle_limit(std::time::Duration::from_secs(10)))
        .await
        .unwrap();
    // bextd's statements are prepared once and soon run a generic plan.
    tx.batch_execute("SET LOCAL plan_cache_mode = force_generic_plan")
        .await
        .unwrap();
    tx.batch_execute(&format!(
        "PREPARE claim (text, text[], bigint[], bigint, bigint, float8) AS {}",
        *CLAIM
    ))
    .await
    .unwrap();
    let plan = explain(
        &tx,
        "EXECUTE claim ('n', '{render}', '{20}', 20, 1000000000000, 10)",
    )
    .await;
    assert!(
        plan.contains("Index Scan using bext_jobs_claimable"),
        "{plan}"
    );
    assert!(!plan.contains("Bitmap"), "{plan}");
    let claimed = plan
        .lines()
        .find(|l| l.contains("Index Scan using bext_jobs_claimable"))
        .unwrap();
    assert!(
        claimed.contains("rows=20 "),
        "stops at the limit: {claimed}"
    );
    tx.batch_execute(&format!(
        "PREPARE put (text, text[], bigint[], text[], float8[], text[], text[], int[],
                      bigint[], bigint[], int[], bigint[], int[], int[], text[], bigint[]) AS {PUT}"
    ))
    .await
    .unwrap();
    let plan = explain(
        &tx,
        "EXECUTE put ('n', '{j7,j9}', '{0,0}', '{running,running}', '{0,0}', '{NULL,NULL}',
                      '{NULL,NULL}', '{0,0}', '{NULL,NULL}', '{NULL,NULL}', '{0,0}', '{0,0}',
                      '{1,1}', '{1,1}', '{NULL,NULL}', '{NULL,NULL}')",
    )
    .await;
    assert!(plan.contains("Index Scan using bext_jobs_pkey"), "{plan}");
    assert!(!plan.contains("Seq Scan"), "{plan}");
}

/// The plan of `statement`, as run in `tx`.
async fn explain(tx: &deadpool_postgres::Transaction<'_>, statement: &str) -> String {
    let rows = tx
        .simple_query(&format!("EXPLAIN (ANALYZE, COSTS OFF) {statement}"))
        .await
        .unwrap();
    first_column(rows).join("\n")
}

/// The first column of each row a simple query returned.
fn first_column(rows: Vec<tokio_postgres::SimpleQueryMessage>) -> Vec<String> {
    rows.into_iter()
        .filter_map(|m| match m {
            tokio_postgres::SimpleQueryMessage::Row(r) => r.get(0).map(str::to_owned),
            _ => None,
        })
        .collect()
}

/// The settings go out with a transaction's first statement, not a round
/// trip before it, and that statement already runs under them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_settings_sent_with_the_first_statement_apply_to_it() {
    let pg = server::Postgres::start();
    let url = pg.schema("settled");
    let pool = super::pool(&super::connect_settings(&url).unwrap()).unwrap();
    let mut c = pool.get().await.unwrap();
    let tx = c.transaction().await.unwrap();
    // A simple query goes out at its first poll: sent before the
    // settings, it would see them unset.
    let body = async {
        tx.simple_query("SHOW enable_seqscan; SHOW idle_in_transaction_session_timeout")
            .await
    };
    let rows = super::sql::settled(&tx, std::time::Duration::from_millis(1500), body, |x| x)
        .await
        .unwrap();
    assert_eq!(first_column(rows), ["off", "1500ms"]);
}
