//! `fetch()` of a `file:` URL: the file, when it lies in the pool's
//! folders (as Deno answers it; Node's undici refuses `file:`), with a
//! `content-type` by extension (`application/wasm` for
//! `instantiateStreaming`) and its length; GET and HEAD only.

use bext_e2e::{Daemon, Setup};

/// A few bytes that start as a wasm module does.
const WASM_HEAD: &[u8] = &[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

const FETCHES_FILES: &str = r#"export default {
  async fetch(request) {
    const url = new URL(request.url);
    const target = url.searchParams.get("url") ?? "";
    const method = url.searchParams.get("method") ?? "GET";
    try {
      const r = await fetch(new URL(target, import.meta.url), { method });
      const body = new Uint8Array(await r.arrayBuffer());
      return Response.json({
        status: r.status,
        type: r.headers.get("content-type"),
        length: r.headers.get("content-length"),
        bytes: body.length,
        first: Array.from(body.slice(0, 4)),
        url: r.url.startsWith("file:///") && r.url.endsWith(target.replace(/^\.\//, "")),
      });
    } catch (e) {
      return Response.json({ error: `${e.name}: ${e.message}` });
    }
  },
};
"#;

#[test]
fn fetch_answers_file_urls_within_the_pools_folders() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[
            ("worker.js", FETCHES_FILES),
            ("data/answer.json", "{\"answer\":42}\n"),
        ],
        binary_files: &[("add.wasm", WASM_HEAD)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let get = |q: &str| d.get(&format!("/?{q}")).json();
    assert_eq!(
        get("url=./add.wasm"),
        serde_json::json!({
            "status": 200, "type": "application/wasm", "length": WASM_HEAD.len().to_string(),
            "bytes": WASM_HEAD.len(), "first": [0, 0x61, 0x73, 0x6d], "url": true
        })
    );
    let json = get("url=./data/answer.json");
    assert_eq!(
        (json["type"].as_str(), json["bytes"].as_u64()),
        (Some("application/json"), Some(14))
    );
    // HEAD: the head, no body.
    let head = get("url=./add.wasm&method=HEAD");
    assert_eq!(
        (head["status"].as_u64(), head["bytes"].as_u64()),
        (Some(200), Some(0))
    );
    // Outside the pool's folders, another method, a missing file: refused.
    let outside = get("url=file:///etc/hostname");
    let e = outside["error"].as_str().unwrap_or_default();
    assert!(
        e.starts_with("TypeError: fetch failed") && e.contains("refused: outside the pool's root"),
        "{outside}"
    );
    let post = get("url=./add.wasm&method=POST");
    assert!(
        post["error"]
            .as_str()
            .unwrap_or_default()
            .contains("GET and HEAD"),
        "{post}"
    );
    let missing = get("url=./nothing.wasm");
    assert!(
        missing["error"]
            .as_str()
            .unwrap_or_default()
            .contains("cannot read"),
        "{missing}"
    );
}
