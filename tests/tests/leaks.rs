//! End-to-end leak diagnosis: the census each worker takes after its idle
//! collection, the growth per 1,000 requests bextd draws from it, the
//! pool's leak flag, and `bext heap`'s walk of one worker out of rotation.

use std::time::Duration;

use bext_e2e::{Daemon, bext, wait_for};
use serde_json::Value;

/// `/leak` keeps one closure and one object per request in a global Map;
/// `/bulk` keeps `BULK` of them in one request (the calibration);
/// `/warm` caches a fixed set of 50 (a warm-up, then flat); `/who` says
/// which worker answered.
const APP: &str = r#"
globalThis.cache = new Map();
let n = 0;
export const config = { mode: "test", limits: [1, 2, 3] };
function keep() {
  n++;
  const o = { n, at: n * 2 };
  globalThis.cache.set(n, () => o);
}
export function handler(req) {
  const p = req.path;
  if (p.endsWith("/leak")) { keep(); return "kept"; }
  if (p.endsWith("/bulk")) { for (let i = 0; i < 20000; i++) keep(); return "kept many"; }
  if (p.endsWith("/warm")) { n++; globalThis.cache.set(n % 50, { n, text: `entry ${n % 50}` }); return "ok"; }
  return { worker: bext.worker.id, pid: bext.worker.pid };
}
"#;
const BULK: f64 = 20000.0;

/// A pool `render` of two workers on `/app`, and `calib` of one on `/cal`.
const CONFIG: &str = "[render]\nscript = \"worker.js\"\njsc_workers = 2\nroute = \"^/app\"\n\
    [pools.calib]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/cal\"\n";

fn pool_rows(d: &Daemon, pool: &str) -> Vec<Value> {
    d.workers()
        .into_iter()
        .filter(|w| w["pool"] == pool && w["pid"].is_u64())
        .collect()
}

/// Waits until every worker of `pool` has sent a census counting all it
/// served (it has been idle and collected since its last request).
fn settled(d: &Daemon, pool: &str) -> Vec<Value> {
    wait_for(
        Duration::from_secs(20),
        "a census after the last request",
        || {
            let rows = pool_rows(d, pool);
            rows.iter()
                .all(|w| w["census"]["requests"] == w["requests_served"])
                .then_some(rows)
        },
    )
}

/// Sends `n` requests to `path`, in bursts with an idle spell after each
/// (so each worker takes a census).
fn bursts(d: &Daemon, path: &str, n: usize, burst: usize, pool: &str) {
    for _ in 0..n / burst {
        for _ in 0..burst {
            assert_eq!(d.get(path).status, 200);
        }
        settled(d, pool);
    }
}

/// Heap bytes a kept closure and object cost, measured in one request of
/// the `calib` pool: the truth the estimate is judged against.
fn bytes_per_leak(d: &Daemon) -> f64 {
    assert_eq!(d.get("/cal/who").status, 200);
    let before = settled(d, "calib")[0]["census"]["used_bytes"]
        .as_f64()
        .unwrap();
    assert_eq!(d.get("/cal/bulk").status, 200);
    let after = settled(d, "calib")[0]["census"]["used_bytes"]
        .as_f64()
        .unwrap();
    (after - before) / BULK
}

