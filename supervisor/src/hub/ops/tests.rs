use std::collections::HashSet;
use std::net::IpAddr;

use protocol::control::ControlKind;

use super::*;
use crate::hub::AdminPolicy;

#[test]
fn every_entry_has_a_side_and_a_unique_name() {
    let mut names = HashSet::new();
    for op in TABLE {
        assert!(op.http.is_some() || op.control.is_some(), "{}", op.name);
        assert!(names.insert(op.name), "two entries named {}", op.name);
        assert!(op.doc.ends_with('.'), "{}: {}", op.name, op.doc);
    }
}

#[test]
fn every_path_is_unique_and_found_as_its_own() {
    let mut paths = HashSet::new();
    for op in TABLE {
        let Some(http) = &op.http else { continue };
        assert!(paths.insert(http.path), "two entries answer {}", http.path);
        assert!(super::super::is_admin_path(http.path), "{}", http.path);
        // No other entry's path (or prefix) shadows this one.
        let sample = format!("{}{}", http.path, http.param.map_or("", |_| "x1"));
        let found = for_path(&sample).map(|o| o.name);
        assert_eq!(found, Some(op.name), "{sample}");
    }
    assert_eq!(for_path("/__bext/nothing").map(|o| o.name), None);
    assert_eq!(for_path("/__bext/jobs/j-7").map(|o| o.name), Some("job"));
}

#[test]
fn every_kind_of_control_request_has_exactly_one_entry() {
    for kind in ControlKind::all() {
        let n = TABLE
            .iter()
            .filter(|op| op.control.as_ref().is_some_and(|c| c.kind == kind))
            .count();
        assert_eq!(n, 1, "{kind} is served by {n} entries");
        assert!(for_control(kind).is_some());
    }
}

#[test]
fn the_man_page_lists_every_path_and_every_request() {
    let endpoints = endpoint_docs();
    let controls = control_docs();
    for op in TABLE {
        if let Some(http) = &op.http {
            let term = format!("{} {}", http.method.name(), http.shown());
            assert!(endpoints.iter().any(|(t, _)| *t == term), "{term}");
        }
        if let Some(c) = &op.control {
            let term = format!("{{\"cmd\": \"{}\"}}", c.kind);
            assert!(controls.iter().any(|(t, _)| *t == term), "{term}");
        }
    }
    let (_, health) = endpoints
        .iter()
        .find(|(t, _)| t == "GET /__bext/health")
        .unwrap();
    assert!(health.ends_with("Who: anyone."), "{health}");
}

fn hosts() -> Vec<String> {
    vec!["localhost".into(), "bext.internal".into()]
}

#[test]
fn a_host_is_an_address_or_a_listed_name() {
    let ok = |h: &str| host_allowed(Some(h), &hosts());
    for h in [
        "127.0.0.1",
        "127.0.0.1:3000",
        "10.1.2.3:80",
        "[::1]",
        "[::1]:3000",
        "[fe80::1]:8080",
        "localhost",
        "localhost:3000",
        "LOCALHOST:3000",
        "localhost.:3000",
        "bext.internal",
        "Bext.Internal:443",
    ] {
        assert!(ok(h), "{h} is refused");
    }
    for h in [
        "evil.example",
        "evil.example:3000",
        "localhost.evil.example",
        "127.0.0.1.evil.example",
        "2130706433",
        "0x7f.1",
        "::1",
        "[::1",
        "[::1]x",
        "[evil.example]",
        "localhost:",
        "localhost:99999",
        "localhost:http",
        "",
        ":3000",
    ] {
        assert!(!ok(h), "{h} is let in");
    }
    // HTTP/1.0 without a Host names nothing to rebind.
    assert!(host_allowed(None, &hosts()));
    assert!(!host_allowed(Some("localhost"), &[]));
}

fn policy() -> AdminPolicy {
    AdminPolicy {
        allow: vec!["127.0.0.1/32".parse().unwrap()],
        hosts: hosts(),
        token: None,
    }
}

fn admit(
    p: &AdminPolicy,
    method: &str,
    path: &str,
    peer: IpAddr,
    host: Option<&str>,
) -> Result<Admitted, HttpAnswer> {
    let ask = Asking {
        method,
        path,
        host,
        ..Asking::default()
    };
    super::admit(p, peer, &ask)
}

