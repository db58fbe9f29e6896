//! Workers forked from a template worker (`spawn`): bextd stays their
//! parent, nothing per process is shared, and when the template cannot
//! serve, workers start by exec and nothing is lost.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bext_e2e::{Daemon, Setup, Signal, children, comm, wait_for};
use nix::unistd::Pid;

/// Each worker reports what it drew and read when its module loaded.
const APP: &str = r#"
const boot = { draw: Math.random(), now: performance.now(), origin: performance.timeOrigin };
export function handler(req) {
  return { pid: bext.worker.pid, ...boot, later: Math.random() };
}
"#;

fn config(spawn: &str, workers: u32) -> String {
    format!("[render]\nscript = \"worker.js\"\njsc_workers = {workers}\nspawn = \"{spawn}\"\n")
}

fn templates(d: &Daemon) -> Vec<Pid> {
    children(d.pid)
        .into_iter()
        .filter(|p| comm(*p).as_deref() == Some("bext-template"))
        .collect()
}

/// What each worker in `pids` reported, by asking until all have answered.
fn boots(d: &Daemon, pids: &[Pid]) -> Vec<serde_json::Value> {
    let mut seen: Vec<serde_json::Value> = Vec::new();
    wait_for(
        Duration::from_secs(10),
        "an answer from every worker",
        || {
            let r = d.get("/");
            assert_eq!(r.status, 200, "{}", r.body);
            let v = r.json();
            if !seen.iter().any(|s| s["pid"] == v["pid"]) {
                seen.push(v);
            }
            (seen.len() == pids.len()).then_some(())
        },
    );
    seen
}

fn cmdline(pid: Pid) -> String {
    let raw = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    String::from_utf8_lossy(&raw)
        .trim_end_matches('\0')
        .to_string()
}

/// Whether `pid` was forked from a template: its title was written over
/// the template's argument area, which bextd makes 128 bytes or more; an
/// exec'd worker's holds its title alone.
fn forked(pid: Pid) -> bool {
    std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| c.len() >= 128)
}

/// Two workers whose template commits the test `fault`.
fn with_fault(fault: &str) -> Daemon {
    let config = format!(
        "{}env = {{ BEXT_TEST_FAULTS = \"{fault}\" }}\n",
        config("template", 2)
    );
    Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", APP)],
        ..Setup::default()
    })
}

fn unix_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        * 1000.0
}

#[test]
fn forked_workers_are_bextd_children_with_their_own_title_group_seed_and_clock() {
    let d = Daemon::start(&config("template", 3), APP);
    let before = d.wait_workers(3);
    let template = templates(&d);
    assert_eq!(
        template.len(),
        1,
        "one template: {template:?}\n{}",
        d.logs()
    );
    assert!(
        cmdline(template[0]).starts_with("bext-worker: template (render)"),
        "{:?}",
        cmdline(template[0])
    );
    for pid in &before {
        // worker_pids() lists children of bextd: the forks are bextd's.
        assert!(
            cmdline(*pid).starts_with("bext-worker: render #"),
            "{:?}",
            cmdline(*pid)
        );
        assert_eq!(
            nix::unistd::getpgid(Some(*pid)).unwrap(),
            *pid,
            "own process group"
        );
        assert!(forked(*pid), "{pid} forked from the template");
    }
    let first = boots(&d, &before);
    let mut draws: Vec<String> = first.iter().map(|b| b["draw"].to_string()).collect();
    draws.sort();
    draws.dedup();
    assert_eq!(draws.len(), 3, "each worker its own Math.random: {first:?}");

    // Workers forked from an older template start their own clock.
    let old = Instant::now();
    wait_for(
        Duration::from_secs(5),
        "the template to be 1.5 s old",
        || (old.elapsed() > Duration::from_millis(1500)).then_some(()),
    );
    let asked = unix_ms();
    d.signal(Signal::SIGHUP);
    let after = d.wait_rotated(&before, 0);
    assert_eq!(templates(&d), template, "the same template forked them");
    for b in boots(&d, &after) {
        let now = b["now"].as_f64().unwrap();
        let origin = b["origin"].as_f64().unwrap();
        assert!(now < 1000.0, "performance.now() at load: {b}");
        assert!(
            origin >= asked - 50.0,
            "timeOrigin {origin} before the restart at {asked}"
        );
        assert!(b["later"] != b["draw"], "{b}");
    }
}

