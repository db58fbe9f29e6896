//! End-to-end: several pools, autoscaling, admission (429 and queue),
//! maintenance sweeps, custom calls and messages, the most recent pick,
//! worker credentials and response compression: the scenarios of
//! pixl-server-pool's README.

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::thread::JoinHandle;
use std::time::Duration;

use bext_e2e::{Daemon, Load, Setup, bext, bin, request};

const APP: &str = r#"
let maints = [];
let messages = [];
export function handler(req) {
  const wait = Number(req.query.ms || 0);
  if (req.path === "/who") return { pool: bext.worker.pool, worker: bext.worker.id };
  if (req.path === "/maints") return maints;
  if (req.path === "/messages") return messages;
  if (req.path === "/big") return { status: 200, headers: { "content-type": "text/html" }, body: "<p>bext compresses this</p>\n".repeat(800) };
  if (req.path === "/ping") { bext.sendMessage({ pong: bext.worker.id }); return "sent"; }
  return new Promise((r) => setTimeout(() => r(`done ${req.query.n || ""}`), wait));
}
export async function maint(data) {
  await new Promise((r) => setTimeout(r, 150));
  maints.push(data);
  console.log(`maint ran on worker ${bext.worker.id} with ${JSON.stringify(data)}`);
}
export function message(data) { messages.push(data); }
export async function custom(params) {
  if (params.fail) throw new Error("custom failed on purpose");
  return { sum: params.a + params.b, worker: bext.worker.id };
}
"#;

#[test]
fn requests_are_routed_to_the_first_matching_pool() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/app\"\n[pools.api]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/api\"\n[pools.all]\nscript = \"worker.js\"\njsc_workers = 1\nroute = \"^/a\"\n",
        &APP.replace("req.path === \"/who\"", "req.path.endsWith(\"/who\")"),
    );
    d.wait_workers(3);
    assert_eq!(d.get("/app/who").json()["pool"], "render");
    assert_eq!(d.get("/api/who").json()["pool"], "api");
    assert_eq!(d.get("/abc/who").json()["pool"], "all");
    assert_eq!(d.get("/other").status, 404);
}

#[test]
fn under_the_most_recent_pick_one_client_stays_with_one_worker() {
    // Each request finds every worker idle: the tie goes to the one used
    // last, so the others stay asleep.
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 3\npick = \"least_busy_recent\"\n",
        APP,
    );
    d.wait_workers(3);
    let ids: Vec<String> = (0..12).map(|_| d.get("/who").body).collect();
    assert!(ids.iter().all(|w| *w == ids[0]), "{ids:?}");
    let mut served: Vec<u64> = d
        .workers()
        .iter()
        .map(|w| w["requests_served"].as_u64().unwrap())
        .collect();
    served.sort();
    assert_eq!(served, vec![0, 0, 12]);
}

#[test]
fn duplicate_pool_names_and_bad_routes_are_config_errors() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("worker.js"), APP).unwrap();
    for (config, want) in [
        (
            "[render]\nscript = \"worker.js\"\n[pools.render]\nscript = \"worker.js\"\n",
            "duplicate pool name",
        ),
        (
            "[render]\nscript = \"worker.js\"\nroute = \"([a-\"\n",
            "render.route = \"([a-\": must be a regular expression",
        ),
        (
            "[render]\nscript = \"worker.js\"\nuser = \"no-such-user-here\"\n",
            "render.user = \"no-such-user-here\": must be a user name or id of this system",
        ),
    ] {
        std::fs::write(dir.path().join("bext.toml"), config).unwrap();
        let (code, _, err) = bext_e2e::run_bextd(&["--config", "bext.toml"], dir.path());
        assert_eq!(code, 78, "{config}: {err}");
        assert!(err.contains(want), "{config}: {err}");
    }
}

