//! WebAssembly as apps load it: `import m from "./x.wasm"` gives a
//! `WebAssembly.Module`, and `instantiateStreaming` of a `file:` URL's
//! fetch works (tests/tests/fetch_files.rs has the `file:` rules); the
//! wasm a worker compiled before `Ready` is handed to the version's next
//! workers, which do not compile it again.

use std::time::Duration;

use bext_e2e::{Daemon, Setup, bext};

/// `(module (func (export "add") (param i32 i32) (result i32)
/// local.get 0 local.get 1 i32.add))`
const ADD_WASM: &[u8] = &[
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
    0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, // type: (i32 i32) -> i32
    0x03, 0x02, 0x01, 0x00, // function 0 of type 0
    0x07, 0x07, 0x01, 0x03, b'a', b'd', b'd', 0x00, 0x00, // export "add"
    0x0a, 0x09, 0x01, 0x07, 0x00, 0x20, 0x00, 0x20, 0x01, 0x6a, 0x0b, // code
];

const IMPORTS_WASM: &str = r#"import add from "./add.wasm";

export default {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/streaming") {
      const { instance } = await WebAssembly.instantiateStreaming(fetch(new URL("./add.wasm", import.meta.url)));
      return Response.json({ sum: instance.exports.add(20, 22) });
    }
    const instance = await WebAssembly.instantiate(add);
    return Response.json({
      module: add instanceof WebAssembly.Module,
      exports: WebAssembly.Module.exports(add),
      sum: instance.exports.add(2, 40),
    });
  },
};
"#;

fn daemon(worker: &str) -> Daemon {
    Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", worker)],
        binary_files: &[("add.wasm", ADD_WASM)],
        ..Setup::default()
    })
}

#[test]
fn a_wasm_file_imports_as_a_webassembly_module() {
    let d = daemon(IMPORTS_WASM);
    d.wait_workers(1);
    let r = d.get("/");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        serde_json::json!({
            "module": true,
            "exports": [{ "name": "add", "kind": "function" }],
            "sum": 42
        })
    );
    let r = d.get("/streaming");
    assert_eq!(
        (r.status, r.json()["sum"].clone()),
        (200, 42.into()),
        "{}",
        r.body
    );
}

#[test]
fn a_rotated_worker_loads_the_compiled_wasm_instead_of_compiling() {
    let d = daemon(IMPORTS_WASM);
    let first = d.wait_workers(1);
    // worker.js, add.wasm's module, and the wasm code itself.
    d.wait_log(
        "modules_cached=0 modules_compiled=3",
        Duration::from_secs(10),
    );
    assert_eq!(d.get("/").json()["sum"], 42);

    let (code, _, err) = bext(d.dir.path(), &["workers", "restart"]);
    assert_eq!(code, 0, "{err}");
    d.wait_rotated(&first, 0);
    d.wait_log(
        "modules_cached=3 modules_compiled=0",
        Duration::from_secs(10),
    );
    assert_eq!(d.get("/").json()["sum"], 42);
}
