//! bextd stopping and starting again: what a shutdown makes of each run,
//! and what a state file's rows become at start.

use super::*;
use crate::jobs::record::{JobConfig, Loaded, Row};

pub(super) fn row(id: &str, status: JobState, daemon: bool, retry: bool) -> Loaded {
    Loaded {
        row: Row {
            script: "/app/job.js".into(),
            status,
            config: JobConfig {
                daemon,
                memory_bytes: 8 * MB,
                timeout_ms: 0,
                retry_on_restart: retry,
                data: serde_json::Value::Null,
                backoff_ms: 0,
            },
            progress: 0.25,
            restart_count: 2,
            started_at: Some(2),
            ..Row::sample(id)
        },
        checkpoint: Some("{\"n\":4}".into()),
        logs: String::new(),
    }
}

#[test]
fn what_the_core_saved_is_what_it_takes_up_again() {
    let mut h = Harness::new();
    let mut daemon = job("daemon", "render");
    daemon.daemon = true;
    h.queue(daemon);
    h.queue(job("done", "render"));
    h.queue(job("oneoff", "render"));
    let mut retry = job("retry", "render");
    retry.retry_on_restart = true;
    h.queue(retry);
    h.report("daemon", Report::Checkpoint("{\"n\":4}".into()));
    h.complete("done", "{\"ok\":true}");
    // bextd dies with the rest running: the store has their last rows.
    h.tick(&[]);
    let (h2, a) = h.restarted();
    assert_eq!(launched(&a), ["daemon", "retry"]);
    let start = a.iter().find_map(|a| match a {
        Action::Launch { id, start, .. } if id == "daemon" => Some(start.clone()),
        _ => None,
    });
    assert_eq!(start.unwrap().checkpoint_json.as_deref(), Some("{\"n\":4}"));
    assert_eq!(h2.status("done"), JobState::Completed);
    assert_eq!(h2.status("oneoff"), JobState::Failed);
    assert_eq!(h2.status("retry"), JobState::Running);
}

#[test]
fn a_state_file_is_taken_up_again_at_start() {
    let mut h = Harness::new();
    let a = h.step(Input::Restore(vec![
        row("queued", JobState::Queued, false, false),
        row("daemon", JobState::Running, true, false),
        row("retry", JobState::Running, false, true),
        row("oneoff", JobState::Running, false, false),
        row("done", JobState::Completed, false, false),
    ]));
    assert_eq!(launched(&a), ["daemon", "queued", "retry"]);
    let start = a.iter().find_map(|a| match a {
        Action::Launch { id, start, .. } if id == "daemon" => Some(start.clone()),
        _ => None,
    });
    assert_eq!(start.unwrap().checkpoint_json.as_deref(), Some("{\"n\":4}"));
    assert_eq!(h.status("oneoff"), JobState::Failed);
    assert_eq!(
        h.error("oneoff"),
        "interrupted: bextd stopped while the job ran"
    );
    assert_eq!(h.status("done"), JobState::Completed);
    let saved = |id: &str| {
        a.iter()
            .any(|a| matches!(a, Action::Save(Save::Row(r)) if r.id == id))
    };
    assert!(saved("oneoff") && saved("retry"));
    assert!(!saved("done"));
}

#[test]
fn a_shutdown_asks_every_run_to_stop_and_starts_nothing_new() {
    let mut h = Harness::new();
    let mut d = job("daemon", "render");
    d.daemon = true;
    h.queue(d);
    h.queue(job("oneoff", "render"));
    let mut r = job("retry", "render");
    r.retry_on_restart = true;
    h.queue(r);
    for i in 0..3 {
        h.queue(job(&format!("waiting{i}"), "render"));
    }
    let deadline = h.now.at + ms(10_000);
    let a = h.step(Input::Shutdown { deadline });
    // Interrupted in time to be killed before the deadline: the cancel
    // grace (5 s) is within 80% of the 10 s left.
    let asks = a
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::AskStop {
                    interrupt_after_ms: 5_000,
                    ..
                }
            )
        })
        .count();
    assert_eq!(asks, 5);
    assert!(launched(&a).is_empty());
    assert!(!h.core.is_stopped());

    h.end("daemon", ExitKind::Code(0));
    h.end("oneoff", ExitKind::Code(0));
    h.end("retry", ExitKind::Code(0));
    h.end("waiting0", ExitKind::Code(0));
    assert_eq!(h.status("daemon"), JobState::Running);
    assert_eq!(h.status("oneoff"), JobState::Failed);
    assert_eq!(
        h.error("oneoff"),
        "interrupted: bextd shut down while the job ran"
    );
    assert_eq!(h.status("retry"), JobState::Queued);
    assert_eq!(h.status("waiting2"), JobState::Queued);
    assert!(launched(&h.seen[h.seen.len() - 4..]).is_empty());
    h.at(10_000);
    assert_eq!(killed(&h.tick(&[])), ["waiting1"]);
    h.end("waiting1", KILLED);
    assert!(h.core.is_stopped());
    let new = job("late", "render");
    assert_eq!(h.core.vet(&new), Err(JobsError::ShuttingDown));
}

#[test]
fn a_short_shutdown_interrupts_sooner_than_the_cancel_grace() {
    let mut h = Harness::new();
    h.queue(job("j", "render"));
    let a = h.step(Input::Shutdown {
        deadline: h.now.at + ms(1_000),
    });
    assert!(a.iter().any(|a| matches!(
        a,
        Action::AskStop {
            interrupt_after_ms: 800,
            ..
        }
    )));
}

#[test]
fn a_state_file_holding_more_finished_jobs_than_kept_keeps_the_newest() {
    let mut cfg = config();
    cfg.keep_finished = 2;
    let mut h = Harness::with(cfg, &["render"]);
    let done = |id: &str, at: u64| {
        let mut l = row(id, JobState::Completed, false, false);
        l.row.completed_at = Some(at);
        l
    };
    h.step(Input::Restore(vec![
        done("c", 30),
        done("a", 10),
        done("e", 50),
        done("b", 20),
        done("d", 40),
    ]));
    let kept: Vec<&str> = ["a", "b", "c", "d", "e"]
        .into_iter()
        .filter(|id| h.core.job(id).is_some())
        .collect();
    assert_eq!(kept, ["d", "e"]);
}
