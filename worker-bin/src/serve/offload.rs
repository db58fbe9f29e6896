//! Long `crypto.subtle` operations, off the JS thread.
//!
//! JS queues one (`HostEvent::CryptoStart`) when [`crate::crypto::Job::is_long`]
//! says it may hold up other requests (RSA key generation, PBKDF2 with many
//! iterations, a digest or cipher of a large input). The loop hands it to
//! tokio's blocking pool and goes on serving; the result comes back on a
//! channel the loop selects on beside the socket and the fetches, and JS
//! resolves the promise with it. A request whose deadline passes meanwhile
//! is answered 504 by the loop as usual; the operation then finishes
//! unobserved (a hash or a derivation cannot be stopped half-way), and its
//! promise settles with no one waiting.
//!
//! At most [`MAX_RUNNING`] of a worker's operations run at once; the rest
//! wait their turn in the order they came. The blocking pool has 512
//! threads, shared with the rest of the worker; without the cap a flood of
//! PBKDF2 requests would take them all and gain nothing, since the work is
//! bound by the CPU, not by waiting.

use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc};

use crate::crypto::{CryptoError, Job, Output};

/// How many of one worker's operations run at once: two per core of the
/// 2-core machines the project is measured on, so a burst keeps the cores
/// busy while the rest wait in line rather than on the pool.
pub const MAX_RUNNING: usize = 4;

/// A finished operation.
#[derive(Debug)]
pub struct CryptoDone {
    pub id: u32,
    pub result: Result<Output, CryptoError>,
}

/// Starts operations on the blocking pool, [`MAX_RUNNING`] at a time.
#[derive(Debug)]
pub struct Offload {
    tx: mpsc::UnboundedSender<CryptoDone>,
    running: Arc<Semaphore>,
}

impl Offload {
    pub fn new() -> (Offload, mpsc::UnboundedReceiver<CryptoDone>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let running = Arc::new(Semaphore::new(MAX_RUNNING));
        (Offload { tx, running }, rx)
    }

    /// Runs `job` on the blocking pool when its turn comes; its result is
    /// sent to the loop.
    pub fn start(&self, id: u32, job: Job) {
        self.start_with(id, move || job.run());
    }

    fn start_with<F>(&self, id: u32, work: F)
    where
        F: FnOnce() -> Result<Output, CryptoError> + Send + 'static,
    {
        let tx = self.tx.clone();
        let running = self.running.clone();
        tokio::spawn(async move {
            // The semaphore is never closed.
            let Ok(_turn) = running.acquire_owned().await else {
                return;
            };
            let result = tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| {
                Err(CryptoError::Operation(format!("the operation died: {e}")))
            });
            // The loop is gone only when the worker is ending.
            let _ = tx.send(CryptoDone { id, result });
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test(flavor = "current_thread")]
    async fn no_more_than_max_running_operations_run_at_once() {
        let (offload, mut done) = Offload::new();
        let now = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let n = 3 * MAX_RUNNING as u32;
        for id in 0..n {
            let (now, most) = (now.clone(), most.clone());
            offload.start_with(id, move || {
                let running = now.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(running, Ordering::SeqCst);
                // Long enough for the others to pile up if they could.
                std::thread::sleep(Duration::from_millis(30));
                now.fetch_sub(1, Ordering::SeqCst);
                Ok(Output::Bool(true))
            });
        }
        let mut ids = Vec::new();
        for _ in 0..n {
            let d = tokio::time::timeout(Duration::from_secs(10), done.recv())
                .await
                .expect("every operation finishes")
                .unwrap();
            assert!(matches!(d.result, Ok(Output::Bool(true))));
            ids.push(d.id);
        }
        ids.sort_unstable();
        assert_eq!(ids, (0..n).collect::<Vec<_>>(), "each answered once");
        assert_eq!(
            most.load(Ordering::SeqCst),
            MAX_RUNNING,
            "ran at once at most"
        );
    }
}
