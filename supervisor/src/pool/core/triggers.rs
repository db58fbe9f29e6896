//! What makes an ACTIVE worker due for rotation, in one pure function.
//!
//! [`due`] takes a worker's figures (when it became ACTIVE, requests
//! served, RSS, whether QuickJS ran out of its heap, whether an operator
//! or a deploy ordered its replacement), its limits and `now`, and says
//! which [`Trigger`] is due, if any, and when to look again. The core
//! calls it whenever a figure changes (an answer at the request cap, a
//! memory sample, a heap overflow, an order, the tick) and for its next
//! deadline; a new trigger is one variant here and one line in [`due`].
//!
//! Orders come from SIGHUP, the watch, the signal file, `bext deploy`, a
//! config reload that rolls (a deploy), and `bext workers restart` (a
//! restart). The slot holds an order until its worker is ACTIVE, so a
//! worker that was booting when a deploy began is replaced once it is up.

use std::time::{Duration, Instant};

use super::Reason;

/// Why a worker's own figures ask for its rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// QuickJS ran out of its heap (`js_memory_limit_mb`).
    JsHeap,
    /// RSS over `max_memory_mb`.
    Memory,
    /// Retained heap growing faster than `max_heap_growth_kb_per_1k`.
    HeapGrowth,
    /// A deploy ordered it: new code for the pool.
    Deploy,
    /// An operator ordered it (`bext workers restart`).
    Restart,
    /// Served its (staggered) `max_requests`.
    Requests,
    /// Up longer than `max_uptime_hours`.
    Uptime,
}

impl Trigger {
    /// The rotation reason status and the log show (`order`: the order's
    /// own, such as `signal` or `file change`, for the two ordered ones).
    pub fn reason(self, order: Option<&Reason>) -> Reason {
        match self {
            Trigger::Deploy | Trigger::Restart => order.cloned().unwrap_or(Reason::Restart),
            Trigger::JsHeap => Reason::JsHeapLimit,
            Trigger::Memory => Reason::Memory,
            Trigger::HeapGrowth => Reason::HeapGrowth,
            Trigger::Requests => Reason::Requests,
            Trigger::Uptime => Reason::Uptime,
        }
    }
}

/// What is known of one ACTIVE worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figures {
    /// When it became ACTIVE.
    pub since: Instant,
    pub served: u64,
    /// Its link reported it served its request cap (the link counts what
    /// it gives, so this is the exact figure).
    pub request_cap: bool,
    pub rss: u64,
    pub heap_exhausted: bool,
    /// Bytes its censuses say it retains per 1,000 requests, once that
    /// figure is steady (a leak by `pool::growth`'s test), else `None`.
    pub heap_growth_per_1k: Option<u64>,
    /// An order to replace it, if any.
    pub ordered: Option<Ordered>,
}

/// Who ordered a replacement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ordered {
    Deploy,
    Operator,
}

/// Its limits; 0 or `None` is no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Its `max_requests` threshold, staggered by slot.
    pub requests: u64,
    pub memory: Option<u64>,
    /// Bytes per 1,000 requests (`max_heap_growth_kb_per_1k`).
    pub heap_growth: Option<u64>,
    pub uptime: Option<Duration>,
}

/// What [`due`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// The most pressing trigger that is due.
    pub due: Option<Trigger>,
    /// When a trigger falls due with no new figure (uptime), if ever.
    pub next_check: Option<Instant>,
}

