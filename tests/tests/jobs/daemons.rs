//! Daemons: resumed from their checkpoint after their process is killed,
//! and after bextd itself stops and starts again.

use super::*;

fn count(j: &Value) -> u64 {
    j["checkpoint"]["count"].as_u64().unwrap_or(0)
}

fn wait_count(d: &Daemon, id: &str, at_least: u64) -> (u64, Pid) {
    d.wait_until(
        Duration::from_secs(10),
        &format!("the daemon to count to {at_least}"),
        || {
            let j = job(d, id);
            let c = count(&j);
            pid_of(&j).filter(|_| c >= at_least).map(|pid| (c, pid))
        },
    )
}

/// The count of the job's checkpoint in the jobs file, as committed.
fn stored_count(db: &Path, id: &str) -> Option<u64> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let conn = rusqlite::Connection::open_with_flags(db, flags).ok()?;
    let json: Option<String> = conn
        .query_row("SELECT checkpoint FROM jobs WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .ok()?;
    serde_json::from_str::<Value>(&json?).ok()?["count"].as_u64()
}

/// `resumed from N` lines of the job's log, as numbers.
fn resumed(dir: &Path, id: &str) -> Vec<u64> {
    let (_, logs, _) = bext(dir, &["jobs", "logs", id]);
    logs.lines()
        .filter_map(|l| l.split("resumed from ").nth(1))
        .filter_map(|n| n.trim().parse().ok())
        .collect()
}

#[test]
fn a_daemon_resumes_from_its_checkpoint_after_its_process_is_killed() {
    let d = start(ONE);
    let id = spawn(&d, &["jobs/count.js", "--daemon"]);
    let (before, pid) = wait_count(&d, &id, 5);
    nix::sys::signal::kill(pid, Signal::SIGKILL).unwrap();
    let j = wait_for(Duration::from_secs(10), "the daemon's restart", || {
        let j = job(&d, &id);
        (j["restart_count"] == 1 && pid_of(&j).is_some_and(|p| p != pid)).then_some(j)
    });
    assert_eq!(j["status"], "running");
    assert!(j["error"].as_str().unwrap().contains("SIGKILL"), "{j}");
    let resumed = wait_for(Duration::from_secs(5), "the resume line", || {
        resumed(d.dir.path(), &id).first().copied()
    });
    assert!(
        resumed >= before,
        "resumed from {resumed}, checkpointed {before}"
    );
    // It goes on counting from there.
    wait_count(&d, &id, resumed + 3);
}

#[test]
fn daemons_and_their_checkpoints_survive_bextd_itself() {
    let state = tempfile::tempdir().unwrap();
    let db = state.path().join("jobs.db");
    let config = format!(
        "{ONE}[jobs]\nstate_file = \"{}\"\nmemory_budget_mb = 1024\ncancel_grace_ms = 300\n",
        db.display()
    );
    // The job scripts outlive each bextd's own folder, as in a deployment.
    for (name, text) in [("count.js", COUNT), ("wait.js", WAIT), ("hello.js", HELLO)] {
        std::fs::write(state.path().join(name), text).unwrap();
    }
    let script = |name: &str| state.path().join(name).display().to_string();
    let mut d = start(&config);
    let daemon = spawn(&d, &[&script("count.js"), "--daemon"]);
    let oneoff = spawn(&d, &[&script("wait.js")]);
    let retried = spawn(
        &d,
        &[
            &script("hello.js"),
            "--retry-on-restart",
            "--data",
            r#"{"steps":100000}"#,
        ],
    );
    wait_status(&d, &oneoff, "running", Duration::from_secs(10));
    wait_status(&d, &retried, "running", Duration::from_secs(10));
    // Killed while the daemon writes a checkpoint every few milliseconds.
    // What bextd shows can be a commit ahead of the file (commits are a few
    // ms apart), so the resume is held to what the file had before the kill.
    let (_, pid) = wait_count(&d, &daemon, 20);
    let before = wait_for(Duration::from_secs(10), "a checkpoint in the file", || {
        stored_count(&db, &daemon).filter(|&c| c >= 20)
    });
    d.signal(Signal::SIGKILL);
    d.wait_exit(Duration::from_secs(10));
    wait_for(
        Duration::from_secs(5),
        "the job processes to die with bextd",
        || (!exists(pid)).then_some(()),
    );
    drop(d);

    let d = start(&config);
    // The file, killed while written, opens whole: every job is there.
    assert_eq!(
        d.get("/__bext/jobs").json()["jobs"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let (_, pid2) = wait_count(&d, &daemon, before + 1);
    assert_ne!(pid2, pid);
    let r = wait_for(Duration::from_secs(10), "the resume line", || {
        Some(resumed(d.dir.path(), &daemon)).filter(|r| !r.is_empty())
    });
    assert!(r[0] >= before, "resumed from {r:?}, checkpointed {before}");
    let j = job(&d, &oneoff);
    assert_eq!(j["status"], "failed");
    assert!(j["error"].as_str().unwrap().contains("interrupted"), "{j}");
    wait_status(&d, &retried, "running", Duration::from_secs(10));

    // A graceful stop keeps the daemon marked running, with its checkpoint.
    let (before, _) = wait_count(&d, &daemon, before + 5);
    let mut d = d;
    d.signal(Signal::SIGTERM);
    assert!(d.wait_exit(Duration::from_secs(20)).success());
    drop(d);
    let d = start(&config);
    let j = wait_status(&d, &daemon, "running", Duration::from_secs(10));
    assert_eq!(j["restart_count"], 0, "a restore is not a crash");
    assert!(count(&j) >= before, "{j}");
    // The job that asked for it was queued again at the stop, and runs.
    wait_status(&d, &retried, "running", Duration::from_secs(10));
    let (code, _, _) = bext(d.dir.path(), &["jobs", "cancel", &daemon]);
    assert_eq!(code, 0);
    wait_status(&d, &daemon, "cancelled", Duration::from_secs(10));
}
