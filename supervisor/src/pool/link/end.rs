//! How a link ends: a drain (no new requests, then SIGTERM once the
//! last is answered), a protocol breach (SIGKILL at once), the close of
//! its socket (what the worker never started goes back to the request
//! path), and how the worker died, for those waiting to know.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::forensics::describe;
use super::{Answer, Inner, LinkEvent, WorkerLink};
use crate::process::link::Breach;

impl WorkerLink {
    /// How the worker broke the protocol, if it did.
    pub fn broken(&self) -> Option<&str> {
        self.broken.get().map(String::as_str)
    }

    /// The worker broke the protocol: say so and SIGKILL it here, while its
    /// socket is still open. Left to the pool actor, the kill raced the
    /// worker seeing its socket close and exiting 0, and the breach could
    /// be reported as a plain crash.
    pub(super) fn broke(&self, breach: Breach) -> LinkEvent {
        let error = breach.to_string();
        tracing::error!(
            pool = %self.pool, worker = self.slot, pid = self.pid.as_raw(),
            "worker broke the protocol ({error}); killing it"
        );
        self.process.signal(nix::sys::signal::Signal::SIGKILL);
        let _ = self.broken.set(error.clone());
        LinkEvent::ProtocolError(error)
    }

    /// Drains the worker (SPEC §2): no new requests; once every request
    /// it was given is answered, SIGTERM asks it to run `shutdown()` and
    /// exit. Waiting for the answers first means nothing is still unread in
    /// its socket when it stops reading. (The SIGKILL at `drain_timeout_ms`
    /// is the pool's.)
    pub fn drain(&self) {
        let mut inner = self.inner.lock().unwrap();
        inner.accepting = false;
        self.open.store(false, Ordering::Relaxed);
        inner.draining = true;
        Self::drain_sockets(&mut inner);
        self.terminate_if_idle(&mut inner);
    }

    pub(super) fn terminate_if_idle(&self, inner: &mut Inner) {
        if inner.draining
            && !inner.terminated
            && inner.pending.is_empty()
            && inner.sockets.is_empty()
        {
            inner.terminated = true;
            // Only while the socket is open: a pid is reused only after the
            // reaper collected it and the kernel went through pid_max.
            self.process.signal(nix::sys::signal::Signal::SIGTERM);
        }
    }

    /// Closes the link: pending requests see their reply channel dropped.
    pub(super) fn close(&self) {
        let mut inner = self.inner.lock().unwrap();
        inner.accepting = false;
        self.open.store(false, Ordering::Relaxed);
        inner.tx = None;
        // Each relay finds its socket gone: its client gets 1011.
        for (_, s) in inner.sockets.drain() {
            s.gone();
        }
        self.sockets.store(0, Ordering::Relaxed);
        let n = inner.pending.len() as u32;
        inner.held_at_close = describe(&inner.pending);
        // What the worker never started goes back to the request path, to
        // be sent to another worker; what it ran sees its channel dropped.
        for (_, p) in inner.pending.drain() {
            if let (false, Some(reply)) = (p.started, p.reply) {
                let _ = reply.send(Answer::NotRun);
            }
        }
        self.in_flight.fetch_sub(n, Ordering::Relaxed);
        drop(inner);
        self.closed.store(true, Ordering::Release);
        self.died.notify_waiters();
    }

    /// The requests it holds, or held when its socket closed (the exit
    /// can be reaped before the socket's end is read): `GET /x (1200 ms)`.
    pub fn held(&self) -> Vec<String> {
        let inner = self.inner.lock().unwrap();
        if inner.tx.is_none() {
            return inner.held_at_close.clone();
        }
        describe(&inner.pending)
    }

    /// Sends `sig` to the worker, if it still exists.
    pub fn signal(&self, sig: nix::sys::signal::Signal) {
        self.process.signal(sig);
    }

    /// Waits (at most `wait`) until every frame the worker sent has been
    /// read: its exit can be reaped before its socket's end is read, and
    /// its last frames (a boot error, answers) tell why it ended.
    pub async fn wait_closed(&self, wait: Duration) {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let notified = self.died.notified();
            if self.closed.load(Ordering::Acquire) {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return;
            }
        }
    }

    /// Records how the worker died, and wakes those waiting to know.
    pub fn set_death(&self, own_fault: bool) {
        let _ = self.death.set(own_fault);
        self.died.notify_waiters();
    }

    /// Whether the worker died by its own fault (a crash, an abnormal exit,
    /// the OOM killer, a protocol breach) rather than killed from outside
    /// or by bextd; `None` if that is not known within `wait`.
    pub async fn own_fault(&self, wait: Duration) -> Option<bool> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let notified = self.died.notified();
            if let Some(d) = self.death.get() {
                return Some(*d);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.death.get().copied();
            }
        }
    }
}
