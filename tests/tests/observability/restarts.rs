//! `bext workers restart`: one worker, or a whole pool under load.

use super::*;

fn slot_pids(d: &Daemon) -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = d
        .workers()
        .iter()
        .filter(|w| w["state"] == "ACTIVE")
        .map(|w| (w["id"].as_u64().unwrap(), w["pid"].as_u64().unwrap()))
        .collect();
    v.sort();
    v
}

#[test]
fn restarting_one_worker_changes_only_its_pid() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 3\n", APP);
    d.wait_workers(3);
    // A worker logs "ready" a moment before the status page shows it ACTIVE.
    let before = d.wait_until(Duration::from_secs(10), "3 ACTIVE workers", || {
        let now = slot_pids(&d);
        (now.len() == 3).then_some(now)
    });
    let (code, out, err) = bext(
        d.dir.path(),
        &["workers", "restart", "--pool", "render", "--worker", "1"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "Restarting 1 worker (rolling; see bext ps)");
    let after = d.wait_until(
        Duration::from_secs(10),
        "slot 1 to get a new process",
        || {
            let now = slot_pids(&d);
            (now.len() == 3 && now[1].1 != before[1].1 && d.workers().len() == 3).then_some(now)
        },
    );
    assert_eq!(after[0], before[0]);
    assert_eq!(after[2], before[2]);
    assert!(d.logs().contains("reason=restart"), "{}", d.logs());
    let (code, _, err) = bext(
        d.dir.path(),
        &["workers", "restart", "--pool", "render", "--worker", "7"],
    );
    assert_eq!(code, 1);
    assert!(err.contains("has no worker 7"), "{err}");
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart", "--pool", "nope"]);
    assert_eq!(code, 1);
    assert!(err.contains("no pool named \"nope\""), "{err}");
}

#[test]
fn restarting_a_pool_under_load_fails_no_request() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 3\n", APP);
    let before = d.wait_workers(3);
    let load = Load::get(&d, 4, "/");
    load.wait_answered(40);
    let (code, out, err) = bext(d.dir.path(), &["workers", "restart", "--pool", "render"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Restarting 3 workers"), "{out}");
    d.wait_rotated(&before, 0);
    load.wait_answered(40);
    let got = load.finish();
    assert!(got.sent() >= 80, "only {} requests", got.sent());
    assert!(
        got.failed.is_empty(),
        "failed requests during the restart: {:?}",
        got.failed
    );
}
