//! The status page (`/__bext/`), its history (`/__bext/history`), its
//! event stream (`/__bext/events`) and its actions, against the real
//! bextd; the page itself in headless Chromium.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use bext_e2e::browser::{Browser, artefact};
use bext_e2e::{Daemon, Signal, wait_for};
use serde_json::Value;

const WORKER: &str = r#"export function handler(req) { return "ok " + bext.worker.id; }"#;
const TOKEN: &str = "s3cret-token-0123456789";

fn start(workers: u32, server: &str) -> Daemon {
    let config = format!(
        "[server]\n{server}\n[render]\nscript = \"worker.js\"\njsc_workers = {workers}\n\
         [render.lifecycle]\nmax_memory_mb = 256\n\
         [render.lifecycle.recovery]\nbackoff_initial_ms = 50\n"
    );
    let d = Daemon::start(&config, WORKER);
    d.wait_workers(workers as usize);
    d
}

fn history(d: &Daemon, query: &str) -> Value {
    let r = d.get(&format!("/__bext/history{query}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// Waits until the history holds at least `n` ticks.
fn wait_ticks(d: &Daemon, n: u64) {
    d.wait_until(Duration::from_secs(15), "history ticks", || {
        (history(d, "?last=1&workers=0")["tick"].as_u64() >= Some(n)).then_some(())
    });
}

/// The ACTIVE worker rows of `/__bext/workers` as (pool/id, state, pid).
fn active_rows(d: &Daemon) -> Vec<(String, String, String)> {
    let mut rows: Vec<_> = d
        .workers()
        .iter()
        .filter(|w| w["state"] == "ACTIVE")
        .map(|w| {
            (
                format!("{}/{}", w["pool"].as_str().unwrap(), w["id"]),
                "ACTIVE".to_string(),
                w["pid"].to_string(),
            )
        })
        .collect();
    rows.sort();
    rows
}

const PAGE_ROWS: &str = "JSON.stringify([...document.querySelectorAll('#wrows tr')].map(r => \
    [r.dataset.key, r.querySelector('.state').textContent, r.children[3].textContent]))";

#[test]
fn the_page_follows_live_data_in_chromium() {
    let d = start(3, "");
    for _ in 0..20 {
        assert_eq!(d.get("/").status, 200);
    }
    wait_ticks(&d, 4);
    // The server-rendered charts already have history.
    let html = d.get("/__bext/").body;
    let rps = html
        .split("id=\"c-render-rps\"")
        .nth(1)
        .and_then(|s| s.split("points=\"").nth(1))
        .and_then(|s| s.split('"').next())
        .expect("the req/s chart");
    assert!(rps.split_whitespace().count() >= 4, "{rps}");

    let mut b = Browser::launch();
    b.goto(&format!("http://{}/__bext/", d.addr));
    b.wait(
        Duration::from_secs(20),
        "live data in the page",
        "document.body.dataset.live === '1' && document.querySelector('#conn').textContent === 'live'",
    );
    // Its charts were filled from the history at once.
    let len = b.eval("+document.body.dataset.history");
    assert!(len.as_u64() >= Some(4), "history length {len}");
    let points = b.eval(
        "document.querySelector('#c-render-rps polyline').getAttribute('points').trim().split(' ').length",
    );
    assert!(points.as_u64() >= Some(4), "{points}");

    // Its rows are /__bext/workers'.
    let want = active_rows(&d);
    let rows = b.wait(
        Duration::from_secs(10),
        "the rows of /__bext/workers",
        &format!(
            "(() => {{ const r = {PAGE_ROWS}; return r === {:?} ? r : null; }})()",
            serde_json::to_string(&want.iter().map(|(k, s, p)| [k, s, p]).collect::<Vec<_>>())
                .unwrap()
        ),
    );
    assert!(rows.is_string());

    // A worker killed from outside: the crash event and its new process
    // appear without a reload.
    let victim = d.workers().into_iter().find(|w| w["id"] == 1).unwrap();
    let pid = victim["pid"].as_i64().unwrap() as i32;
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL).unwrap();
    b.wait(
        Duration::from_secs(15),
        "the crash in the events feed",
        &format!(
            "[...document.querySelectorAll('#feed li')].some(li => li.textContent.includes('crash') && li.textContent.includes('pid {pid}'))"
        ),
    );
    b.wait(
        Duration::from_secs(15),
        "a new ACTIVE process in slot 1",
        &format!(
            "(() => {{ const r = document.querySelector('#wrows tr[data-key=\"render/1\"]'); \
             return r && r.children[3].textContent !== '{pid}' && r.querySelector('.state').textContent === 'ACTIVE'; }})()"
        ),
    );
    assert_eq!(
        b.eval("performance.getEntriesByType('navigation').length"),
        1
    );
    let shot = artefact("status_page.png");
    b.screenshot(&shot);
    assert!(std::fs::metadata(&shot).unwrap().len() > 1000);
    eprintln!("screenshot: {}", shot.display());
}

#[test]
fn without_javascript_the_page_shows_the_tables() {
    let d = start(2, "");
    let mut b = Browser::launch();
    b.disable_scripts();
    b.goto(&format!("http://{}/__bext/?sort=rss", d.addr));
    let dom = wait_for(Duration::from_secs(10), "the worker table", || {
        let html = b.html()?;
        // The events come after the tables: once they are parsed, so are
        // every row.
        html.contains("id=\"events\"").then_some(html)
    });
    for (key, _, pid) in active_rows(&d) {
        assert!(
            dom.contains(&format!("data-key=\"{key}\"")),
            "{key} in {dom}"
        );
        assert!(dom.contains(&format!("<td>{pid}</td>")), "pid {pid}");
    }
    assert!(dom.contains("ACTIVE"));
    // The script did not run: the connection badge is as served.
    assert!(dom.contains(">snapshot<"), "{dom}");
    // And the page is small and strict.
    let page = d.get("/__bext/");
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("default-src 'none'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    let weight = page.bytes.len()
        + d.get("/__bext/app.js").bytes.len()
        + d.get("/__bext/app.css").bytes.len();
    assert!(weight < 60 * 1024, "{weight} bytes");
}

#[test]
fn status_paths_are_refused_outside_admin_allow() {
    let config = "[server]\nadmin_allow = [\"10.9.9.9/32\"]\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n";
    let d = Daemon::start(config, WORKER);
    d.wait_until(Duration::from_secs(20), "a worker", || {
        (d.get("/").status == 200).then_some(())
    });
    for path in [
        "/__bext/",
        "/__bext/events",
        "/__bext/history",
        "/__bext/app.js",
        "/__bext/actions",
    ] {
        assert_eq!(d.get(path).status, 403, "{path}");
    }
    assert_eq!(d.get("/").status, 200);
}

/// A raw SSE client: the response head, then messages as they come.
struct Sse {
    reader: BufReader<TcpStream>,
}

impl Sse {
    fn open(d: &Daemon, last_id: Option<u64>) -> Sse {
        let mut s = TcpStream::connect(d.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let resume = last_id.map_or(String::new(), |id| format!("Last-Event-ID: {id}\r\n"));
        write!(
            s,
            "GET /__bext/events HTTP/1.1\r\nHost: 127.0.0.1\r\n{resume}\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(s);
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.contains(" 200 "), "{status}");
        loop {
            let mut l = String::new();
            reader.read_line(&mut l).unwrap();
            if l == "\r\n" {
                break;
            }
        }
        Sse { reader }
    }

    /// The next event's id (ticks and comments skipped; chunk-size lines
    /// of the chunked encoding too).
    fn next_event(&mut self) -> u64 {
        loop {
            let mut l = String::new();
            self.reader.read_line(&mut l).expect("an event in time");
            if let Some(id) = l.strip_prefix("id: ") {
                return id.trim().parse().unwrap();
            }
        }
    }
}

#[test]
fn the_stream_resumes_from_last_event_id_without_loss() {
    let d = start(2, "");
    let mut first = Sse::open(&d, Some(0));
    let booted = first.next_event();
    assert_eq!(booted, 1);
    drop(first);
    let seen = history(&d, "?last=0")["events"].as_array().unwrap().len() as u64;
    // Events while nobody listens: a rolling restart of both workers.
    let (code, _, err) = bext_e2e::bext(d.dir.path(), &["workers", "restart"]);
    assert_eq!(code, 0, "{err}");
    let newest = d.wait_until(Duration::from_secs(15), "the restart's events", || {
        let ev = history(&d, "?last=0")["events"].as_array().unwrap().clone();
        let boots = ev.iter().filter(|e| e["kind"] == "boot").count();
        (boots >= 4).then(|| ev.last().unwrap()["id"].as_u64().unwrap())
    });
    let mut again = Sse::open(&d, Some(seen));
    let ids: Vec<u64> = (seen + 1..=newest).map(|_| again.next_event()).collect();
    assert_eq!(ids, (seen + 1..=newest).collect::<Vec<_>>());
    // And live ones after the backlog.
    d.signal(Signal::SIGHUP);
    assert_eq!(again.next_event(), newest + 1);
}

fn rss_kb(pid: nix::unistd::Pid) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap()
}

/// A connection whose receive buffer is tiny and which never reads.
fn deaf_client(d: &Daemon) -> TcpStream {
    use nix::sys::socket::{setsockopt, sockopt};
    let mut s = TcpStream::connect(d.addr).unwrap();
    setsockopt(&s, sockopt::RcvBuf, &4096).unwrap();
    write!(s, "GET /__bext/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    s
}

#[test]
fn a_client_that_never_reads_is_dropped_and_memory_stays_flat() {
    // Many workers make each second's message big.
    let d = start(48, "");
    wait_ticks(&d, 2);
    let before = rss_kb(d.pid);
    let deaf = deaf_client(&d);
    let started = Instant::now();
    d.wait_until(Duration::from_secs(60), "the deaf client dropped", || {
        (history(&d, "?last=0")["streams"]["dropped"].as_u64() >= Some(1)).then_some(())
    });
    eprintln!("dropped after {:?}", started.elapsed());
    let streams = history(&d, "?last=0")["streams"].clone();
    assert_eq!(streams["open"], 0, "{streams}");
    // Its connection is closed: reading what was queued ends in EOF.
    deaf.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut sink = Vec::new();
    let _ = (&deaf).read_to_end(&mut sink);
    let after = rss_kb(d.pid);
    assert!(
        after < before + 16 * 1024,
        "bextd RSS {before} kB → {after} kB"
    );
    // The cap: 16 streams at once, the 17th refused.
    let open: Vec<Sse> = (0..16).map(|_| Sse::open(&d, None)).collect();
    assert_eq!(d.get("/__bext/events").status, 503);
    drop(open);
}

fn post(d: &Daemon, headers: &[(&str, &str)], body: &str) -> bext_e2e::Reply {
    d.request("POST", "/__bext/actions", headers, body.as_bytes())
}

#[test]
fn actions_need_the_token_a_post_and_the_pages_origin() {
    let off = start(1, "");
    let r = post(
        &off,
        &[("x-bext-token", TOKEN)],
        r#"{"action":"restart","pool":"render"}"#,
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("admin_token"));
    drop(off);

    let d = start(2, &format!("admin_token = \"{TOKEN}\""));
    let restart = r#"{"action":"restart","pool":"render","worker":1}"#;
    assert_eq!(post(&d, &[], restart).status, 403);
    assert_eq!(
        post(&d, &[("x-bext-token", "s3cret-token-0123456788")], restart).status,
        403
    );
    let own = format!("http://{}", d.addr);
    let foreign = post(
        &d,
        &[("x-bext-token", TOKEN), ("origin", "http://evil.example")],
        restart,
    );
    assert_eq!(foreign.status, 403, "{}", foreign.body);
    assert_eq!(
        d.request("GET", "/__bext/actions", &[("x-bext-token", TOKEN)], b"")
            .status,
        405
    );
    assert!(
        d.workers().iter().all(|w| w["generation"] == 1),
        "nothing was restarted"
    );
    let ok = post(&d, &[("x-bext-token", TOKEN), ("origin", &own)], restart);
    assert_eq!(ok.status, 200, "{}", ok.body);
    d.wait_until(Duration::from_secs(15), "slot 1 restarted", || {
        d.workers()
            .iter()
            .any(|w| w["id"] == 1 && w["generation"] == 2 && w["state"] == "ACTIVE")
            .then_some(())
    });
    let events = history(&d, "?last=0")["events"].clone();
    let action = events
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "action")
        .expect("the action in the events feed");
    assert_eq!(action["worker"], 1);
    // The token is never printed.
    assert!(!d.logs().contains(TOKEN));
    wait_for(Duration::from_secs(1), "", || Some(()));
}