#[test]
fn autoscaling_grows_to_max_under_load_and_shrinks_after_cooldown() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\nmin_workers = 1\nmax_workers = 4\nbusy_factor = 1\ncooldown_ms = 300\nmax_concurrent_launches = 2\n",
        APP,
    );
    d.wait_workers(1);
    let load = Load::get(&d, 6, "/?ms=200");
    // The pool's size is sampled at every look, while it grows and while
    // the full load goes on for 30 answers more (some autoscaling ticks).
    let mut most = 0;
    let mut sample = || most = most.max(d.workers().len());
    d.wait_until(Duration::from_secs(15), "4 ACTIVE workers", || {
        sample();
        (d.active("render") == 4).then_some(())
    });
    let more = load.answered() + 30;
    d.wait_until(Duration::from_secs(20), "30 more answers", || {
        sample();
        (load.answered() >= more).then_some(())
    });
    assert!(most <= 4, "never above max_workers: {most}");
    let got = load.finish();
    assert!(got.failed.is_empty(), "{:?}", got.failed);
    d.wait_until(
        Duration::from_secs(15),
        "the pool to shrink back to 1",
        || (d.workers().len() == 1 && d.active("render") == 1).then_some(()),
    );
    let logs = d.logs();
    assert!(logs.contains("scaling up"), "{logs}");
    assert!(logs.contains("scaling down"), "{logs}");
    assert!(
        logs.contains("busy=") && logs.contains("target="),
        "scale events carry their numbers"
    );
    assert!(!logs.contains("exited unexpectedly"), "{logs}");
}

/// Sends GET `path` from a thread of its own; it returns (status, body).
fn send(d: &Daemon, path: String) -> JoinHandle<(u16, String)> {
    let addr = d.addr;
    std::thread::spawn(move || {
        let r = request(addr, "GET", &path, &[], b"");
        (r.status, r.body)
    })
}

/// Waits until the pool's workers hold exactly `n` requests.
fn wait_in_flight(d: &Daemon, n: u64) {
    d.wait_until(
        Duration::from_secs(5),
        &format!("{n} request(s) in flight"),
        || (d.in_flight() == n).then_some(()),
    );
}

#[test]
fn over_the_concurrency_limit_without_a_queue_is_429() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\nmax_concurrent_requests = 1\n",
        APP,
    );
    d.wait_workers(2);
    let slow = send(&d, "/?ms=1500".into());
    wait_in_flight(&d, 1);
    let r = d.get("/");
    assert_eq!(r.status, 429);
    assert_eq!(slow.join().unwrap().0, 200);
    assert_eq!(d.get("/").status, 200);
}

/// The order of the queue and its wait limit are unit-tested on a paused
/// clock (`front/admission.rs`); here, with real processes and margins of
/// most of a second: while one request runs, two queue and a third is
/// refused, and a queued request still waiting `request_timeout_ms` after
/// it arrived is answered 504.
#[test]
fn the_queue_is_bounded_and_honours_the_request_timeout() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\nmax_concurrent_requests = 1\nmax_queue_size = 2\nrequest_timeout_ms = 2000\n",
        APP,
    );
    d.wait_workers(2);
    // Three arrive while one runs for 1.4 s: two queue, one is refused.
    let running = send(&d, "/?ms=1400&n=first".into());
    wait_in_flight(&d, 1);
    let others: Vec<_> = (0..3).map(|n| send(&d, format!("/?n={n}"))).collect();
    let mut got: Vec<(u16, String)> = others.into_iter().map(|h| h.join().unwrap()).collect();
    got.sort();
    assert_eq!(running.join().unwrap(), (200, "done first".into()));
    assert_eq!(
        got.iter().map(|g| g.0).collect::<Vec<_>>(),
        [200, 200, 429],
        "{got:?}"
    );
    for (_, body) in &got[..2] {
        assert!(body.starts_with("done "), "{body}");
    }

    // Two queue behind a 1.4 s run, each to run 1.4 s: the second could
    // start only 2.8 s after the first began, past its 2 s from arrival.
    let running = send(&d, "/?ms=1400".into());
    wait_in_flight(&d, 1);
    let queued: Vec<_> = (0..2).map(|_| send(&d, "/?ms=1400".into())).collect();
    let mut statuses: Vec<u16> = queued.into_iter().map(|h| h.join().unwrap().0).collect();
    statuses.sort();
    assert_eq!(running.join().unwrap().0, 200);
    assert_eq!(
        statuses,
        [200, 504],
        "the later one waited past its deadline"
    );
}

