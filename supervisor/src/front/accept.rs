//! The HTTP accept loop, and the descriptors it may use.
//!
//! * **Connection cap.** At most `max_connections` client connections are
//!   open at once, and never so many that bextd would run out of file
//!   descriptors: the cap is lowered to `RLIMIT_NOFILE` minus a reserve
//!   ([`fd_reserve`]) kept for spawning and watching workers, reaping, the
//!   control socket and bextd itself. At the cap bextd stops accepting;
//!   new connections wait in the kernel's listen backlog until some close.
//!   An episode is logged once when it starts and once when it is over:
//!   there is room again and no connection is left waiting.
//! * **Accept errors** pause the loop ([`crate::listen::Backoff`], shared
//!   with the control socket), so it cannot spin.
//!
//! At start bextd raises its soft descriptor limit to the hard limit (as Go
//! programs do), since the common soft default of 1024 was meant for
//! `select()`, which bextd does not use.

use std::sync::Arc;

use futures_util::FutureExt as _;
use nix::sys::resource::{Resource, getrlimit, setrlimit};
use tokio::net::TcpListener;

use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot};

use crate::front::Front;
use crate::front::conn::{self, Timeouts};
use crate::listen::Backoff;

/// Descriptors bextd keeps for itself besides client connections: a fixed
/// share (std streams, the runtime, signal and SIGCHLD pipes, the listener,
/// the control socket, files read in /proc), one per control client, and
/// six per worker (its socket and two output pipes, twice over during a
/// rotation).
pub fn fd_reserve(max_workers: u64, control_clients: u64) -> u64 {
    64 + control_clients + 6 * max_workers
}

/// Raises the soft `RLIMIT_NOFILE` to the hard limit; returns the soft limit
/// now in effect (`None` if unlimited or unknown).
pub fn raise_fd_limit() -> Option<u64> {
    let (soft, hard) = getrlimit(Resource::RLIMIT_NOFILE).ok()?;
    let soft = if soft < hard && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
        hard
    } else {
        soft
    };
    (soft != nix::sys::resource::RLIM_INFINITY).then_some(soft)
}

/// The connection cap in effect: `configured`, lowered to fit `fd_limit`
/// minus `reserve`, and at least 8.
pub fn connection_cap(configured: u32, fd_limit: Option<u64>, reserve: u64) -> usize {
    let fits = fd_limit.map_or(u64::MAX, |n| n.saturating_sub(reserve).max(8));
    (configured as u64).min(fits) as usize
}

/// Limits of the HTTP front.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_connections: usize,
    pub timeouts: Timeouts,
}

/// Accepts and serves connections until `stop` fires; returns the handle
/// that waits for the open ones.
pub async fn run(
    listener: TcpListener,
    front: Arc<Front>,
    limits: Limits,
    tls: Option<(TcpListener, tokio_rustls::TlsAcceptor)>,
    mut stop: oneshot::Receiver<()>,
) -> super::graceful::Graceful {
    let graceful = super::graceful::Graceful::default();
    let mut cap = Cap::new(limits.max_connections);
    let mut errors = Backoff::new("HTTP connections");
    loop {
        let Some(permit) = cap.take(&mut stop).await else {
            return graceful;
        };
        let accepted = match next(&listener, tls.as_ref()).now_or_never() {
            Some(a) => a,
            None => {
                cap.caught_up();
                tokio::select! {
                    _ = &mut stop => return graceful,
                    a = next(&listener, tls.as_ref()) => a,
                }
            }
        };
        let (accepted, secure) = accepted;
        match accepted {
            Ok((stream, peer)) => {
                errors.succeeded();
                let _ = stream.set_nodelay(true);
                let watcher = graceful.watcher();
                match tls.as_ref().filter(|_| secure) {
                    None => conn::serve(&front, watcher, stream, peer, limits.timeouts, permit),
                    // The handshake on the connection's own task, within
                    // header_read_timeout_ms.
                    Some((_, acceptor)) => {
                        let (acceptor, front) = (acceptor.clone(), front.clone());
                        tokio::spawn(async move {
                            let within = limits.timeouts.header_read;
                            match tokio::time::timeout(within, acceptor.accept(stream)).await {
                                Ok(Ok(s)) => {
                                    conn::serve(&front, watcher, s, peer, limits.timeouts, permit)
                                }
                                Ok(Err(e)) => {
                                    tracing::debug!(%peer, error = %e, "TLS handshake failed")
                                }
                                Err(_) => tracing::debug!(%peer, "TLS handshake timed out"),
                            }
                        });
                    }
                }
            }
            Err(e) => {
                drop(permit);
                let pause = errors.failed(&e);
                tokio::select! {
                    _ = &mut stop => return graceful,
                    _ = tokio::time::sleep(pause) => {}
                }
            }
        }
    }
}

/// The next connection on either listener, and whether it came to the
/// TLS one.
async fn next(
    plain: &TcpListener,
    tls: Option<&(TcpListener, tokio_rustls::TlsAcceptor)>,
) -> (
    std::io::Result<(tokio::net::TcpStream, std::net::SocketAddr)>,
    bool,
) {
    match tls {
        None => (plain.accept().await, false),
        Some((l, _)) => tokio::select! {
            a = plain.accept() => (a, false),
            a = l.accept() => (a, true),
        },
    }
}

/// The connection cap: a permit per connection, and whether an episode
/// at the cap is under way (for its two log lines).
#[derive(Debug)]
struct Cap {
    permits: Arc<Semaphore>,
    size: usize,
    full: bool,
}

impl Cap {
    fn new(size: usize) -> Cap {
        Cap {
            permits: Arc::new(Semaphore::new(size)),
            size,
            full: false,
        }
    }

    /// A place for the next connection, waiting for one if every place is
    /// taken (which starts an episode); `None` if `stop` fires first.
    async fn take(&mut self, stop: &mut oneshot::Receiver<()>) -> Option<OwnedSemaphorePermit> {
        if let Ok(p) = self.permits.clone().try_acquire_owned() {
            return Some(p);
        }
        if !self.full {
            self.full = true;
            let cap = self.size;
            tracing::warn!(
                max_connections = cap,
                "connection limit reached: {cap} connections open; new ones wait to be accepted until some close"
            );
        }
        tokio::select! {
            _ = stop => None,
            p = self.permits.clone().acquire_owned() => p.ok(),
        }
    }

    /// No connection is waiting to be accepted and there is room: the
    /// episode, if any, is over.
    fn caught_up(&mut self) {
        if std::mem::take(&mut self.full) {
            tracing::info!(
                max_connections = self.size,
                open = self.size - self.permits.available_permits() - 1,
                "connections are below the limit again; every waiting one was accepted"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_fits_the_descriptor_limit() {
        assert_eq!(connection_cap(4096, None, 100), 4096);
        assert_eq!(connection_cap(4096, Some(1_048_576), 100), 4096);
        assert_eq!(connection_cap(4096, Some(1024), 100), 924);
        assert_eq!(connection_cap(100, Some(1024), 100), 100);
        // A limit below the reserve still lets a few clients in.
        assert_eq!(connection_cap(4096, Some(50), 100), 8);
        assert_eq!(fd_reserve(4, 16), 64 + 16 + 24);
    }
}
