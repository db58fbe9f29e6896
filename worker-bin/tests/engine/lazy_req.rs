//! The handler's `req` makes its costly fields on first read: seen from
//! the handler it must be the object that used to be built whole, field by
//! field, whatever is read first.

use super::*;
use bext_worker::host::JsFailure;
use protocol::worker::HttpResponse;

/// The handler answers what it sees of `req`: each check, by path, reads
/// the request in a different order.
const SCRIPT: &str = r#"
const kept = {};
export async function handler(req) {
  const what = req.path.slice(1);
  if (what === "json") return JSON.stringify(req);
  if (what === "keys") {
    const forIn = [];
    for (const k in req) forIn.push(k);
    return { keys: Object.keys(req), forIn,
      has: ["query", "headers", "signal", "body", "bytes", "nope"].map((k) => k in req),
      own: Object.getOwnPropertyNames(req), symbols: Object.getOwnPropertySymbols(req).length };
  }
  if (what === "fields") {
    const bytes = Array.from(await req.bytes());
    const ab = await req.arrayBuffer();
    const out = { id: req.id, method: req.method, url: req.url, path: req.path, query: req.query,
      headers: req.headers, ip: req.ip, body: req.body, bytes, ab: [ab instanceof ArrayBuffer, ...new Uint8Array(ab)],
      fresh: (await req.bytes()) !== (await req.bytes()),
      same: [req.headers === req.headers, req.query === req.query, req.signal === req.signal, req.body === req.body],
      signal: [req.signal instanceof AbortSignal, req.signal.aborted],
      protos: [Object.getPrototypeOf(req) === Object.prototype, Object.getPrototypeOf(req.headers) === Object.prototype,
        Object.getPrototypeOf(req.query) === Object.prototype] };
    // Once read, each is a plain property, as before.
    out.descriptors = ["query", "headers", "signal", "body", "bytes"].map((k) => {
      const d = Object.getOwnPropertyDescriptor(req, k);
      return [k, "value" in d, d.writable, d.enumerable, d.configurable];
    });
    // As text: an object with a string `body` would be taken for an answer.
    return JSON.stringify(out);
  }
  if (what === "mutate") {
    req.headers.added = "1";
    req.query.extra = "2";
    const h = req.headers;
    req.body = "replaced";
    req.signal = "mine";
    req.custom = true;
    return JSON.stringify({ h: req.headers === h ? req.headers : "lost", q: req.query, body: req.body,
      signal: req.signal, keys: Object.keys(req) });
  }
  if (what === "assign") {
    // Written before ever read: the write wins, and stays.
    req.headers = { mine: "yes" };
    req.query = 5;
    delete req.body;
    return { h: req.headers, q: req.query, hasBody: "body" in req, json: JSON.parse(JSON.stringify(req)) };
  }
  if (what === "frozen") {
    const child = Object.create(req);
    const viaChild = child.headers;
    Object.freeze(req);
    const q = req.query;
    let threw = false;
    try { req.headers = {}; } catch (e) { threw = e instanceof TypeError; }
    return { child: viaChild === req.headers, q: [q === req.query, q], threw, frozen: Object.isFrozen(req) };
  }
  if (what === "keep") { kept.req = req; return new Promise(() => {}); }
  if (what === "late") {
    const s = kept.req.signal;
    return { aborted: s.aborted, reason: s.reason && s.reason.name, same: s === kept.req.signal,
      headers: kept.req.headers };
  }
  return "?";
}
"#;

fn request(url: &str, headers: &[(&str, &str)], body: &[u8]) -> HttpRequest {
    HttpRequest {
        method: "POST".into(),
        url: url.into(),
        headers: headers
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        body: body.to_vec(),
        ip: "10.0.0.1".into(),
    }
}

/// The request every check sends: repeated headers and query keys, and a
/// body that is not valid UTF-8.
fn send(h: &mut Harness, token: u32, path: &str) -> Result<HttpResponse, JsFailure> {
    let headers = [
        ("x-test", "yes"),
        ("accept", "a"),
        ("x-test", "again"),
        ("cookie", "c=1"),
        ("x-test", "third"),
    ];
    let url = format!("/{path}?a=1&b=2&a=3&c=x%20y&a=4&e");
    h.engine.dispatch(
        token,
        7,
        request(&url, &headers, &[b'h', b'i', 0xff, 0, 0xe2, 0x82]),
    );
    h.wait(token)
}

fn json_of(r: &HttpResponse) -> serde_json::Value {
    serde_json::from_slice(&r.body).unwrap()
}

fn headers_json() -> serde_json::Value {
    serde_json::json!({"x-test": "yes, again, third", "accept": "a", "cookie": "c=1"})
}

fn query_json() -> serde_json::Value {
    serde_json::json!({"a": ["1", "3", "4"], "b": "2", "c": "x y", "e": ""})
}

#[test]
fn json_stringify_of_req_is_what_it_was() {
    let mut h = Harness::new(SCRIPT);
    let r = send(&mut h, 100, "json").unwrap();
    // Compared as text: the order of the keys is part of it.
    let expected = concat!(
        r#"{"id":7,"method":"POST","url":"/json?a=1&b=2&a=3&c=x%20y&a=4&e","path":"/json","#,
        r#""query":{"a":["1","3","4"],"b":"2","c":"x y","e":""},"#,
        r#""headers":{"x-test":"yes, again, third","accept":"a","cookie":"c=1"},"#,
        r#""ip":"10.0.0.1","signal":{},"body":"hi"#,
        "\u{fffd}\\u0000\u{fffd}\"}"
    );
    assert_eq!(body(&r), expected);
}

