//! The web classes against their specifications, one test per area. Each
//! area is a JS file in `tests/web/` of `test(name, fn)` cases written from
//! the WHATWG/W3C texts (Encoding, URL, Fetch, File API, XHR's FormData,
//! DOM events and abort, HTML's base64); the runner below loads it into a
//! real engine, runs every case and fails naming each case that failed.

mod harness;

use harness::Harness;

/// The runner each area's cases run in.
const RUNNER: &str = r#"
const cases = [];
globalThis.test = (name, fn) => cases.push([name, fn]);
const show = (v) => { try { return typeof v === "string" ? JSON.stringify(v) : String(v); } catch (_) { return "?"; } };
globalThis.eq = (got, want, what = "") => {
  if (!Object.is(got, want)) throw new Error(`${what} expected ${show(want)}, got ${show(got)}`);
};
globalThis.same = (got, want, what = "") => eq(JSON.stringify(got), JSON.stringify(want), what);
globalThis.ok = (cond, what = "assertion") => { if (!cond) throw new Error(what); };
globalThis.throws = (Cls, fn, what = "") => {
  try { fn(); } catch (e) {
    if (typeof Cls === "string" ? e.name !== Cls : !(e instanceof Cls)) throw new Error(`${what} threw ${e && e.name}: ${e && e.message}`);
    return e;
  }
  throw new Error(`${what} did not throw`);
};
globalThis.rejects = async (Cls, p, what = "") => {
  try { await p; } catch (e) {
    if (typeof Cls === "string" ? e.name !== Cls : !(e instanceof Cls)) throw new Error(`${what} rejected with ${e && e.name}: ${e && e.message}`);
    return e;
  }
  throw new Error(`${what} did not reject`);
};
globalThis.tick = () => new Promise((r) => setTimeout(r, 0));
export default {
  async fetch() {
    const failed = [];
    for (const [name, fn] of cases) {
      try { await fn(); } catch (e) { failed.push(`${name}: ${e && e.message}`); }
    }
    return Response.json({ total: cases.length, failed });
  },
};
"#;

/// Runs one area's cases; panics listing the failed ones.
fn area(name: &str, cases: &str) {
    let mut h = Harness::new(&format!("{RUNNER}\n{cases}"));
    let r = h
        .get("/")
        .unwrap_or_else(|e| panic!("{name}: {}", e.describe()));
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    let total = v["total"].as_u64().unwrap();
    let failed: Vec<String> = v["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_owned())
        .collect();
    println!(
        "{name}: {} of {total} cases pass",
        total as usize - failed.len()
    );
    assert!(total > 0, "{name}: no cases ran");
    assert!(
        failed.is_empty(),
        "{name}: {} of {total} cases failed:\n  {}",
        failed.len(),
        failed.join("\n  ")
    );
}

#[test]
fn encoding() {
    area("encoding", include_str!("web/encoding.js"));
}

#[test]
fn events_and_abort() {
    area("events", include_str!("web/events.js"));
}

#[test]
fn headers() {
    area("headers", include_str!("web/headers.js"));
}

#[test]
fn blob_file_and_file_reader() {
    area("blob", include_str!("web/blob.js"));
}

#[test]
fn form_data() {
    area("formdata", include_str!("web/formdata.js"));
}

#[test]
fn bodies_requests_and_responses() {
    area("bodies", include_str!("web/bodies.js"));
}

#[test]
fn url_and_search_params() {
    area("url", include_str!("web/url.js"));
}

#[test]
fn base64() {
    area("base64", include_str!("web/base64.js"));
}

#[test]
fn subtle_crypto_known_answers() {
    area("subtle", include_str!("web/subtle.js"));
}

#[test]
fn subtle_crypto_rsa() {
    area("subtle rsa", include_str!("web/subtle_rsa.js"));
}

#[test]
fn subtle_crypto_errors() {
    area("subtle errors", include_str!("web/subtle_errors.js"));
}
