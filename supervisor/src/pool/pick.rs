//! The pick's choice among workers with room, as a pure function.
//!
//! Least busy is the rule: a request never waits behind another in a busy
//! worker while one serves fewer. Ties are where locality comes from. With
//! more workers than cores, a random tie-break (pixl-server-pool's) wakes a
//! different idle worker for nearly every request: each wake-up is a
//! context switch and cold caches. Breaking ties toward the most recently
//! used worker keeps the same few awake and hot while the others sleep
//! (and so can be scaled down): `pick = "least_busy_recent"`. The default
//! stays random, pixl-server-pool's rule, which spreads a client's
//! requests over the workers. An upgrade counts each worker's open
//! WebSockets in its load (`select::least_busy`), so sockets spread over
//! the workers under either tie-break.

use std::cmp::Reverse;

use crate::config::Pick;

/// Chooses among `candidates`, each `(item, in_flight, last_picked)`:
/// one of those with the fewest in flight, and among those the one picked
/// last (largest stamp) or, for [`Pick::Random`], the `roll(ties)`th.
///
/// The iterator is walked twice for a random pick and may read live
/// counters: if they move between the walks, the least busy of the first
/// walk is taken instead, which is as good a choice a moment later.
pub fn choose<T: Copy>(
    candidates: impl Iterator<Item = (T, u32, u64)> + Clone,
    pick: Pick,
    roll: impl FnOnce(usize) -> usize,
) -> Option<T> {
    let best = candidates
        .clone()
        .min_by_key(|&(_, load, stamp)| (load, Reverse(stamp)))?;
    if pick == Pick::Recent {
        return Some(best.0);
    }
    let ties = || candidates.clone().filter(|&(_, load, _)| load == best.1);
    let n = ties().count();
    let k = if n > 1 { roll(n) } else { 0 };
    Some(ties().nth(k).map_or(best.0, |c| c.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recent(c: &[(usize, u32, u64)]) -> Option<usize> {
        choose(c.iter().copied(), Pick::Recent, |_| unreachable!())
    }

    #[test]
    fn the_least_busy_wins_whatever_its_stamp() {
        assert_eq!(recent(&[(0, 2, 90), (1, 1, 5), (2, 3, 99)]), Some(1));
        let random = choose([(0, 2, 9), (1, 0, 1)].into_iter(), Pick::Random, |_| 0);
        assert_eq!(random, Some(1));
    }

    #[test]
    fn ties_go_to_the_most_recently_used() {
        assert_eq!(recent(&[(0, 0, 10), (1, 0, 30), (2, 0, 20)]), Some(1));
        // Never-used workers (stamp 0) come last among equals.
        assert_eq!(recent(&[(0, 0, 0), (1, 0, 0), (2, 0, 7)]), Some(2));
        // A busier recent worker does not beat an idle one.
        assert_eq!(recent(&[(0, 1, 50), (1, 0, 3)]), Some(1));
    }

    #[test]
    fn random_rolls_among_the_ties_only() {
        let c = [(0, 1, 50), (1, 0, 3), (2, 0, 9), (3, 0, 1)];
        let mut seen = Vec::new();
        for k in 0..3 {
            let got = choose(c.iter().copied(), Pick::Random, |n| {
                assert_eq!(n, 3, "three workers tie at 0 in flight");
                k
            });
            seen.push(got.unwrap());
        }
        assert_eq!(seen, vec![1, 2, 3]);
    }

    #[test]
    fn none_without_candidates_and_no_roll_for_one() {
        assert_eq!(recent(&[]), None);
        let one = choose([(4, 0, 0)].into_iter(), Pick::Random, |_| unreachable!());
        assert_eq!(one, Some(4));
    }
}
