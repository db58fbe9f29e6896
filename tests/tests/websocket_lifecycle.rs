//! What happens to open WebSockets when their worker or bextd changes:
//! a rotation closes a draining worker's sockets with 1012 after
//! `ws_drain_ms` (clients reconnect and an acknowledged echo protocol
//! loses nothing), a worker killed with SIGKILL has its sockets closed with
//! 1011 at once and the others untouched, SIGTERM of bextd closes them all
//! with 1001; a thousand sockets across two workers; sockets spread over
//! the workers under the most recent pick too.

use std::time::Duration;

use bext_e2e::ws::Clients;
use bext_e2e::{Daemon, Signal, bext};

/// Echoes; says its pid first, so a client knows which worker holds it.
const LIFE: &str = r#"
export function handler(req) {
  if (req.path === "/ws") {
    const { socket, response } = bext.upgradeWebSocket(req);
    socket.onopen = () => socket.send(String(bext.worker.pid));
    socket.onmessage = (e) => socket.send(e.data);
    return response;
  }
  return "plain";
}
"#;

fn start(extra: &str, lifecycle: &str) -> Daemon {
    let config = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 2\n{extra}\n[render.lifecycle]\n{lifecycle}\n"
    );
    let d = Daemon::start(&config, LIFE);
    d.wait_workers(2);
    d
}

fn url(d: &Daemon) -> String {
    format!("ws://{}/ws", d.addr)
}

/// `codes[pid]` as (code, count) pairs.
fn codes_of(report: &serde_json::Value, pid: &str) -> Vec<(String, u64)> {
    report["codes"][pid]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
                .collect()
        })
        .unwrap_or_default()
}

/// How many of `c`'s sockets each worker holds, smallest first.
fn per_worker(c: &Clients) -> Vec<u64> {
    let mut per: Vec<u64> = pids_of(c).into_iter().map(|(_, n)| n).collect();
    per.sort();
    per
}

fn pids_of(c: &Clients) -> Vec<(String, u64)> {
    let m = c.pids.as_object().unwrap();
    m.iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect()
}

#[test]
fn a_restarted_worker_closes_its_sockets_with_1012_within_ws_drain_ms_and_no_other() {
    let d = start("ws_drain_ms = 1000", "drain_timeout_ms = 10000");
    let mut c = Clients::open("hold", &url(&d), 40, 6.0);
    let pids = pids_of(&c);
    assert_eq!(pids.len(), 2, "both workers hold sockets: {pids:?}");
    c.go();
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart", "--worker", "0"]);
    assert_eq!(code, 0, "{err}");
    let report = c.report();
    let (restarted, kept): (Vec<_>, Vec<_>) = pids
        .iter()
        .partition(|(pid, _)| codes_of(&report, pid).iter().any(|(c, _)| c == "1012"));
    assert_eq!(restarted.len(), 1, "{report}");
    let (pid, n) = &restarted[0];
    assert_eq!(
        codes_of(&report, pid),
        vec![("1012".to_string(), *n)],
        "{report}"
    );
    let (other, m) = &kept[0];
    assert_eq!(
        codes_of(&report, other),
        vec![("open".to_string(), *m)],
        "{report}"
    );
    // ws_drain_ms after the drain began (the replacement boots first).
    let last = report["last_close_s"].as_f64().unwrap();
    assert!((0.9..2.5).contains(&last), "{report}");
}

#[test]
fn a_rolling_restart_with_200_sockets_loses_no_acknowledged_message() {
    let d = start("ws_drain_ms = 500", "drain_timeout_ms = 10000");
    let mut c = Clients::open("crowd", &url(&d), 200, 6.0);
    c.go();
    let (code, _, err) = bext(d.dir.path(), &["workers", "restart"]);
    assert_eq!(code, 0, "{err}");
    let report = c.report();
    let codes = report["codes"].as_object().unwrap();
    assert_eq!(codes.keys().collect::<Vec<_>>(), vec!["1012"], "{report}");
    // Every socket met a rotation at least once, and came back.
    assert!(codes["1012"].as_u64().unwrap() >= 200, "{report}");
    assert_eq!(report["lost"], 0, "{report}");
    assert_eq!(report["duplicated"], 0, "{report}");
    assert!(report["acked"].as_u64().unwrap() >= 400, "{report}");
}

#[test]
fn a_killed_worker_closes_its_sockets_with_1011_at_once_and_no_other() {
    let d = start("", "");
    let mut c = Clients::open("hold", &url(&d), 40, 3.0);
    let pids = pids_of(&c);
    assert_eq!(pids.len(), 2, "both workers hold sockets: {pids:?}");
    c.go();
    let (victim, n) = &pids[0];
    let pid = nix::unistd::Pid::from_raw(victim.parse().unwrap());
    nix::sys::signal::kill(pid, Signal::SIGKILL).unwrap();
    let report = c.report();
    assert_eq!(
        codes_of(&report, victim),
        vec![("1011".to_string(), *n)],
        "{report}"
    );
    let (other, m) = &pids[1];
    assert_eq!(
        codes_of(&report, other),
        vec![("open".to_string(), *m)],
        "{report}"
    );
    let last = report["last_close_s"].as_f64().unwrap();
    assert!(last < 1.0, "closed at once: {report}");
}

