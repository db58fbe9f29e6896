//! The canary (`[POOL.deploy] canary = true`) under load: a new version
//! serves on one worker of four while bextd compares it with the old
//! version's workers, and is promoted to every worker, or rolled back by
//! bextd (ALERT, metric, the signal file's result) with the old version
//! serving every slot again.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bext_e2e::{Daemon, Load, Setup, bext, wait_for};

/// Each request spins `ms` milliseconds: p99s well above the 5 ms floor
/// under which latencies are never compared.
fn spinning(ms: u32, body: &str) -> String {
    format!(
        "export function handler() {{ const t = Date.now(); while (Date.now() - t < {ms}) {{}} return \"{body}\"; }}\n"
    )
}

const THROWS: &str = "export function handler() { throw new Error(\"bad at request time\"); }\n";

fn config(canary_ms: u32) -> String {
    format!(
        "[server]\nrestart_signal_file = \"deploy.signal\"\n\n[render]\nscript = \"worker.js\"\njsc_workers = 4\n\n[render.deploy]\ncanary = true\ncanary_workers = 1\ncanary_ms = {canary_ms}\ncanary_requests = 20\n"
    )
}

fn start(canary_ms: u32) -> Daemon {
    let d = Daemon::start_with(Setup {
        config: &config(canary_ms),
        files: &[("worker.js", &spinning(10, "v1"))],
        ..Setup::default()
    });
    d.wait_workers(4);
    d
}

/// Processes started after each slot's first, summed over the slots.
fn restarts(d: &Daemon) -> u64 {
    let mut by_slot = std::collections::BTreeMap::new();
    for w in d.workers() {
        let n = w["restarts"].as_u64().unwrap_or(0);
        let slot = by_slot.entry(w["id"].as_u64().unwrap_or(0)).or_insert(0);
        *slot = n.max(*slot);
    }
    by_slot.values().sum()
}

