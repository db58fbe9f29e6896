//! The response cache: answers a worker marked shared-cacheable, served by
//! bextd without a worker.
//!
//! Theory of operation. A GET or HEAD (without credentials, unless the pool
//! says so) is looked up under its base key, `METHOD scheme://host/url`
//! (without scheme and host if the pool says its answers are the same for
//! every host; never for a key over 8 KiB), and the values
//! of the headers its stored answer varies on (`rules`, `store`). Fresh:
//! answered at once (`x-bext-cache: hit`, `Age`). Stale but within
//! `stale-while-revalidate`: answered at once (`stale`) while one
//! background request re-renders it. Missing: the first request becomes
//! the key's *flight*: it renders, and every request for the key arriving
//! meanwhile waits for that one answer instead of reaching a worker
//! (coalescing: N misses, one render). If the answer may be stored, they
//! all get it; if not (`Set-Cookie`, `private`, an error…), each goes to a
//! worker itself, since what one client was told may be for it alone.
//!
//! The store is one mutex held only to look up or insert (never across a
//! render), bounded in bytes with LRU eviction. Each answer is tagged with
//! the version of the code that rendered it and goes once no serving
//! worker runs that version (a deploy finished, a canary rolled back; see
//! `store`). A hot-swap empties it, and answers still rendering then are
//! not stored; `bext cache purge` drops what it names.

pub mod rules;
pub mod store;

use std::collections::HashMap;
use std::collections::hash_map::Entry as Slot;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use protocol::worker::{HttpRequest, HttpResponse};
use regex::Regex;
use tokio::sync::watch;

use store::{Entry, Found, Store};

/// The label `x-bext-cache` gives an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    Hit,
    Miss,
    Stale,
}

impl Label {
    fn as_str(self) -> &'static str {
        match self {
            Label::Hit => "hit",
            Label::Miss => "miss",
            Label::Stale => "stale",
        }
    }
}

/// A render in progress: its followers wait on the receiver for the
/// stored entry (`Some(None)`: not storable, render yourselves; a closed
/// channel: the render was dropped, the same).
type Flight = watch::Receiver<Option<Option<Arc<Entry>>>>;

/// Counters of one pool's cache, read by `/metrics` and the status page.
#[derive(Debug, Default)]
pub struct Counts {
    pub hits: AtomicU64,
    pub misses: AtomicU64,
    pub stale: AtomicU64,
    /// Renders the cache started (misses and revalidations that reached a
    /// worker; followers of a flight are not counted).
    pub renders: AtomicU64,
    /// Requests that waited for another's render instead of their own.
    pub coalesced: AtomicU64,
}

/// One pool's response cache.
#[derive(Debug)]
pub struct ResponseCache {
    rules: crate::config::Cache,
    routes: Vec<Regex>,
    store: Mutex<Store>,
    flights: Mutex<HashMap<String, Flight>>,
    pub counts: Counts,
}

/// What the cache's figures say now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    pub hits: u64,
    pub misses: u64,
    pub stale: u64,
    pub evictions: u64,
    pub bytes: u64,
    /// Answers stored (every variant of every URL).
    pub entries: u64,
}

impl ResponseCache {
    /// The cache `rules` ask for; `None` when off (`max_bytes = 0`).
    pub fn new(rules: &crate::config::Cache) -> Option<ResponseCache> {
        (rules.max_bytes > 0).then(|| ResponseCache {
            // Checked when the config was validated.
            routes: rules
                .routes
                .iter()
                .filter_map(|r| Regex::new(r).ok())
                .collect(),
            rules: rules.clone(),
            store: Mutex::new(Store::new(rules.max_bytes)),
            flights: Mutex::new(HashMap::new()),
            counts: Counts::default(),
        })
    }

    pub fn rules(&self) -> &crate::config::Cache {
        &self.rules
    }

