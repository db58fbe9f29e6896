//! WebAssembly as apps load it: `import m from "./x.wasm"` gives a
//! `WebAssembly.Module`, and `instantiateStreaming` of a `file:` URL's
//! fetch works (tests/tests/fetch_files.rs has the `file:` rules); the
//! wasm a worker compiled before `Ready` is handed to the version's next
//! workers, which do not compile it again; and real packages that ship
//! wasm (hash-wasm, sql.js, @resvg/resvg-wasm, shiki) answer as Node does.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
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
fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Node's answers for the wasm packages of the corpus (tests/corpus/wasm/).
fn node_answers() -> BTreeMap<String, serde_json::Value> {
    let corpus = repo_root().join("tests/corpus");
    let run = |cmd: &mut Command, what: &str| {
        let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(
            out.status.success(),
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    run(
        Command::new("bash").arg(corpus.join("build.sh")),
        "tests/corpus/build.sh",
    );
    let out = run(
        Command::new("node")
            .args(["reference.js", "wasm"])
            .current_dir(&corpus),
        "node reference.js wasm",
    );
    serde_json::from_slice(&out).expect("node's answers are JSON")
}

#[test]
fn packages_that_ship_wasm_answer_as_node_does() {
    let node = node_answers();
    let names: Vec<&str> = node.keys().map(String::as_str).collect();
    assert_eq!(names, ["hash-wasm", "resvg", "shiki", "sql-js"]);
    let script = repo_root().join("tests/corpus/worker.js");
    let d = Daemon::start(
        &format!(
            "[render]\nscript = \"{}\"\njsc_workers = 1\nrequest_timeout_ms = 120000\n",
            script.display()
        ),
        "",
    );
    d.wait_workers(1);
    let mut wrong = Vec::new();
    for (name, want) in &node {
        assert_eq!(want["ok"], true, "node fails {name}: {want}");
        let got = d.get(&format!("/?case={name}&folder=wasm")).json();
        if &got != want {
            wrong.push(format!("{name}: bext {got}\n  node {want}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
