//! `crypto.subtle` against Node's WebCrypto, with the real bextd and
//! worker: `tests/webcrypto/differential.mjs` runs in Node and does half of
//! each exchange itself and half in bext (`worker.js`, over HTTP), both
//! ways, for every algorithm and key format; and long operations that run
//! off the JS thread leave the worker's other requests alone.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use bext_e2e::{Daemon, Setup};

fn webcrypto_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("webcrypto")
}

fn file(name: &str) -> String {
    std::fs::read_to_string(webcrypto_dir().join(name)).unwrap()
}

#[test]
fn every_algorithm_and_format_interoperates_with_node() {
    let rpc = file("rpc.js");
    let worker = file("worker.js");
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", &worker), ("rpc.js", &rpc)],
        ..Setup::default()
    });
    let out = Command::new("node")
        .arg(webcrypto_dir().join("differential.mjs"))
        .arg(format!("http://{}/", d.addr))
        .output()
        .expect("node runs (scripts/test installs it)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "node failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    let total = v["total"].as_u64().unwrap();
    let failed = v["failed"].as_array().unwrap();
    println!(
        "{} of {total} exchanges agree",
        total as usize - failed.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {total} exchanges disagree:\n  {}",
        failed.len(),
        failed
            .iter()
            .map(|f| f.as_str().unwrap())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
    assert!(total >= 128, "too few cases ran: {total}");
}

/// A handler that spends `?iterations=` of PBKDF2 (answering how long it
/// took, in ms), and one that answers at once.
const SLOW_AND_FAST: &str = r#"
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname !== "/slow") return new Response("fast");
    const iterations = Number(url.searchParams.get("iterations"));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("pw"), "PBKDF2", false, ["deriveBits"]);
    const t = Date.now();
    await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(16), iterations }, key, 256);
    return new Response(String(Date.now() - t));
  },
};
"#;

fn slow_and_fast(extra: &str) -> Daemon {
    Daemon::start(
        &format!(
            "[render]\nscript = \"worker.js\"\njsc_workers = 1\nworker_concurrency = 4\n{extra}"
        ),
        SLOW_AND_FAST,
    )
}

/// The iterations of PBKDF2 that take about `ms` on this build and machine
/// (the probe is long enough for a millisecond clock: PBKDF2 is AWS-LC's C,
/// optimized even in a debug build, 100,000 iterations in about 20 ms).
fn iterations_for(d: &Daemon, ms: u64) -> u64 {
    let probe = 200_000;
    let r = d.get(&format!("/slow?iterations={probe}"));
    let took: u64 = r
        .body
        .parse()
        .unwrap_or_else(|_| panic!("{} {}", r.status, r.body));
    probe * ms / took.max(1)
}

#[test]
fn a_long_pbkdf2_does_not_hold_up_the_workers_other_requests() {
    let d = slow_and_fast("");
    assert_eq!(d.get("/").body, "fast");
    let path = format!("/slow?iterations={}", iterations_for(&d, 1500));
    let addr = d.addr;
    let slow = std::thread::spawn(move || bext_e2e::request(addr, "GET", &path, &[], b""));
    d.wait_until(Duration::from_secs(10), "the slow request to run", || {
        (d.in_flight() == 1).then_some(())
    });
    // While the derivation runs on another thread, the worker answers.
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        let t = Instant::now();
        assert_eq!(d.get("/").body, "fast");
        worst = worst.max(t.elapsed());
    }
    let slow = slow.join().unwrap();
    assert_eq!(slow.status, 200, "{}", slow.body);
    let took = Duration::from_millis(slow.body.parse().unwrap());
    println!("PBKDF2 took {took:?}; the other requests at worst {worst:?}");
    assert!(
        took > Duration::from_millis(500),
        "the derivation is long enough to tell: {took:?}"
    );
    assert!(
        worst < Duration::from_millis(250),
        "a request waited {worst:?} behind a {took:?} derivation"
    );
}

#[test]
fn a_deadline_that_passes_during_a_long_operation_answers_504() {
    let d = slow_and_fast("request_timeout_ms = 1000\n");
    let path = format!("/slow?iterations={}", iterations_for(&d, 3000));
    let t = Instant::now();
    let r = d.get(&path);
    assert_eq!(r.status, 504, "{}", r.body);
    assert!(
        t.elapsed() < Duration::from_secs(3),
        "answered after {:?}",
        t.elapsed()
    );
    // The worker goes on serving (the derivation finishes unobserved).
    assert_eq!(d.get("/").body, "fast");
}

/// The npm bundle of `tests/js/src/jwt.js` (jose), built by tests/js/build.sh.
fn jwt_bundle() -> String {
    let js = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("js");
    let out = Command::new("bash")
        .arg(js.join("build.sh"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "tests/js/build.sh failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    js.join("dist/jwt.js").to_string_lossy().into_owned()
}

#[test]
fn jose_verifies_hs256_es256_rs256_and_ps256_tokens_in_a_worker() {
    let script = jwt_bundle();
    let d = Daemon::start(
        &format!("[render]\nscript = \"{script}\"\njsc_workers = 1\n"),
        "",
    );
    for path in ["/hs256", "/es256", "/rs256", "/ps256"] {
        let r = d.get(path);
        assert_eq!(
            (r.status, r.body.as_str()),
            (200, "user-42"),
            "{path}: {}",
            d.logs()
        );
    }
}
