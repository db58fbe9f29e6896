use super::*;
use protocol::worker::CompiledModule;

fn offer(load: &Load, path: &str, source: &str) {
    load.modules.offer(CompiledModule {
        path: path.into(),
        source: source.as_bytes().to_vec(),
        engine: "e".into(),
        bytecode: vec![1, 2, 3],
    });
}

#[test]
fn ids_hash_sources_and_settings_not_order_or_bytecode() {
    let a = graph_hash(
        &[
            ("/a.js".into(), b"1".to_vec()),
            ("/b.js".into(), b"2".to_vec()),
        ],
        "s",
    );
    let b = graph_hash(
        &[
            ("/b.js".into(), b"2".to_vec()),
            ("/a.js".into(), b"1".to_vec()),
        ],
        "s",
    );
    assert_eq!(a, b);
    assert_ne!(a, graph_hash(&[("/a.js".into(), b"1".to_vec())], "s"));
    let c = graph_hash(
        &[
            ("/a.js".into(), b"1".to_vec()),
            ("/b.js".into(), b"2".to_vec()),
        ],
        "t",
    );
    assert_ne!(a, c, "settings are part of the id");
    let id = short_id(&a);
    assert_eq!(id.len(), 9);
    assert!(id.starts_with('v') && id[1..].chars().all(|c| c.is_ascii_hexdigit()));
}

#[test]
fn routine_spawns_get_the_running_version_and_a_deploy_the_new_load() {
    let v = Versions::default();
    let start = v.for_spawn();
    assert_eq!(start.cause, Cause::Start);
    assert!(
        Arc::ptr_eq(&start, &v.for_spawn()),
        "the start's workers share it"
    );
    offer(&start, "/app/w.js", "one");
    let Settled::New {
        id: first,
        previous,
    } = v.settled(&start, "s")
    else {
        panic!("the first ready worker makes a version")
    };
    assert_eq!(previous, None);
    assert!(
        Arc::ptr_eq(&start, &v.for_spawn()),
        "a rotation starts the running version"
    );

    let deploy = v.deploy(Cause::Reload, None).unwrap();
    assert!(
        Arc::ptr_eq(&deploy, &v.for_spawn()),
        "during a deploy, new workers load from disk"
    );
    assert!(deploy.modules.names().is_empty());
    offer(&deploy, "/app/w.js", "two");
    let Settled::New {
        id: second,
        previous,
    } = v.settled(&deploy, "s")
    else {
        panic!("new code makes a new version")
    };
    assert_eq!(previous.as_deref(), Some(first.as_str()));
    assert_eq!(v.kept(), (Some(second.clone()), Some(first.clone())));
    let h = v.history("render", |id| u32::from(id == second) * 2);
    let states: Vec<_> = h
        .iter()
        .map(|i| (i.id.clone(), i.state, i.workers))
        .collect();
    assert_eq!(
        states,
        [
            (second, VersionState::Running, 2),
            (first, VersionState::Previous, 0)
        ]
    );
    assert_eq!(h[0].cause, "reload");
}

#[test]
fn the_same_code_again_is_the_running_version() {
    let v = Versions::default();
    let start = v.for_spawn();
    offer(&start, "/w.js", "one");
    let Settled::New { id, .. } = v.settled(&start, "s") else {
        panic!()
    };
    let again = v.deploy(Cause::Watch, None).unwrap();
    offer(&again, "/w.js", "one");
    assert_eq!(v.settled(&again, "s"), Settled::Same { id: id.clone() });
    assert_eq!(again.id(), Some(id.as_str()));
    assert_eq!(v.history("p", |_| 0).len(), 1);
    assert!(Arc::ptr_eq(&start, &v.for_spawn()));
}

#[test]
fn a_failed_deploy_keeps_the_running_version_and_is_not_tried_again() {
    let v = Versions::default();
    let start = v.for_spawn();
    offer(&start, "/w.js", "one");
    let Settled::New { id: running, .. } = v.settled(&start, "s") else {
        panic!()
    };
    let print = graph_hash(&[("/w.js".into(), b"broken".to_vec())], "s");
    let bad = v.deploy(Cause::Reload, Some(print)).unwrap();
    let f = v.failed(&bad, "Error: boom\n    at w.js:1", "s").unwrap();
    assert_eq!(f.running, running);
    assert_eq!(f.error, "Error: boom", "the first line of the JS error");
    assert_eq!(f.id, short_id(&print));
    assert_eq!(v.failed(&bad, "again", "s"), None, "reported once");
    assert!(
        Arc::ptr_eq(&start, &v.for_spawn()),
        "the running version serves on"
    );
    assert_eq!(
        v.note(),
        Some(format!("deploy of {} failed: Error: boom", f.id))
    );
    assert_eq!(
        v.outcome(&bad),
        Outcome::Failed {
            id: f.id.clone(),
            error: "Error: boom".into()
        }
    );
    assert_eq!(
        v.deploy(Cause::Watch, Some(print)).unwrap_err(),
        Skipped::AlreadyFailed { id: f.id.clone() }
    );
    assert!(
        v.deploy(Cause::Command, Some(print)).is_ok(),
        "an explicit deploy tries"
    );
    let h = v.history("p", |_| 0);
    assert_eq!(h[0].state, VersionState::Failed);
    assert_eq!(h[0].error.as_deref(), Some("Error: boom"));
    assert_eq!(h[1].state, VersionState::Running);
}

