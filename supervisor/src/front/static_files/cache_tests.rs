use std::path::Path;

use super::*;

fn entry(dir: &Path) -> StaticEntry {
    StaticEntry {
        prefix: String::new(),
        dir: std::fs::canonicalize(dir).unwrap(),
        max_age_s: 0,
        immutable: false,
        index: None,
        fallthrough: false,
        follow_symlinks: false,
        dotfiles: false,
        compress: false,
    }
}

fn held(r: &Resolved) -> Option<Bytes> {
    match &r.found {
        Found::File(f) => f.identity.held.as_ref().map(|h| h.bytes.clone()),
        other => panic!("not a file: {other:?}"),
    }
}

#[test]
fn a_small_file_is_held_and_a_large_one_is_not() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("small.txt"), "small").unwrap();
    let big = vec![b'x'; SMALL_FILE_BYTES as usize + 1];
    std::fs::write(dir.path().join("big.bin"), &big).unwrap();
    let budget = Arc::new(Budget::default());
    let files = Files::new(budget.clone());
    let e = entry(dir.path());
    assert_eq!(
        held(&files.get(&e, "/small.txt")).as_deref(),
        Some(&b"small"[..])
    );
    assert_eq!(held(&files.get(&e, "/big.bin")), None);
    assert_eq!(budget.held(), 5);
    // Remembered: the same lookup, not another.
    let a = files.get(&e, "/small.txt");
    assert!(Arc::ptr_eq(&a, &files.get(&e, "/small.txt")));
}

#[test]
fn a_stale_lookup_is_made_again_and_keeps_bytes_that_did_not_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.txt");
    std::fs::write(&path, "one").unwrap();
    let files = Files::new(Arc::new(Budget::default()));
    let e = entry(dir.path());
    let first = files.get(&e, "/a.txt");
    // As if looked up VALID ago.
    let aged = |r: &Arc<Resolved>| {
        let mut paths = files.lock();
        let old = paths.get_mut("/a.txt").unwrap();
        *old = Arc::new(Resolved {
            checked: r.checked - VALID,
            found: resolve(&e, "/a.txt", Some(r), &files.budget),
        });
        old.clone()
    };
    let old = aged(&first);
    let again = files.get(&e, "/a.txt");
    assert!(!Arc::ptr_eq(&old, &again));
    let (Found::File(a), Found::File(b)) = (&first.found, &again.found) else {
        panic!()
    };
    let (ha, hb) = (
        a.identity.held.as_ref().unwrap(),
        b.identity.held.as_ref().unwrap(),
    );
    assert!(
        Arc::ptr_eq(ha, hb),
        "unchanged bytes are kept, not read again"
    );
    // Changed on disk (same size): read again once stale.
    std::fs::write(&path, "two").unwrap();
    assert_eq!(held(&files.get(&e, "/a.txt")).as_deref(), Some(&b"one"[..]));
    aged(&again);
    assert_eq!(held(&files.get(&e, "/a.txt")).as_deref(), Some(&b"two"[..]));
    // Gone: missing once stale.
    std::fs::remove_file(&path).unwrap();
    let now = files.get(&e, "/a.txt");
    aged(&now);
    assert!(matches!(files.get(&e, "/a.txt").found, Found::Missing));
}

#[test]
fn the_budget_bounds_the_bytes_held_and_gets_them_back() {
    let dir = tempfile::tempdir().unwrap();
    let n = (MAX_HELD_BYTES / SMALL_FILE_BYTES) as usize + 4;
    let body = vec![b'y'; SMALL_FILE_BYTES as usize];
    for i in 0..n {
        std::fs::write(dir.path().join(format!("{i}.bin")), &body).unwrap();
    }
    let budget = Arc::new(Budget::default());
    let files = Files::new(budget.clone());
    let e = entry(dir.path());
    let held_count = (0..n)
        .filter(|i| held(&files.get(&e, &format!("/{i}.bin"))).is_some())
        .count();
    assert_eq!(held_count as u64, MAX_HELD_BYTES / SMALL_FILE_BYTES);
    assert_eq!(budget.held(), MAX_HELD_BYTES);
    drop(files);
    assert_eq!(budget.held(), 0);
}

#[test]
fn paths_are_bounded_and_refused_spellings_never_stored() {
    let dir = tempfile::tempdir().unwrap();
    let files = Files::new(Arc::new(Budget::default()));
    let e = entry(dir.path());
    for i in 0..MAX_PATHS + 10 {
        assert!(matches!(
            files.get(&e, &format!("/nope{i}")).found,
            Found::Missing
        ));
    }
    assert_eq!(files.len(), MAX_PATHS);
    let files = Files::new(Arc::new(Budget::default()));
    assert!(matches!(
        files.get(&e, "/%2e%2e/x").found,
        Found::Refused(Refusal::Path)
    ));
    assert_eq!(files.len(), 0);
}
