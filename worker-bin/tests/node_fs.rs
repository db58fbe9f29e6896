//! node:fs and import.meta against Node itself, over a small tree: the case
//! (`tests/node_fs/case.mjs`) runs in Node (`$BEXT_NODE`, else
//! `/usr/bin/node`) with the tree as its working folder, and in a real
//! worker engine whose app root is the tree; the printed lines must be the
//! same. What Node cannot be compared with (the confinement) is tested in
//! `src/fs/tests.rs` and from outside in `tests/tests/node_fs.rs`.

mod harness;

use std::path::Path;

use harness::differ;

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
    std::fs::write(dir.join("worker.js"), differ::RUNNER).unwrap();
    differ::in_node(&dir.join("case.mjs"), Some(&dir))
}

fn in_bext() -> String {
    differ::in_bext("node:fs", &case(), |dir| {
        write_tree(dir);
        bext_worker::node::set_app_root(dir.to_path_buf());
    })
}

#[test]
fn node_fs_and_import_meta_answer_as_node_does() {
    differ::assert_same("node:fs", &in_node(), &in_bext());
}
