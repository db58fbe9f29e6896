use super::*;

#[test]
fn requests_parse_from_their_documented_json() {
    let r: ControlRequest = serde_json::from_str(r#"{"cmd":"workers"}"#).unwrap();
    assert_eq!(r, ControlRequest::Workers);
    let r: ControlRequest =
        serde_json::from_str(r#"{"cmd":"restart","pool":"render","worker":2}"#).unwrap();
    assert_eq!(
        r,
        ControlRequest::Restart {
            pool: Some("render".into()),
            worker: Some(2)
        }
    );
    let r: ControlRequest = serde_json::from_str(r#"{"cmd":"restart"}"#).unwrap();
    assert_eq!(
        r,
        ControlRequest::Restart {
            pool: None,
            worker: None
        }
    );
    assert!(serde_json::from_str::<ControlRequest>(r#"{"cmd":"explode"}"#).is_err());
    assert!(
        serde_json::from_str::<ControlRequest>(r#"{"cmd":"restart","wroker":1}"#).is_err(),
        "a misspelt argument is an error, not a restart of everything"
    );
}

#[test]
fn each_kind_is_named_as_its_cmd_on_the_wire() {
    let r = ControlRequest::QuarantineClear { pool: None };
    assert_eq!(ControlKind::from(&r).to_string(), "quarantine_clear");
    for kind in ControlKind::all() {
        let line = format!(r#"{{"cmd":"{kind}"}}"#);
        // Known: it parses, or lacks only its arguments.
        if let Err(e) = serde_json::from_str::<ControlRequest>(&line) {
            assert!(e.to_string().contains("missing field"), "{kind}: {e}");
        }
    }
}

#[test]
fn states_and_reasons_keep_their_documented_text() {
    assert_eq!(
        serde_json::to_string(&WorkerState::Maint).unwrap(),
        "\"MAINT\""
    );
    for r in [
        RotationReason::Memory,
        RotationReason::GaveUp,
        RotationReason::JsHeapLimit,
        RotationReason::BootFailed("SyntaxError: x".into()),
        RotationReason::Stuck("7 got no answer".into()),
        RotationReason::Rollback("v3".into()),
        RotationReason::Requests,
        RotationReason::RestartSignal,
        RotationReason::Restart,
    ] {
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<RotationReason>(&text).unwrap(), r);
    }
    assert_eq!(
        RotationReason::Stuck("7 got no answer".into()).to_string(),
        "request 7 got no answer"
    );
    assert_eq!(
        RotationReason::parse("request 7"),
        Some(RotationReason::Stuck("7".into()))
    );
    assert!(serde_json::from_str::<RotationReason>("\"no such reason\"").is_err());
    assert_eq!(
        serde_json::to_string(&RotationReason::JsHeapLimit).unwrap(),
        "\"js heap limit\""
    );
}

#[test]
fn replies_are_tagged() {
    let s = serde_json::to_string(&ControlReply::Restarting { workers: 3 }).unwrap();
    assert_eq!(s, r#"{"reply":"restarting","workers":3}"#);
    let s = serde_json::to_string(&ControlReply::Error {
        message: "x".into(),
    })
    .unwrap();
    assert_eq!(s, r#"{"reply":"error","message":"x"}"#);
}

#[test]
fn a_jobs_spawn_keeps_its_json_with_its_fields_in_one_spec() {
    let line = r#"{"cmd":"jobs_spawn","script":"job.js","pool":"render","daemon":true,"memory_bytes":1048576,"timeout_ms":500,"data":{"n":1},"retry_on_restart":true,"max_attempts":3,"backoff_ms":100,"run_at_ms":7,"delay_ms":9,"priority":2,"unique_key":"k","unique_for_ms":60000,"cwd":"/srv"}"#;
    let r: ControlRequest = serde_json::from_str(line).unwrap();
    let ControlRequest::JobsSpawn(spec) = &r else {
        panic!("{r:?}")
    };
    assert_eq!(spec.pool.as_deref(), Some("render"));
    assert_eq!(spec.unique(), Some(("k", 60_000)));
    assert_eq!(spec.id, None);
    assert_eq!(serde_json::to_string(&r).unwrap(), line);
    // What a client leaves out stays out (the two flags are always written).
    let short = r#"{"cmd":"jobs_spawn","script":"job.js","daemon":false,"retry_on_restart":false}"#;
    let r: ControlRequest =
        serde_json::from_str(r#"{"cmd":"jobs_spawn","script":"job.js"}"#).unwrap();
    assert_eq!(serde_json::to_string(&r).unwrap(), short);
    assert!(
        serde_json::from_str::<ControlRequest>(
            r#"{"cmd":"jobs_spawn","script":"j.js","pirority":1}"#
        )
        .is_err(),
        "a misspelt field is an error"
    );
    assert!(
        serde_json::from_str::<ControlRequest>(r#"{"cmd":"jobs_spawn","script":"j.js","id":"x"}"#)
            .is_err(),
        "the id is bextd's to choose"
    );
}
