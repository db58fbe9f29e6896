//! What leaves the host about a request: query values in spans are
//! `REDACTED` but for `keep_query_params` (the server span's `url.query`,
//! a `fetch()`'s `url.full`, a URL's credentials), and a client's broken
//! `traceparent`/`tracestate` never reach the servers a worker's `fetch()`
//! calls, whether tracing is on or off.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;

use serde_json::json;

use super::*;

/// A server on loopback that answers each request with a JSON object of
/// its request line and its `traceparent` and `tracestate` (null when
/// absent).
fn upstream() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(mut conn) = conn else { return };
            let mut reader = BufReader::new(conn.try_clone().unwrap());
            let (mut head, mut line) = (Vec::new(), String::new());
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                head.push(line.trim_end().to_owned());
                line.clear();
            }
            let header = |name: &str| {
                head.iter().skip(1).find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    k.eq_ignore_ascii_case(name).then(|| v.trim().to_owned())
                })
            };
            let body = json!({
                "line": head.first(),
                "traceparent": header("traceparent"),
                "tracestate": header("tracestate"),
            })
            .to_string();
            let reply = format!(
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = conn.write_all(reply.as_bytes());
        }
    });
    port
}

/// The handler: a user span that names a URL with credentials, around a
/// fetch() of a URL with a secret in its query.
const SECRETS: &str = r#"
export async function handler(req) {
  return bext.trace.span("render", async (span) => {
    span.setAttribute("url.full", "https://user:hunter2@example.com/x?key=k-e-y-quux&page=3");
    const r = await fetch(`http://127.0.0.1:${req.query.port}/api?token=secret&page=2`);
    return await r.json();
  });
}
"#;

#[test]
fn query_values_and_credentials_are_redacted_in_spans_but_the_kept_names() {
    let rx = Receiver::start(&[]);
    let port = upstream();
    let toml = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nfetch_allow = [\"127.0.0.1:{port}\"]\n\n[tracing]\nenabled = true\nendpoint = \"http://127.0.0.1:{}\"\nkeep_query_params = [\"page\"]\n",
        rx.port
    );
    let d = start_app(&toml, &[("worker.js", SECRETS)]);
    let trace_id = "7bf92f3577b34da6a3ce929d0e0e4736";
    let tp = format!("00-{trace_id}-00f067aa0ba902b7-01");
    let r = d.request(
        "GET",
        &format!("/page?token=secret&page=2&port={port}"),
        &[("traceparent", &tp)],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json()["line"],
        "GET /api?token=secret&page=2 HTTP/1.1",
        "the server called gets the query as it was: only spans are scrubbed"
    );

    let spans = rx.trace(trace_id, 6);
    let kind = |k: u64| {
        spans
            .iter()
            .find(|s| s["kind"] == k)
            .unwrap_or_else(|| panic!("no span of kind {k} in {spans:#?}"))
    };
    let (server, client) = (kind(2), kind(3));
    assert_eq!(
        server["attributes"]["url.query"],
        "token=REDACTED&page=2&port=REDACTED"
    );
    assert_eq!(
        client["attributes"]["url.full"],
        format!("http://127.0.0.1:{port}/api?token=REDACTED&page=2")
    );
    assert_eq!(
        named(&spans, "render")["attributes"]["url.full"],
        "https://REDACTED:REDACTED@example.com/x?key=REDACTED&page=3"
    );
    let all = serde_json::to_string(&rx.spans()).unwrap();
    // Secrets with letters past `f`: a random span id (hex) once held "abc".
    for secret in ["secret", "hunter2", "k-e-y-quux"] {
        assert!(!all.contains(secret), "{secret} was exported: {all}");
    }
}

/// The handler: a fetch() to `?port=`'s server; answers with what the
/// handler and that server saw.
const FORWARDING: &str = r#"
export async function handler(req) {
  const r = await fetch(`http://127.0.0.1:${req.query.port}/api`);
  return { own: req.headers["traceparent"] || null, seen: await r.json() };
}
"#;

#[test]
fn a_broken_trace_context_never_reaches_the_server_a_fetch_calls() {
    let trace = "0af7651916cd43dd8448eb211c80319c";
    let good = format!("00-{trace}-b7ad6b7169203331-01");
    let state = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE";
    let zero_trace = format!("00-{}-b7ad6b7169203331-01", "0".repeat(32));
    let zero_parent = format!("00-{trace}-{}-01", "0".repeat(16));
    let upper = good.to_uppercase();
    let ff = format!("ff-{trace}-b7ad6b7169203331-01");
    let too_many: String = (0..33).map(|i| format!("k{i}=v,")).collect();
    // (traceparent, tracestate, passed on: traceparent?, tracestate?)
    let cases: &[(&str, &str, bool, Option<&str>)] = &[
        (&good, state, true, Some(state)),
        (&zero_trace, state, false, None),
        (&zero_parent, state, false, None),
        (&upper, state, false, None),
        (&ff, state, false, None),
        (&good, "rojo=1,Congo=2", true, None),
        (&good, "rojo=1,rojo=2", true, None),
        (&good, &too_many, true, None),
    ];
    let port = upstream();
    let rx = Receiver::start(&[]);
    let pool = format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nfetch_allow = [\"127.0.0.1:{port}\"]\n"
    );
    let on = format!(
        "{pool}\n[tracing]\nenabled = true\nendpoint = \"http://127.0.0.1:{}\"\n",
        rx.port
    );
    for (tracing, toml) in [("off", &pool), ("on", &on)] {
        let d = start_app(toml, &[("worker.js", FORWARDING)]);
        for (tp, ts, keeps_tp, keeps_ts) in cases {
            let r = d.request(
                "GET",
                &format!("/?port={port}"),
                &[("traceparent", tp), ("tracestate", ts)],
                b"",
            );
            assert_eq!(r.status, 200, "{}", r.body);
            let seen = &r.json()["seen"];
            let case = format!("tracing {tracing}, {tp:?} {ts:?}: {seen}");
            let callers = seen["traceparent"]
                .as_str()
                .is_some_and(|t| t.starts_with(&format!("00-{trace}-")));
            assert_eq!(callers, *keeps_tp, "the caller's trace: {case}");
            assert_eq!(seen["tracestate"].as_str(), *keeps_ts, "{case}");
            if !keeps_tp && tracing == "off" {
                // Untraced, a broken context is not replaced by a new one.
                assert!(seen["traceparent"].is_null(), "{case}");
                assert!(r.json()["own"].is_null(), "the handler: {case}");
            }
        }
    }
}
