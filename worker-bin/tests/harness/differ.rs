//! Differential tests against Node: a case is an ES module exporting
//! `run(print)`; it runs in Node (Debian's `nodejs`, `/usr/bin/node`, or
//! `$BEXT_NODE`) and in a real worker engine, and the printed lines must be
//! the same.

use std::path::Path;
use std::process::Command;

use super::{Harness, body};

/// The handler that runs `case.mjs` in the worker.
pub const RUNNER: &str = r#"import { run } from "./case.mjs";
export async function handler() {
  const out = [];
  await run((...a) => out.push(a.join(" ")));
  return { status: 200, body: out.join("\n") };
}
"#;

pub fn node() -> String {
    std::env::var("BEXT_NODE").unwrap_or_else(|_| "/usr/bin/node".into())
}

/// What Node prints for the case file `case`, run from `cwd` (else the
/// test's own folder).
pub fn in_node(case: &Path, cwd: Option<&Path>) -> String {
    let mut cmd = Command::new(node());
    if let Some(dir) = cwd {
        cmd.current_dir(dir);
    }
    let out = cmd
        .arg("--input-type=module")
        .arg("-e")
        .arg(
            "const m = await import(process.argv[1]); const out = []; \
             await m.run((...a) => out.push(a.join(' '))); process.stdout.write(out.join('\\n'));",
        )
        .arg(case)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {} (install Debian's nodejs, or set BEXT_NODE): {e}",
                node()
            )
        });
    assert!(
        out.status.success(),
        "node failed on {}: {}",
        case.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// What a worker prints for the case source `src`; `prepare` may add files
/// to the worker's folder before the request.
pub fn in_bext(name: &str, src: &str, prepare: impl FnOnce(&Path)) -> String {
    let mut h = Harness::with_files(&[("worker.js", RUNNER), ("case.mjs", src)]);
    prepare(&h._dir.0);
    let r = h
        .get("/")
        .unwrap_or_else(|e| panic!("{name}: {}", e.describe()));
    body(&r)
}

/// Panics with the lines that differ, when they do.
pub fn assert_same(name: &str, want: &str, got: &str) {
    if want != got {
        let diff: Vec<String> = want
            .lines()
            .zip(got.lines().chain(std::iter::repeat("<missing>")))
            .filter(|(w, g)| w != g)
            .map(|(w, g)| format!("node: {w}\nbext: {g}"))
            .collect();
        panic!(
            "{name} differs from Node:\n{}\n(full bext output:\n{got})",
            diff.join("\n")
        );
    }
}
