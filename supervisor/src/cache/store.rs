//! The stored answers: one LRU list (the `lru` crate) of slots, one per
//! base key (`METHOD scheme://host/path?query`), each holding the variants its `Vary` headers
//! select. Memory is bounded by bytes, not entries: every slot weighs its
//! keys, headers and bodies, and the least recently used slots go until
//! the total is under `max_bytes`. Time comes in as an argument, so expiry
//! is tested against a fake clock.
//!
//! Every entry is tagged with the version of the code that rendered it
//! (the worker's load, `pool::version`). The pool tells the store which
//! versions its serving workers run ([`Store::set_live`]); an entry of a
//! version no longer running is gone. So a deploy drops the old version's
//! answers once its last worker stops serving (not before: during a
//! rolling restart or a canary both versions answer requests anyway), and
//! a rollback drops the canary's.

use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;
use lru::LruCache;

use super::rules::{self, Lifetime, State};

/// Most variants one URL keeps (distinct values of its `Vary` headers);
/// past it the oldest goes.
const MAX_VARIANTS: usize = 16;

/// What a slot costs besides its key and its variants: the LRU's node and
/// hash table entry, the slot itself, its vector (measured as a round
/// figure; what matters is that a flood of tiny answers under long keys
/// counts what it holds).
const SLOT_OVERHEAD: usize = 160;

/// One stored answer.
#[derive(Debug)]
pub struct Entry {
    pub status: u16,
    /// The worker's headers, the cache's own (`Cache-Tag`) taken out.
    pub headers: Vec<(String, String)>,
    pub body: Bytes,
    pub stored: Instant,
    pub life: Lifetime,
    pub tags: Vec<String>,
    /// The request's values of the slot's `Vary` headers.
    pub vary_values: Vec<String>,
    /// The version of the code that rendered it.
    pub version: u64,
}

impl Entry {
    fn weight(&self) -> usize {
        let headers: usize = self
            .headers
            .iter()
            .map(|(k, v)| k.len() + v.len() + 16)
            .sum();
        let other: usize = self
            .tags
            .iter()
            .chain(&self.vary_values)
            .map(|s| s.len() + 24)
            .sum();
        self.body.len() + headers + other + 128
    }
}

#[derive(Debug)]
struct Slot {
    vary: Vec<String>,
    variants: Vec<Arc<Entry>>,
    /// Its variants' weights, its key (held twice: in the LRU's node and
    /// its table), its `Vary` names and [`SLOT_OVERHEAD`].
    bytes: usize,
}

/// What a slot weighs before its first variant.
fn key_weight(base: &str, vary: &[String]) -> usize {
    2 * base.len() + vary.iter().map(|n| n.len() + 24).sum::<usize>() + SLOT_OVERHEAD
}

/// What a lookup found.
#[derive(Debug)]
pub enum Found {
    Fresh(Arc<Entry>),
    Stale(Arc<Entry>),
    Miss,
}

/// The LRU of slots and its byte count.
#[derive(Debug)]
pub struct Store {
    slots: LruCache<String, Slot>,
    bytes: usize,
    max_bytes: usize,
    /// Slots dropped to stay under `max_bytes`.
    pub evictions: u64,
    /// The versions serving workers run, sorted (`None`: not told yet).
    live: Option<Vec<u64>>,
    /// Bumped by [`Store::clear`]: a render that began before the clear
    /// (its code may be the swapped-out one) is not stored after it.
    epoch: u64,
}

impl Store {
    pub fn new(max_bytes: u64) -> Store {
        Store {
            slots: LruCache::unbounded(),
            bytes: 0,
            max_bytes: usize::try_from(max_bytes).unwrap_or(usize::MAX),
            evictions: 0,
            live: None,
            epoch: 0,
        }
    }

    /// What a render starting now passes to [`Store::put`].
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// The versions the pool's serving workers run now. Entries of the
    /// others go; returns how many. An empty set changes nothing: with no
    /// worker serving, no version has replaced the stored one.
    pub fn set_live(&mut self, mut versions: Vec<u64>) -> usize {
        versions.sort_unstable();
        versions.dedup();
        if versions.is_empty() || self.live.as_ref() == Some(&versions) {
            return 0;
        }
        self.live = Some(versions);
        let mut gone = 0;
        let keys: Vec<String> = self.slots.iter().map(|(k, _)| k.clone()).collect();
        for k in keys {
            gone += self.drop_variants(&k, |e, live| !live_in(live, e.version));
        }
        gone
    }

    /// Drops the variants of `key`'s slot that `dead` picks (and the slot,
    /// once empty); returns how many went.
    fn drop_variants(
        &mut self,
        key: &str,
        dead: impl Fn(&Entry, &Option<Vec<u64>>) -> bool,
    ) -> usize {
        let Some(slot) = self.slots.peek_mut(key) else {
            return 0;
        };
        let before = slot.variants.len();
        let mut freed = 0;
        let live = &self.live;
        slot.variants.retain(|e| {
            let drop = dead(e, live);
            if drop {
                freed += e.weight();
            }
            !drop
        });
        let gone = before - slot.variants.len();
        slot.bytes -= freed;
        self.bytes -= freed;
        if slot.variants.is_empty() {
            self.pop(key);
        }
        gone
    }

