//! End-to-end WebAssembly limits: the request timeout stops a wasm loop as
//! it stops a JS one (504, the same log line, the same worker serving
//! on), and linear memory is held to `js_memory_limit_mb`.

use std::time::Duration;

use bext_e2e::Daemon;

/// `(func (export "spin") (loop (br 0)))`, `(func (export "grow") (param
/// i32) (result i32) (memory.grow (local.get 0)))`, `(memory (export
/// "mem") 1)`, assembled by hand.
const APP: &str = r#"
const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,9,2,96,0,0,96,1,127,1,127,3,3,2,0,1,5,3,1,0,1,7,21,3,4,115,112,105,110,0,0,4,103,114,111,119,0,1,3,109,101,109,2,0,10,16,2,7,0,3,64,12,0,11,11,6,0,32,0,64,0,11]);
const { instance } = await WebAssembly.instantiate(bytes);
const e = instance.exports;
export function handler(req) {
  switch (req.path) {
    case "/spin": e.spin(); return "never";
    case "/grow": {
      let js = "grew";
      try { e.mem.grow(2048); } catch (err) { js = err.constructor.name; }
      return { small: e.grow(16), big: e.grow(2048), js, pages: e.mem.buffer.byteLength / 65536 };
    }
    default: return "ok";
  }
}
"#;

#[test]
fn a_wasm_loop_answers_504_and_the_worker_keeps_serving() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\nrequest_timeout_ms = 300\n",
        APP,
    );
    let pids = d.wait_workers(1);
    assert_eq!(d.get("/spin").status, 504);
    // Stopped inside wasm at the deadline, as JS is: the worker says so
    // and goes on; nothing was killed.
    d.wait_log("timed out after 300 ms", Duration::from_secs(5));
    assert_eq!(d.get("/").status, 200);
    assert_eq!(d.worker_pids(), pids, "the same worker goes on");
    assert_eq!(d.count_log("killing the worker"), 0, "{}", d.logs());
}

#[test]
fn growing_linear_memory_past_the_limit_fails() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\njs_memory_limit_mb = 64\n",
        APP,
    );
    d.wait_workers(1);
    let r = d.get("/grow");
    assert_eq!(r.status, 200);
    let v = r.json();
    assert_eq!(v["js"], "RangeError", "128 MiB more from JS: {v}");
    assert_eq!(v["small"], 1, "1 MiB more fits: {v}");
    assert_eq!(v["big"], -1, "128 MiB more from wasm: {v}");
    assert_eq!(v["pages"], 17);
}