#[test]
fn a_leak_is_flagged_with_its_rate_and_bext_heap_names_the_map() {
    let d = Daemon::start(CONFIG, APP);
    d.wait_workers(3);
    let truth = bytes_per_leak(&d) * 1000.0;
    assert!(
        truth > 64.0,
        "a closure and an object cost {truth} bytes per 1,000?"
    );
    bursts(&d, "/app/leak", 3000, 250, "render");
    let rows = settled(&d, "render");
    for w in &rows {
        let g = &w["heap_growth"];
        let got = g["bytes_per_1k"].as_f64().expect("a growth figure");
        eprintln!(
            "worker {}: {got:.0} bytes per 1,000 requests, truth {truth:.0} ({:+.1} %), {} censuses",
            w["id"],
            (got - truth) / truth * 100.0,
            g["samples"]
        );
        assert!((got - truth).abs() <= truth * 0.2, "{g} against {truth}");
        assert_eq!(g["leaking"], true, "{g}");
        // A closure is a function object: two objects a request, and no
        // new compiled function.
        let objects = g["objects_per_1k"].as_f64().unwrap();
        assert!(
            (objects - 2000.0).abs() < 100.0,
            "an object and a closure a request: {g}"
        );
        assert!(g["functions_per_1k"].as_f64().unwrap().abs() < 10.0, "{g}");
    }
    d.wait_log("pool leaking", Duration::from_secs(5));
    assert_eq!(d.count_log("pool leaking"), 1, "one line per episode");
    let history = d.get("/__bext/history?last=0").json();
    let events = history["events"].as_array().unwrap();
    assert!(
        events
            .iter()
            .any(|e| e["kind"] == "leak" && e["pool"] == "render"),
        "{events:?}"
    );
    let (code, out, err) = bext(d.dir.path(), &["ps", "--long"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Heap census") && out.contains("leaking"),
        "{out}"
    );

    // What holds it: the Map, with one entry per request the walked
    // worker served.
    let (code, text, err) = bext(d.dir.path(), &["heap", "render"]);
    assert_eq!(code, 0, "{err}");
    eprintln!("bext heap render:\n{text}");
    assert!(
        text.contains("globalThis.cache") && text.contains("Map"),
        "{text}"
    );
    let (code, json, err) = bext(d.dir.path(), &["heap", "render", "--worker", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&json).unwrap();
    let served = pool_rows(&d, "render")
        .iter()
        .find(|w| w["id"] == 1)
        .unwrap()["requests_served"]
        .as_u64()
        .unwrap();
    let retainers = report["retainers"].as_array().unwrap();
    let top = &retainers[0];
    assert_eq!(top["path"], "globalThis.cache", "{report}");
    assert_eq!(top["kind"], "Map");
    assert_eq!(top["entries"].as_u64(), Some(served), "{report}");
    // Each entry's closure; what a closure captured is out of a walk's
    // reach (the census counts it).
    assert!(top["objects"].as_u64().unwrap() > served, "{report}");
    assert!(
        retainers
            .iter()
            .any(|r| r["path"] == "module:./worker.js#config"),
        "the script's exports are roots too: {report}"
    );
    assert_eq!(report["stopped_at_budget"], false);
}

#[test]
fn a_cache_that_warms_up_then_stays_flat_is_not_flagged() {
    let d = Daemon::start(CONFIG, APP);
    d.wait_workers(3);
    bursts(&d, "/app/warm", 3000, 250, "render");
    for w in settled(&d, "render") {
        let g = &w["heap_growth"];
        eprintln!("worker {}: {g}", w["id"]);
        assert_eq!(g["leaking"], false, "{g}");
        assert!(g["bytes_per_1k"].as_f64().unwrap().abs() < 1024.0, "{g}");
    }
    assert_eq!(d.count_log("pool leaking"), 0, "{}", d.logs());
}

/// A worker whose globals hold `N` objects (built at startup), and `/who`.
const GRAPH: &str = r#"
const N = Number(globalThis.process?.env?.GRAPH_N ?? 0) || __N__;
globalThis.graph = [];
for (let i = 0; i < N; i++) globalThis.graph.push({ i, next: null });
for (let i = 1; i < N; i++) globalThis.graph[i - 1].next = globalThis.graph[i];
export function handler(req) {
  return { worker: bext.worker.id, pid: bext.worker.pid };
}
"#;

fn graph(n: usize) -> String {
    GRAPH.replace("__N__", &n.to_string())
}

const TOKEN: &str = "walk-token-0123456789abcdef";

/// One `render` pool of `workers`, actions on with [`TOKEN`].
fn walkable(workers: usize) -> String {
    format!(
        "[server]\nadmin_token = \"{TOKEN}\"\n\n[render]\nscript = \"worker.js\"\njsc_workers = {workers}\n"
    )
}

/// `POST /__bext/heap?QUERY` with the token: a heap walk over HTTP.
fn walk(d: &Daemon, query: &str) -> bext_e2e::Reply {
    d.request(
        "POST",
        &format!("/__bext/heap?{query}"),
        &[("x-bext-token", TOKEN)],
        b"",
    )
}

/// Waits until `n` workers of `render` are ACTIVE (built their graph).
fn active(d: &Daemon, n: usize) {
    wait_for(Duration::from_secs(60), "the workers ACTIVE", || {
        (d.active("render") == n).then_some(())
    });
}

fn state_of(d: &Daemon, id: u64) -> String {
    pool_rows(d, "render")
        .iter()
        .find(|w| w["id"] == id)
        .map(|w| w["state"].as_str().unwrap_or("").to_owned())
        .unwrap_or_default()
}

#[test]
fn a_worker_in_a_heap_walk_serves_no_request_and_comes_back() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\n",
        &graph(300_000),
    );
    let pids = d.wait_workers(2);
    active(&d, 2);
    let dir = d.dir.path().to_path_buf();
    let walk = std::thread::spawn(move || {
        bext(
            &dir,
            &["heap", "render", "--worker", "0", "--budget-ms", "20000"],
        )
    });
    wait_for(Duration::from_secs(10), "worker 0 out of rotation", || {
        (state_of(&d, 0) == "MAINT").then_some(())
    });
    // Out of rotation: every request goes to the other worker.
    let mut during = 0;
    while state_of(&d, 0) == "MAINT" {
        let r = d.get("/who");
        assert_eq!(r.status, 200);
        if r.json()["worker"] == 0 {
            // Only once the walk is over: the state was read before the
            // request, and the walk may have ended in between.
            assert_ne!(
                state_of(&d, 0),
                "MAINT",
                "a request reached the worker being walked"
            );
            break;
        }
        during += 1;
    }
    let (code, out, err) = walk.join().unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("globalThis.graph") && out.contains("300,000"),
        "{out}"
    );
    assert!(during > 0, "the walk ended before a request could be sent");
    // Back in rotation, the same process.
    assert_eq!(state_of(&d, 0), "ACTIVE");
    assert_eq!(d.worker_pids().len(), pids.len());
    wait_for(Duration::from_secs(10), "worker 0 to serve again", || {
        (d.get("/who").json()["worker"] == 0).then_some(())
    });
    assert!(d.logs().contains("maintenance done"), "{}", d.logs());
}

