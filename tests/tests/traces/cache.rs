//! Traces through the response cache: a render the cache runs (a miss, a
//! stale entry's background refresh) is the request's dispatch, queue and
//! run spans; a hit is the server span alone, saying so.

use super::*;

/// Shared-cacheable for a second, then served stale while re-rendered.
const CACHED: &str = r#"
export function handler(req) {
  return { status: 200, headers: { "cache-control": "public, s-maxage=1, stale-while-revalidate=60" },
           body: bext.trace.span("page", () => "page") };
}
"#;

fn traced(d: &Daemon, trace_id: &str, span: &str) -> bext_e2e::Reply {
    let tp = format!("00-{trace_id}-{span}-01");
    let r = d.request("GET", "/page", &[("traceparent", &tp)], b"");
    assert_eq!(r.status, 200, "{}", r.body);
    r
}

#[test]
fn a_cache_miss_renders_under_the_request_and_a_hit_says_so() {
    let rx = Receiver::start(&[]);
    let endpoint = format!("http://127.0.0.1:{}", rx.port);
    let cache = "\n[render.cache]\nmax_bytes = 1048576\n";
    let d = start_app(&config(&endpoint, cache), &[("worker.js", CACHED)]);

    let miss = "7bf92f3577b34da6a3ce929d0e0e4736";
    assert_eq!(
        traced(&d, miss, "00f067aa0ba902b7").header("x-bext-cache"),
        Some("miss")
    );
    let spans = rx.trace(miss, 5);
    let server = named(&spans, "GET");
    assert_eq!(server["attributes"]["bext.cache"], "miss");
    let dispatch = named(&spans, "dispatch");
    assert_eq!(dispatch["parent"], server["span_id"]);
    let run = named(&spans, "run");
    assert_eq!(run["parent"], dispatch["span_id"]);
    assert_eq!(named(&spans, "page")["parent"], run["span_id"]);

    let hit = "8bf92f3577b34da6a3ce929d0e0e4736";
    assert_eq!(
        traced(&d, hit, "00f067aa0ba902b7").header("x-bext-cache"),
        Some("hit")
    );
    let spans = rx.trace(hit, 1);
    assert_eq!(named(&spans, "GET")["attributes"]["bext.cache"], "hit");

    // Past s-maxage: answered stale at once, re-rendered behind, and the
    // refresh's spans are under the request that found it stale.
    let stale = "9bf92f3577b34da6a3ce929d0e0e4736";
    let mut n = 0u32;
    wait_for(Duration::from_secs(10), "a stale answer", || {
        n += 1;
        let r = traced(&d, stale, &format!("{n:016x}"));
        (r.header("x-bext-cache") == Some("stale")).then_some(())
    });
    let (server, dispatch) = wait_for(Duration::from_secs(10), "the refresh's spans", || {
        let spans: Vec<Value> = rx
            .spans()
            .into_iter()
            .filter(|s| s["trace_id"] == stale)
            .collect();
        let server = spans
            .iter()
            .find(|s| s["name"] == "GET" && s["attributes"]["bext.cache"] == "stale")?
            .clone();
        let dispatch = spans
            .iter()
            .find(|s| s["name"] == "dispatch" && s["parent"] == server["span_id"])?
            .clone();
        spans
            .iter()
            .any(|s| s["name"] == "run" && s["parent"] == dispatch["span_id"])
            .then_some((server, dispatch))
    });
    assert_eq!(dispatch["trace_id"], server["trace_id"]);
}
