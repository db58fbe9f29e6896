//! A node frozen in the middle of a write (SIGSTOP, a paused VM) keeps its
//! open transaction and the row locks it took; the server ends that
//! transaction once it has been idle for half the lease TTL, so another
//! node takes the job over when the lease ends, not when the frozen node
//! thaws.

use std::time::Duration;

use super::sql;
use super::tests::{Node, Under, row, server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_frozen_mid_write_does_not_keep_its_job_from_the_others() {
    let pg = server::Postgres::start();
    let url = pg.schema("frozen");
    let ttl = Duration::from_millis(1_000);
    let mut a = Node::start(&url, ttl.as_millis() as u64);
    let d = a.add(row("d", true)).await;
    // A's writer, frozen between its update of the row and its commit.
    let pool = super::pool(&super::connect_settings(&url).unwrap()).unwrap();
    let mut c = pool.get().await.unwrap();
    let tx = sql::begin(&mut c, sql::idle_limit(ttl)).await.unwrap();
    let n = sql::put_column(&tx, &a.s.node, "checkpoint", "d", d.attempt, "{}")
        .await
        .unwrap();
    assert_eq!(n, 1, "A holds the row");
    // A renews its lease no more.
    drop(a);
    let mut b = Node::start(&url, ttl.as_millis() as u64);
    let got = b
        .claimed(Duration::from_secs(6))
        .await
        .expect("B takes the job over while A is still frozen");
    assert_eq!(got[0].id, "d");
    assert_eq!(got[0].attempt, d.attempt + 1);
    // A thaws: its transaction was ended, its write is not made.
    assert!(tx.commit().await.is_err());
}
