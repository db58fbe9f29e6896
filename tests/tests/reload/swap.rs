//! Hot-swap in place: `swap()` on the files its glob names, and what
//! replaces a worker whose swap throws, is missing or takes too long.

use super::*;

#[test]
fn editing_a_swap_glob_file_swaps_every_worker_in_place_under_load() {
    let d = start(SWAPPABLE, 1000);
    d.wait_workers(2);
    let before = procs(&d, "render");
    let load = Load::get(&d, 3, "/");
    write_atomically(
        &d.dir.path().join("data/items.json"),
        r#"{"items": ["a", "b"]}"#,
    );
    // SWAPPING is seen in the status, bext ps and the metrics (each
    // worker's swap() takes a second).
    wait_for(Duration::from_secs(10), "a SWAPPING worker", || {
        d.workers()
            .iter()
            .any(|w| w["state"] == "SWAPPING")
            .then_some(())
    });
    wait_for(Duration::from_secs(10), "SWAPPING in bext ps", || {
        bext(d.dir.path(), &["ps"])
            .1
            .contains("SWAPPING")
            .then_some(())
    });
    wait_for(Duration::from_secs(10), "SWAPPING in /metrics", || {
        d.get("/metrics")
            .body
            .lines()
            .any(|l| l.starts_with("bext_worker_state{") && l.contains("SWAPPING"))
            .then_some(())
    });
    wait_for(Duration::from_secs(10), "both workers swapped", || {
        procs(&d, "render").iter().all(|p| p.2 == 1).then_some(())
    });
    let got = load.finish();
    let after = procs(&d, "render");
    let same: BTreeSet<(i64, u64)> = before.iter().map(|p| (p.0, p.1)).collect();
    let now: BTreeSet<(i64, u64)> = after.iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(same, now, "same pids and generations");
    for _ in 0..20 {
        assert_eq!(
            d.get("/").json()["data"]["items"][1],
            "b",
            "new data served"
        );
    }
    assert!(got.sent() > 0);
    assert!(got.failed.is_empty(), "failed requests: {:?}", got.failed);
    d.wait_log("(rebindable)", Duration::from_secs(10));
    // swap() got the changes.
    d.wait_log("\"kind\":\"rebindable\"", Duration::from_secs(10));
    assert_eq!(
        metric(&d, "bext_swaps_total{pool=\"render\",result=\"swapped\"}"),
        Some(2.0)
    );
}

#[test]
fn a_swap_that_throws_is_replaced_by_a_rolling_restart() {
    let d = start("[render]\nscript = \"worker.js\"\njsc_workers = 2\n", 10);
    let before = d.wait_workers(2);
    // The data makes swap() throw; the new workers read it at boot.
    std::fs::write(
        d.dir.path().join("data/items.json"),
        r#"{"items": ["c"], "fail": true}"#,
    )
    .unwrap();
    let (code, out, err) = bext(d.dir.path(), &["swap", "--pool", "render"]);
    assert_eq!(code, 0, "{out}{err}");
    let after = d.wait_rotated(&before, 0);
    assert_eq!(after.len(), 2);
    assert_eq!(d.get("/").json()["data"]["items"][0], "c");
    d.wait_log("swap() threw", Duration::from_secs(10));
    d.wait_log(
        "replacing the worker (rolling restart)",
        Duration::from_secs(10),
    );
}

#[test]
fn a_worker_without_swap_is_replaced() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        "export function handler() { return { pid: bext.worker.pid }; }\n",
    );
    let before = d.wait_workers(1);
    let (code, out, err) = bext(d.dir.path(), &["swap"]);
    assert_eq!(code, 0, "{out}{err}");
    d.wait_rotated(&before, 0);
    d.wait_log("does not export swap()", Duration::from_secs(10));
}

#[test]
fn a_swap_past_swap_timeout_ms_replaces_the_worker() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\nswap_timeout_ms = 300\n",
        "export function handler() { return { pid: bext.worker.pid }; }\nexport function swap() { return new Promise(() => {}); }\n",
    );
    let before = d.wait_workers(2);
    let (code, out, err) = bext(d.dir.path(), &["swap"]);
    assert_eq!(code, 0, "{out}{err}");
    d.wait_rotated(&before, 0);
    d.wait_log("ran past swap_timeout_ms", Duration::from_secs(10));
    assert_eq!(d.get("/").status, 200);
}

#[test]
fn a_burst_touching_config_and_data_reloads_and_swaps() {
    let d = start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nswap_globs = [\"data/*.json\"]\n[render.lifecycle]\nwatch_dirs = [\".\"]\nwatch_debounce_ms = 300\n",
        10,
    );
    let first = d.wait_workers(1);
    let dir = d.dir.path().to_path_buf();
    edit_config(&d, |t| t.replace("jsc_workers = 1", "jsc_workers = 2"));
    write_atomically(&dir.join("data/items.json"), r#"{"items": ["y"]}"#);
    wait_for(
        Duration::from_secs(20),
        "2 workers, the first swapped",
        || {
            let p = procs(&d, "render");
            (p.len() == 2
                && d.active("render") == 2
                && p.iter()
                    .any(|(pid, _, swaps)| *pid == i64::from(first[0].as_raw()) && *swaps == 1))
            .then_some(())
        },
    );
    for _ in 0..10 {
        let got = d.get("/").json();
        assert_eq!(got["data"]["items"][0], "y", "{got}; log:\n{}", d.logs());
    }
    assert_eq!(
        metric(&d, "bext_config_reloads_total{result=\"ok\"}"),
        Some(1.0)
    );
}
