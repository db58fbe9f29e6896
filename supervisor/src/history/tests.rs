use super::*;

fn slot(slot: u32, generation: u64, served: u64, rss_mb: u64) -> SlotReading {
    SlotReading {
        slot,
        generation,
        served,
        state: state_index("ACTIVE"),
        rss_bytes: rss_mb << 20,
        heap_bytes: 1 << 20,
        retained_bytes: 1 << 19,
        in_flight: 1,
    }
}

fn reading(tap: &Tap, slots: Vec<SlotReading>) -> PoolReading {
    PoolReading {
        name: "render".into(),
        counts: tap.read(),
        queue: 2,
        slots,
    }
}

#[test]
fn a_slot_line_runs_across_generations() {
    let tap = Tap::default();
    let mut h = History::new();
    h.record(&[reading(&tap, vec![slot(0, 1, 10, 5)])], 1_000, 1.0);
    h.record(&[reading(&tap, vec![slot(0, 1, 25, 6)])], 2_000, 1.0);
    // A new process in the slot: its count starts again.
    h.record(&[reading(&tap, vec![slot(0, 2, 3, 4)])], 3_000, 1.0);
    let s = h.slot_fine("render", 0, 10);
    assert_eq!(s.iter().map(|s| s.requests).collect::<Vec<_>>(), [0, 15, 3]);
    assert_eq!(s[2].rss_kb, 4 * 1024);
    let j = h.json(Resolution::Fine, 600, true);
    assert_eq!(j["len"], 3);
    assert_eq!(j["workers"][0]["rss_bytes"][1], 6u64 << 20);
    assert_eq!(j["workers"][0]["state"][2], "ACTIVE");
}

#[test]
fn pool_rates_latency_and_errors_come_from_the_tap() {
    let tap = Tap::default();
    let mut h = History::new();
    tap.observe(200, 0.002); // before the first tick: not counted
    h.record(&[reading(&tap, vec![])], 1_000, 1.0);
    for _ in 0..9 {
        tap.observe(200, 0.002);
    }
    tap.observe(502, 0.3);
    h.record(&[reading(&tap, vec![slot(0, 1, 0, 1)])], 2_000, 1.0);
    let p = h.latest_pool("render").unwrap();
    assert_eq!(p.rps, 10.0);
    assert_eq!(p.statuses, [0, 1, 0, 0]);
    assert!(p.p50_ms >= 2.0 && p.p50_ms < 2.9, "{}", p.p50_ms);
    assert!(p.p99_ms >= 300.0, "{}", p.p99_ms);
    assert_eq!(p.queue, 2);
    assert_eq!(p.states[1], 1);
}

#[test]
fn coarse_samples_close_every_window_and_series_are_padded() {
    let tap = Tap::default();
    let mut h = History::new();
    for t in 1..=COARSE_EVERY * 2 {
        tap.observe(200, 0.001);
        let slots = if t > COARSE_EVERY {
            vec![slot(0, 1, t, 1), slot(1, 1, t, 1)]
        } else {
            vec![slot(0, 1, t, 1)]
        };
        h.record(&[reading(&tap, slots)], t * 1000, 1.0);
    }
    let j = h.json(Resolution::Coarse, 10, true);
    assert_eq!(j["len"], 2);
    assert_eq!(j["pools"][0]["rps"][1], 1.0);
    // Slot 1 was born in the second window: one null in front.
    assert_eq!(j["workers"][1]["requests"][0], Value::Null);
    let fine = h.json(Resolution::Fine, 5, false);
    assert_eq!(fine["pools"][0]["rps"].as_array().unwrap().len(), 5);
    assert_eq!(fine["workers"].as_array().unwrap().len(), 0);
}

#[test]
fn memory_is_fixed_and_gone_slots_are_forgotten() {
    let tap = Tap::default();
    let mut h = History::new();
    let many: Vec<SlotReading> = (0..256).map(|i| slot(i, 1, 0, 1)).collect();
    h.record(&[reading(&tap, many.clone())], 1_000, 1.0);
    let bytes = h.bytes();
    for t in 2..1_000 {
        h.record(&[reading(&tap, many.clone())], t * 1000, 1.0);
    }
    assert_eq!(h.bytes(), bytes, "rings are allocated full size at birth");
    assert!(bytes < 7 << 20, "{bytes}");
    h.record(&[reading(&tap, many[..2].to_vec())], 1_000_000, 1.0);
    assert!(h.bytes() < bytes / 20, "{} of {bytes}", h.bytes());
}
