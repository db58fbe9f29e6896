//! `LISTEN bext_jobs`: wakes the store's task when another node inserts or
//! releases a job, on a connection of its own, made again when it breaks
//! (with the outage backoff, silently: the task already says when the
//! server is out). Only an optimisation: claims poll every
//! `claim_interval_ms` anyway, so a pooler in transaction mode (where
//! LISTEN does not work) loses nothing but latency.

use std::time::Instant;

use futures_util::StreamExt;
use tokio::sync::mpsc;

use super::Connect;
use super::task::STATEMENT_WAIT;
use crate::jobs::outage::Outage;

pub fn listen(connect: Connect, node: String) -> mpsc::UnboundedReceiver<()> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut outage = Outage::default();
        while !tx.is_closed() {
            let conn =
                tokio::time::timeout(STATEMENT_WAIT, connect.config.connect(connect.tls.clone()))
                    .await;
            let jitter = rand::random::<f64>();
            match conn {
                Ok(Ok((client, conn))) => {
                    outage.succeeded(Instant::now());
                    relay(client, conn, &node, &tx).await;
                    // It broke (the server may be going away): wait as
                    // after a first failure, never reconnect in a loop.
                    outage.failed(Instant::now(), jitter);
                }
                _ => {
                    outage.failed(Instant::now(), jitter);
                }
            }
            if let Some(at) = outage.retry_at() {
                tokio::time::sleep_until(at.into()).await;
            }
        }
    });
    rx
}

/// Forwards the notifications of other nodes until the connection breaks
/// or the task is gone.
async fn relay<S, T>(
    client: tokio_postgres::Client,
    mut conn: tokio_postgres::Connection<S, T>,
    node: &str,
    tx: &mpsc::UnboundedSender<()>,
) where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (ntx, mut nrx) = mpsc::unbounded_channel();
    let me = node.to_owned();
    let driver = tokio::spawn(async move {
        let mut msgs = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
        while let Some(Ok(m)) = msgs.next().await {
            if let tokio_postgres::AsyncMessage::Notification(n) = m
                && n.payload() != me
            {
                let _ = ntx.send(());
            }
        }
    });
    if client.batch_execute("LISTEN bext_jobs").await.is_ok() {
        while nrx.recv().await.is_some() {
            if tx.send(()).is_err() {
                break;
            }
        }
    }
    driver.abort();
}