#[test]
fn a_walk_over_a_huge_graph_stops_at_its_time_budget_and_says_so() {
    let d = Daemon::start(&walkable(2), &graph(1_000_000));
    d.wait_workers(2);
    active(&d, 2);
    let (code, out, err) = bext(d.dir.path(), &["heap", "render", "--budget-ms", "300"]);
    assert_eq!(code, 0, "{err}");
    eprintln!("{out}");
    assert!(out.contains("stopped at its time budget"), "{out}");
    let r = walk(&d, "pool=render&budget_ms=300");
    assert_eq!(r.status, 200, "{}", r.body);
    let report = r.json();
    assert_eq!(report["stopped_at_budget"], true, "{report}");
    let ms = report["elapsed_ms"].as_u64().unwrap();
    // The walk checks its clock every 1024 entries; the interrupt is its
    // backstop a second past the budget.
    assert!((300..=1300 + 500).contains(&ms), "stopped after {ms} ms");
    let visited = report["visited"].as_u64().unwrap();
    assert!(visited > 0 && visited < 1_000_000, "{report}");
    assert_eq!(d.active("render"), 2, "both back in rotation");
    // The status page shows the pool's last walk.
    let page = d.get("/__bext/").body;
    let heap = &page[page.find("id=\"heap\"").expect("a heap section")..];
    assert!(
        heap.contains("globalThis.graph") && heap.contains("stopped at its time budget"),
        "{heap}"
    );
}

#[test]
fn the_last_active_worker_is_never_walked() {
    let d = Daemon::start(&walkable(1), &graph(10));
    d.wait_workers(1);
    active(&d, 1);
    let (code, _, err) = bext(d.dir.path(), &["heap", "render"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("never takes the last one out of rotation"),
        "{err}"
    );
    let r = walk(&d, "pool=render");
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(d.active("render"), 1);
    assert!(d.get("/__bext/").body.contains("No walk yet"));
}

/// A page on another site, opened in a browser on the host, tried to fire
/// heap walks as images (`<img src="http://127.0.0.1:PORT/__bext/heap?...">`):
/// a GET has no effect, and a browser's request for another site's page
/// reads nothing either.
#[test]
fn a_cross_site_page_can_neither_walk_a_heap_nor_read_an_admin_path() {
    let d = Daemon::start(&walkable(2), &graph(10));
    d.wait_workers(2);
    active(&d, 2);
    let img = [
        ("sec-fetch-site", "cross-site"),
        ("sec-fetch-mode", "no-cors"),
        ("sec-fetch-dest", "image"),
    ];
    let q = "/__bext/heap?pool=render&budget_ms=20000";
    let r = d.request("GET", q, &img, b"");
    assert_eq!(r.status, 403, "{}", r.body);
    // Not even from a tool: a GET has no effect.
    assert_eq!(d.get(q).status, 405);
    // Without the token, or with another site's Origin, a POST walks nothing.
    assert_eq!(d.request("POST", q, &[], b"").status, 403);
    let foreign = [("x-bext-token", TOKEN), ("origin", "http://evil.example")];
    assert_eq!(d.request("POST", q, &foreign, b"").status, 403);
    for path in ["/__bext/workers", "/metrics", "/__bext/jobs", "/__bext/"] {
        let r = d.request("GET", path, &img, b"");
        assert_eq!(r.status, 403, "{path}: {}", r.body);
        let fetched = [("origin", "https://evil.example")];
        assert_eq!(d.request("GET", path, &fetched, b"").status, 403, "{path}");
    }
    // No worker left rotation, and no walk happened.
    assert_eq!(d.active("render"), 2);
    assert!(d.get("/__bext/").body.contains("No walk yet"));
    assert!(!d.logs().contains("maintenance done"), "{}", d.logs());
    // The page's own requests, and tools, still read.
    let own = format!("http://{}", d.addr);
    let same = [("sec-fetch-site", "same-origin"), ("origin", own.as_str())];
    assert_eq!(d.request("GET", "/__bext/workers", &same, b"").status, 200);
    assert_eq!(d.get("/metrics").status, 200);
}
