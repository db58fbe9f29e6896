//! A node:zlib stream that is dropped without being closed is collected
//! like any object, and its codec (some 300 KB of deflate state on the
//! Rust side) freed with it: the streams' FinalizationRegistry must not
//! keep them alive (QuickJS holds a registration's unregister token
//! strongly, so the stream cannot be its own token).

mod harness;

use harness::{Harness, body};

#[test]
fn streams_dropped_unclosed_are_collected() {
    let mut h = Harness::new(
        r#"import zlib from "node:zlib";
        const seen = {};
        const watch = new FinalizationRegistry((kind) => { seen[kind] = (seen[kind] || 0) + 1; });
        export async function handler() {
          for (let i = 0; i < 200; i++) watch.register({ i }, "plain");
          for (let i = 0; i < 200; i++) watch.register(zlib.createGzip(), "gzip");
          for (let i = 0; i < 200; i++) watch.register(zlib.createBrotliDecompress(), "brotli");
          // Garbage enough for QuickJS to collect, with turns of the loop
          // for the registry's callbacks.
          for (let round = 0; round < 40 && !(seen.gzip > 150 && seen.brotli > 150); round++) {
            const junk = [];
            for (let j = 0; j < 20000; j++) junk.push({ j });
            await new Promise((r) => setTimeout(r, 1));
          }
          return JSON.stringify(seen);
        }"#,
    );
    let seen: serde_json::Value = serde_json::from_str(&body(&h.get("/").unwrap())).unwrap();
    let count = |k: &str| seen[k].as_u64().unwrap_or(0);
    assert!(count("plain") > 150, "the collector ran: {seen}");
    assert!(count("gzip") > 150, "gzip streams kept alive: {seen}");
    assert!(count("brotli") > 150, "brotli streams kept alive: {seen}");
}
