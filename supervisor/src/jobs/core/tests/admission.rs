//! Admission: the total and per-pool limits, the memory budget, FIFO, and
//! what is refused before it is queued.

use super::*;

#[test]
fn six_jobs_of_one_pool_start_five_and_the_sixth_when_one_ends() {
    let mut h = Harness::new();
    for i in 0..6 {
        h.queue(job(&format!("j{i}"), "render"));
    }
    assert_eq!(h.core.stats().running, 5);
    assert_eq!(h.status("j5"), JobState::Queued);
    let a = h.complete("j0", "1");
    assert_eq!(launched(&a), ["j5"]);
    assert_eq!(h.status("j0"), JobState::Completed);
    assert_eq!(h.status("j5"), JobState::Running);
}

#[test]
fn the_twenty_first_job_waits_for_the_total_limit() {
    let mut h = Harness::new();
    let pools = ["render", "b", "c", "d", "e"];
    for i in 0..21 {
        h.queue(job(&format!("j{i:02}"), pools[i / 5 % 5]));
    }
    assert_eq!(h.core.stats().running, 20);
    assert_eq!(h.status("j20"), JobState::Queued);
}

#[test]
fn a_full_pool_holds_back_nobody_else() {
    let mut h = Harness::new();
    for i in 0..6 {
        h.queue(job(&format!("a{i}"), "render"));
    }
    let a = h.queue(job("b0", "b"));
    assert_eq!(launched(&a), ["b0"]);
    assert_eq!(h.status("a5"), JobState::Queued);
}

#[test]
fn a_job_that_does_not_fit_the_budget_waits_first_in_line() {
    let mut h = Harness::new();
    let mut big = job("running", "render");
    big.memory_bytes = Some(100 * MB);
    h.queue(big);
    let mut huge = job("huge", "b");
    huge.memory_bytes = Some(200 * MB);
    h.queue(huge);
    let a = h.queue(job("small", "c"));
    // 200 MB does not fit beside 100 MB, and the small job behind it does
    // not overtake it.
    assert!(launched(&a).is_empty());
    assert_eq!(h.core.stats().budget_used_bytes, 100 * MB);
    let a = h.complete("running", "null");
    assert_eq!(launched(&a), ["huge", "small"]);
}

#[test]
fn what_could_never_run_is_refused_before_it_is_queued() {
    let mut h = Harness::new();
    let mut over = job("over", "render");
    over.memory_bytes = Some(300 * MB);
    let e = h.core.vet(&over).unwrap_err();
    assert!(
        matches!(e, JobsError::Spec(SpecError::OverBudget { asks, .. }) if asks == 300 * MB),
        "{e}"
    );
    assert!(e.to_string().contains("memory_budget_mb"), "{e}");
    let mut zero = job("zero", "render");
    zero.memory_bytes = Some(0);
    assert_eq!(h.core.vet(&zero), Err(SpecError::NoMemory.into()));
    assert_eq!(
        h.core.vet(&job("bad id!", "render")),
        Err(SpecError::BadId("bad id!".into()).into())
    );
    h.queue(job("once", "render"));
    let a = h.queue(job("once", "render"));
    assert_eq!(
        reply(&a),
        Some(Reply::Queued(Err(SpecError::IdTaken("once".into()).into())))
    );
}

#[test]
fn a_job_whose_pool_a_reload_removed_fails_when_its_turn_comes() {
    let mut h = Harness::new();
    for i in 0..6 {
        h.queue(job(&format!("j{i}"), "render"));
    }
    h.step(Input::SetPools(vec![pool("b")]));
    h.complete("j0", "null");
    assert_eq!(h.status("j5"), JobState::Failed);
    assert!(
        h.error("j5").contains("no longer configured"),
        "{}",
        h.error("j5")
    );
}

#[test]
fn every_change_is_saved_and_published() {
    let mut h = Harness::new();
    let a = h.queue(job("j", "render"));
    assert!(a.contains(&Action::Publish));
    let saved = a.iter().any(
        |a| matches!(a, Action::Save(Save::Row(r)) if r.id == "j" && r.status == JobState::Running),
    );
    assert!(saved, "{a:?}");
    // Progress is saved at the next tick, not at once.
    let a = h.report("j", Report::Progress(0.5));
    assert!(a.is_empty(), "{a:?}");
    let a = h.tick(&[]);
    assert!(
        a.iter()
            .any(|a| matches!(a, Action::Save(Save::Row(r)) if r.progress == 0.5))
    );
}
