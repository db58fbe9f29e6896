//! The master's own deadline for a request: a worker that holds one past
//! `request_timeout_ms` and its grace (stuck outside JS, where its own
//! interrupt cannot reach it) has the request answered 504 and is killed.
//!
//! One deadline per pool rather than a timer per request: the pool actor
//! sleeps until the oldest request any worker holds is due
//! ([`WorkerLink::next_due`]), then answers what is overdue
//! ([`WorkerLink::expire`]) and kills the workers that held it. Almost
//! every request is answered long before its deadline, so a timer armed
//! and cancelled for each was work thrown away on every request.
//!
//! Watched: a request or custom call until its answer (or the head of a
//! streamed one) comes; a streamed body has its own deadline (see
//! `front::body`), and a warm-up request counts in the startup deadline.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::{Answer, Pending, WorkerLink};

impl WorkerLink {
    /// When the oldest request it holds is due, `limit` after it was sent.
    pub fn next_due(&self, limit: Duration) -> Option<Instant> {
        due(&self.inner.lock().unwrap().pending, limit)
    }

    /// Answers every request it has held for `limit` or more at `now` as
    /// expired (the request path answers 504 and sends it nowhere else):
    /// each as `request ID` with what it was, oldest first, for the log.
    /// The requests stay held, and counted, until the worker answers or
    /// its socket closes.
    pub fn expire(&self, now: Instant, limit: Duration) -> Vec<String> {
        let mut inner = self.inner.lock().unwrap();
        let mut late = Vec::new();
        for id in overdue(&inner.pending, now, limit) {
            let Some(p) = inner.pending.get_mut(&id) else {
                continue;
            };
            if let Some(reply) = p.reply.take() {
                let _ = reply.send(Answer::Expired);
                late.push(format!("request {id} {}", p.describe(now)));
            }
        }
        late
    }
}

fn watched(p: &Pending) -> bool {
    p.counted && p.reply.is_some()
}

/// When the first of the watched requests in `pending` is due.
fn due(pending: &HashMap<u64, Pending>, limit: Duration) -> Option<Instant> {
    let sent = pending.values().filter(|p| watched(p)).map(|p| p.sent);
    sent.min().map(|at| at + limit)
}

/// The watched requests in `pending` due at `now`, oldest first.
fn overdue(pending: &HashMap<u64, Pending>, now: Instant, limit: Duration) -> Vec<u64> {
    let mut late: Vec<(Instant, u64)> = pending
        .iter()
        .filter(|(_, p)| watched(p) && now >= p.sent + limit)
        .map(|(id, p)| (p.sent, *id))
        .collect();
    late.sort_unstable();
    late.into_iter().map(|(_, id)| id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::oneshot;

    fn held(sent: Instant, answered: bool, counted: bool) -> Pending {
        let (reply, _) = oneshot::channel();
        Pending {
            reply: (!answered).then_some(reply),
            body: None,
            unacked: 0,
            sent,
            started: true,
            what: "GET /".into(),
            counted,
            upgrade: false,
        }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_oldest_waiting_request_sets_the_deadline() {
        let t0 = Instant::now();
        let limit = ms(800);
        let mut pending = HashMap::new();
        assert_eq!(due(&pending, limit), None, "nothing held, nothing due");
        pending.insert(1, held(t0 + ms(50), false, true));
        pending.insert(2, held(t0 + ms(10), false, true));
        assert_eq!(due(&pending, limit), Some(t0 + ms(810)));
        // A streamed answer whose head came, and a warm-up request, are not
        // watched here.
        pending.insert(3, held(t0, true, true));
        pending.insert(4, held(t0, false, false));
        assert_eq!(due(&pending, limit), Some(t0 + ms(810)));
    }

    #[test]
    fn due_is_at_the_limit_not_before_oldest_first() {
        let t0 = Instant::now();
        let limit = ms(800);
        let mut pending = HashMap::new();
        pending.insert(7, held(t0 + ms(30), false, true));
        pending.insert(8, held(t0 + ms(20), false, true));
        pending.insert(9, held(t0 + ms(500), false, true));
        pending.insert(10, held(t0, true, true));
        assert!(overdue(&pending, t0 + ms(819), limit).is_empty());
        assert_eq!(overdue(&pending, t0 + ms(820), limit), vec![8]);
        assert_eq!(overdue(&pending, t0 + ms(900), limit), vec![8, 7]);
        assert_eq!(overdue(&pending, t0 + ms(5000), limit), vec![8, 7, 9]);
    }
}
