//! tc39/test262's ECMA-402 suite (`test/intl402` without its Temporal
//! folder, vendored here by scripts/vendor-test262: see PROVENANCE) run in
//! real bext worker engines, against the expectations in intl402.expected.
//!
//! Every run of a file is fresh: a new [`Engine`](bext_worker::engine) —
//! its own QuickJS runtime and context, the worker's prelude installed as
//! a worker gets it, nothing shared with the run before — loads worker.mjs,
//! whose one request carries the job: the default harness files (assert.js,
//! sta.js; doneprintHandle.js for `async`), the `includes`, and the test,
//! evaluated by host.mjs as one global script (an indirect eval). Files run
//! on as many threads as the machine has cores, an engine per run, in one
//! process. The frontmatter is honoured as test262's INTERPRETING.md says:
//!
//! - each file runs twice, non-strict and after `"use strict";`, unless
//!   `flags` holds `onlyStrict` or `noStrict` (then once, that way), `raw`
//!   (once, the file alone: no harness, no directive) or `module` (the
//!   harness as a script, then the file imported as a module);
//! - `async`: the run ends when `$DONE` prints its line; a run with nothing
//!   left to do (no promise job, no timer) and no `$DONE` fails at once;
//! - `negative`: the run must throw an error of the named type (the phase is
//!   not told apart: a `parse` test starts with `$DONOTEVALUATE()`, so an
//!   evaluation that gets that far throws a string, not the type);
//! - `features`: nothing is skipped. A failing file whose features include
//!   one the engine lacks (host.mjs probes them) is listed with
//!   `[absent: …]` before its reason;
//! - a flag the runner does not know fails the file.
//!
//! A run has a budget of [`BUDGET`]: JS still running then is interrupted
//! (an endless loop), and a run still waiting for a timer then is stopped;
//! either counts as a failure. Nothing else depends on time.
//!
//! The test fails when a file fails that intl402.expected does not list (a
//! regression); listed files that now pass are printed, and
//! `BEXT_BLESS=1 cargo test -p bext-worker --test test262` rewrites the
//! list. Per-folder pass counts are printed at the end beside Node's (from
//! intl402.node.expected, which `scripts/test262-node --bless` writes by
//! running the same files, harness and host in Node: `BEXT_TEST262_ENGINE=node`).
//! `BEXT_TEST262_FILTER=NumberFormat/` runs only the paths that contain it
//! (a bless then rewrites only their lines).

#[path = "../harness/mod.rs"]
mod harness;

mod expectations;
mod frontmatter;
mod run;
#[cfg(test)]
mod tests;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use expectations::Results;
use run::{Bext, Host, Node, suite_dir};

/// How long one run of a file may take. The slowest files (every locale
/// through every constructor's `supportedLocalesOf`) take about 7 s in a
/// debug build on a quiet machine and twice that under a full test run's
/// load; a budget of 30 s keeps them from failing for time while still
/// cutting off an endless loop. No expected failure runs into it.
pub const BUDGET: Duration = Duration::from_secs(30);

const BLESS: &str = "BEXT_BLESS=1 cargo test -p bext-worker --test test262";
const NODE_BLESS: &str = "scripts/test262-node --bless";

#[test]
fn intl402() {
    let node = match std::env::var("BEXT_TEST262_ENGINE").as_deref() {
        Ok("node") => true,
        Ok("bext") | Err(_) => false,
        Ok(other) => panic!("BEXT_TEST262_ENGINE={other}: bext or node"),
    };
    let filter = std::env::var("BEXT_TEST262_FILTER").unwrap_or_default();
    let bless = std::env::var_os("BEXT_BLESS").is_some();
    let root = suite_dir().join("intl402");
    let mut paths = vec![];
    list(&root, &root, &mut paths);
    paths.retain(|p| p.contains(&filter));
    paths.sort();

    let started = Instant::now();
    let host = || -> Box<dyn Host> {
        if node {
            Box::new(Node::new(BUDGET))
        } else {
            Box::new(Bext::new(BUDGET))
        }
    };
    let absent = absent_features(host().as_mut());
    let results = run_all(&root, &paths, &host, &absent);
    let took = started.elapsed();

    let (file, other) = if node {
        ("intl402.node.expected", "intl402.expected")
    } else {
        ("intl402.expected", "intl402.node.expected")
    };
    let file = suite_dir().join(file);
    let expected = expectations::read(&file);
    let other = suite_dir().join(other);
    let theirs = other.exists().then(|| expectations::read(&other));
    let ours = |p: &str| results[p].is_err();
    let mut out = std::io::stderr().lock();
    let me = if node { "node" } else { "bext" };
    let rebless = if node { NODE_BLESS } else { BLESS };
    let them = if node { "bext" } else { "node" };
    let _ = writeln!(
        out,
        "test262 intl402 in {me}: {} files in {:.1} s",
        paths.len(),
        took.as_secs_f64()
    );
    let theirs = theirs.as_ref().map(|t| move |p: &str| t.contains_key(p));
    print_counts(
        &mut out,
        &paths,
        &ours,
        theirs.as_ref().map(|f| f as &dyn Fn(&str) -> bool),
        (me, them),
    );

    let fixed: Vec<&String> = paths
        .iter()
        .filter(|p| expected.contains_key(*p) && !ours(p))
        .collect();
    let broken: Vec<(&String, &String)> = paths
        .iter()
        .filter(|p| !expected.contains_key(*p))
        .filter_map(|p| results[p].as_ref().err().map(|why| (p, why)))
        .collect();
    if bless {
        let new = expectations::blessed(&expected, &results, |p| root.join(p).is_file());
        let mut header = expectations::header(&file);
        if header.is_empty() {
            header = default_header(node);
        }
        if node {
            header.retain(|l| !l.starts_with("# node "));
            header.push(format!("# node {}", node_version()));
        }
        expectations::write(&file, &header, &new);
        let _ = writeln!(
            out,
            "wrote {} ({} failing files)",
            file.display(),
            new.len()
        );
        return;
    }
    if !fixed.is_empty() {
        let _ = writeln!(
            out,
            "{} listed files now pass (re-bless: {rebless}):",
            fixed.len()
        );
        for p in &fixed {
            let _ = writeln!(out, "  {p}");
        }
    }
    if node {
        return;
    }
    if !broken.is_empty() {
        let lines: Vec<String> = broken
            .iter()
            .map(|(p, why)| format!("  {p}  {}", expectations::one_line(why)))
            .collect();
        panic!(
            "{} test262 files fail that {} does not list:\n{}\n\
             (if that is expected, re-bless: {BLESS})",
            broken.len(),
            file.display(),
            lines.join("\n")
        );
    }
}