    pub fn figures(&self) -> Figures {
        let s = self.store.lock().unwrap();
        let c = &self.counts;
        Figures {
            hits: c.hits.load(Ordering::Relaxed),
            misses: c.misses.load(Ordering::Relaxed),
            stale: c.stale.load(Ordering::Relaxed),
            evictions: s.evictions,
            bytes: s.bytes() as u64,
            entries: s.entries() as u64,
        }
    }

    /// Drops what `bext cache purge` names; returns how many answers went.
    pub fn purge(&self, prefix: Option<&str>, tag: Option<&str>) -> usize {
        self.store.lock().unwrap().purge(prefix, tag)
    }

    /// Drops everything; returns how many answers went.
    pub fn clear(&self) -> usize {
        self.store.lock().unwrap().clear()
    }

    /// The versions the pool's serving workers run now; the answers of
    /// other versions go. Returns how many went.
    pub fn set_live(&self, versions: Vec<u64>) -> usize {
        self.store.lock().unwrap().set_live(versions)
    }

    /// Answers `req` from the cache or through `render` (a worker), storing
    /// what may be stored. `render` gives `Ok` for a whole answer with the
    /// version of the code that made it, `Err` for anything else (an error,
    /// a stream), which passes through untouched.
    pub async fn serve<T, F, Fut>(
        self: &Arc<Self>,
        req: HttpRequest,
        render: F,
    ) -> Result<HttpResponse, T>
    where
        F: Fn(HttpRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<(HttpResponse, u64), T>> + Send + 'static,
        T: Send + 'static,
    {
        let keying = rules::Keying {
            with_credentials: self.rules.with_credentials,
            shared_across_hosts: self.rules.shared_across_hosts,
        };
        let Some(base) = rules::request_key(&req.method, &req.url, &req.headers, keying) else {
            return render(req).await.map(|(resp, _)| resp);
        };
        let now = Instant::now();
        let found = self.store.lock().unwrap().get(&base, &req.headers, now);
        match found {
            Found::Fresh(e) => {
                self.counts.hits.fetch_add(1, Ordering::Relaxed);
                return Ok(respond(&e, Label::Hit, now));
            }
            Found::Stale(e) => {
                self.counts.stale.fetch_add(1, Ordering::Relaxed);
                self.revalidate(base, req, render);
                return Ok(respond(&e, Label::Stale, now));
            }
            Found::Miss => {}
        }
        // Looking for a flight and starting one is one step under the lock:
        // two misses that both found none would both render.
        let tx = match self.flights.lock().unwrap().entry(base.clone()) {
            Slot::Occupied(o) => Err(o.get().clone()),
            Slot::Vacant(v) => {
                let (tx, rx) = watch::channel(None);
                v.insert(rx);
                Ok(tx)
            }
        };
        match tx {
            Err(flight) => {
                self.counts.coalesced.fetch_add(1, Ordering::Relaxed);
                if let Some(e) = follow(flight, &req.headers).await {
                    self.counts.hits.fetch_add(1, Ordering::Relaxed);
                    return Ok(respond(&e, Label::Hit, Instant::now()));
                }
                render(req).await.map(|(resp, _)| resp)
            }
            Ok(tx) => {
                self.counts.misses.fetch_add(1, Ordering::Relaxed);
                self.lead(base, tx, req, &render).await
            }
        }
    }

    /// Renders `req` as its key's flight (already in `flights`, answered
    /// through `tx`), followers waiting on it.
    async fn lead<T, F, Fut>(
        self: &Arc<Self>,
        base: String,
        tx: watch::Sender<Option<Option<Arc<Entry>>>>,
        req: HttpRequest,
        render: &F,
    ) -> Result<HttpResponse, T>
    where
        F: Fn(HttpRequest) -> Fut,
        Fut: Future<Output = Result<(HttpResponse, u64), T>>,
    {
        // Landed or dropped (the client went), the flight ends here.
        let _landing = Landing {
            cache: self,
            base: &base,
        };
        let headers = req.headers.clone();
        let path_ok = self.route_ttl(&req.url);
        self.counts.renders.fetch_add(1, Ordering::Relaxed);
        let epoch = self.store.lock().unwrap().epoch();
        let got = render(req).await;
        let stored = match &got {
            Ok((resp, version)) => self.store(&base, &headers, resp, path_ok, (*version, epoch)),
            Err(_) => None,
        };
        let _ = tx.send(Some(stored.clone()));
        got.map(|(mut resp, _)| {
            resp.headers.retain(|(k, _)| !rules::is_internal(k));
            if stored.is_some() {
                resp.headers.push(("age".into(), "0".into()));
            }
            resp.headers
                .push(("x-bext-cache".into(), Label::Miss.as_str().into()));
            resp
        })
    }

    /// Re-renders a stale entry in the background, unless a render of its
    /// key is already on its way.
    fn revalidate<T, F, Fut>(self: &Arc<Self>, base: String, req: HttpRequest, render: F)
    where
        F: Fn(HttpRequest) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<(HttpResponse, u64), T>> + Send + 'static,
        T: Send + 'static,
    {
        let tx = match self.flights.lock().unwrap().entry(base.clone()) {
            Slot::Occupied(_) => return,
            Slot::Vacant(v) => {
                let (tx, rx) = watch::channel(None);
                v.insert(rx);
                tx
            }
        };
        let me = self.clone();
        tokio::spawn(async move {
            let _ = me.lead(base, tx, req, &render).await;
        });
    }

    /// The pool's `ttl_ms` when one of its `routes` matches the path.
    fn route_ttl(&self, url: &str) -> Option<Duration> {
        let path = url.split_once('?').map_or(url, |(p, _)| p);
        self.routes
            .iter()
            .any(|r| r.is_match(path))
            .then_some(self.rules.ttl)
    }

    fn store(
        &self,
        base: &str,
        req_headers: &[(String, String)],
        resp: &HttpResponse,
        route_ttl: Option<Duration>,
        (version, epoch): (u64, u64),
    ) -> Option<Arc<Entry>> {
        let life = rules::lifetime(resp.status, &resp.headers, route_ttl)?;
        let vary = rules::vary(&resp.headers)?;
        let entry = Entry {
            status: resp.status,
            headers: resp
                .headers
                .iter()
                .filter(|(k, _)| !rules::is_internal(k) && !k.eq_ignore_ascii_case("age"))
                .cloned()
                .collect(),
            body: bytes::Bytes::copy_from_slice(&resp.body),
            stored: Instant::now(),
            life,
            tags: rules::tags(&resp.headers),
            vary_values: rules::vary_values(req_headers, &vary),
            version,
        };
        self.store
            .lock()
            .unwrap()
            .put(base.to_string(), vary, entry, epoch)
    }
}

/// Ends a flight when its render lands or is dropped.
struct Landing<'a> {
    cache: &'a ResponseCache,
    base: &'a str,
}

impl Drop for Landing<'_> {
    fn drop(&mut self) {
        self.cache.flights.lock().unwrap().remove(self.base);
    }
}

/// Waits for a flight's entry; `None` when there is none for a request
/// with these headers (not storable, another variant, or dropped).
async fn follow(mut flight: Flight, headers: &[(String, String)]) -> Option<Arc<Entry>> {
    let got = flight.wait_for(|v| v.is_some()).await.ok()?.clone()??;
    matches_variant(&got, headers).then_some(got)
}

/// Whether `headers` select the variant `e` (its values of the same names).
fn matches_variant(e: &Entry, headers: &[(String, String)]) -> bool {
    let names = rules::vary(&e.headers).unwrap_or_default();
    rules::vary_values(headers, &names) == e.vary_values
}

/// The client's answer from a stored entry.
fn respond(e: &Entry, label: Label, now: Instant) -> HttpResponse {
    let mut headers = e.headers.clone();
    headers.push(("age".into(), store::age_secs(e, now).to_string()));
    headers.push(("x-bext-cache".into(), label.as_str().into()));
    HttpResponse {
        status: e.status,
        headers,
        body: e.body.to_vec(),
    }
}

#[cfg(test)]
#[path = "serve_tests.rs"]
mod tests;