    /// Drops `key`'s slot, whatever it still weighs.
    fn pop(&mut self, key: &str) {
        if let Some(slot) = self.slots.pop(key) {
            self.bytes -= slot.bytes;
        }
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// How many answers are stored (every variant of every URL).
    pub fn entries(&self) -> usize {
        self.slots.iter().map(|(_, s)| s.variants.len()).sum()
    }

    /// The variant of `base` for a request with `headers`, as of `now`. A
    /// gone entry is dropped.
    pub fn get(&mut self, base: &str, headers: &[(String, String)], now: Instant) -> Found {
        let Some(slot) = self.slots.get_mut(base) else {
            return Found::Miss;
        };
        let values = rules::vary_values(headers, &slot.vary);
        let Some(i) = slot.variants.iter().position(|e| e.vary_values == values) else {
            return Found::Miss;
        };
        let e = slot.variants[i].clone();
        let state = match live_in(&self.live, e.version) {
            true => rules::state(e.life, now.saturating_duration_since(e.stored)),
            false => State::Gone,
        };
        match state {
            State::Fresh => Found::Fresh(e),
            State::Stale => Found::Stale(e),
            State::Gone => {
                slot.bytes -= e.weight();
                self.bytes -= e.weight();
                slot.variants.remove(i);
                if slot.variants.is_empty() {
                    self.pop(base);
                }
                Found::Miss
            }
        }
    }

    /// Stores `entry` under `base`, varying on `vary`, unless it alone
    /// would take over a quarter of the budget, its render began before the
    /// last clear (`epoch`), or its version no longer runs; then evicts the
    /// least recently used slots until the total fits.
    pub fn put(
        &mut self,
        base: String,
        vary: Vec<String>,
        entry: Entry,
        epoch: u64,
    ) -> Option<Arc<Entry>> {
        let w = entry.weight() + key_weight(&base, &vary);
        if w > self.max_bytes / 4 || epoch != self.epoch || !live_in(&self.live, entry.version) {
            return None;
        }
        let entry = Arc::new(entry);
        let key = key_weight(&base, &vary);
        let mut added = 0;
        let slot = self.slots.get_or_insert_mut(base, || {
            added = key;
            Slot {
                vary: vary.clone(),
                variants: Vec::new(),
                bytes: key,
            }
        });
        self.bytes += added;
        if slot.vary != vary {
            // The answer varies on other headers now: the old variants' keys
            // mean nothing.
            self.bytes -= slot.bytes;
            slot.bytes = key;
            self.bytes += key;
            slot.variants.clear();
            slot.vary = vary;
        }
        let same = slot
            .variants
            .iter()
            .position(|e| e.vary_values == entry.vary_values);
        let old = match same {
            Some(i) => Some(slot.variants.remove(i)),
            None if slot.variants.len() >= MAX_VARIANTS => Some(slot.variants.remove(0)),
            None => None,
        };
        if let Some(old) = old {
            slot.bytes -= old.weight();
            self.bytes -= old.weight();
        }
        let ew = entry.weight();
        slot.bytes += ew;
        self.bytes += ew;
        slot.variants.push(entry.clone());
        while self.bytes > self.max_bytes {
            let Some((_, s)) = self.slots.pop_lru() else {
                break;
            };
            self.bytes -= s.bytes;
            self.evictions += 1;
        }
        Some(entry)
    }

    /// Drops every slot whose base key's path starts with `prefix` (any,
    /// when `None`) and, with `tag`, only the variants that carry it.
    /// Returns how many answers went.
    pub fn purge(&mut self, prefix: Option<&str>, tag: Option<&str>) -> usize {
        let keys: Vec<String> = self
            .slots
            .iter()
            .filter(|(k, _)| prefix.is_none_or(|p| rules::key_path(k).starts_with(p)))
            .map(|(k, _)| k.clone())
            .collect();
        keys.iter()
            .map(|k| {
                self.drop_variants(k, |e, _| tag.is_none_or(|t| e.tags.iter().any(|x| x == t)))
            })
            .sum()
    }

    /// Drops everything (a hot-swap), and what renders under way bring.
    pub fn clear(&mut self) -> usize {
        let n = self.entries();
        self.slots.clear();
        self.bytes = 0;
        self.epoch += 1;
        n
    }
}

/// Whether `version` runs, by the versions the store was told of (all,
/// before it was told).
fn live_in(live: &Option<Vec<u64>>, version: u64) -> bool {
    live.as_ref()
        .is_none_or(|l| l.binary_search(&version).is_ok())
}

/// How old an entry is at `now`, in whole seconds (the `Age` header).
pub fn age_secs(e: &Entry, now: Instant) -> u64 {
    now.saturating_duration_since(e.stored).as_secs()
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