/// The .js files under `dir`, as paths relative to `root`; test262's
/// `_FIXTURE` files are imported by tests, not run.
fn list(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            list(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "js")
            && !path.to_string_lossy().contains("_FIXTURE")
        {
            let rel = path.strip_prefix(root).unwrap();
            out.push(rel.to_string_lossy().into_owned());
        }
    }
}

/// Runs `paths` on one thread per core, each thread with its own host.
fn run_all(
    root: &Path,
    paths: &[String],
    host: &(dyn Fn() -> Box<dyn Host> + Sync),
    absent: &[String],
) -> Results {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Results::new());
    let times = Mutex::new(vec![]);
    std::thread::scope(|s| {
        for _ in 0..threads.min(paths.len().max(1)) {
            s.spawn(|| {
                let mut host = host();
                while let Some(rel) = paths.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let path: PathBuf = root.join(rel);
                    let source = std::fs::read_to_string(&path).unwrap();
                    let started = Instant::now();
                    let outcome = run::run_file(host.as_mut(), &path, &source)
                        .map_err(|why| with_absent(&source, absent, why));
                    let took = started.elapsed();
                    results.lock().unwrap().insert(rel.clone(), outcome);
                    times.lock().unwrap().push((took, rel.clone()));
                }
            });
        }
    });
    let mut times = times.into_inner().unwrap();
    times.sort_by(|a, b| b.cmp(a));
    let slowest: Vec<String> = times
        .iter()
        .take(5)
        .map(|(t, p)| format!("{p} {} ms", t.as_millis()))
        .collect();
    let _ = writeln!(std::io::stderr(), "slowest: {}", slowest.join(", "));
    results.into_inner().unwrap()
}

/// The features host.mjs finds absent in this engine.
fn absent_features(host: &mut dyn Host) -> Vec<String> {
    let answer = host
        .run(&json!({ "probe": true }))
        .unwrap_or_else(|e| panic!("the feature probe failed: {e}"));
    answer["absent"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

/// `why`, after the features of the file that the engine lacks, if any.
fn with_absent(source: &str, absent: &[String], why: String) -> String {
    let features = frontmatter::parse(source)
        .map(|m| m.features)
        .unwrap_or_default();
    let missing: Vec<&str> = features
        .iter()
        .filter(|f| absent.contains(f))
        .map(String::as_str)
        .collect();
    if missing.is_empty() {
        why
    } else {
        format!("[absent: {}] {why}", missing.join(", "))
    }
}

/// Per-folder pass counts of this run and of the other engine's list
/// (`-` when it has none).
fn print_counts(
    out: &mut impl std::io::Write,
    paths: &[String],
    ours: &dyn Fn(&str) -> bool,
    theirs: Option<&dyn Fn(&str) -> bool>,
    (me, them): (&str, &str),
) {
    let mine = expectations::counts(paths.iter(), ours);
    let other = theirs.map(|f| expectations::counts(paths.iter(), f));
    let shown = |n: Option<usize>, total: usize| n.map_or("-".into(), |n| format!("{n}/{total}"));
    let _ = writeln!(out, "{:<20} {:>11} {:>11}", "folder", me, them);
    let mut sum = [0usize; 3];
    for (dir, (pass, total)) in &mine {
        let other_pass = other.as_ref().map(|o| o.get(dir).map_or(0, |c| c.0));
        let _ = writeln!(
            out,
            "{dir:<20} {:>11} {:>11}",
            format!("{pass}/{total}"),
            shown(other_pass, *total)
        );
        sum[0] += pass;
        sum[1] += other_pass.unwrap_or(0);
        sum[2] += total;
    }
    let _ = writeln!(
        out,
        "{:<20} {:>11} {:>11}",
        "total",
        format!("{}/{}", sum[0], sum[2]),
        shown(other.is_some().then_some(sum[1]), sum[2])
    );
}

fn default_header(node: bool) -> Vec<String> {
    let what = if node { "Node" } else { "bext" };
    let bless = if node { NODE_BLESS } else { BLESS };
    vec![
        format!("# The test262 intl402 files (paths under intl402/) that fail in {what}, each"),
        "# with the first failing run's reason; worker-bin/tests/test262/main.rs reads it.".into(),
        format!("# Rewritten by: {bless}"),
    ]
}

fn node_version() -> String {
    std::process::Command::new(harness::differ::node())
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}
