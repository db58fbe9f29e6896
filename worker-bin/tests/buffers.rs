//! Resizable ArrayBuffer and growable SharedArrayBuffer (ECMAScript 2024)
//! in a real worker engine. `buffers/resizable.mjs` runs in Node 20 and in
//! the worker and must print the same lines. A growable SharedArrayBuffer
//! needs the engine's patch (vendor/rquickjs-sys/BEXT.md,
//! bext-growable-sab.patch): without it the constructor throws.

mod harness;

use std::path::Path;

use harness::differ;

#[test]
fn resizable_and_growable_buffers_answer_as_node_does() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/buffers/resizable.mjs");
    let want = differ::in_node(&case, None);
    let src = std::fs::read_to_string(&case).unwrap();
    differ::assert_same(
        "resizable",
        &want,
        &differ::in_bext("resizable", &src, |_| {}),
    );
}
