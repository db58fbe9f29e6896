//! Fixed-size rings of samples, at two resolutions.
//!
//! Every series is pushed once per tick of the sampler (one second), so
//! the rings of a store stay aligned: the newest sample of each is the
//! store's newest tick. A series born later is shorter; its output is
//! padded at the front.

use std::collections::VecDeque;

/// One fine sample per tick, for this many ticks (10 minutes).
pub const FINE_LEN: usize = 600;
/// One coarse sample per this many ticks (30 s) ...
pub const COARSE_EVERY: u64 = 30;
/// ... for this many (6 hours).
pub const COARSE_LEN: usize = 720;

/// A ring that keeps the newest `cap` items; allocated once, full size.
#[derive(Debug, Clone)]
pub struct Ring<T> {
    items: VecDeque<T>,
    cap: usize,
}

impl<T: Copy> Ring<T> {
    pub fn new(cap: usize) -> Ring<T> {
        Ring {
            items: VecDeque::with_capacity(cap),
            cap,
        }
    }

    pub fn push(&mut self, item: T) {
        if self.items.len() == self.cap {
            self.items.pop_front();
        }
        self.items.push_back(item);
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The newest `n` items (or all there are), oldest first.
    pub fn last(&self, n: usize) -> impl Iterator<Item = &T> {
        self.items.iter().skip(self.items.len().saturating_sub(n))
    }

    /// Bytes held, allocated up front.
    pub fn bytes(&self) -> usize {
        self.items.capacity() * std::mem::size_of::<T>()
    }
}

/// Which ring to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// One sample a second.
    Fine,
    /// One sample every [`COARSE_EVERY`] seconds.
    Coarse,
}

impl Resolution {
    pub fn step_ms(self) -> u64 {
        match self {
            Resolution::Fine => 1000,
            Resolution::Coarse => COARSE_EVERY * 1000,
        }
    }

    /// Samples its ring holds when full.
    pub fn capacity(self) -> usize {
        match self {
            Resolution::Fine => FINE_LEN,
            Resolution::Coarse => COARSE_LEN,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Resolution::Fine => "1s",
            Resolution::Coarse => "30s",
        }
    }

    pub fn parse(s: &str) -> Option<Resolution> {
        match s {
            "1s" | "fine" => Some(Resolution::Fine),
            "30s" | "coarse" => Some(Resolution::Coarse),
            _ => None,
        }
    }
}

/// A sample that can stand for a window of finer ones.
pub trait Merge: Copy {
    fn merge(window: &[Self]) -> Self;
}

/// One series at both resolutions.
#[derive(Debug, Clone)]
pub struct Series<T> {
    pub fine: Ring<T>,
    pub coarse: Ring<T>,
}

impl<T: Merge> Series<T> {
    pub fn new() -> Series<T> {
        Series {
            fine: Ring::new(FINE_LEN),
            coarse: Ring::new(COARSE_LEN),
        }
    }

    /// Pushes this tick's sample; at the end of a coarse window (`tick` a
    /// multiple of [`COARSE_EVERY`]) also its merge, or `coarse` if given.
    pub fn push(&mut self, tick: u64, sample: T, coarse: Option<T>) {
        self.fine.push(sample);
        if tick % COARSE_EVERY == 0 {
            let merged = coarse.unwrap_or_else(|| {
                let window: Vec<T> = self.fine.last(COARSE_EVERY as usize).copied().collect();
                T::merge(&window)
            });
            self.coarse.push(merged);
        }
    }

    pub fn ring(&self, res: Resolution) -> &Ring<T> {
        match res {
            Resolution::Fine => &self.fine,
            Resolution::Coarse => &self.coarse,
        }
    }

    pub fn bytes(&self) -> usize {
        self.fine.bytes() + self.coarse.bytes()
    }
}

impl<T: Merge> Default for Series<T> {
    fn default() -> Self {
        Series::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Merge for u32 {
        fn merge(window: &[u32]) -> u32 {
            window.iter().copied().max().unwrap_or(0)
        }
    }

    #[test]
    fn a_ring_keeps_the_newest_and_never_grows() {
        let mut r = Ring::new(3);
        let bytes = r.bytes();
        for i in 0..10u32 {
            r.push(i);
        }
        assert_eq!(r.last(5).copied().collect::<Vec<_>>(), [7, 8, 9]);
        assert_eq!(r.last(2).copied().collect::<Vec<_>>(), [8, 9]);
        assert_eq!(r.bytes(), bytes);
    }

    #[test]
    fn a_series_merges_each_coarse_window() {
        let mut s = Series::<u32>::new();
        for tick in 1..=(COARSE_EVERY * 2) {
            s.push(tick, tick as u32, None);
        }
        let coarse: Vec<u32> = s.coarse.last(10).copied().collect();
        assert_eq!(coarse, [COARSE_EVERY as u32, 2 * COARSE_EVERY as u32]);
        assert_eq!(s.fine.len(), 2 * COARSE_EVERY as usize);
    }
}