#[test]
fn req_has_the_same_keys_in_the_same_order() {
    let mut h = Harness::new(SCRIPT);
    let keys = [
        "id",
        "method",
        "url",
        "path",
        "query",
        "headers",
        "ip",
        "signal",
        "body",
        "bytes",
        "arrayBuffer",
    ];
    let v = json_of(&send(&mut h, 100, "keys").unwrap());
    assert_eq!(
        v,
        serde_json::json!({"keys": keys, "forIn": keys, "own": keys,
            "has": [true, true, true, true, true, false], "symbols": 1})
    );
}

#[test]
fn every_field_reads_as_it_did() {
    let mut h = Harness::new(SCRIPT);
    let v = json_of(&send(&mut h, 100, "fields").unwrap());
    let bytes = [104, 105, 255, 0, 226, 130];
    assert_eq!(
        v,
        serde_json::json!({
            "id": 7, "method": "POST", "url": "/fields?a=1&b=2&a=3&c=x%20y&a=4&e", "path": "/fields",
            "query": query_json(), "headers": headers_json(), "ip": "10.0.0.1",
            "body": "hi\u{fffd}\u{0}\u{fffd}", "bytes": bytes, "ab": [true, 104, 105, 255, 0, 226, 130],
            "fresh": true, "same": [true, true, true, true], "signal": [true, false],
            "protos": [true, true, true],
            "descriptors": [["query", true, true, true, true], ["headers", true, true, true, true],
                ["signal", true, true, true, true], ["body", true, true, true, true],
                ["bytes", true, true, true, true]],
        })
    );
}

#[test]
fn writes_to_req_and_its_fields_stay() {
    let mut h = Harness::new(SCRIPT);
    let v = json_of(&send(&mut h, 100, "mutate").unwrap());
    let mut headers = headers_json();
    headers["added"] = "1".into();
    let mut query = query_json();
    query["extra"] = "2".into();
    assert_eq!(
        v,
        serde_json::json!({"h": headers, "q": query, "body": "replaced", "signal": "mine",
            "keys": ["id", "method", "url", "path", "query", "headers", "ip", "signal", "body",
                "bytes", "arrayBuffer", "custom"]})
    );
    let v = json_of(&send(&mut h, 101, "assign").unwrap());
    assert_eq!(v["h"], serde_json::json!({"mine": "yes"}));
    assert_eq!((&v["q"], &v["hasBody"]), (&5.into(), &false.into()));
    assert_eq!(v["json"]["headers"], serde_json::json!({"mine": "yes"}));
    assert_eq!(v["json"]["query"], 5);
    assert_eq!(v["json"].get("body"), None);
}

/// A req read through an object that inherits from it, or frozen, still
/// gives one value per field.
#[test]
fn inherited_and_frozen_reqs_keep_one_value_per_field() {
    let mut h = Harness::new(SCRIPT);
    let v = json_of(&send(&mut h, 100, "frozen").unwrap());
    assert_eq!(
        v,
        serde_json::json!({"child": true, "q": [true, query_json()], "threw": true, "frozen": true})
    );
}

/// `req.signal`, never read before the abort, is aborted when read after;
/// the fields of a request that is over are still there.
#[test]
fn a_signal_first_read_after_the_abort_is_aborted() {
    let mut h = Harness::new(SCRIPT);
    h.engine
        .dispatch(50, 1, request("/keep", &[("x-a", "1"), ("x-a", "2")], b""));
    h.engine.run_jobs();
    h.engine.abort(50, true);
    let v = json_of(&send(&mut h, 100, "late").unwrap());
    assert_eq!(
        v,
        serde_json::json!({"aborted": true, "reason": "TimeoutError", "same": true,
            "headers": {"x-a": "1, 2"}})
    );
}

/// A traced request is traced without the handler's `req.headers` being
/// made for it, and the handler still sees the trace headers.
#[test]
fn a_traced_request_runs_in_its_trace() {
    let mut h = Harness::new(
        r#"export function handler(req) {
             return bext.trace.span("inner", () => ({ keys: Object.keys(req.headers) }));
           }"#,
    );
    let tp = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    h.engine.dispatch(
        100,
        1,
        request("/", &[("traceparent", tp), ("tracestate", "k=v")], b""),
    );
    let r = h.wait(100).unwrap();
    assert_eq!(
        json_of(&r),
        serde_json::json!({"keys": ["traceparent", "tracestate"]})
    );
    assert!(h.logs.iter().any(|l| l == "span: inner"), "{:?}", h.logs);
    // Repeated, the traceparent is no valid one (as before): no span.
    h.logs.clear();
    h.engine.dispatch(
        101,
        2,
        request("/", &[("traceparent", tp), ("traceparent", tp)], b""),
    );
    h.wait(101).unwrap();
    assert!(
        !h.logs.iter().any(|l| l.starts_with("span")),
        "{:?}",
        h.logs
    );
}

/// Every req is made with the same shape, shared until one is changed:
/// what a handler does to one req leaves the next as new.
#[test]
fn what_a_handler_does_to_one_req_leaves_the_next_as_new() {
    let mut h = Harness::new(SCRIPT);
    let keys = json_of(&send(&mut h, 100, "keys").unwrap());
    let fields = json_of(&send(&mut h, 101, "fields").unwrap());
    for (token, what) in [(102, "mutate"), (103, "assign"), (104, "frozen")] {
        send(&mut h, token, what).unwrap();
    }
    assert_eq!(json_of(&send(&mut h, 105, "keys").unwrap()), keys);
    assert_eq!(json_of(&send(&mut h, 106, "fields").unwrap()), fields);
    assert_eq!(
        json_of(&send(&mut h, 107, "json").unwrap())["url"],
        "/json?a=1&b=2&a=3&c=x%20y&a=4&e"
    );
}
