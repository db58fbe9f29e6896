//! node:fs and import.meta against Node itself, over a small tree: the case
//! (`tests/node_fs/case.mjs`) runs in Node (`$BEXT_NODE`, else
//! `/usr/bin/node`) with the tree as its working folder, and in a real
//! worker engine whose app root is the tree; the printed lines must be the
//! same. What Node cannot be compared with (the confinement) is tested in
//! `src/fs/tests.rs` and from outside in `tests/tests/node_fs.rs`.

mod harness;

use std::path::Path;
use std::process::Command;

use harness::{Harness, body};

const RUNNER: &str = r#"import { run } from "./case.mjs";
export async function handler() {
  const out = [];
  await run((...a) => out.push(a.join(" ")));
  return { status: 200, body: out.join("\n") };
}
"#;

fn case() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node_fs/case.mjs"))
        .unwrap()
}

/// The tree beside the case: files, a folder in a folder, a symlink.
fn tree() -> Vec<(&'static str, String)> {
    vec![
        ("a.txt", "alpha\n".into()),
        ("B.txt", "upper".into()),
        ("_u.txt", "under".into()),
        ("tpl.html", "<p><%= name %></p>\n".into()),
        ("sub/one.txt", "1".into()),
        ("sub/deep/two.txt", "22".into()),
        ("sub/deep/er/three.txt", "333".into()),
        ("sub/z.txt", "z".into()),
        ("big.txt", "x".repeat(3500)),
    ]
}

fn write_tree(dir: &Path) {
    for (name, text) in tree() {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    std::os::unix::fs::symlink("a.txt", dir.join("link.txt")).unwrap();
}

fn in_node() -> String {
    let dir = harness::tempdir::new();
    let dir = dir.0.join("node");
    write_tree(&dir);
    std::fs::write(dir.join("case.mjs"), case()).unwrap();
    std::fs::write(dir.join("worker.js"), RUNNER).unwrap();
    let node = std::env::var("BEXT_NODE").unwrap_or_else(|_| "/usr/bin/node".into());
    let out = Command::new(&node)
        .current_dir(&dir)
        .arg("--input-type=module")
        .arg("-e")
        .arg(
            "const m = await import(process.argv[1]); const out = []; \
             await m.run((...a) => out.push(a.join(' '))); process.stdout.write(out.join('\\n'));",
        )
        .arg(dir.join("case.mjs"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {node}: {e}"));
    assert!(
        out.status.success(),
        "node failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn in_bext() -> String {
    let case = case();
    let mut h = Harness::with_files(&[("worker.js", RUNNER), ("case.mjs", &case)]);
    write_tree(&h._dir.0);
    bext_worker::node::set_app_root(h._dir.0.clone());
    let r = h.get("/").unwrap_or_else(|e| panic!("{}", e.describe()));
    body(&r)
}

#[test]
fn node_fs_and_import_meta_answer_as_node_does() {
    let (want, got) = (in_node(), in_bext());
    if want != got {
        let diff: Vec<String> = want
            .lines()
            .zip(got.lines().chain(std::iter::repeat("<missing>")))
            .filter(|(w, g)| w != g)
            .map(|(w, g)| format!("node: {w}\nbext: {g}"))
            .collect();
        panic!(
            "node:fs differs from Node:\n{}\n(full bext output:\n{got})",
            diff.join("\n")
        );
    }
}