/// Writes a restart signal (as `bext signal` would) and waits for its
/// result, which bextd writes once the canary's verdict is carried out.
fn deploy_by_signal(d: &Daemon) -> serde_json::Value {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let text = format!("{{\"action\": \"restart\", \"timestamp\": {now}, \"pid\": 1}}");
    let tmp = d.dir.path().join("deploy.signal.tmp");
    std::fs::write(&tmp, text).unwrap();
    let signal = d.dir.path().join("deploy.signal");
    std::fs::rename(&tmp, &signal).unwrap();
    wait_for(
        Duration::from_secs(60),
        "the signal's acknowledgement",
        || (!signal.exists()).then_some(()),
    );
    let text = std::fs::read_to_string(d.dir.path().join("deploy.signal.result")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The requests a side answered, from a verdict's figures
/// (`canary: 20 requests, ...; old version: 63 requests, ...`).
fn requests_of(verdict: &str, side: &str) -> usize {
    let at = verdict.find(side).expect(side) + side.len();
    let n = verdict[at..].split(' ').next().unwrap_or("");
    n.parse().unwrap_or_else(|_| panic!("{side} in {verdict}"))
}

fn rollbacks(d: &Daemon, reason: &str) -> String {
    let metrics = d.get("/metrics").body;
    let needle = format!("bext_deploy_rollbacks_total{{pool=\"render\",reason=\"{reason}\"}}");
    metrics
        .lines()
        .find(|l| l.starts_with(&needle))
        .map(|l| l[needle.len()..].trim().to_string())
        .unwrap_or_default()
}

#[test]
fn a_version_whose_every_request_throws_is_rolled_back_by_itself() {
    let d = start(10_000);
    let old = d.versions();
    let load = Load::get(&d, 4, "/");
    load.wait_answered(100);
    std::fs::write(d.dir.path().join("worker.js"), THROWS).unwrap();
    let at = Instant::now();
    let r = deploy_by_signal(&d);
    let took = at.elapsed();
    let got = load.finish();
    let bad = got.statuses.iter().filter(|s| **s >= 500).count();
    eprintln!(
        "rolled back in {took:?}; {bad} 5xx of {} requests; result {r}",
        got.sent()
    );
    assert_eq!(r["outcome"], "rolled_back", "{r}");
    let error = r["errors"][0].as_str().unwrap_or("");
    assert!(error.contains("rolled back: error_rate"), "{r}");
    // Judged on answers: the 5xx breach is seen once the canary answered
    // its 20 requests, long before the 10 s window ends.
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!((20..=40).contains(&bad), "{bad} 5xx");
    // One worker of four: the canary drew at most its share of the
    // window's requests, though it fails at once and so is idle the most.
    let (canary, old_side) = (
        requests_of(error, "canary: "),
        requests_of(error, "old version: "),
    );
    assert!(
        canary * 4 <= (canary + old_side) + 8,
        "canary {canary} of {} requests: {error}",
        canary + old_side
    );
    assert_eq!(d.count_log("ALERT: canary v"), 1, "{}", d.logs());
    assert_eq!(rollbacks(&d, "error_rate"), "1");
    d.wait_until(
        Duration::from_secs(20),
        "every worker on the old version",
        || (d.versions() == old && d.active("render") == 4).then_some(()),
    );
    // One boot for the canary, one to go back: the other three workers
    // never restarted.
    assert_eq!(restarts(&d), 2, "{:?}", d.workers());
    assert_eq!(d.get("/").body, "v1");
    // The same files are not deployed again.
    let r = deploy_by_signal(&d);
    assert_eq!(r["outcome"], "failed", "{r}");
    assert_eq!(d.versions(), old);
}

#[test]
fn a_version_ten_times_slower_is_rolled_back_on_p99() {
    let d = start(1_500);
    let old = d.versions();
    let load = Load::get(&d, 4, "/");
    load.wait_answered(100);
    std::fs::write(d.dir.path().join("worker.js"), spinning(100, "slow")).unwrap();
    let at = Instant::now();
    let r = deploy_by_signal(&d);
    let took = at.elapsed();
    let got = load.finish();
    eprintln!("rolled back in {took:?} (window 1.5 s); result {r}");
    assert_eq!(r["outcome"], "rolled_back", "{r}");
    assert!(
        r["errors"][0]
            .as_str()
            .unwrap_or("")
            .contains("rolled back: p99"),
        "{r}"
    );
    assert!(
        got.statuses.iter().all(|s| *s == 200),
        "a slow version fails nothing"
    );
    assert_eq!(rollbacks(&d, "p99"), "1");
    d.wait_until(
        Duration::from_secs(20),
        "every worker on the old version",
        || (d.versions() == old && d.active("render") == 4).then_some(()),
    );
    assert_eq!(restarts(&d), 2, "{:?}", d.workers());
    assert_eq!(d.get("/").body, "v1");
}

#[test]
fn a_good_version_is_promoted_to_every_worker() {
    let d = start(1_000);
    let old = d.versions();
    let load = Load::get(&d, 4, "/");
    load.wait_answered(100);
    std::fs::write(d.dir.path().join("worker.js"), spinning(10, "v2")).unwrap();
    let r = deploy_by_signal(&d);
    let got = load.finish();
    assert_eq!(r["outcome"], "promoted", "{r}");
    assert!(
        got.failed.is_empty(),
        "{:?}",
        &got.failed[..got.failed.len().min(5)]
    );
    let new = d.wait_until(
        Duration::from_secs(20),
        "every worker on the new version",
        || {
            let v = d.versions();
            (v.len() == 1 && v != old && d.active("render") == 4).then_some(v)
        },
    );
    assert_eq!(r["versions"]["render"], new[0].as_str(), "{r}");
    assert_eq!(d.get("/").body, "v2");
    assert_eq!(d.count_log("ALERT"), 0);
}

#[test]
fn bext_deploy_status_shows_the_canary_and_promote_rolls_the_rest() {
    // A window long enough that only the command ends it.
    let d = start(600_000);
    let old = d.versions();
    let load = Load::get(&d, 4, "/");
    load.wait_answered(50);
    std::fs::write(d.dir.path().join("worker.js"), spinning(10, "v2")).unwrap();
    let (code, out, err) = bext(d.dir.path(), &["deploy"]);
    assert_eq!(code, 0, "{out}{err}");
    let status = d.wait_until(Duration::from_secs(20), "the canary's window", || {
        let (_, out, _) = bext(d.dir.path(), &["deploy", "status", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).ok()?;
        (v[0]["version"].is_string() && v[0]["canary"].as_str()?.starts_with("1")).then_some(v)
    });
    assert_eq!(status[0]["pool"], "render", "{status}");
    assert_eq!(status[0]["previous"], old[0].as_str(), "{status}");
    assert_eq!(status[0]["canary_workers"].as_array().unwrap().len(), 1);
    let (_, text, _) = bext(d.dir.path(), &["deploy", "status"]);
    assert!(
        text.contains("render: canary v") && text.contains("old:"),
        "{text}"
    );
    let (code, out, err) = bext(d.dir.path(), &["deploy", "promote"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Promoted: 3 worker(s) to replace\n");
    let got = load.finish();
    d.wait_until(
        Duration::from_secs(20),
        "every worker on the new version",
        || {
            let v = d.versions();
            (v.len() == 1 && v != old && d.active("render") == 4).then_some(())
        },
    );
    assert!(
        got.failed.is_empty(),
        "{:?}",
        &got.failed[..got.failed.len().min(5)]
    );
    let (_, text, _) = bext(d.dir.path(), &["deploy", "status"]);
    assert_eq!(text, "No canary under way.\n");
    let (code, _, err) = bext(d.dir.path(), &["deploy", "promote"]);
    assert_eq!(code, 1, "nothing to promote");
    assert!(err.contains("no canary under way"), "{err}");
}

#[test]
fn bext_deploy_rollback_after_the_file_was_deleted_returns_to_the_old_version() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 4\n",
        files: &[("worker.js", &spinning(10, "v1"))],
        ..Setup::default()
    });
    d.wait_workers(4);
    let v1 = d.versions();
    std::fs::write(d.dir.path().join("worker.js"), spinning(10, "v2")).unwrap();
    let (code, _, err) = bext(d.dir.path(), &["deploy"]);
    assert_eq!(code, 0, "{err}");
    let v2 = d.wait_until(Duration::from_secs(20), "every worker on v2", || {
        let v = d.versions();
        (v.len() == 1 && v != v1 && d.active("render") == 4).then_some(v)
    });
    std::fs::remove_file(d.dir.path().join("worker.js")).unwrap();
    let (code, _, err) = bext(d.dir.path(), &["deploy", "rollback", "v00000000"]);
    assert_eq!(code, 1);
    assert!(err.contains("is not kept"), "{err}");
    let load = Load::get(&d, 4, "/");
    load.wait_answered(20);
    let before = restarts(&d);
    let at = Instant::now();
    let (code, out, err) = bext(d.dir.path(), &["deploy", "rollback", &v1[0]]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Rolling back: 4 worker(s) to replace\n");
    d.wait_until(Duration::from_secs(20), "every worker on v1", || {
        (d.versions() == v1 && d.active("render") == 4).then_some(())
    });
    let took = at.elapsed();
    let got = load.finish();
    let boots = restarts(&d) - before;
    eprintln!(
        "rollback of 4 workers in {took:?}, {boots} boots, {} requests",
        got.sent()
    );
    assert_eq!(boots, 4, "one boot per worker");
    assert!(
        got.failed.is_empty(),
        "{:?}",
        &got.failed[..got.failed.len().min(5)]
    );
    assert_eq!(d.get("/").body, "v1");
    // And forward again: v2 is now the previous version.
    let (code, _, err) = bext(d.dir.path(), &["deploy", "rollback"]);
    assert_eq!(code, 0, "{err}");
    d.wait_until(Duration::from_secs(20), "every worker on v2", || {
        (d.versions() == v2 && d.active("render") == 4).then_some(())
    });
}

#[test]
fn routine_replacements_beside_a_canary_start_the_old_version() {
    let config = format!(
        "{}\n[render.lifecycle]\nmax_requests = 40\n",
        config(600_000)
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", &spinning(5, "v1"))],
        ..Setup::default()
    });
    d.wait_workers(4);
    let old = d.versions();
    let load = Load::get(&d, 4, "/");
    load.wait_answered(50);
    std::fs::write(d.dir.path().join("worker.js"), spinning(5, "v2")).unwrap();
    let (code, _, err) = bext(d.dir.path(), &["deploy"]);
    assert_eq!(code, 0, "{err}");
    let status = d.wait_until(Duration::from_secs(20), "the canary's window", || {
        let (_, out, _) = bext(d.dir.path(), &["deploy", "status", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).ok()?;
        v[0]["version"].is_string().then_some(v)
    });
    let canary_slot = status[0]["canary_workers"][0].as_u64().unwrap();
    let before = restarts(&d);
    // The old workers reach their 40 requests and are replaced, in turn,
    // while the canary is judged.
    d.wait_until(Duration::from_secs(30), "routine rotations", || {
        (restarts(&d) >= before + 4).then_some(())
    });
    for w in d.workers() {
        let (Some(v), Some(slot)) = (w["version"].as_str(), w["id"].as_u64()) else {
            continue;
        };
        if v == "-" || w["state"] != "ACTIVE" {
            continue;
        }
        if slot == canary_slot {
            assert_ne!(v, old[0], "the canary runs the new version: {w}");
        } else {
            assert_eq!(v, old[0], "beside the canary, the old version: {w}");
        }
    }
    let (code, _, err) = bext(d.dir.path(), &["deploy", "rollback"]);
    assert_eq!(code, 0, "{err}");
    let got = load.finish();
    assert!(
        got.failed.is_empty(),
        "{:?}",
        &got.failed[..got.failed.len().min(5)]
    );
    d.wait_until(Duration::from_secs(20), "every worker on v1", || {
        (d.versions() == old && d.active("render") == 4).then_some(())
    });
}
