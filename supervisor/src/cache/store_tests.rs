use super::*;
use std::time::Duration;

fn entry(at: Instant, body: usize, tags: &[&str], vary: &[&str]) -> Entry {
    Entry {
        status: 200,
        headers: vec![("content-type".into(), "text/html".into())],
        body: Bytes::from(vec![b'x'; body]),
        stored: at,
        life: Lifetime {
            fresh: Duration::from_secs(1),
            stale: Duration::from_secs(5),
        },
        tags: tags.iter().map(|t| t.to_string()).collect(),
        vary_values: vary.iter().map(|t| t.to_string()).collect(),
        version: 1,
    }
}

fn of_version(mut e: Entry, version: u64) -> Entry {
    e.version = version;
    e
}

#[test]
fn a_stored_answer_is_fresh_then_stale_then_gone() {
    let t0 = Instant::now();
    let mut s = Store::new(1 << 20);
    s.put("GET /a".into(), vec![], entry(t0, 10, &[], &[]), 0);
    let at = |ms| t0 + Duration::from_millis(ms);
    assert!(matches!(s.get("GET /a", &[], at(500)), Found::Fresh(_)));
    assert!(matches!(s.get("GET /a", &[], at(1500)), Found::Stale(_)));
    assert!(matches!(s.get("GET /a", &[], at(6000)), Found::Miss));
    assert_eq!(s.bytes(), 0, "a gone entry gives its bytes back");
    assert!(matches!(s.get("GET /b", &[], at(0)), Found::Miss));
}

#[test]
fn memory_stays_bounded_under_a_flood_of_distinct_keys() {
    let t0 = Instant::now();
    let max = 100_000;
    let mut s = Store::new(max);
    for i in 0..10_000 {
        s.put(format!("GET /p/{i}"), vec![], entry(t0, 1000, &[], &[]), 0);
        assert!(s.bytes() <= max as usize, "over the budget after {i}");
    }
    assert!(s.evictions > 9_000, "evicted {}", s.evictions);
    // The most recent stay, the oldest went.
    assert!(matches!(s.get("GET /p/9999", &[], t0), Found::Fresh(_)));
    assert!(matches!(s.get("GET /p/0", &[], t0), Found::Miss));
    // One answer over a quarter of the budget is not stored at all.
    assert!(
        s.put("GET /big".into(), vec![], entry(t0, 30_000, &[], &[]), 0)
            .is_none()
    );
}

#[test]
fn long_keys_count_against_the_budget() {
    // 1,500 tiny answers under 7 KB keys: what is held is the keys.
    let t0 = Instant::now();
    let max = 1 << 20;
    let mut s = Store::new(max);
    let long = "q".repeat(7_000);
    for i in 0..1_500 {
        s.put(
            format!("GET /p?{long}{i}"),
            vec![],
            entry(t0, 10, &[], &[]),
            0,
        );
        assert!(s.bytes() <= max as usize, "over the budget after {i}");
    }
    assert!(s.evictions > 1_000, "evicted {}", s.evictions);
    let held: usize = s.entries() * (2 * 7_004 + 10);
    assert!(
        held <= max as usize,
        "{} entries hold {held} bytes",
        s.entries()
    );
    // Every slot gives back what it weighed: empty is zero.
    let n = s.entries();
    assert_eq!(s.clear(), n);
    assert_eq!(s.bytes(), 0);
    s.put(
        "GET /a".into(),
        vec!["accept-encoding".into()],
        entry(t0, 1, &[], &["gzip"]),
        0,
    );
    s.purge(None, None);
    assert_eq!((s.bytes(), s.entries()), (0, 0));
    s.put("GET /a".into(), vec![], entry(t0, 1, &[], &[]), 0);
    assert!(matches!(
        s.get("GET /a", &[], t0 + Duration::from_secs(60)),
        Found::Miss
    ));
    assert_eq!(s.bytes(), 0, "an expired slot gives its key back too");
}

