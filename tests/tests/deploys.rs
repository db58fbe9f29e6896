//! Deploys that cannot hurt: a rotation never changes the code, a deploy
//! that fails to load stops with the old version serving, and every load
//! is a version (`bext deploy history`, `/__bext/workers`, `bext ps`).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bext_e2e::{Daemon, Load, Setup, Signal, bext, wait_for};

const GOOD: &str = "export function handler() { return \"v1\"; }\n";
const BROKEN: &str =
    "throw new Error(\"broken at load\");\nexport function handler() { return \"never\"; }\n";

/// Every slot's process count after its first, summed (a slot shows a
/// row per process while it rotates: counted once).
fn restarts(d: &Daemon) -> u64 {
    let mut by_slot = std::collections::BTreeMap::new();
    for w in d.workers() {
        let n = w["restarts"].as_u64().unwrap_or(0);
        let slot = by_slot.entry(w["id"].as_u64().unwrap_or(0)).or_insert(0);
        *slot = n.max(*slot);
    }
    by_slot.values().sum()
}

/// The versions the live workers run, once each names one: a worker is
/// ACTIVE a moment before its pool records the version its load became.
fn settled_versions(d: &Daemon) -> Vec<String> {
    wait_for(Duration::from_secs(10), "every worker's version", || {
        let v = d.versions();
        (!v.is_empty() && v.iter().all(|x| x != "-")).then_some(v)
    })
}

#[test]
fn a_broken_file_copied_over_the_script_changes_nothing_under_load() {
    let d = Daemon::start_with(Setup {
        // The 2000 requests per worker take half a minute per round at
        // the 150 requests/s a debug build manages on a busy machine; 100
        // gives the same rotations in seconds.
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 2\n\n[render.lifecycle]\nmax_requests = 100\n",
        files: &[("worker.js", GOOD)],
        ..Setup::default()
    });
    d.wait_workers(2);
    let load = Load::get(&d, 4, "/");
    load.wait_answered(200);
    // No signal: only the file changes, as a careless copy would.
    std::fs::write(d.dir.path().join("worker.js"), BROKEN).unwrap();
    let before = restarts(&d);
    // Rotations at max_requests go on (each worker rotates at least three
    // times) and each replacement starts the version the pool runs.
    let started = std::time::Instant::now();
    let answered = load.answered();
    let rotated = bext_e2e::poll(Duration::from_secs(25), || {
        (restarts(&d) >= before + 6).then_some(())
    });
    let rate = (load.answered() - answered) as f64 / started.elapsed().as_secs_f64();
    assert!(
        rotated.is_some(),
        "6 rotations in 25 s at {rate:.0} requests/s; log:\n{}",
        d.logs()
    );
    let got = load.finish();
    let rotated = restarts(&d) - before;
    eprintln!(
        "{} requests, {rotated} rotations, slowest {:?}",
        got.sent(),
        got.slowest
    );
    assert!(
        got.failed.is_empty(),
        "failed: {:?}",
        &got.failed[..got.failed.len().min(5)]
    );
    assert!(
        got.slowest < Duration::from_secs(2),
        "slowest {:?}",
        got.slowest
    );
    assert_eq!(d.get("/").body, "v1");
    assert_eq!(d.count_log("broken at load"), 0, "no worker read the file");
    assert_eq!(d.versions().len(), 1, "one version: {:?}", d.versions());
}

