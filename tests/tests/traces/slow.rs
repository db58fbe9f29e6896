//! From a slow request to its trace: the status page's feed names it with
//! its trace id, and the latency histogram's bucket points at it.

use super::*;

const SLOW: &str = r#"
export async function handler(req) {
  if (req.path === "/slow") await new Promise((r) => setTimeout(r, 300));
  return "ok";
}
"#;

#[test]
fn a_slow_request_is_in_the_feed_and_the_histogram_with_its_trace_id() {
    let rx = Receiver::start(&[]);
    let endpoint = format!("http://127.0.0.1:{}", rx.port);
    let d = start_app(&config(&endpoint, "slow_ms = 200"), &[("worker.js", SLOW)]);
    let fast = "1bf92f3577b34da6a3ce929d0e0e4736";
    let slow = "2bf92f3577b34da6a3ce929d0e0e4736";
    for (trace_id, path) in [(fast, "/"), (slow, "/slow")] {
        let tp = format!("00-{trace_id}-00f067aa0ba902b7-01");
        assert_eq!(
            d.request("GET", path, &[("traceparent", &tp)], b"").status,
            200
        );
    }
    let server = named(&rx.trace(slow, 4), "GET").clone();

    let events = d.get("/__bext/history").json()["events"].clone();
    let slow_events: Vec<&Value> = events
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "slow")
        .collect();
    assert_eq!(slow_events.len(), 1, "only the slow one: {events:#}");
    let e = slow_events[0];
    assert_eq!(e["trace_id"], slow);
    assert_eq!(e["pool"], "render");
    assert!(
        e["text"]
            .as_str()
            .unwrap()
            .starts_with("GET /slow answered 200 in "),
        "{e}"
    );
    let page = d.get("/__bext/").body;
    assert!(
        page.contains(&format!("trace <code>{slow}</code>")),
        "the page shows the trace id"
    );

    let metrics = d.get("/metrics").body;
    let bucket = |trace_id: &str| {
        metrics
            .lines()
            .find(|l| {
                l.starts_with("bext_request_duration_seconds_bucket")
                    && l.contains(&format!("trace_id=\"{trace_id}\""))
            })
            .unwrap_or_else(|| panic!("no exemplar of {trace_id} in {metrics}"))
            .to_owned()
    };
    let line = bucket(slow);
    assert!(
        line.contains(&format!(
            "span_id=\"{}\"",
            server["span_id"].as_str().unwrap()
        )),
        "the exemplar names the server span: {line}"
    );
    let le: f64 = line
        .split("le=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(le >= 0.3, "the slow request's bucket: {line}");
    assert_ne!(bucket(fast), line, "each in its own bucket");
}