#[test]
fn variants_are_kept_apart_by_their_vary_values() {
    let t0 = Instant::now();
    let mut s = Store::new(1 << 20);
    let vary = vec!["accept-language".to_string()];
    s.put("GET /a".into(), vary.clone(), entry(t0, 1, &[], &["fr"]), 0);
    s.put("GET /a".into(), vary, entry(t0, 2, &[], &["en"]), 0);
    let fr = vec![("accept-language".to_string(), "fr".to_string())];
    let de = vec![("accept-language".to_string(), "de".to_string())];
    let Found::Fresh(e) = s.get("GET /a", &fr, t0) else {
        panic!("fr is stored")
    };
    assert_eq!(e.body.len(), 1);
    assert!(matches!(s.get("GET /a", &de, t0), Found::Miss));
}

#[test]
fn purge_by_prefix_or_tag_and_clear() {
    let t0 = Instant::now();
    let mut s = Store::new(1 << 20);
    s.put(
        "GET /blog/1".into(),
        vec![],
        entry(t0, 1, &["post"], &[]),
        0,
    );
    s.put("GET /blog/2?x=1".into(), vec![], entry(t0, 1, &[], &[]), 0);
    s.put("GET /shop".into(), vec![], entry(t0, 1, &["post"], &[]), 0);
    assert_eq!(s.purge(Some("/blog"), Some("post")), 1);
    assert!(matches!(s.get("GET /blog/2?x=1", &[], t0), Found::Fresh(_)));
    assert_eq!(s.purge(Some("/blog"), None), 1);
    assert_eq!(s.purge(None, Some("post")), 1);
    assert_eq!(s.bytes(), 0);
    s.put("GET /x".into(), vec![], entry(t0, 1, &[], &[]), 0);
    assert_eq!(s.clear(), 1);
    assert!(matches!(s.get("GET /x", &[], t0), Found::Miss));
}

#[test]
fn answers_go_once_no_serving_worker_runs_their_version() {
    let t0 = Instant::now();
    let mut s = Store::new(1 << 20);
    s.put(
        "GET /a".into(),
        vec![],
        of_version(entry(t0, 1, &[], &[]), 1),
        0,
    );
    // A rolling restart or a canary: both versions serve, both answer.
    assert_eq!(s.set_live(vec![2, 1]), 0);
    s.put(
        "GET /b".into(),
        vec![],
        of_version(entry(t0, 1, &[], &[]), 2),
        0,
    );
    assert!(matches!(s.get("GET /a", &[], t0), Found::Fresh(_)));
    // The last worker of version 1 stopped serving: its answers go.
    assert_eq!(s.set_live(vec![2]), 1);
    assert!(matches!(s.get("GET /a", &[], t0), Found::Miss));
    assert!(matches!(s.get("GET /b", &[], t0), Found::Fresh(_)));
    assert_eq!(s.bytes(), s.slots.peek("GET /b").unwrap().bytes);
    // A late answer of version 1 (a render that began before) is not kept.
    let late = of_version(entry(t0, 1, &[], &[]), 1);
    assert!(s.put("GET /a".into(), vec![], late, 0).is_none());
    // No worker serving (all restarting) says nothing about versions.
    assert_eq!(s.set_live(vec![]), 0);
    assert!(matches!(s.get("GET /b", &[], t0), Found::Fresh(_)));
    // A rollback to version 1: version 2's answers go.
    assert_eq!(s.set_live(vec![1]), 1);
    assert_eq!(s.bytes(), 0);
}

#[test]
fn a_render_that_began_before_a_clear_is_not_stored() {
    let t0 = Instant::now();
    let mut s = Store::new(1 << 20);
    let began = s.epoch();
    s.clear();
    assert!(
        s.put("GET /a".into(), vec![], entry(t0, 1, &[], &[]), began)
            .is_none()
    );
    let now = s.epoch();
    assert!(
        s.put("GET /a".into(), vec![], entry(t0, 1, &[], &[]), now)
            .is_some()
    );
}