#[test]
fn a_thousand_sockets_across_two_workers_close_with_1001_at_sigterm() {
    // All from 127.0.0.1: past the default of 256 sockets per address.
    let mut d = start("ws_max_client_sockets = 0", "");
    let mut c = Clients::open("hold", &url(&d), 1000, 20.0);
    let pids = pids_of(&c);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert_eq!(pids.iter().map(|(_, n)| n).sum::<u64>(), 1000);
    // Still served meanwhile.
    assert_eq!(d.get("/plain").body, "plain");
    c.go();
    d.signal(Signal::SIGTERM);
    let report = c.report();
    for (pid, n) in &pids {
        assert_eq!(
            codes_of(&report, pid),
            vec![("1001".to_string(), *n)],
            "{report}"
        );
    }
    let status = d.wait_exit(Duration::from_secs(20));
    assert!(status.success(), "{status:?}");
}

/// The open sockets of each worker, from `/__bext/workers`, smallest first.
fn open_sockets(d: &Daemon) -> Vec<u64> {
    let workers = d.workers();
    let mut open: Vec<u64> = workers
        .iter()
        .map(|w| w["sockets"]["open"].as_u64().unwrap())
        .collect();
    open.sort();
    open
}

/// `bext_worker_websockets_open` summed over the workers.
fn metric_open(d: &Daemon) -> u64 {
    d.get("/metrics")
        .body
        .lines()
        .filter(|l| l.starts_with("bext_worker_websockets_open{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<u64>().ok())
        .sum()
}

#[test]
fn sockets_count_against_their_worker_and_max_sockets_answers_503() {
    let d = start("max_sockets = 2", "");
    let c = Clients::open("hold", &url(&d), 4, 5.0);
    assert_eq!(
        per_worker(&c),
        vec![2, 2],
        "an upgrade goes to a worker under max_sockets"
    );
    let status = bext_e2e::ws::client(&["status", &url(&d)]);
    assert_eq!(status["status"], 503, "{status}");
    assert_eq!(open_sockets(&d), vec![2, 2]);
    assert_eq!(metric_open(&d), 4);
    let workers = d.workers();
    let out: u64 = workers
        .iter()
        .map(|w| w["sockets"]["messages_out"].as_u64().unwrap())
        .sum();
    assert_eq!(out, 4, "each socket's hello: {workers:?}");
    let (code, ps, _) = bext(d.dir.path(), &["ps"]);
    assert_eq!(code, 0);
    assert!(ps.contains("Sockets"), "{ps}");
    // Gone clients are counted out.
    drop(c);
    d.wait_until(Duration::from_secs(5), "no socket left", || {
        (open_sockets(&d).iter().sum::<u64>() == 0).then_some(())
    });

    let d = start("max_pool_sockets = 3", "");
    let _c = Clients::open("hold", &url(&d), 3, 5.0);
    let status = bext_e2e::ws::client(&["status", &url(&d)]);
    assert_eq!(status["status"], 503, "{status}");
}

#[test]
fn an_upgrade_counts_as_a_request_for_max_requests() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nws_drain_ms = 300\n[render.lifecycle]\nmax_requests = 3\n",
        LIFE,
    );
    d.wait_workers(1);
    let mut c = Clients::open("hold", &url(&d), 3, 5.0);
    c.go();
    let report = c.report();
    let codes: Vec<_> = report["codes"].as_object().unwrap().values().collect();
    assert_eq!(codes, vec![&serde_json::json!({"1012": 3})], "{report}");
}

/// The sockets cell of each worker's row on the status page (the cell
/// before RSS), by worker pid.
fn page_sockets(d: &Daemon) -> Vec<(String, String)> {
    let page = d.get("/__bext/").body;
    let rows = page.split("<tr data-key=\"render/").skip(1);
    rows.map(|row| {
        let row = row.split("</tr>").next().unwrap();
        let cells: Vec<&str> = row
            .split("<td")
            .map(|c| c.split_once('>').map_or("", |(_, t)| t))
            .map(|t| t.split("</td>").next().unwrap())
            .collect();
        let rss = cells.iter().position(|c| c.starts_with("<svg")).unwrap();
        (cells[4].to_owned(), cells[rss - 1].to_owned())
    })
    .collect()
}

#[test]
fn the_status_page_shows_each_workers_open_sockets() {
    let d = start("", "");
    let page = d.get("/__bext/").body;
    assert!(page.contains("<th>sockets</th>"), "{page}");
    // Workers that never had a socket say so.
    let cells = page_sockets(&d);
    assert_eq!(cells.len(), 2, "{cells:?}");
    assert!(cells.iter().all(|(_, s)| s == "–"), "{cells:?}");
    // Three sockets: each worker's row has its own count.
    let c = Clients::open("hold", &url(&d), 3, 5.0);
    let mut want: Vec<(String, String)> = pids_of(&c)
        .into_iter()
        .map(|(pid, n)| (pid, n.to_string()))
        .collect();
    want.sort();
    let mut got = page_sockets(&d);
    got.retain(|(_, s)| s != "–");
    got.sort();
    assert_eq!(got, want);
    // Gone clients are counted out.
    drop(c);
    d.wait_until(Duration::from_secs(5), "no socket on the page", || {
        let cells = page_sockets(&d);
        cells
            .iter()
            .all(|(_, s)| s == "0" || s == "–")
            .then_some(())
    });
}

#[test]
fn sockets_spread_over_the_workers_under_the_most_recent_pick_too() {
    // The upgrade's answer leaves its worker idle again, so by its
    // requests alone it would tie with the other and, as the most recent,
    // take every socket; its open sockets count in its load.
    let d = start("pick = \"least_busy_recent\"", "");
    let c = Clients::open("hold", &url(&d), 4, 5.0);
    assert_eq!(per_worker(&c), vec![2, 2], "opened one after another");
    assert_eq!(open_sockets(&d), vec![2, 2]);
}