#[test]
fn exec_starts_every_worker_itself_and_no_template() {
    let d = Daemon::start(&config("exec", 2), APP);
    let pids = d.wait_workers(2);
    assert_eq!(boots(&d, &pids).len(), 2);
    assert!(templates(&d).is_empty(), "{:?}", templates(&d));
    assert!(pids.iter().all(|p| !forked(*p)), "exec'd: {pids:?}");
}

/// Where seccomp answers clone3 with ENOSYS (Docker's and containerd's
/// default profiles), the template forks with clone.
#[test]
fn without_clone3_the_template_forks_with_clone() {
    let d = with_fault("no-clone3");
    let pids = d.wait_workers(2);
    assert!(
        pids.iter().all(|p| forked(*p)),
        "forked: {pids:?}\n{}",
        d.logs()
    );
    assert_eq!(boots(&d, &pids).len(), 2);
    assert_eq!(templates(&d).len(), 1);
    assert_eq!(
        d.count_log("cannot use a template worker"),
        0,
        "{}",
        d.logs()
    );
}

#[test]
fn a_killed_template_is_replaced_and_workers_keep_starting() {
    let d = Daemon::start(&config("template", 2), APP);
    let before = d.wait_workers(2);
    let template = templates(&d);
    assert_eq!(template.len(), 1);
    nix::sys::signal::kill(template[0], Signal::SIGKILL).unwrap();
    wait_for(Duration::from_secs(5), "the template to be gone", || {
        (!templates(&d).contains(&template[0])).then_some(())
    });
    d.signal(Signal::SIGHUP);
    let after = d.wait_rotated(&before, 0);
    assert_eq!(boots(&d, &after).len(), 2);
    let now = templates(&d);
    assert_eq!(now.len(), 1, "a new template: {now:?}");
    assert_ne!(now, template);
}

#[test]
fn a_template_that_cannot_start_leaves_the_pool_to_exec_with_a_warning() {
    let d = with_fault("template-fails");
    let pids = d.wait_workers(2);
    assert_eq!(boots(&d, &pids).len(), 2);
    d.wait_log("cannot use a template worker", Duration::from_secs(5));
    assert_eq!(
        d.count_log("cannot use a template worker"),
        1,
        "said once:\n{}",
        d.logs()
    );
    assert!(templates(&d).is_empty());
    assert!(pids.iter().all(|p| !forked(*p)), "exec'd: {pids:?}");
}

/// The scheduling policy of every thread of `pid` (field 41 of
/// /proc/PID/task/TID/stat: 0 SCHED_OTHER, 3 SCHED_BATCH).
fn policies(pid: Pid) -> Vec<u32> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).unwrap();
    tasks
        .filter_map(|t| std::fs::read_to_string(t.unwrap().path().join("stat")).ok())
        .map(|stat| {
            // After the name in parentheses come fields 3, 4, …
            let rest = &stat[stat.rfind(')').unwrap() + 2..];
            rest.split(' ').nth(41 - 3).unwrap().parse().unwrap()
        })
        .collect()
}

/// `scheduling = "batch"`: every thread of a request worker runs under
/// SCHED_BATCH, forked or exec'd; the default ("normal") is SCHED_OTHER.
#[test]
fn request_workers_run_under_the_pools_scheduling_policy() {
    for (spawn, scheduling, policy) in [
        ("template", "scheduling = \"batch\"\n", 3),
        ("exec", "scheduling = \"batch\"\n", 3),
        ("template", "", 0),
    ] {
        let d = Daemon::start(&format!("{}{scheduling}", config(spawn, 2)), APP);
        let pids = d.wait_workers(2);
        assert_eq!(boots(&d, &pids).len(), 2);
        for pid in pids {
            let seen = policies(pid);
            assert!(
                !seen.is_empty() && seen.iter().all(|p| *p == policy),
                "{spawn} {scheduling:?}: worker {pid} threads {seen:?}, want {policy}"
            );
        }
        if let Some(t) = templates(&d).first() {
            assert!(
                policies(*t).iter().all(|p| *p == 0),
                "the template serves nothing: SCHED_OTHER"
            );
        }
    }
}
