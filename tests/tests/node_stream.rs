//! `node:stream` through the real bextd and workers: a handler that pipes a
//! request's words through a `Transform` with `pipeline` and answers what
//! comes out, a CommonJS file whose `require("stream")` is the same module,
//! and the time the first import of `node:stream` takes in a worker.

use bext_e2e::{Daemon, Setup};

const WORKER: &str = r#"
import { Readable, Transform, Writable, pipeline } from "node:stream";
import { pipeline as pipelinePromise } from "node:stream/promises";
import legacy from "./legacy.cjs";

function shout() {
  return new Transform({
    transform(chunk, encoding, callback) { callback(null, chunk.toString().toUpperCase()); },
  });
}

export async function handler(req) {
  if (req.path === "/cjs") return String(legacy.Transform === Transform && legacy.pipeline === pipeline);
  const words = String(req.query.words || "").split(",");
  const out = [];
  const sink = new Writable({ write(chunk, encoding, callback) { out.push(chunk.toString()); callback(); } });
  if (req.path === "/fail") {
    const broken = new Transform({ transform(chunk, encoding, callback) { callback(new Error(`bad word ${chunk}`)); } });
    try {
      await pipelinePromise(Readable.from(words), broken, sink);
      return "resolved";
    } catch (e) {
      return { status: 422, body: e.message };
    }
  }
  return new Promise((resolve) => {
    pipeline(Readable.from(words), shout(), sink, (err) => {
      resolve(err ? { status: 500, body: err.message } : out.join(" "));
    });
  });
}
"#;

const LEGACY_CJS: &str = r#"const stream = require("stream");
module.exports = { Transform: stream.Transform, pipeline: require("node:stream").pipeline };
"#;

#[test]
fn a_handler_pipes_a_readable_through_a_transform_and_answers_the_result() {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", WORKER), ("legacy.cjs", LEGACY_CJS)],
        ..Setup::default()
    });
    d.wait_workers(1);
    let r = d.get("/?words=node,streams,in,bext");
    assert_eq!((r.status, r.body.as_str()), (200, "NODE STREAMS IN BEXT"));
    let r = d.get("/fail?words=x");
    assert_eq!((r.status, r.body.as_str()), (422, "bad word x"));
    let r = d.get("/cjs");
    assert_eq!((r.status, r.body.as_str()), (200, "true"));
}

/// A worker that imports nothing, then its first `import("node:stream")`
/// (and `stream/promises` and `stream/web` after it), timed inside the
/// worker and printed. A debug build compiles QuickJS unoptimized (about
/// 35 times slower than a release build) on a machine other builds share,
/// so the bound only catches an import that does far more than compile
/// and define the classes.
#[test]
fn the_first_import_of_node_stream_is_timed_in_a_worker() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        r#"export async function handler() {
          const t0 = performance.now();
          const stream = await import("node:stream");
          const t1 = performance.now();
          await import("node:stream/promises");
          const t2 = performance.now();
          await import("node:stream/web");
          const t3 = performance.now();
          return { stream: t1 - t0, promises: t2 - t1, web: t3 - t2, ok: typeof stream.Readable.from };
        }"#,
    );
    d.wait_workers(1);
    let r = d.get("/").json();
    println!("first import in a worker (ms): {r}");
    assert_eq!(r["ok"], "function");
    assert!(r["stream"].as_f64().unwrap() < 2000.0, "{r}");
}
