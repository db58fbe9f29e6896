//! The graceful end of the front's connections: at a shutdown each open
//! connection finishes the request it serves and closes, each WebSocket is
//! closed with 1001 (going away), and the shutdown waits for them all.
//!
//! hyper-util's `GracefulShutdown` does the same for plain connections but
//! cannot watch an HTTP/1 connection that may upgrade, so bextd keeps its
//! own: a token that says "stop", and a count of the watchers still held
//! (each a receiver of one `watch` channel, whose sender sees when the last
//! is dropped).

use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

/// Held by the daemon: starts the stop and waits for its end.
#[derive(Debug)]
pub struct Graceful {
    stop: CancellationToken,
    held: watch::Sender<()>,
}

/// Held by each connection and each WebSocket until it ends.
#[derive(Debug, Clone)]
pub struct Watcher {
    stop: CancellationToken,
    _held: watch::Receiver<()>,
}

impl Default for Graceful {
    fn default() -> Self {
        Graceful {
            stop: CancellationToken::new(),
            held: watch::channel(()).0,
        }
    }
}

impl Graceful {
    pub fn watcher(&self) -> Watcher {
        Watcher {
            stop: self.stop.clone(),
            _held: self.held.subscribe(),
        }
    }

    /// Tells every watcher to stop, and waits until each has ended.
    pub async fn shutdown(self) {
        self.stop.cancel();
        self.held.closed().await;
    }
}

impl Watcher {
    /// Resolves once the shutdown has begun.
    pub async fn stopping(&self) {
        self.stop.cancelled().await;
    }
}
