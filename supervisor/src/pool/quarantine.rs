//! Query-of-death quarantine.
//!
//! A request whose worker died by its own fault (a crash, an abnormal exit,
//! the OOM killer, a protocol breach) while running it, on two tries, gets no
//! third: it is answered 502 and its signature (method, path with its query
//! string, and a hash of its body) is quarantined for `quarantine_ms`. Matching requests are then
//! answered 503 at once, without reaching a worker, so one poisoned URL
//! cannot kill a whole pool in a loop. The query string is part of the
//! signature: what kills a worker is usually in it (`/search?q=…`), and
//! without it one bad search would refuse `/search` to everyone. Workers killed from outside or by
//! bextd never quarantine anything. `bext quarantine clear` lifts it all.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use protocol::control::Quarantined;
use protocol::worker::HttpRequest;

/// What identifies a request for quarantine.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Signature {
    pub method: String,
    /// The path and its query string, as the request gave them.
    pub path: String,
    pub body_hash: u64,
}

impl Signature {
    pub fn of(method: &str, url: &str, body: &[u8]) -> Signature {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        body.hash(&mut h);
        Signature {
            method: method.to_string(),
            path: url.to_string(),
            body_hash: h.finish(),
        }
    }
}

#[derive(Debug)]
struct Entry {
    until: Instant,
    since_unix_ms: u64,
    reason: String,
}

#[derive(Debug, Default)]
pub struct Quarantine {
    entries: Mutex<HashMap<Signature, Entry>>,
}

impl Quarantine {
    /// How long `request` stays refused, if it is quarantined at `now`.
    /// Nothing is hashed while nothing is quarantined.
    pub fn refuses(&self, request: &HttpRequest, now: Instant) -> Option<Duration> {
        if self.entries.lock().unwrap().is_empty() {
            return None;
        }
        self.check(
            &Signature::of(&request.method, &request.url, &request.body),
            now,
        )
    }

    /// How long `sig` stays refused, if it is quarantined at `now`.
    pub fn check(&self, sig: &Signature, now: Instant) -> Option<Duration> {
        let mut entries = self.entries.lock().unwrap();
        if entries.is_empty() {
            return None;
        }
        match entries.get(sig) {
            Some(e) if e.until > now => Some(e.until - now),
            Some(_) => {
                entries.remove(sig);
                None
            }
            None => None,
        }
    }

    /// Quarantines `sig` for `time` from `now`.
    pub fn add(&self, sig: Signature, time: Duration, reason: String, now: Instant) {
        let entry = Entry {
            until: now + time,
            since_unix_ms: crate::process::memory::unix_ms(),
            reason,
        };
        self.entries.lock().unwrap().insert(sig, entry);
    }

    /// Lifts every quarantine; returns how many there were.
    pub fn clear(&self) -> usize {
        let mut entries = self.entries.lock().unwrap();
        let n = entries.len();
        entries.clear();
        n
    }

    /// The signatures quarantined at `now`, for status.
    pub fn list(&self, pool: &str, now: Instant) -> Vec<Quarantined> {
        let mut entries = self.entries.lock().unwrap();
        entries.retain(|_, e| e.until > now);
        let mut out: Vec<Quarantined> = entries
            .iter()
            .map(|(sig, e)| Quarantined {
                pool: pool.to_string(),
                method: sig.method.clone(),
                path: sig.path.clone(),
                body_hash: format!("{:016x}", sig.body_hash),
                since: e.since_unix_ms,
                remaining_ms: (e.until - now).as_millis() as u64,
                reason: e.reason.clone(),
            })
            .collect();
        out.sort_by(|a, b| (&a.path, &a.method).cmp(&(&b.path, &b.method)));
        out
    }
}

/// A request killed its worker twice: log it, report it to the feed, and
/// refuse its signature for the pool's `quarantine_ms` (if set).
pub(super) fn refuse_from_now(
    pool: &super::PoolHandle,
    request: &protocol::worker::HttpRequest,
    link: &super::link::WorkerLink,
) {
    let Some(time) = pool.config().settings.quarantine else {
        return;
    };
    let sig = Signature::of(&request.method, &request.url, &request.body);
    tracing::error!(
        pool = %pool.name, method = %sig.method, path = %crate::logging::untrusted(&sig.path),
        quarantine_ms = time.as_millis() as u64, last_worker = link.pid.as_raw(),
        "query of death: this request killed its worker twice; refusing it for quarantine_ms"
    );
    let reason = format!("killed its worker twice; the last was pid {}", link.pid);
    crate::history::report(
        crate::history::NewEvent::new(
            "quarantine",
            "error",
            format!(
                "query of death {} {} refused for {} ms",
                sig.method,
                crate::logging::untrusted(&sig.path),
                time.as_millis()
            ),
        )
        .pool(&pool.name)
        .worker(link.slot)
        .detail(serde_json::json!({ "last_worker_pid": link.pid.as_raw() })),
    );
    pool.quarantine
        .add(sig, time, reason, std::time::Instant::now());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_refused_until_its_time_is_up_or_it_is_cleared() {
        let q = Quarantine::default();
        let t0 = Instant::now();
        let poison = Signature::of("GET", "/poison?x=1", b"");
        q.add(
            poison.clone(),
            Duration::from_secs(60),
            "crashed".into(),
            t0,
        );
        assert_eq!(
            q.check(&Signature::of("GET", "/poison?x=1", b""), t0),
            Some(Duration::from_secs(60)),
        );
        assert_eq!(
            q.check(&Signature::of("GET", "/poison?y=2", b""), t0),
            None,
            "another query string is another request"
        );
        assert_eq!(q.check(&Signature::of("GET", "/poison", b""), t0), None);
        assert_eq!(
            q.check(&Signature::of("POST", "/poison?x=1", b""), t0),
            None
        );
        assert_eq!(
            q.check(&Signature::of("GET", "/poison?x=1", b"x"), t0),
            None
        );
        assert_eq!(
            q.check(&poison, t0 + Duration::from_secs(60)),
            None,
            "expired"
        );
        q.add(
            poison.clone(),
            Duration::from_secs(60),
            "crashed".into(),
            t0,
        );
        assert_eq!(q.list("render", t0).len(), 1);
        assert_eq!(q.clear(), 1);
        assert_eq!(q.check(&poison, t0), None);
    }
}
