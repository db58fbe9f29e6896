//! The claim walks the claimable index in order and stops at its limit,
//! whatever the table's statistics say: here a backlog of 3,000 jobs that
//! autovacuum has not analyzed yet.

use super::sql::{CLAIM, begin_claim, idle_limit};
use super::tests::server;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_on_a_backlog_never_analyzed_reads_the_index_in_order() {
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
    let tx = begin_claim(&mut c, idle_limit(std::time::Duration::from_secs(10)))
        .await
        .unwrap();
    tx.batch_execute(&format!(
        "PREPARE claim (text, text[], bigint[], bigint, bigint, float8) AS {}",
        *CLAIM
    ))
    .await
    .unwrap();
    let plan: Vec<String> = tx
        .simple_query("EXPLAIN (ANALYZE, COSTS OFF) EXECUTE claim ('n', '{render}', '{20}', 20, 1000000000000, 10)")
        .await
        .unwrap()
        .into_iter()
        .filter_map(|m| match m {
            tokio_postgres::SimpleQueryMessage::Row(r) => r.get(0).map(str::to_owned),
            _ => None,
        })
        .collect();
    let plan = plan.join("\n");
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
}
