//! The worker's side of a trace: a handler's `fetch()` is a client span
//! whose context reaches the server it calls, `bext.trace.span` nests under
//! bextd's run span, and neither makes a span for an unsampled request.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::mpsc;

use super::*;

/// The handler: a user span around a fetch() to `?port=`'s server, which
/// answers with what it saw.
const FETCHING: &str = r#"
export async function handler(req) {
  const port = req.query.port;
  return bext.trace.span("render", async (span) => {
    span.setAttribute("items", 3).setAttribute("kind", "list");
    const r = await fetch(`http://127.0.0.1:${port}/api`);
    return { own: req.headers["traceparent"], seen: await r.text() };
  });
}
"#;

/// A server on loopback that answers each request with its `traceparent`
/// header (or "none") and sends that header on `seen`.
fn downstream() -> (u16, mpsc::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(mut conn) = conn else { return };
            let mut tp = "none".to_owned();
            let mut reader = BufReader::new(conn.try_clone().unwrap());
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("traceparent:") {
                    tp = v.trim().to_owned();
                }
                line.clear();
            }
            let _ = tx.send(tp.clone());
            let reply = format!(
                "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{tp}",
                tp.len()
            );
            let _ = conn.write_all(reply.as_bytes());
        }
    });
    (port, rx)
}

