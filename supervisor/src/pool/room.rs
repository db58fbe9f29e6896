//! The pool's queue of requests waiting for a worker with room.
//!
//! A worker holds at most `worker_concurrency` requests; the rest wait here,
//! in bextd, first come first served, and go to the first worker that has
//! room: a request slow to run then delays only its own worker's few, a
//! worker that dies takes only what it was running, and a fresh worker
//! takes the queue's head as soon as it is ACTIVE.
//!
//! Each waiter holds a [`Ticket`]. Whoever frees room (an answer, a new
//! ACTIVE worker) wakes that many tickets, oldest first. A woken waiter that
//! then loses the race waits again at the head of the queue; a ticket
//! dropped with an unused wake passes it on, so no room is ever forgotten.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::oneshot;

#[derive(Debug, Default)]
pub struct Room {
    waiters: Mutex<VecDeque<oneshot::Sender<()>>>,
    /// The pool has a worker that serves or soon will (booting, active, in
    /// maintenance, or a slot waiting out a backoff); without one (every slot
    /// gave up), requests are refused at once (503).
    live: AtomicBool,
}

impl Room {
    /// Whether someone waits: a newcomer then queues behind them.
    pub fn waiting(&self) -> bool {
        !self.waiters.lock().unwrap().is_empty()
    }

    /// Waits for room, at the back of the queue, or at its head for a
    /// request that was already woken once.
    pub fn ticket(&self, head: bool) -> Ticket<'_> {
        let (tx, rx) = oneshot::channel();
        let mut q = self.waiters.lock().unwrap();
        if head {
            q.push_front(tx);
        } else {
            q.push_back(tx);
        }
        Ticket {
            rx: Some(rx),
            room: self,
        }
    }

    /// Room for `n` more requests: wakes up to `n` waiters, oldest first
    /// (waiters that went away are skipped).
    pub fn freed(&self, mut n: usize) {
        let mut q = self.waiters.lock().unwrap();
        while n > 0 {
            match q.pop_front() {
                Some(tx) => {
                    if tx.send(()).is_ok() {
                        n -= 1;
                    }
                }
                None => return,
            }
        }
    }

    pub fn set_live(&self, live: bool) {
        self.live.store(live, Ordering::Relaxed);
    }

    pub fn is_live(&self) -> bool {
        self.live.load(Ordering::Relaxed)
    }
}

/// A place in the queue.
#[derive(Debug)]
pub struct Ticket<'a> {
    rx: Option<oneshot::Receiver<()>>,
    room: &'a Room,
}

impl Ticket<'_> {
    /// Resolves once this waiter is woken.
    pub async fn woken(&mut self) {
        if let Some(rx) = self.rx.as_mut() {
            let _ = rx.await;
        }
        self.rx = None;
    }
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        if let Some(mut rx) = self.rx.take()
            && rx.try_recv().is_ok()
        {
            // Woken, but the room went unused: give it to the next one.
            self.room.freed(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    fn ready(f: impl Future<Output = ()>) -> bool {
        let mut f = pin!(f);
        matches!(
            f.as_mut().poll(&mut Context::from_waker(Waker::noop())),
            Poll::Ready(())
        )
    }

    #[test]
    fn waiters_are_woken_oldest_first_and_as_many_as_there_is_room() {
        let room = Room::default();
        let mut a = room.ticket(false);
        let mut b = room.ticket(false);
        let mut c = room.ticket(false);
        room.freed(2);
        assert!(ready(a.woken()));
        assert!(ready(b.woken()));
        assert!(!ready(c.woken()));
        assert!(room.waiting());
    }

    #[test]
    fn a_woken_waiter_that_lost_the_race_waits_at_the_head() {
        let room = Room::default();
        let mut a = room.ticket(false);
        let _b = room.ticket(false);
        room.freed(1);
        assert!(ready(a.woken()));
        let mut a_again = room.ticket(true);
        room.freed(1);
        assert!(ready(a_again.woken()));
    }

    #[test]
    fn an_unused_wake_is_passed_on_and_gone_waiters_are_skipped() {
        let room = Room::default();
        let a = room.ticket(false);
        let gone = room.ticket(false);
        let mut c = room.ticket(false);
        drop(gone);
        room.freed(1); // wakes a
        drop(a); // a never used it: c gets it
        assert!(ready(c.woken()));
    }
}