fn refusal(r: Result<Admitted, HttpAnswer>) -> u16 {
    match r {
        Err(HttpAnswer::Plain(code, _)) => code,
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn health_and_ready_answer_outsiders_and_the_rest_refuses_them() {
    let outside: IpAddr = "127.0.0.2".parse().unwrap();
    let inside: IpAddr = "127.0.0.1".parse().unwrap();
    let p = policy();
    for path in ["/__bext/health", "/__bext/ready"] {
        let a = admit(&p, "GET", path, outside, Some("evil.example")).unwrap();
        assert_eq!(a.caller, Caller::Outsider, "{path}");
        let a = admit(&p, "GET", path, inside, Some("evil.example")).unwrap();
        assert_eq!(a.caller, Caller::Outsider, "{path}: a foreign Host");
        let a = admit(&p, "GET", path, inside, Some("localhost:3000")).unwrap();
        assert_eq!(a.caller, Caller::Admin, "{path}");
    }
    for path in ["/__bext/workers", "/metrics", "/__bext/jobs", "/__bext/x"] {
        assert_eq!(refusal(admit(&p, "GET", path, outside, None)), 403);
        let foreign = admit(&p, "GET", path, inside, Some("evil.example:80"));
        assert_eq!(refusal(foreign), 421, "{path}");
    }
    let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
    let a = admit(&p, "GET", "/metrics", mapped, Some("127.0.0.1")).unwrap();
    assert_eq!(
        (a.op.map(|o| o.name), a.caller),
        (Some("metrics"), Caller::Admin)
    );
    let unknown = admit(&p, "GET", "/__bext/x", inside, None).unwrap();
    assert!(unknown.op.is_none());
}

#[test]
fn each_path_answers_its_own_method() {
    let inside: IpAddr = "127.0.0.1".parse().unwrap();
    let p = policy();
    assert_eq!(
        refusal(admit(&p, "POST", "/__bext/workers", inside, None)),
        405
    );
    assert_eq!(
        refusal(admit(&p, "GET", "/__bext/actions", inside, None)),
        405
    );
    assert!(admit(&p, "HEAD", "/__bext/health", inside, None).is_ok());
    assert!(admit(&p, "POST", "/__bext/actions", inside, None).is_ok());
}

#[test]
fn a_request_made_for_another_sites_page_is_refused() {
    let inside: IpAddr = "127.0.0.1".parse().unwrap();
    let p = policy();
    let ask = |path, origin, fetch_site| Asking {
        method: "GET",
        path,
        host: Some("127.0.0.1:3000"),
        origin,
        fetch_site,
    };
    let refused = [
        // An <img> on evil.example: no Origin, Sec-Fetch-Site says so.
        (None, Some("cross-site")),
        (None, Some("Cross-Site")),
        // A fetch() from another origin.
        (Some("https://evil.example"), None),
        (Some("http://127.0.0.1:3001"), Some("same-site")),
        (Some("null"), None),
    ];
    for path in ["/__bext/heap", "/__bext/workers", "/metrics", "/__bext/"] {
        for (origin, site) in refused {
            let a = super::admit(&p, inside, &ask(path, origin, site));
            assert_eq!(refusal(a), 403, "{path} {origin:?} {site:?}");
        }
    }
    // The page itself, a typed URL, tools that send neither.
    for (origin, site) in [
        (None, Some("same-origin")),
        (None, Some("none")),
        (Some("http://127.0.0.1:3000"), Some("same-origin")),
        (Some("https://127.0.0.1:3000"), None),
        (None, None),
    ] {
        let a = super::admit(&p, inside, &ask("/__bext/workers", origin, site));
        assert!(a.is_ok(), "{origin:?} {site:?}");
    }
    // The probes answer anyone, a browser on another site too.
    let probe = super::admit(&p, inside, &ask("/__bext/health", None, Some("cross-site")));
    assert!(probe.is_ok());
}

#[test]
fn no_admin_path_with_an_effect_answers_a_get() {
    // A heap walk takes a worker out of rotation: POST with the token.
    let heap = TABLE.iter().find(|op| op.name == "heap").unwrap();
    let http = heap.http.as_ref().unwrap();
    assert_eq!(
        (http.method, heap.access),
        (Method::Post, Access::AdminToken)
    );
    let inside: IpAddr = "127.0.0.1".parse().unwrap();
    assert_eq!(
        refusal(admit(&policy(), "GET", "/__bext/heap", inside, None)),
        405
    );
}
