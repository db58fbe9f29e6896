//! Long `crypto.subtle` operations, off the JS thread.
//!
//! JS queues one (`HostEvent::CryptoStart`) when [`crate::crypto::Job::is_long`]
//! says it may hold up other requests (PBKDF2 with many iterations, a
//! digest or cipher of a large input). The loop hands it to tokio's
//! blocking pool and goes on serving; the result comes back on a channel the
//! loop selects on beside the socket and the fetches, and JS resolves the
//! promise with it. A request whose deadline passes meanwhile is answered
//! 504 by the loop as usual; the operation then finishes unobserved (a hash
//! or a derivation cannot be stopped half-way), and its promise settles
//! with no one waiting.

use tokio::sync::mpsc;

use crate::crypto::{CryptoError, Job, Output};

/// A finished operation.
#[derive(Debug)]
pub struct CryptoDone {
    pub id: u32,
    pub result: Result<Output, CryptoError>,
}

/// Starts operations on the blocking pool.
#[derive(Debug)]
pub struct Offload {
    tx: mpsc::UnboundedSender<CryptoDone>,
}

impl Offload {
    pub fn new() -> (Offload, mpsc::UnboundedReceiver<CryptoDone>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Offload { tx }, rx)
    }

    /// Runs `job` on the blocking pool; its result is sent to the loop.
    pub fn start(&self, id: u32, job: Job) {
        let tx = self.tx.clone();
        tokio::task::spawn_blocking(move || {
            let result = job.run();
            // The loop is gone only when the worker is ending.
            let _ = tx.send(CryptoDone { id, result });
        });
    }
}
