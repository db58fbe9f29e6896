//! Admission control of a pool: at most `max_concurrent_requests` requests
//! (HTTP and custom calls) run at once; beyond that, up to `max_queue_size`
//! wait in arrival order, and the rest are refused (429).
//!
//! tokio's semaphore is fair: permits go to waiters in the order they
//! started waiting, which is the FIFO queue. A waiter whose client goes away
//! is dropped, and with it its place in the queue.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

#[derive(Debug)]
pub struct Admission {
    permits: Arc<Semaphore>,
    queued: AtomicUsize,
    max_queue: usize,
}

/// Why a request was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Every slot is taken and the queue is full (429).
    Full,
    /// It waited in the queue past the request timeout (504).
    Timeout,
}

/// Counts a waiter in the queue for as long as it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Admission {
    /// None when `max_concurrent` is 0 (no limit).
    pub fn new(max_concurrent: u32, max_queue: u32) -> Option<Admission> {
        (max_concurrent > 0).then(|| Admission {
            permits: Arc::new(Semaphore::new(max_concurrent as usize)),
            queued: AtomicUsize::new(0),
            max_queue: max_queue as usize,
        })
    }

    /// Requests waiting now.
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Admits now, or after waiting in the queue at most `wait`.
    pub async fn enter(&self, wait: Option<Duration>) -> Result<OwnedSemaphorePermit, Refused> {
        if let Ok(p) = self.permits.clone().try_acquire_owned() {
            return Ok(p);
        }
        // Reserve a place in the queue, or refuse.
        let mut n = self.queued.load(Ordering::Relaxed);
        loop {
            if n >= self.max_queue {
                return Err(Refused::Full);
            }
            match self
                .queued
                .compare_exchange_weak(n, n + 1, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => break,
                Err(now) => n = now,
            }
        }
        let _waiting = Waiting(&self.queued);
        let acquire = self.permits.clone().acquire_owned();
        let permit = match wait {
            Some(limit) => tokio::time::timeout(limit, acquire)
                .await
                .map_err(|_| Refused::Timeout)?,
            None => acquire.await,
        };
        permit.map_err(|_| Refused::Full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn the_queue_is_fifo_bounded_and_times_out() {
        let a = Arc::new(Admission::new(1, 2).unwrap());
        let first = a.enter(None).await.unwrap();
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut waiters = Vec::new();
        for i in 0..2 {
            let (a, order) = (a.clone(), order.clone());
            waiters.push(tokio::spawn(async move {
                let p = a.enter(Some(Duration::from_secs(10))).await.unwrap();
                order.lock().unwrap().push(i);
                tokio::time::sleep(Duration::from_millis(1)).await;
                drop(p);
            }));
            tokio::task::yield_now().await;
        }
        assert_eq!(a.queued(), 2);
        assert_eq!(
            a.enter(None).await.unwrap_err(),
            Refused::Full,
            "queue full: 429"
        );
        drop(first);
        for w in waiters {
            w.await.unwrap();
        }
        assert_eq!(
            *order.lock().unwrap(),
            vec![0, 1],
            "served in arrival order"
        );
        assert_eq!(a.queued(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_queued_request_times_out() {
        let a = Admission::new(1, 5).unwrap();
        let _held = a.enter(None).await.unwrap();
        let r = a.enter(Some(Duration::from_millis(100))).await;
        assert_eq!(r.unwrap_err(), Refused::Timeout);
        assert_eq!(a.queued(), 0, "a timed-out waiter leaves the queue");
    }

    #[test]
    fn zero_means_no_limit() {
        assert!(Admission::new(0, 10).is_none());
    }
}
