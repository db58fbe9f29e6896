//! End-to-end: change without restart (seed 003). Config reload on SIGHUP
//! and `bext reload` (resize without restarting, roll on worker settings,
//! invalid files refused, pools added and removed), change classification
//! of watched files, hot-swap in place, and the restart signal file.

use std::collections::BTreeSet;
use std::time::Duration;

use bext_e2e::{Daemon, Load, Setup, Signal, bext, wait_for};

/// Serves its data (a JSON module) and reloads it in `swap()`, slowly
/// enough (`SWAP_MS`) for SWAPPING to be seen.
const APP: &str = r#"
import first from "./data/items.json";
import { version } from "./lib.js";
let data = first;
let swaps = 0;
export function handler(req) {
  return { pid: bext.worker.pid, pool: bext.worker.pool, data, version };
}
export async function swap(changes) {
  swaps++;
  await new Promise((r) => setTimeout(r, SWAP_MS));
  const next = (await import("./data/items.json?swap=" + swaps)).default;
  if (next.fail) throw new Error("swap refused on purpose");
  data = next;
  console.log(`swap ${swaps} on worker ${bext.worker.id}: ${JSON.stringify(changes)}`);
}
"#;

const LIB: &str = "export const version = 1;\n";

fn app(swap_ms: u64) -> String {
    APP.replace("SWAP_MS", &swap_ms.to_string())
}

const OTHER: &str =
    "export function handler() { return { pid: bext.worker.pid, pool: bext.worker.pool }; }\n";