/// Which trigger is due for a worker with figures `f` under limits `l` at
/// `now`, most pressing first (the heap, memory, heap growth, requests,
/// uptime), and
/// when to look again. What a worker's own health asks for (heap, memory)
/// names the rotation before an order; an order before the routine limits.
pub fn due(f: &Figures, l: &Limits, now: Instant) -> Verdict {
    let uptime_at = l.uptime.map(|max| f.since + max);
    let due = if f.heap_exhausted {
        Some(Trigger::JsHeap)
    } else if l.memory.is_some_and(|m| f.rss > m) {
        Some(Trigger::Memory)
    } else if l
        .heap_growth
        .is_some_and(|max| f.heap_growth_per_1k.is_some_and(|g| g > max))
    {
        Some(Trigger::HeapGrowth)
    } else if let Some(o) = f.ordered {
        Some(match o {
            Ordered::Deploy => Trigger::Deploy,
            Ordered::Operator => Trigger::Restart,
        })
    } else if f.request_cap || (l.requests > 0 && f.served >= l.requests) {
        Some(Trigger::Requests)
    } else if uptime_at.is_some_and(|t| now >= t) {
        Some(Trigger::Uptime)
    } else {
        None
    };
    Verdict {
        due,
        next_check: uptime_at.filter(|t| *t > now),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(t0: Instant) -> Figures {
        Figures {
            since: t0,
            served: 0,
            request_cap: false,
            rss: 10 << 20,
            heap_exhausted: false,
            heap_growth_per_1k: None,
            ordered: None,
        }
    }

    fn limits() -> Limits {
        Limits {
            requests: 1000,
            memory: Some(100 << 20),
            heap_growth: Some(64 << 10),
            uptime: Some(Duration::from_secs(3600)),
        }
    }

    #[test]
    fn nothing_due_below_every_limit_and_uptime_is_the_next_look() {
        let t0 = Instant::now();
        let v = due(&figures(t0), &limits(), t0 + Duration::from_secs(10));
        assert_eq!(v.due, None);
        assert_eq!(v.next_check, Some(t0 + Duration::from_secs(3600)));
    }

    #[test]
    fn each_limit_triggers_its_reason() {
        let t0 = Instant::now();
        let now = t0 + Duration::from_secs(1);
        let mut f = figures(t0);
        f.served = 1000;
        assert_eq!(due(&f, &limits(), now).due, Some(Trigger::Requests));
        let mut f = figures(t0);
        f.request_cap = true;
        assert_eq!(
            due(&f, &Limits::default(), now).due,
            Some(Trigger::Requests)
        );
        let mut f = figures(t0);
        f.rss = (100 << 20) + 1;
        assert_eq!(due(&f, &limits(), now).due, Some(Trigger::Memory));
        let mut f = figures(t0);
        f.heap_exhausted = true;
        assert_eq!(due(&f, &limits(), now).due, Some(Trigger::JsHeap));
        let late = t0 + Duration::from_secs(3600);
        let v = due(&figures(t0), &limits(), late);
        assert_eq!(v.due, Some(Trigger::Uptime));
        assert_eq!(v.next_check, None, "due now: nothing later to look at");
        assert_eq!(Trigger::Uptime.reason(None), Reason::Uptime);
    }

    #[test]
    fn the_most_pressing_trigger_wins() {
        let t0 = Instant::now();
        let f = Figures {
            since: t0,
            served: 5000,
            request_cap: false,
            rss: 500 << 20,
            heap_exhausted: true,
            heap_growth_per_1k: Some(1 << 20),
            ordered: Some(Ordered::Deploy),
        };
        let late = t0 + Duration::from_secs(7200);
        assert_eq!(due(&f, &limits(), late).due, Some(Trigger::JsHeap));
        let f = Figures {
            heap_exhausted: false,
            ..f
        };
        assert_eq!(due(&f, &limits(), late).due, Some(Trigger::Memory));
        let f = Figures { rss: 0, ..f };
        assert_eq!(due(&f, &limits(), late).due, Some(Trigger::HeapGrowth));
        let f = Figures {
            heap_growth_per_1k: None,
            ..f
        };
        assert_eq!(due(&f, &limits(), late).due, Some(Trigger::Deploy));
        let f = Figures {
            ordered: Some(Ordered::Operator),
            ..f
        };
        assert_eq!(due(&f, &limits(), late).due, Some(Trigger::Restart));
        let f = Figures { ordered: None, ..f };
        assert_eq!(due(&f, &limits(), late).due, Some(Trigger::Requests));
    }

    #[test]
    fn an_order_is_due_at_once_and_keeps_its_own_reason() {
        let t0 = Instant::now();
        let f = Figures {
            ordered: Some(Ordered::Deploy),
            ..figures(t0)
        };
        let v = due(&f, &limits(), t0);
        assert_eq!(v.due, Some(Trigger::Deploy));
        let why = Reason::FileChange;
        assert_eq!(Trigger::Deploy.reason(Some(&why)), Reason::FileChange);
        assert_eq!(Trigger::Restart.reason(None), Reason::Restart);
    }

    #[test]
    fn a_steady_heap_growth_past_its_limit_rotates_and_says_so() {
        let t0 = Instant::now();
        let now = t0 + Duration::from_secs(1);
        let mut f = figures(t0);
        f.heap_growth_per_1k = Some(64 << 10);
        assert_eq!(due(&f, &limits(), now).due, None, "at the limit");
        f.heap_growth_per_1k = Some((64 << 10) + 1);
        assert_eq!(due(&f, &limits(), now).due, Some(Trigger::HeapGrowth));
        assert_eq!(Trigger::HeapGrowth.reason(None), Reason::HeapGrowth);
        assert_eq!(Reason::HeapGrowth.to_string(), "heap growth");
        let off = Limits {
            heap_growth: None,
            ..limits()
        };
        assert_eq!(due(&f, &off, now).due, None, "no limit set");
    }

    #[test]
    fn zero_and_none_are_no_limit() {
        let t0 = Instant::now();
        let f = Figures {
            since: t0,
            served: u64::MAX,
            request_cap: false,
            rss: u64::MAX,
            heap_exhausted: false,
            heap_growth_per_1k: None,
            ordered: None,
        };
        let v = due(&f, &Limits::default(), t0 + Duration::from_secs(1 << 30));
        assert_eq!(
            v,
            Verdict {
                due: None,
                next_check: None
            }
        );
    }
}