#[test]
fn a_maintenance_sweep_under_load_fails_no_request_and_calls_maint_on_each_worker() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 3\n", APP);
    d.wait_workers(3);
    let load = Load::get(&d, 3, "/?ms=5");
    let (code, out, err) = bext(d.dir.path(), &["maint", "--pool", "render", "{\"x\":1}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 worker"), "{out}");
    let mut saw_maint = false;
    d.wait_until(Duration::from_secs(15), "maint() on every worker", || {
        saw_maint |= d.workers().iter().any(|w| w["state"] == "MAINT");
        (d.count_log("maint ran on worker") == 3).then_some(())
    });
    let got = load.finish();
    assert!(got.sent() > 0 && got.failed.is_empty(), "{:?}", got.failed);
    assert!(saw_maint, "a worker showed state MAINT during the sweep");
    for w in 0..3 {
        assert!(
            d.logs()
                .contains(&format!("maint ran on worker {w} with {{\"x\":1}}")),
            "{}",
            d.logs()
        );
    }
    assert_eq!(d.active("render"), 3);
}

#[test]
fn automatic_maintenance_every_n_requests() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\nauto_maint = true\nmaint_method = \"requests\"\nmaint_requests = 5\n",
        APP,
    );
    d.wait_workers(2);
    for _ in 0..30 {
        assert_eq!(d.get("/").status, 200);
    }
    d.wait_log("maint ran on worker", Duration::from_secs(10));
}

#[test]
fn bext_call_runs_custom_and_reports_errors_with_codes() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 2\n", APP);
    d.wait_workers(2);
    let (code, out, err) = bext(d.dir.path(), &["call", "render", "{\"a\":2,\"b\":40}"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["sum"], 42);
    let (code, _, err) = bext(d.dir.path(), &["call", "render", "{\"fail\":true}"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("500 Internal Server Error: Error: custom failed on purpose"),
        "{err}"
    );
    let (code, _, err) = bext(d.dir.path(), &["call", "nope", "{}"]);
    assert_eq!(code, 1);
    assert!(err.contains("no pool named"), "{err}");
    let (code, _, err) = bext(d.dir.path(), &["call", "render", "not json"]);
    assert_eq!(code, 2, "a usage error");
    assert!(err.contains("not JSON"), "{err}");
}

#[test]
fn bext_call_without_workers_is_503() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n[render.lifecycle.recovery]\nmax_consecutive_failures = 1\n",
        "throw new Error('no load');",
    );
    d.wait_log("ALERT", Duration::from_secs(10));
    let (code, _, err) = bext(d.dir.path(), &["call", "render", "{}"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("bext: 503 Service Unavailable"), "{err}");
}