#[test]
fn a_failure_with_nothing_running_is_no_deploy_failure() {
    let v = Versions::default();
    let start = v.for_spawn();
    assert_eq!(v.failed(&start, "SyntaxError", "s"), None);
    assert_eq!(v.note(), None);
}

#[test]
fn a_canary_is_pending_until_its_verdict_and_a_rollback_runs_the_previous_version() {
    let v = Versions::default();
    let first = v.for_spawn();
    offer(&first, "/app/w.js", "one");
    v.settled(&first, "s");
    let print = [7; 32];
    let canary = v.deploy(Cause::Signal, Some(print)).unwrap();
    assert!(Arc::ptr_eq(&v.loading().unwrap(), &canary));
    offer(&canary, "/app/w.js", "two");
    v.settled(&canary, "s");
    v.judging(&canary);
    assert_eq!(v.outcome(&canary), Outcome::Pending, "judged: not settled");
    let back = v.rolled_back(&canary, "error_rate (…)", "s");
    assert_eq!(back.as_deref(), first.id());
    assert!(
        Arc::ptr_eq(&v.for_spawn(), &first),
        "replacements fork the previous version"
    );
    let id = canary.id().unwrap().to_string();
    assert_eq!(
        v.outcome(&canary),
        Outcome::RolledBack {
            id,
            reason: "error_rate (…)".into()
        }
    );
    assert_eq!(
        v.deploy(Cause::Watch, Some(print)).unwrap_err(),
        Skipped::AlreadyFailed {
            id: short_id(&print)
        },
        "the same files are not deployed again"
    );
    assert_eq!(v.rolled_back(&canary, "again", "s"), None, "once");
}

#[test]
fn a_promoted_canary_stays_the_running_version() {
    let v = Versions::default();
    let first = v.for_spawn();
    offer(&first, "/app/w.js", "one");
    v.settled(&first, "s");
    let canary = v.deploy(Cause::Signal, None).unwrap();
    offer(&canary, "/app/w.js", "two");
    v.settled(&canary, "s");
    v.judging(&canary);
    v.promoted(&canary);
    let id = canary.id().unwrap().to_string();
    assert_eq!(v.outcome(&canary), Outcome::Promoted { id });
    assert!(Arc::ptr_eq(&v.for_spawn(), &canary));
}

#[test]
fn a_revert_runs_the_previous_version_and_names_what_is_not_kept() {
    let v = Versions::default();
    assert_eq!(v.revert(None), Err(RolloutError::NoPrevious));
    let first = v.for_spawn();
    offer(&first, "/app/w.js", "one");
    v.settled(&first, "s");
    let second = v.deploy(Cause::Command, None).unwrap();
    assert_eq!(v.revert(None), Err(RolloutError::Loading));
    offer(&second, "/app/w.js", "two");
    v.settled(&second, "s");
    let (one, two) = (first.id().unwrap(), second.id().unwrap());
    assert_eq!(
        v.revert(Some(two)),
        Err(RolloutError::Running { want: two.into() })
    );
    assert!(matches!(
        v.revert(Some("v00000000")),
        Err(RolloutError::NotKept { .. })
    ));
    assert_eq!(v.revert(Some(one)), Ok((two.into(), one.into())));
    assert!(
        Arc::ptr_eq(&v.for_spawn(), &first),
        "forks the kept version"
    );
    assert_eq!(v.kept(), (Some(one.into()), Some(two.into())));
}

#[test]
fn a_worker_beside_a_canary_starts_the_version_it_is_judged_against() {
    let v = Versions::default();
    let first = v.for_spawn();
    offer(&first, "/app/w.js", "one");
    v.settled(&first, "s");
    let canary = v.deploy(Cause::Signal, None).unwrap();
    assert!(Arc::ptr_eq(&v.for_spawn(), &canary), "the canary's slots");
    assert!(
        Arc::ptr_eq(&v.for_spawn_beside(&canary), &first),
        "while the canary loads"
    );
    offer(&canary, "/app/w.js", "two");
    v.settled(&canary, "s");
    v.judging(&canary);
    assert!(Arc::ptr_eq(&v.for_spawn(), &canary));
    assert!(
        Arc::ptr_eq(&v.for_spawn_beside(&canary), &first),
        "while it is judged"
    );
    v.rolled_back(&canary, "error_rate", "s");
    assert!(Arc::ptr_eq(&v.for_spawn_beside(&canary), &first));
}