/// Writes a restart signal for the daemon, as `bext signal` would.
fn signal_file(d: &Daemon) {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let text = format!("{{\"action\": \"restart\", \"timestamp\": {now}, \"pid\": 1}}");
    let tmp = d.dir.path().join("deploy.signal.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, d.dir.path().join("deploy.signal")).unwrap();
}

/// Waits for bextd to take the signal and returns its result.
fn signal_result(d: &Daemon) -> serde_json::Value {
    let signal = d.dir.path().join("deploy.signal");
    wait_for(
        Duration::from_secs(20),
        "the signal's acknowledgement",
        || (!signal.exists()).then_some(()),
    );
    let text = std::fs::read_to_string(d.dir.path().join("deploy.signal.result")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_version_that_throws_at_load_stops_its_deploy_and_the_old_one_serves() {
    let d = Daemon::start_with(Setup {
        config: "[server]\nrestart_signal_file = \"deploy.signal\"\n\n[render]\nscript = \"worker.js\"\njsc_workers = 2\n",
        files: &[("worker.js", GOOD)],
        ..Setup::default()
    });
    let pids = d.wait_workers(2);
    let old = settled_versions(&d);
    assert_eq!(old.len(), 1);
    let load = Load::get(&d, 4, "/");
    load.wait_answered(200);
    std::fs::write(d.dir.path().join("worker.js"), BROKEN).unwrap();
    d.signal(Signal::SIGHUP);
    d.wait_log("ALERT: deploy of v", Duration::from_secs(10));
    load.wait_answered(500);
    let got = load.finish();
    assert!(
        got.failed.is_empty(),
        "failed: {:?}",
        &got.failed[..got.failed.len().min(5)]
    );
    assert_eq!(d.count_log("ALERT: deploy of v"), 1, "reported once");
    // The failed worker exits; the old workers keep every slot.
    d.wait_until(Duration::from_secs(5), "the old workers only", || {
        (d.worker_pids() == pids).then_some(())
    });
    assert_eq!(d.versions(), old);
    assert_eq!(d.get("/").body, "v1");
    let note = d.workers()[0]["deploy"].as_str().unwrap_or("").to_string();
    assert!(
        note.starts_with("deploy of v") && note.contains("failed: Error: broken at load"),
        "{note}"
    );
    let (code, ps, err) = bext(d.dir.path(), &["ps"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        ps.matches("failed: Error: broken at load").count(),
        1,
        "{ps}"
    );

    // The same files again: not tried, and the signal's result says so.
    signal_file(&d);
    let r = signal_result(&d);
    assert_eq!(r["outcome"], "failed", "{r}");
    assert!(
        r["errors"][0]
            .as_str()
            .unwrap()
            .contains("failed to load already"),
        "{r}"
    );
    // Other broken code is tried, fails, and the result carries its error.
    std::fs::write(
        d.dir.path().join("worker.js"),
        BROKEN.replace("broken", "still broken"),
    )
    .unwrap();
    signal_file(&d);
    let r = signal_result(&d);
    assert_eq!(r["outcome"], "failed", "{r}");
    assert!(
        r["errors"][0]
            .as_str()
            .unwrap()
            .contains("Error: still broken at load"),
        "{r}"
    );
    d.wait_until(Duration::from_secs(5), "the old workers only", || {
        (d.worker_pids() == pids).then_some(())
    });
    assert_eq!(d.count_log("ALERT: deploy of v"), 2);
}

#[test]
fn a_crash_restart_runs_the_old_code_and_deploys_make_the_history() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", GOOD)],
        ..Setup::default()
    });
    let first = d.wait_workers(1);
    let v1 = settled_versions(&d);
    std::fs::write(d.dir.path().join("worker.js"), GOOD.replace("v1", "v2")).unwrap();
    nix::sys::signal::kill(first[0], Signal::SIGKILL).unwrap();
    let second = d.wait_rotated(&first, 0);
    assert_eq!(
        d.get("/").body,
        "v1",
        "a crash restart runs the running version"
    );
    assert_eq!(d.versions(), v1);

    for (n, want) in [(2, "v2"), (3, "v3")] {
        if n == 3 {
            std::fs::write(d.dir.path().join("worker.js"), GOOD.replace("v1", "v3")).unwrap();
        }
        let (code, out, err) = bext(d.dir.path(), &["deploy"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("Deploying: 1 worker"), "{out}");
        wait_for(Duration::from_secs(20), "the deploy", || {
            (d.get("/").body == want && d.active("render") == 1).then_some(())
        });
    }
    let (code, out, err) = bext(d.dir.path(), &["deploy", "history", "--json"]);
    assert_eq!(code, 0, "{err}");
    let h: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap();
    let states: Vec<(&str, &str)> = h
        .iter()
        .map(|v| (v["state"].as_str().unwrap(), v["cause"].as_str().unwrap()))
        .collect();
    assert_eq!(
        states,
        [
            ("running", "command"),
            ("previous", "command"),
            ("retired", "start")
        ],
        "{out}"
    );
    assert_eq!(h[0]["workers"], 1);
    assert_eq!(h[2]["id"].as_str(), Some(v1[0].as_str()));
    assert_eq!(d.versions(), [h[0]["id"].as_str().unwrap().to_string()]);
    let (_, table, _) = bext(d.dir.path(), &["deploy", "history"]);
    assert!(table.lines().nth(1).unwrap().contains("running"), "{table}");
    let metrics = d.get("/metrics").body;
    let info: Vec<&str> = metrics
        .lines()
        .filter(|l| l.starts_with("bext_pool_version_info{"))
        .collect();
    assert_eq!(info.len(), 2, "running and previous only: {info:?}");
    drop(second);
}

#[test]
fn a_worker_whose_replacement_cannot_start_serves_past_its_request_limit() {
    // A worker program that starts only while the file `ok` exists.
    let worker = bext_e2e::bin("bext-worker");
    let wrapper = format!(
        "#!/bin/sh\n[ -f \"$(dirname \"$0\")/ok\" ] || exit 1\nexec {} \"$@\"\n",
        worker.display()
    );
    let d = Daemon::start_with(Setup {
        config: "[server]\nworker_bin = \"w.sh\"\n\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n\n[render.lifecycle]\nmax_requests = 50\n",
        files: &[("worker.js", GOOD), ("w.sh", &wrapper), ("ok", "")],
        ..Setup::default()
    });
    d.wait_workers(1);
    std::fs::remove_file(d.dir.path().join("ok")).unwrap();
    let load = Load::get(&d, 2, "/");
    let row = d.wait_until(Duration::from_secs(20), "the worker past its limit", || {
        let w = d.workers().into_iter().find(|w| w["state"] == "ACTIVE")?;
        (w["overstaying"] == "requests" && w["requests_served"].as_u64()? > 80).then_some(w)
    });
    let (_, ps, _) = bext(d.dir.path(), &["ps"]);
    assert!(
        ps.contains("(serving past its limit: requests; its replacement could not start)"),
        "{ps}"
    );
    assert_eq!(
        d.count_log("worker serves past its limit (requests)"),
        1,
        "said once"
    );
    // Once a replacement can start, it takes over.
    std::fs::write(d.dir.path().join("ok"), "").unwrap();
    d.wait_until(Duration::from_secs(20), "a replacement", || {
        let w = d.workers().into_iter().find(|w| w["state"] == "ACTIVE")?;
        (w["pid"] != row["pid"] && w["overstaying"].is_null()).then_some(())
    });
    let got = load.finish();
    eprintln!("{} requests, slowest {:?}", got.sent(), got.slowest);
    assert!(
        got.failed.is_empty(),
        "failed: {:?}",
        &got.failed[..got.failed.len().min(5)]
    );
}
