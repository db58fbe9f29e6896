//! The response cache with the real bextd and worker: a worker-side counter
//! per path says how many times the worker rendered it.

use std::time::Duration;

use bext_e2e::{Daemon, Setup, bext, request, wait_for};

const CONFIG: &str =
    "[render]\nscript = \"worker.js\"\njsc_workers = 1\n\n[render.cache]\nmax_bytes = 1048576\n";

const WORKER: &str = r#"
const renders = {};
export async function handler(req) {
  const p = req.path;
  if (p === "/count") return JSON.stringify(renders);
  const n = (renders[p] = (renders[p] || 0) + 1);
  const shared = "public, s-maxage=600";
  if (p === "/cookie") {
    return { status: 200, headers: { "cache-control": shared, "set-cookie": "sid=" + n }, body: "cookie " + n };
  }
  if (p === "/cold") await new Promise((r) => setTimeout(r, 300));
  const tag = p === "/tagged" ? "t1" : "other";
  return { status: 200, headers: { "cache-control": shared, "cache-tag": tag }, body: "VERSION " + p + " " + n };
}
"#;

fn start() -> Daemon {
    let d = Daemon::start_with(Setup {
        config: CONFIG,
        files: &[("worker.js", WORKER)],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

/// How many times the worker rendered `path`.
fn renders(d: &Daemon, path: &str) -> u64 {
    d.get("/count").json()[path].as_u64().unwrap_or(0)
}

#[test]
fn a_cacheable_page_is_rendered_once_then_answered_from_the_cache() {
    let d = start();
    let first = d.get("/page");
    assert_eq!(first.body, "VERSION /page 1");
    assert_eq!(first.header("x-bext-cache"), Some("miss"));
    assert_eq!(
        first.header("cache-tag"),
        None,
        "the cache's own header stays in"
    );
    for _ in 0..3 {
        let again = d.get("/page");
        assert_eq!(again.body, "VERSION /page 1");
        assert_eq!(again.header("x-bext-cache"), Some("hit"));
        assert!(again.header("age").is_some());
    }
    assert_eq!(renders(&d, "/page"), 1);
    // A request with a cookie (or Authorization) always reaches the worker.
    let with = d.request("GET", "/page", &[("cookie", "sid=9")], b"");
    assert_eq!(with.body, "VERSION /page 2");
    assert_eq!(with.header("x-bext-cache"), None);
    let metrics = d.get("/metrics").body;
    assert!(
        metrics.contains("bext_cache_hits_total{pool=\"render\"} 3"),
        "{metrics}"
    );
}

#[test]
fn an_answer_with_set_cookie_is_never_cached() {
    let d = start();
    assert_eq!(d.get("/cookie").body, "cookie 1");
    assert_eq!(d.get("/cookie").body, "cookie 2");
    assert_eq!(d.get("/cookie").header("set-cookie"), Some("sid=3"));
    assert_eq!(renders(&d, "/cookie"), 3);
}

#[test]
fn two_hundred_concurrent_requests_on_a_cold_key_make_one_render() {
    let d = start();
    let addr = d.addr;
    let threads: Vec<_> = (0..200)
        .map(|_| std::thread::spawn(move || request(addr, "GET", "/cold", &[], b"")))
        .collect();
    for t in threads {
        let r = t.join().unwrap();
        assert_eq!((r.status, r.body.as_str()), (200, "VERSION /cold 1"));
    }
    assert_eq!(renders(&d, "/cold"), 1, "one worker call for 200 requests");
}

#[test]
fn purge_by_prefix_or_tag_and_a_deploy_clear_the_cache() {
    let d = start();
    let dir = d.dir.path();
    d.get("/page");
    d.get("/tagged");
    let (code, out, err) = bext(dir, &["cache", "purge", "--tag", "t1"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "Purged 1 stored answer(s)\n");
    assert_eq!(d.get("/tagged").body, "VERSION /tagged 2");
    assert_eq!(d.get("/page").body, "VERSION /page 1", "untagged: kept");
    let (code, out, err) = bext(dir, &["cache", "purge", "/pa", "--pool", "render"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "Purged 1 stored answer(s)\n"),
        "{err}"
    );
    assert_eq!(d.get("/page").body, "VERSION /page 2");
    assert_eq!(d.get("/page").header("x-bext-cache"), Some("hit"));

    // Once no worker runs the old version, its answers go: the stored v1
    // page (fresh for 600 s) would be served otherwise.
    std::fs::write(dir.join("worker.js"), WORKER.replace("VERSION", "v2")).unwrap();
    let (code, _, err) = bext(dir, &["deploy"]);
    assert_eq!(code, 0, "{err}");
    wait_for(Duration::from_secs(20), "the new version's page", || {
        d.get("/page").body.starts_with("v2").then_some(())
    });
    assert!(
        d.logs()
            .contains("dropped the answers of versions no longer running"),
        "{}",
        d.logs()
    );
}

#[test]
fn a_canary_keeps_the_old_answers_and_a_rollback_drops_its_own() {
    let d = Daemon::start_with(Setup {
        config: &CONFIG.replace("jsc_workers = 1", "jsc_workers = 2").replace(
            "[render.cache]",
            "[render.deploy]\ncanary = true\ncanary_ms = 600000\ncanary_requests = 1000000\n\n[render.cache]",
        ),
        files: &[("worker.js", WORKER)],
        ..Setup::default()
    });
    d.wait_workers(2);
    let dir = d.dir.path();
    let v1 = d.versions();
    assert_eq!(d.get("/page").body, "VERSION /page 1");
    std::fs::write(dir.join("worker.js"), WORKER.replace("VERSION", "v2")).unwrap();
    let (code, _, err) = bext(dir, &["deploy"]);
    assert_eq!(code, 0, "{err}");
    d.wait_until(Duration::from_secs(20), "the canary serving", || {
        (d.versions().len() == 2 && d.active("render") == 2).then_some(())
    });
    // The old version still serves: its stored answer still holds.
    let page = d.get("/page");
    assert_eq!(
        (page.body.as_str(), page.header("x-bext-cache")),
        ("VERSION /page 1", Some("hit"))
    );
    // A page the canary rendered is stored, and served to everyone.
    let canary_page = (0..200)
        .map(|i| format!("/p{i}"))
        .find(|p| d.get(p).body.starts_with("v2"))
        .expect("the canary rendered one of 200 pages");
    assert_eq!(d.get(&canary_page).header("x-bext-cache"), Some("hit"));
    let (code, _, err) = bext(dir, &["deploy", "rollback"]);
    assert_eq!(code, 0, "{err}");
    d.wait_until(
        Duration::from_secs(20),
        "the old version on every worker",
        || (d.versions() == v1 && d.active("render") == 2).then_some(()),
    );
    let again = d.get(&canary_page);
    assert!(
        again.body.starts_with("VERSION"),
        "the canary's answer went: {}",
        again.body
    );
    assert_eq!(again.header("x-bext-cache"), Some("miss"));
    assert_eq!(
        d.get("/page").body,
        "VERSION /page 1",
        "the old version's answer stayed"
    );
}
