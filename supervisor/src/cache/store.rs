//! The stored answers: one LRU list (the `lru` crate) of slots, one per
//! base key (`METHOD url`), each holding the variants its `Vary` headers
//! select. Memory is bounded by bytes, not entries: every slot weighs its
//! keys, headers and bodies, and the least recently used slots go until
//! the total is under `max_bytes`. Time comes in as an argument, so expiry
//! is tested against a fake clock.

use std::sync::Arc;
use std::time::Instant;

use bytes::Bytes;
use lru::LruCache;

use super::rules::{self, Lifetime, State};

/// Most variants one URL keeps (distinct values of its `Vary` headers);
/// past it the oldest goes.
const MAX_VARIANTS: usize = 16;

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
    bytes: usize,
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
}

impl Store {
    pub fn new(max_bytes: u64) -> Store {
        Store {
            slots: LruCache::unbounded(),
            bytes: 0,
            max_bytes: usize::try_from(max_bytes).unwrap_or(usize::MAX),
            evictions: 0,
        }
    }

    pub fn bytes(&self) -> usize {
        self.bytes
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
        match rules::state(e.life, now.saturating_duration_since(e.stored)) {
            State::Fresh => Found::Fresh(e),
            State::Stale => Found::Stale(e),
            State::Gone => {
                slot.bytes -= e.weight();
                self.bytes -= e.weight();
                slot.variants.remove(i);
                if slot.variants.is_empty() {
                    self.slots.pop(base);
                }
                Found::Miss
            }
        }
    }

    /// Stores `entry` under `base`, varying on `vary`, unless it alone
    /// would take over a quarter of the budget; then evicts the least
    /// recently used slots until the total fits.
    pub fn put(&mut self, base: String, vary: Vec<String>, entry: Entry) -> Option<Arc<Entry>> {
        let w = entry.weight() + base.len();
        if w > self.max_bytes / 4 {
            return None;
        }
        let entry = Arc::new(entry);
        let slot = self.slots.get_or_insert_mut(base, || Slot {
            vary: vary.clone(),
            variants: Vec::new(),
            bytes: 0,
        });
        if slot.vary != vary {
            // The answer varies on other headers now: the old variants' keys
            // mean nothing.
            self.bytes -= slot.bytes;
            slot.bytes = 0;
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
            .filter(|(k, _)| prefix.is_none_or(|p| path_of(k).starts_with(p)))
            .map(|(k, _)| k.clone())
            .collect();
        let mut gone = 0;
        for k in keys {
            let Some(slot) = self.slots.peek_mut(&k) else {
                continue;
            };
            let before = slot.variants.len();
            let mut freed = 0;
            slot.variants.retain(|e| {
                let keep = tag.is_some_and(|t| !e.tags.iter().any(|x| x == t));
                if !keep {
                    freed += e.weight();
                }
                keep
            });
            gone += before - slot.variants.len();
            slot.bytes -= freed;
            self.bytes -= freed;
            if slot.variants.is_empty() {
                self.slots.pop(&k);
            }
        }
        gone
    }

    /// Drops everything (a new version of the code runs).
    pub fn clear(&mut self) -> usize {
        let n = self.slots.iter().map(|(_, s)| s.variants.len()).sum();
        self.slots.clear();
        self.bytes = 0;
        n
    }
}

/// The path of a base key `METHOD /path?query`.
fn path_of(key: &str) -> &str {
    let url = key.split_once(' ').map_or(key, |(_, u)| u);
    url.split_once('?').map_or(url, |(p, _)| p)
}

/// How old an entry is at `now`, in whole seconds (the `Age` header).
pub fn age_secs(e: &Entry, now: Instant) -> u64 {
    now.saturating_duration_since(e.stored).as_secs()
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