#[test]
fn messages_reach_every_worker_and_workers_can_answer() {
    let d = Daemon::start("[render]\nscript = \"worker.js\"\njsc_workers = 2\n", APP);
    d.wait_workers(2);
    let (code, out, err) = bext(d.dir.path(), &["message", "render", "{\"flush\":true}"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "Sent to 2 worker(s)");
    // Each worker got it: ask until both answered.
    let mut seen = std::collections::BTreeSet::new();
    d.wait_until(
        Duration::from_secs(5),
        "both workers to show the message",
        || {
            let r = d.get("/messages");
            if r.json() == serde_json::json!([{"flush": true}]) {
                seen.insert(d.get("/who").json()["worker"].as_u64().unwrap());
            }
            (seen.len() == 2).then_some(())
        },
    );
    assert_eq!(d.get("/ping").body, "sent");
    d.wait_log("message from worker", Duration::from_secs(5));
    assert!(d.logs().contains("{\"pong\":"), "{}", d.logs());
    let sent: u64 = d
        .workers()
        .iter()
        .map(|w| w["messages_sent"].as_u64().unwrap())
        .sum();
    assert_eq!(sent, 1, "counted");
}

#[test]
fn env_is_added_to_the_workers_environment() {
    let wrapper = format!(
        "#!/bin/sh\necho \"greeting=$GREETING\"\nexec '{}'\n",
        bin("bext-worker").display()
    );
    let d = Daemon::start_with(Setup {
        config: "[server]\nworker_bin = \"wrapper.sh\"\n[render]\nscript = \"worker.js\"\njsc_workers = 1\nenv = { GREETING = \"hello from env\" }\n",
        files: &[("worker.js", APP), ("wrapper.sh", &wrapper)],
        ..Setup::default()
    });
    d.wait_workers(1);
    d.wait_log("greeting=hello from env", Duration::from_secs(5));
}

#[test]
fn workers_run_as_the_configured_user_and_group() {
    if !bext_e2e::can_act_as_root("workers_run_as_the_configured_user_and_group") {
        return;
    }
    let d = tempfile::tempdir().unwrap();
    // Everything the worker reads must be reachable by "nobody".
    std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let worker = d.path().join("bext-worker");
    std::fs::copy(bin("bext-worker"), &worker).unwrap();
    std::fs::write(d.path().join("worker.js"), APP).unwrap();
    let config = format!(
        "[server]\nworker_bin = \"{}\"\n[render]\nscript = \"{}\"\njsc_workers = 1\nuser = \"nobody\"\n",
        worker.display(),
        d.path().join("worker.js").display()
    );
    let daemon = Daemon::start_with(Setup {
        config: &config,
        ..Setup::default()
    });
    let pids = daemon.wait_workers(1);
    let status = std::fs::read_to_string(format!("/proc/{}/status", pids[0])).unwrap();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    };
    let nobody = nix::unistd::User::from_name("nobody").unwrap().unwrap();
    assert_eq!(field("Uid:"), nobody.uid.to_string());
    assert_eq!(field("Gid:"), nobody.gid.to_string());
    // Its HOME is the user's, not bextd's.
    let environ = std::fs::read(format!("/proc/{}/environ", pids[0])).unwrap();
    let home = format!("HOME={}", nobody.dir.display());
    assert!(
        environ.split(|b| *b == 0).any(|v| v == home.as_bytes()),
        "{home} not in {}",
        String::from_utf8_lossy(&environ)
    );
    assert_eq!(daemon.get("/").status, 200);
}

#[test]
fn compressed_responses_decode_to_the_original() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\ncompress = true\ncompress_regex = \"^text/\"\n",
        APP,
    );
    d.wait_workers(1);
    let plain = d.get("/big");
    assert_eq!(plain.header("content-encoding"), None);
    let original = plain.body.clone();
    let gz = d.request("GET", "/big", &[("accept-encoding", "gzip")], b"");
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    assert!(
        gz.bytes.len() < original.len() / 5,
        "{} vs {}",
        gz.bytes.len(),
        original.len()
    );
    let mut back = String::new();
    flate2::read::GzDecoder::new(&gz.bytes[..])
        .read_to_string(&mut back)
        .unwrap();
    assert_eq!(back, original);
    let br = d.request("GET", "/big", &[("accept-encoding", "gzip, br")], b"");
    assert_eq!(br.header("content-encoding"), Some("br"));
    let mut back = String::new();
    brotli::Decompressor::new(&br.bytes[..], 4096)
        .read_to_string(&mut back)
        .unwrap();
    assert_eq!(back, original);
    let deflate = d.request("GET", "/big", &[("accept-encoding", "deflate")], b"");
    assert_eq!(deflate.header("content-encoding"), Some("deflate"));
    let mut back = String::new();
    flate2::read::ZlibDecoder::new(&deflate.bytes[..])
        .read_to_string(&mut back)
        .unwrap();
    assert_eq!(back, original);
    // Not text, or too short: sent as is.
    let short = d.request("GET", "/?ms=0", &[("accept-encoding", "gzip")], b"");
    assert_eq!(short.header("content-encoding"), None);
    let json = d.request("GET", "/who", &[("accept-encoding", "gzip")], b"");
    assert_eq!(json.header("content-encoding"), None);
}