fn fetching_config(endpoint: &str, port: u16, extra: &str) -> String {
    format!(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nfetch_allow = [\"127.0.0.1:{port}\"]\n\n[tracing]\nenabled = true\nendpoint = \"{endpoint}\"\n{extra}\n"
    )
}

#[test]
fn a_fetch_carries_the_context_and_a_user_span_nests_under_the_run_span() {
    let rx = Receiver::start(&[]);
    let (port, seen) = downstream();
    let d = start_app(
        &fetching_config(&format!("http://127.0.0.1:{}", rx.port), port, ""),
        &[("worker.js", FETCHING)],
    );
    let trace_id = "5bf92f3577b34da6a3ce929d0e0e4736";
    let tp = format!("00-{trace_id}-00f067aa0ba902b7-01");
    let r = d.request(
        "GET",
        &format!("/?port={port}"),
        &[("traceparent", &tp)],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let downstream_tp = seen.recv_timeout(Duration::from_secs(5)).unwrap();
    assert_eq!(r.json()["seen"], downstream_tp.as_str());

    let spans = rx.trace(trace_id, 6);
    let run = named(&spans, "run");
    let render = named(&spans, "render");
    assert_eq!(
        render["parent"], run["span_id"],
        "the user span nests under run"
    );
    assert_eq!(render["kind"], 1, "SPAN_KIND_INTERNAL");
    assert_eq!(render["attributes"]["items"], 3);
    assert_eq!(render["attributes"]["kind"], "list");
    assert_eq!(render["attributes"]["bext.worker.id"], 0);
    let client = spans
        .iter()
        .find(|s| s["kind"] == 3)
        .unwrap_or_else(|| panic!("no client span in {spans:#?}"));
    assert_eq!(client["name"], "GET");
    assert_eq!(
        client["parent"], render["span_id"],
        "fetch() is in the user span"
    );
    let a = &client["attributes"];
    assert_eq!(a["http.request.method"], "GET");
    assert_eq!(a["url.full"], format!("http://127.0.0.1:{port}/api"));
    assert_eq!(a["http.response.status_code"], 200);
    assert_eq!(
        downstream_tp,
        format!("00-{trace_id}-{}-01", client["span_id"].as_str().unwrap()),
        "the server called sees the client span as its parent"
    );
    let (start, end) = (
        render["start"].as_u64().unwrap(),
        render["end"].as_u64().unwrap(),
    );
    assert!(start <= client["start"].as_u64().unwrap() && client["end"].as_u64().unwrap() <= end);
    print_tree(&spans);
}

/// An unsampled request: the server called still gets the context (flags
/// 00, the request's trace), and the worker reports no span.
#[test]
fn an_unsampled_request_passes_its_context_on_and_reports_nothing() {
    let rx = Receiver::start(&[]);
    let (port, seen) = downstream();
    let mut d = start_app(
        &fetching_config(
            &format!("http://127.0.0.1:{}", rx.port),
            port,
            "ratio = 0.0",
        ),
        &[("worker.js", FETCHING)],
    );
    let r = d.get(&format!("/?port={port}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let own = r.json()["own"].as_str().unwrap().to_owned();
    assert!(own.ends_with("-00"), "{own}");
    let downstream_tp = seen.recv_timeout(Duration::from_secs(5)).unwrap();
    assert_eq!(downstream_tp, own, "passed on as the handler got it");
    d.signal(Signal::SIGTERM);
    assert!(d.wait_exit(Duration::from_secs(20)).success());
    assert!(rx.spans().is_empty(), "{:#?}", rx.spans());
}

/// The tree as the receiver saw it, for the record (`--nocapture`).
fn print_tree(spans: &[Value]) {
    fn walk(spans: &[Value], parent: &Value, depth: usize) {
        for s in spans.iter().filter(|s| &s["parent"] == parent) {
            let us = (s["end"].as_u64().unwrap() - s["start"].as_u64().unwrap()) / 1000;
            println!(
                "{}{} [{}] {us} µs {}",
                "  ".repeat(depth),
                s["name"],
                s["span_id"],
                s["attributes"]
            );
            walk(spans, &s["span_id"], depth + 1);
        }
    }
    let ids: Vec<&Value> = spans.iter().map(|s| &s["span_id"]).collect();
    if let Some(root) = spans.iter().find(|s| !ids.contains(&&s["parent"])) {
        println!("(parent {}) ", root["parent"]);
        walk(spans, &root["parent"], 0);
    }
}

/// The handler spawns a job inside a user span; the job's run says how.
const SPAWNING: &str = r#"
export function handler(req) {
  const data = { n: 2, port: req.query.port };
  const id = bext.trace.span("enqueue", () => bext.jobs.spawn("job.js", { data }));
  return { id, traceparent: req.headers["traceparent"] };
}
"#;

/// The job's own span, and a fetch() in it.
const JOB: &str = r#"
export async function run(job) {
  return bext.trace.span("step", async () => {
    const r = await fetch(`http://127.0.0.1:${job.data.port}/api`);
    return { n: job.data.n * 2, seen: await r.text() };
  });
}
"#;

/// A job spawned in a sampled request: its run is a `job` span in a trace
/// of its own, linked to the span that spawned it, and the job's own spans
/// (a `bext.trace.span`, a `fetch()` whose context reaches the server it
/// calls) nest under it.
#[test]
fn a_job_spawned_from_a_request_links_to_it_and_its_run_is_a_span() {
    let rx = Receiver::start(&[]);
    let (port, seen) = downstream();
    let d = start_app(
        &fetching_config(&format!("http://127.0.0.1:{}", rx.port), port, ""),
        &[("worker.js", SPAWNING), ("job.js", JOB)],
    );
    let trace_id = "6bf92f3577b34da6a3ce929d0e0e4736";
    let tp = format!("00-{trace_id}-00f067aa0ba902b7-01");
    let r = d.request(
        "GET",
        &format!("/?port={port}"),
        &[("traceparent", &tp)],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let job_id = r.json()["id"].as_str().unwrap().to_owned();
    let spans = rx.trace(trace_id, 5);
    let enqueue = named(&spans, "enqueue");
    assert_eq!(enqueue["parent"], named(&spans, "run")["span_id"]);
    let run = wait_for(Duration::from_secs(10), "the job's span", || {
        rx.spans()
            .into_iter()
            .find(|s| s["name"] == "job" && s["attributes"]["bext.job.id"] == job_id.as_str())
    });
    assert_ne!(run["trace_id"], trace_id, "a trace of its own");
    assert_eq!(run["parent"], "", "at its root");
    assert_eq!(run["kind"], 5, "SPAN_KIND_CONSUMER");
    assert_eq!(run["attributes"]["bext.job.outcome"], "completed");
    assert_eq!(
        run["links"],
        serde_json::json!([{ "trace_id": trace_id, "span_id": enqueue["span_id"] }]),
        "linked to the span that spawned it"
    );
    let job_trace = run["trace_id"].as_str().unwrap();
    let spans = rx.trace(job_trace, 3);
    let step = named(&spans, "step");
    assert_eq!(
        step["parent"], run["span_id"],
        "the job's span nests under its run"
    );
    let client = spans
        .iter()
        .find(|s| s["kind"] == 3)
        .unwrap_or_else(|| panic!("no client span in {spans:#?}"));
    assert_eq!(
        client["parent"], step["span_id"],
        "fetch() is in the job's span"
    );
    assert_eq!(
        seen.recv_timeout(Duration::from_secs(5)).unwrap(),
        format!("00-{job_trace}-{}-01", client["span_id"].as_str().unwrap()),
        "the server the job called sees its client span as the parent"
    );
    print_tree(&spans);
}
