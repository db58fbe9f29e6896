//! `[POOL.deploy]`: defaults, values read, and the rules' problems.

use super::{dir_with_script, parse_in, problems};

#[test]
fn there_is_no_warm_up_by_default_and_the_paths_are_read_in_order() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert!(c.pools[0].settings.deploy.warmup.is_empty());
    let src =
        "[render]\nscript = \"w.js\"\n[render.deploy]\nwarmup = [\"/\", \"/products/1?x=1\"]\n";
    let c = parse_in(d.path(), src).unwrap();
    assert_eq!(c.pools[0].settings.deploy.warmup, ["/", "/products/1?x=1"]);
}

#[test]
fn a_warm_up_entry_that_is_no_path_names_key_line_and_rule() {
    let p = problems(
        "[render]\nscript = \"w.js\"\n[render.deploy]\nwarmup = [\"/\", \"products\", \"/a b\"]\n",
    );
    let got: Vec<_> = p
        .iter()
        .map(|p| (p.key.as_str(), p.line, p.value.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            ("render.deploy.warmup", Some(4), Some("\"products\"")),
            ("render.deploy.warmup", Some(4), Some("\"/a b\"")),
        ]
    );
    assert!(
        p[0].message.contains("path starting with `/`"),
        "{}",
        p[0].message
    );
    let p = problems("[render]\nscript = \"w.js\"\n[render.deploy]\nwarmup = \"/\"\n");
    assert_eq!(p[0].key, "render.deploy.warmup");
    assert_eq!(
        p[0].message,
        "must be a list of strings, such as [\"a\", \"b\"]"
    );
}

#[test]
fn the_canary_is_off_by_default_and_its_keys_are_read() {
    let d = dir_with_script();
    let c = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert_eq!(c.pools[0].settings.deploy.canary, None);
    let src = "[render]\nscript = \"w.js\"\nmin_workers = 4\nmax_workers = 4\n\
               [render.deploy]\ncanary = true\ncanary_workers = 2\ncanary_ms = 5000\n\
               canary_requests = 300\nmax_error_rate_increase = 0.5\nmax_p99_ratio = 3\n";
    let c = parse_in(d.path(), src).unwrap();
    let canary = c.pools[0].settings.deploy.canary.unwrap();
    assert_eq!(canary.workers, 2);
    assert_eq!(canary.min_time, std::time::Duration::from_millis(5000));
    assert_eq!(canary.min_requests, 300);
    assert_eq!(canary.max_error_rate_increase, 0.5);
    assert_eq!(canary.max_p99_ratio, 3.0);
}

#[test]
fn canary_defaults_are_one_worker_30_s_100_requests_1_point_and_twice_the_p99() {
    let d = dir_with_script();
    let src = "[render]\nscript = \"w.js\"\nmin_workers = 2\n[render.deploy]\ncanary = true\n";
    let c = parse_in(d.path(), src).unwrap();
    let canary = c.pools[0].settings.deploy.canary.unwrap();
    assert_eq!(
        (
            canary.workers,
            canary.min_time.as_millis(),
            canary.min_requests
        ),
        (1, 30_000, 100)
    );
    assert_eq!(
        (canary.max_error_rate_increase, canary.max_p99_ratio),
        (1.0, 2.0)
    );
}

#[test]
fn a_canary_as_large_as_the_pool_names_key_line_and_rule() {
    let p = problems(
        "[render]\nscript = \"w.js\"\nmin_workers = 2\n[render.deploy]\ncanary = true\ncanary_workers = 2\n",
    );
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].key, "render.deploy.canary_workers");
    assert_eq!(p[0].line, Some(6));
    assert!(
        p[0].message.contains("less than the pool's workers (2)"),
        "{}",
        p[0].message
    );
    // Off, the same size is no problem: there is no canary to judge.
    let d = dir_with_script();
    let src = "[render]\nscript = \"w.js\"\nmin_workers = 2\n[render.deploy]\ncanary_workers = 2\n";
    assert!(parse_in(d.path(), src).is_ok());
}

#[test]
fn canary_thresholds_out_of_range_name_key_and_range() {
    let p = problems(
        "[render]\nscript = \"w.js\"\nmin_workers = 2\n[render.deploy]\n\
         max_error_rate_increase = -1\nmax_p99_ratio = 0.5\ncanary_workers = 0\n",
    );
    let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        keys,
        [
            ("render.deploy.max_error_rate_increase", Some(5)),
            ("render.deploy.max_p99_ratio", Some(6)),
            ("render.deploy.canary_workers", Some(7)),
        ],
        "{p:?}"
    );
}