fn start(config: &str, swap_ms: u64) -> Daemon {
    let app = app(swap_ms);
    Daemon::start_with(Setup {
        config,
        files: &[
            ("worker.js", &app),
            ("lib.js", LIB),
            ("data/items.json", r#"{"items": ["a"]}"#),
            ("other.js", OTHER),
            ("run/README", "the restart signal file goes here\n"),
        ],
        ..Setup::default()
    })
}

/// (pid, generation, swaps) of every worker process of `pool`.
fn procs(d: &Daemon, pool: &str) -> BTreeSet<(i64, u64, u64)> {
    d.workers()
        .iter()
        .filter(|w| w["pool"] == pool && w["pid"].is_i64())
        .map(|w| {
            (
                w["pid"].as_i64().unwrap(),
                w["generation"].as_u64().unwrap(),
                w["swaps"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn pids(d: &Daemon, pool: &str) -> BTreeSet<i64> {
    procs(d, pool).into_iter().map(|p| p.0).collect()
}

/// Rewrites bextd's bext.toml with `edit` (which keeps its `[server]`).
fn edit_config(d: &Daemon, edit: impl FnOnce(String) -> String) {
    let path = d.dir.path().join("bext.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    write_atomically(&path, &edit(text));
}

fn write_atomically(path: &std::path::Path, text: &str) {
    let tmp = path.with_extension("tmp-edit");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

fn metric(d: &Daemon, line_start: &str) -> Option<f64> {
    let text = d.get("/metrics").body;
    text.lines()
        .find(|l| l.starts_with(line_start))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[test]
fn sighup_grows_a_pool_without_restarting_its_workers_under_load() {
    let d = start("[render]\nscript = \"worker.js\"\njsc_workers = 2\n", 10);
    d.wait_workers(2);
    let before = procs(&d, "render");
    let load = Load::get(&d, 4, "/");
    edit_config(&d, |t| t.replace("jsc_workers = 2", "jsc_workers = 3"));
    d.signal(Signal::SIGHUP);
    wait_for(Duration::from_secs(20), "3 ACTIVE workers", || {
        (d.active("render") == 3).then_some(())
    });
    let after = procs(&d, "render");
    assert!(
        before.is_subset(&after),
        "the 2 old workers stay, same pid and generation: {before:?} -> {after:?}"
    );
    // The old ones still serve.
    let served: BTreeSet<i64> = (0..60)
        .map(|_| d.get("/").json()["pid"].as_i64().unwrap())
        .collect();
    assert!(before.iter().any(|(pid, _, _)| served.contains(pid)));
    let got = load.finish();
    assert!(got.sent() > 0);
    assert!(got.failed.is_empty(), "failed requests: {:?}", got.failed);
    assert_eq!(
        metric(&d, "bext_config_reloads_total{result=\"ok\"}"),
        Some(1.0)
    );
    d.wait_log(
        "SIGHUP: reloading the configuration",
        Duration::from_secs(10),
    );
    d.wait_log(
        "applied without restarting workers",
        Duration::from_secs(10),
    );
}

#[test]
fn a_changed_max_requests_rolls_the_pool_and_bext_reload_says_so() {
    let d = start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\n[render.lifecycle]\nmax_requests = 1000\n",
        10,
    );
    let before = d.wait_workers(2);
    edit_config(&d, |t| {
        t.replace("max_requests = 1000", "max_requests = 2000")
    });
    let (code, out, err) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("lifecycle.max_requests changed: rolling restart"),
        "{out}"
    );
    d.wait_rotated(&before, 0);
    // Nothing changed since: a second reload changes nothing.
    let (code, out, _) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 0);
    assert!(out.contains("no change"), "{out}");
}

#[test]
fn a_broken_edit_keeps_the_running_config_and_names_each_problem() {
    let d = start("[render]\nscript = \"worker.js\"\njsc_workers = 2\n", 10);
    let before = d.wait_workers(2);
    edit_config(&d, |t| {
        t.replace(
            "jsc_workers = 2",
            "jsc_workers = \"three\"\nrequest_timeout_ms = -5",
        )
    });
    let (code, out, err) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("render.jsc_workers"), "{err}");
    assert!(err.contains("render.request_timeout_ms"), "{err}");
    assert!(err.contains("running configuration stays"), "{err}");
    d.signal(Signal::SIGHUP);
    wait_for(Duration::from_secs(10), "the SIGHUP reload to fail", || {
        (metric(&d, "bext_config_reloads_total{result=\"failed\"}") == Some(2.0)).then_some(())
    });
    // The log, read from bextd's stderr by another thread, may lag.
    wait_for(Duration::from_secs(10), "each problem in the log", || {
        let logs = d.logs();
        let refused: Vec<&str> = logs
            .lines()
            .filter(|l| l.contains("config reload refused"))
            .collect();
        (refused
            .iter()
            .any(|l| l.contains("render.request_timeout_ms"))
            && refused.iter().any(|l| l.contains("render.jsc_workers")))
        .then_some(())
    });
    assert_eq!(d.get("/").status, 200, "bextd keeps serving");
    assert_eq!(d.worker_pids(), before, "and keeps its workers");
}

#[test]
fn pools_added_by_a_reload_route_and_removed_ones_drain_without_failing_requests() {
    let d = start(
        "[pools.api]\nscript = \"other.js\"\njsc_workers = 1\nroute = \"^/api\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        10,
    );
    d.wait_workers(2);
    assert_eq!(d.get("/x/1").json()["pool"], "render");
    edit_config(&d, |t| {
        t.replace(
            "[render]",
            "[pools.x]\nscript = \"other.js\"\njsc_workers = 1\nroute = \"^/x\"\n[render]",
        )
    });
    let (code, out, err) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("pool x added"), "{out}");
    let r = d.get("/x/1");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["pool"], "x");
    let api = pids(&d, "api");
    assert_eq!(api.len(), 1);
    let load = Load::get(&d, 4, "/api/1");
    load.wait_answered(20);
    edit_config(&d, |t| {
        let start = t.find("[pools.api]").unwrap();
        let end = t.find("[pools.x]").unwrap();
        format!("{}{}", &t[..start], &t[end..])
    });
    let (code, out, err) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("pool api removed"), "{out}");
    let gone = *api.iter().next().unwrap();
    wait_for(Duration::from_secs(15), "the api worker to exit", || {
        (!d.worker_pids()
            .iter()
            .any(|p| i64::from(p.as_raw()) == gone))
        .then_some(())
    });
    let got = load.finish();
    assert!(got.sent() > 0);
    assert!(got.failed.is_empty(), "failed requests: {:?}", got.failed);
    assert_eq!(d.get("/api/1").json()["pool"], "render");
    d.wait_log("removed pool stopped", Duration::from_secs(5));
}

const SWAPPABLE: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 2\nswap_globs = [\"data/*.json\"]\n[render.lifecycle]\nwatch_dirs = [\"data\"]\nwatch_debounce_ms = 100\n";

#[test]
fn editing_an_imported_module_restarts_only_its_pool() {
    // The render pool's script and its import live in src/, which it
    // watches; the other pool's script elsewhere.
    let app = app(10);
    let d = Daemon::start_with(Setup {
        config: "[pools.other]\nscript = \"other.js\"\njsc_workers = 1\nroute = \"^/other\"\n[render]\nscript = \"src/worker.js\"\njsc_workers = 2\n[render.lifecycle]\nwatch_dirs = [\"src\"]\nwatch_debounce_ms = 100\n",
        files: &[
            ("src/worker.js", &app),
            ("src/lib.js", LIB),
            ("src/data/items.json", "{\"items\": []}"),
            ("other.js", OTHER),
        ],
        ..Setup::default()
    });
    let dir = d.dir.path().to_path_buf();
    d.wait_workers(3);
    wait_for(Duration::from_secs(10), "every worker ACTIVE", || {
        (d.active("render") == 2 && d.active("other") == 1).then_some(())
    });
    let other = pids(&d, "other");
    let render = pids(&d, "render");
    write_atomically(&dir.join("src/lib.js"), "export const version = 2;\n");
    wait_for(Duration::from_secs(20), "the render pool rolled", || {
        let now = pids(&d, "render");
        (now.len() == 2 && now.is_disjoint(&render) && d.active("render") == 2).then_some(())
    });
    assert_eq!(d.get("/").json()["version"], 2);
    assert_eq!(pids(&d, "other"), other, "the other pool is untouched");
    d.wait_log("src/lib.js (module)", Duration::from_secs(10));
}

#[test]
fn a_burst_touching_config_module_and_data_is_one_reload() {
    let d = start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nswap_globs = [\"data/*.json\"]\n[render.lifecycle]\nwatch_dirs = [\".\"]\nwatch_debounce_ms = 300\n",
        10,
    );
    let before = d.wait_workers(1);
    let dir = d.dir.path().to_path_buf();
    edit_config(&d, |t| t.replace("jsc_workers = 1", "jsc_workers = 2"));
    write_atomically(&dir.join("lib.js"), "export const version = 3;\n");
    write_atomically(&dir.join("data/items.json"), r#"{"items": ["z"]}"#);
    wait_for(Duration::from_secs(20), "2 new workers", || {
        let now = d.worker_pids();
        (now.len() == 2 && now.iter().all(|p| !before.contains(p)) && d.active("render") == 2)
            .then_some(())
    });
    assert_eq!(d.get("/").json()["version"], 3);
    assert_eq!(
        metric(&d, "bext_config_reloads_total{result=\"ok\"}"),
        Some(1.0),
        "{}",
        d.logs()
    );
    assert!(
        !d.logs().contains("hot-swap started"),
        "the restart covers the data"
    );
}

#[test]
fn signal_file_actions_stale_and_garbage() {
    let mut d = start(
        "[server]\nrestart_signal_file = \"run/signal.json\"\nsignal_stale_s = 60\n[render]\nscript = \"worker.js\"\njsc_workers = 2\n",
        10,
    );
    let dir = d.dir.path().to_path_buf();
    let file = dir.join("run/signal.json");
    let before = d.wait_workers(2);
    let gone = |d: &Daemon| {
        wait_for(Duration::from_secs(10), "the signal file removed", || {
            (!file.exists()).then_some(())
        });
        let _ = d;
    };

    // swap: same pids, one swap each.
    let (code, out, err) = bext(&dir, &["signal", "swap"]);
    assert_eq!(code, 0, "{out}{err}");
    gone(&d);
    // Removed once done: both workers have swapped by then.
    assert!(
        procs(&d, "render").iter().all(|p| p.2 == 1),
        "{:?}",
        procs(&d, "render")
    );
    assert_eq!(d.worker_pids(), before);

    // A stale one is ignored, with a warning.
    let old = format!(
        r#"{{"action": "restart", "timestamp": {}, "pid": 1}}"#,
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            - 3600
    );
    write_atomically(&file, &old);
    gone(&d);
    d.wait_log("ignored a stale restart signal", Duration::from_secs(5));
    assert_eq!(d.worker_pids(), before);

    // Garbage is reported and removed, never fatal.
    write_atomically(&file, "reboot please");
    gone(&d);
    d.wait_log("malformed restart signal file", Duration::from_secs(5));
    assert_eq!(d.get("/").status, 200);

    // restart: a rolling restart.
    let (code, _, err) = bext(
        &dir,
        &["signal", "restart", "--file", file.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{err}");
    gone(&d);
    // Removed once done: no old worker is left by then.
    let now = d.worker_pids();
    assert!(
        now.iter().all(|p| !before.contains(p)),
        "{now:?} {before:?}"
    );
    let rolled = d.wait_rotated(&before, 0);
    assert_eq!(rolled.len(), 2);
    assert_eq!(
        metric(
            &d,
            "bext_restart_signals_total{action=\"restart\",result=\"done\"}"
        ),
        Some(1.0)
    );

    // terminate: a graceful shutdown (within wait_exit's 20 s).
    let (code, _, err) = bext(&dir, &["signal", "terminate"]);
    assert_eq!(code, 0, "{err}");
    let status = d.wait_exit(Duration::from_secs(20));
    assert!(status.success(), "{status:?}");
    assert!(!file.exists());
}

#[test]
fn a_changed_listen_address_is_reported_and_left_as_it_is() {
    let d = start("[render]\nscript = \"worker.js\"\njsc_workers = 1\n", 10);
    let before = d.wait_workers(1);
    edit_config(&d, |t| t.replace("127.0.0.1:0", "127.0.0.1:1"));
    let (code, out, err) = bext(d.dir.path(), &["reload"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("server.listen changed: needs a restart of bextd"),
        "{out}"
    );
    assert_eq!(d.get("/").status, 200, "still on its address");
    assert_eq!(d.worker_pids(), before);
}

mod swap;
