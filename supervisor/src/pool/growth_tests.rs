//! The estimator on synthetic series: each one a worker's censuses every
//! `every` requests, with a known truth.

use super::*;

/// A census at `requests` whose heap holds `bytes` and `objects`.
fn census(requests: u64, bytes: u64, objects: u64) -> Census {
    Census {
        requests,
        used_bytes: bytes,
        objects,
        functions: objects / 2,
        ..Census::default()
    }
}

/// A deterministic jitter in [-amp, amp] (an LCG: no dependency, no seed
/// to carry).
fn jitter(i: u64, amp: f64) -> f64 {
    let x = (i
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407)
        >> 33) as f64
        / (1u64 << 31) as f64;
    (x * 2.0 - 1.0) * amp
}

fn series(points: impl Iterator<Item = Census>) -> Series {
    let mut s = Series::default();
    points.for_each(|c| s.push(c));
    s
}

/// Whether `got` is within `tolerance` of `truth` (and says how far, for
/// the record: `--no-capture` shows each series' error).
fn within(got: f64, truth: f64, tolerance: f64) -> bool {
    eprintln!(
        "estimate {got:.0} per 1,000, truth {truth:.0}: {:+.2} %",
        (got - truth) / truth * 100.0
    );
    (got - truth).abs() <= truth.abs() * tolerance
}

#[test]
fn a_steady_leak_is_found_with_its_rate() {
    // 600 bytes and 2 objects per request, from a 1 MB start.
    let s = series((1..=30).map(|i| census(i * 200, 1_000_000 + i * 200 * 600, 5000 + i * 400)));
    let g = s.estimate().expect("a figure");
    assert!(g.leaking, "{g:?}");
    assert!(within(g.bytes_per_1k, 600_000.0, 0.01), "{g:?}");
    assert!(within(g.objects_per_1k, 2000.0, 0.01), "{g:?}");
    assert!(within(g.functions_per_1k, 1000.0, 0.01), "{g:?}");
}

#[test]
fn a_warm_up_plateau_is_not_a_leak() {
    // A cache that fills over the first 2,000 requests (3 MB), then flat.
    let s = series((1..=30).map(|i| {
        let r = i * 300;
        let filled = r.min(2000) * 1500;
        census(r, 1_000_000 + filled, 5000 + r.min(2000))
    }));
    let g = s.estimate().expect("a figure");
    assert!(!g.leaking, "{g:?}");
    assert!(g.bytes_per_1k.abs() < 1.0, "{g:?}");
}

#[test]
fn noise_around_a_plateau_is_not_a_leak_but_a_leak_under_noise_is() {
    // ±40 KB of jitter on a flat heap.
    let flat =
        series((1..=40).map(|i| census(i * 250, (2_000_000.0 + jitter(i, 40_000.0)) as u64, 9000)));
    let g = flat.estimate().expect("a figure");
    assert!(!g.leaking, "{g:?}");
    // The same jitter over 300 bytes a request: found, within 20 %.
    let leak = series((1..=40).map(|i| {
        let r = i * 250;
        census(
            r,
            (2_000_000.0 + r as f64 * 300.0 + jitter(i, 40_000.0)) as u64,
            9000,
        )
    }));
    let g = leak.estimate().expect("a figure");
    assert!(g.leaking, "{g:?}");
    assert!(within(g.bytes_per_1k, 300_000.0, 0.2), "{g:?}");
}

#[test]
fn too_few_censuses_or_requests_give_no_figure() {
    let s = series((1..=3).map(|i| census(i * 1000, i * 1_000_000, 0)));
    assert_eq!(s.estimate(), None, "three censuses");
    let s = series((1..=20).map(|i| census(i * 10, i * 1_000_000, 0)));
    assert_eq!(s.estimate(), None, "200 requests");
}

#[test]
fn a_rotation_starts_a_new_series() {
    let mut s = series((1..=20).map(|i| census(i * 200, 1_000_000 + i * 200 * 500, 0)));
    assert!(s.estimate().unwrap().leaking);
    // The replacement starts again from few requests and a small heap: its
    // series is its own, flat, and no drop from the old one's heap shows.
    for i in 1..=20 {
        s.push(census(i * 200, 900_000, 0));
    }
    assert_eq!(s.samples().len(), 20);
    let g = s.estimate().unwrap();
    assert!(!g.leaking && g.bytes_per_1k.abs() < 1.0, "{g:?}");
}

#[test]
fn a_long_life_keeps_a_bounded_series_over_all_of_it() {
    let s = series((1..=1000).map(|i| census(i * 100, 1_000_000 + i * 100 * 250, 0)));
    assert!(s.samples().len() <= KEPT);
    assert!(s.samples()[0].requests <= 1000, "the start is still there");
    assert_eq!(s.last().unwrap().requests, 100_000);
    assert!(within(s.estimate().unwrap().bytes_per_1k, 250_000.0, 0.01));
}

#[test]
fn a_pool_leaks_when_most_of_its_workers_do_and_remembers_rotated_ones() {
    let leak = HeapGrowth {
        bytes_per_1k: 500_000.0,
        leaking: true,
        ..HeapGrowth::default()
    };
    let flat = HeapGrowth::default();
    let mut p = PoolGrowth::default();
    assert_eq!(p.verdict(), None);
    p.update(0, 1, leak);
    p.update(1, 1, flat);
    assert!(!p.verdict().unwrap().leaking, "one of two");
    p.retire(0, 1);
    p.update(0, 2, leak);
    let v = p.verdict().unwrap();
    assert!(v.leaking, "two of three, the rotated one counted");
    assert_eq!(v.workers, 3);
    assert_eq!(v.growth.bytes_per_1k, 500_000.0, "the median");
    for g in 3..20 {
        p.update(0, g, flat);
        p.retire(0, g);
    }
    assert!(!p.verdict().unwrap().leaking, "the old figures aged out");
}
