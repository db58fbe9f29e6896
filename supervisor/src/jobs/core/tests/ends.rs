//! The end of a run: judged only once both its exit and the end of its
//! socket are in, so its last frames count; protocol breaches; the table.

use super::*;

#[test]
fn a_run_is_judged_once_both_its_exit_and_its_socket_end_are_in() {
    let mut h = Harness::new();
    h.queue(job("j", "render"));
    let pid = h.procs["j"].1;
    // The exit first: the result still to come is not lost.
    h.step(Input::Exit {
        pid,
        status: ExitKind::Code(0),
    });
    assert_eq!(h.status("j"), JobState::Running);
    h.report("j", Report::Checkpoint("{\"at\":3}".into()));
    let done = JobOutcome::Completed {
        result_json: "42".into(),
    };
    h.report("j", Report::Finished(done));
    let a = h.report("j", Report::Closed(None));
    assert!(
        a.iter()
            .any(|a| matches!(a, Action::Forget { id, .. } if id == "j"))
    );
    let j = h.core.job("j").unwrap();
    assert_eq!(j.row.status, JobState::Completed);
    assert_eq!(j.row.result.as_deref(), Some("42"));
    assert_eq!(j.row.progress, 1.0);
    assert_eq!(j.checkpoint.as_deref(), Some("{\"at\":3}"));
}

#[test]
fn a_throw_fails_the_job_with_its_stack() {
    let mut h = Harness::new();
    h.queue(job("j", "render"));
    let failed = JobOutcome::Failed {
        message: "Error: no".into(),
        stack: "at run (job.js:2)\n".into(),
    };
    h.report("j", Report::Finished(failed));
    h.end("j", ExitKind::Code(0));
    assert_eq!(h.status("j"), JobState::Failed);
    assert_eq!(h.error("j"), "Error: no\nat run (job.js:2)");
}

#[test]
fn a_process_that_dies_without_an_outcome_fails_its_job() {
    let mut h = Harness::new();
    h.queue(job("j", "render"));
    h.end("j", ExitKind::Signal(11));
    assert_eq!(h.status("j"), JobState::Failed);
    assert!(h.error("j").contains("died (signal 11"), "{}", h.error("j"));
}

#[test]
fn garbage_on_the_socket_kills_the_process_and_fails_the_job() {
    let mut h = Harness::new();
    h.queue(job("j", "render"));
    let a = h.report("j", Report::Closed(Some("frame too large".into())));
    assert_eq!(killed(&a), ["j"]);
    let pid = h.procs["j"].1;
    h.step(Input::Exit {
        pid,
        status: KILLED,
    });
    assert_eq!(h.status("j"), JobState::Failed);
    assert_eq!(h.error("j"), "frame too large");
}

#[test]
fn reports_of_an_earlier_run_are_ignored() {
    let mut h = Harness::new();
    let mut d = job("d", "render");
    d.daemon = true;
    h.queue(d);
    let first = h.procs["d"].0;
    h.end("d", ExitKind::Code(1));
    h.at(1_000);
    h.tick(&[]);
    assert_ne!(h.procs["d"].0, first);
    let a = h.step(Input::Report {
        id: "d".into(),
        run: first,
        report: Report::Progress(0.9),
    });
    assert!(a.is_empty());
    assert_eq!(h.core.job("d").unwrap().row.progress, 0.0);
}

#[test]
fn a_move_the_table_refuses_is_counted_and_not_applied() {
    let mut h = Harness::new();
    h.queue(job("j", "render"));
    h.complete("j", "1");
    h.seen.clear();
    assert!(!h.core.set_status("j", JobState::Running));
    let a = h.core.step(Input::Tick { rss: Vec::new() }, h.now);
    assert_eq!(counted(&a, Counter::IllegalTransition), 1);
    assert!(
        a.iter()
            .any(|a| matches!(a, Action::Log(Log::Illegal { .. })))
    );
    assert_eq!(h.status("j"), JobState::Completed);
}

#[test]
fn finished_jobs_beyond_keep_finished_are_forgotten_and_pruned() {
    let mut cfg = config();
    cfg.keep_finished = 2;
    let mut h = Harness::with(cfg, &["render"]);
    for i in 0..3 {
        let id = format!("j{i}");
        h.queue(job(&id, "render"));
        h.complete(&id, "null");
    }
    assert!(h.core.job("j0").is_none());
    assert!(h.core.job("j2").is_some());
    assert!(h.seen.contains(&Action::Save(Save::Prune { keep: 2 })));
}

#[test]
fn the_store_is_pruned_once_a_tenth_of_keep_finished_went_and_at_the_last_flush() {
    let mut cfg = config();
    cfg.keep_finished = 100;
    let mut h = Harness::with(cfg, &["render"]);
    let prunes = |h: &Harness| {
        h.seen
            .iter()
            .filter(|a| matches!(a, Action::Save(Save::Prune { keep: 100 })))
            .count()
    };
    for i in 0..125usize {
        let id = format!("j{i}");
        h.queue(job(&id, "render"));
        h.complete(&id, "null");
        let forgotten = (i + 1).saturating_sub(100);
        assert_eq!(prunes(&h), forgotten / 10, "after {} jobs", i + 1);
    }
    let last = h.core.flush();
    assert!(last.contains(&Action::Save(Save::Prune { keep: 100 })));
    assert!(h.core.flush().is_empty(), "nothing left to prune");
}
