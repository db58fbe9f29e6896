//! The runner itself, on made-up test262 files: each frontmatter key does
//! what INTERPRETING.md says, in bext and in Node, and a file that hangs is
//! cut off and fails.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::harness::tempdir;
use crate::run::{Bext, Host, Node, run_file};

fn file(meta: &str, body: &str) -> String {
    format!("// Copyright\n/*---\ndescription: made up\n{meta}\n---*/\n{body}\n")
}

/// Runs the made-up file `source` (written to a temporary folder, for the
/// module case) in `host`.
fn outcome(host: &mut dyn Host, source: &str) -> Result<(), String> {
    let dir = tempdir::new();
    let path = dir.0.join("case.js");
    std::fs::write(&path, source).unwrap();
    run_file(host, Path::new(&path), source)
}

fn fails_with(host: &mut dyn Host, source: &str, text: &str) {
    match outcome(host, source) {
        Ok(()) => panic!("passed, expected a failure with {text:?}:\n{source}"),
        Err(why) => assert!(why.contains(text), "{why:?} does not contain {text:?}"),
    }
}

/// The cases every host must judge alike.
fn common_cases(host: &mut dyn Host) {
    let pass = |host: &mut dyn Host, src: &str| {
        outcome(host, src).unwrap_or_else(|e| panic!("failed: {e}\n{src}"))
    };
    pass(host, &file("", "assert.sameValue(1, 1);"));
    fails_with(
        host,
        &file("", "assert.sameValue(1, 2, 'one');"),
        "Test262Error: one",
    );
    // Both modes run: only the strict one throws.
    fails_with(
        host,
        &file("", "undeclared = 1;"),
        "(strict only) ReferenceError",
    );
    pass(host, &file("flags: [noStrict]", "undeclared = 1;"));
    let strict = "assert.sameValue((function () { return this; })(), undefined);";
    pass(host, &file("flags: [onlyStrict]", strict));
    fails_with(host, &file("", strict), "(non-strict only) Test262Error");
    // raw: no harness.
    pass(
        host,
        &file(
            "flags: [raw]",
            "if (typeof assert !== 'undefined') throw 1;",
        ),
    );
    fails_with(
        host,
        &file(
            "",
            "if (typeof assert !== 'undefined') throw new Error('harness');",
        ),
        "harness",
    );
    // A test that taints the built-ins the host answers with still passes.
    pass(
        host,
        &file(
            "includes: [testIntl.js]",
            "taintArray(); taintProperties(['status', 'name']);",
        ),
    );
    pass(
        host,
        &file(
            "includes: [compareArray.js]",
            "assert.compareArray([1, 2], [1, 2]);",
        ),
    );
    fails_with(
        host,
        &file("includes: [nowhere.js]", ""),
        "harness file nowhere.js missing",
    );
    fails_with(
        host,
        &file("flags: [noSuchFlag]", ""),
        "unknown flag noSuchFlag",
    );
    // negative
    let parse = "negative:\n  phase: parse\n  type: SyntaxError";
    pass(host, &file(parse, "$DONOTEVALUATE();\nvar a = ;"));
    fails_with(
        host,
        &file(parse, "var a = 1;"),
        "expected a parse SyntaxError, but it ran to the end",
    );
    let runtime = "negative:\n  phase: runtime\n  type: TypeError";
    pass(host, &file(runtime, "null.x;"));
    fails_with(
        host,
        &file(runtime, "undefinedName;"),
        "expected a runtime TypeError, got ReferenceError",
    );
    // async
    pass(
        host,
        &file("flags: [async]", "setTimeout(() => $DONE(), 5);"),
    );
    let rejected =
        "Promise.resolve().then(() => { throw new Test262Error('late'); }).then($DONE, $DONE);";
    fails_with(
        host,
        &file("flags: [async]", rejected),
        "Test262Error: late",
    );
    fails_with(
        host,
        &file("flags: [async]", "Promise.resolve();"),
        "$DONE never called",
    );
    // module: the harness is there, the file is a module.
    let module = "export const x = 1;\nassert.sameValue(typeof import.meta, 'object');";
    pass(host, &file("flags: [module]", module));
    fails_with(
        host,
        &file("flags: [module]", "import './nowhere.js';"),
        "nowhere",
    );
}

#[test]
fn bext_host_honours_the_frontmatter() {
    common_cases(&mut Bext::new(crate::BUDGET));
}

#[test]
fn node_host_honours_the_frontmatter() {
    common_cases(&mut Node::new(crate::BUDGET));
}

/// An endless loop, and a timer that keeps an async test alive forever,
/// each end at the budget as failures. The runs go on a thread of their own
/// so that a runner that fails to cut them off fails this test, not hangs.
fn hangs_are_cut_off(host: fn(Duration) -> Box<dyn Host>, budget: Duration) {
    for src in [
        file("", "while (true) {}"),
        file("flags: [async]", "setInterval(() => {}, 5);"),
    ] {
        let (tx, rx) = std::sync::mpsc::channel();
        let started = Instant::now();
        let case = src.clone();
        std::thread::spawn(move || {
            let _ = tx.send(outcome(host(budget).as_mut(), &case));
        });
        // Both modes run, each to its budget and not much longer.
        let limit = budget * 2 + Duration::from_secs(5);
        let got = rx
            .recv_timeout(limit)
            .unwrap_or_else(|_| panic!("not cut off within {limit:?}:\n{src}"));
        match got {
            Err(why) => assert!(why.contains("timed out"), "{why}"),
            Ok(()) => panic!("passed:\n{src}"),
        }
        let took = started.elapsed();
        assert!(took >= budget * 2, "took {took:?}");
    }
}

#[test]
fn bext_hangs_are_cut_off() {
    hangs_are_cut_off(|b| Box::new(Bext::new(b)), Duration::from_millis(300));
}

#[test]
fn node_hangs_are_cut_off() {
    hangs_are_cut_off(|b| Box::new(Node::new(b)), Duration::from_millis(1500));
}
