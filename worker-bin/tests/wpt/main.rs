//! web-platform-tests (WPT) suites run in real bext worker engines with
//! WPT's own testharness.js, against expectations that list each failing
//! subtest. The suites are copied from web-platform-tests/wpt by
//! scripts/vendor-wpt into this folder (with `resources/`, PROVENANCE and
//! LICENSE), `WebCryptoAPI/` (and `common/`) from llrt's copy of WPT's by
//! scripts/vendor-wpt-webcrypto, `wasm/jsapi/` from its upstream,
//! WebAssembly/spec's `test/js-api`, by scripts/vendor-wasm-jsapi,
//! `compression/` from Node's copy of WPT (by hand, see PROVENANCE), or read
//! from the WPT checkout `$BEXT_WPT_DIR`; with neither, the test says so
//! and runs nothing.
//!
//! Every file runs in a fresh [`Engine`](bext_worker::engine) — its own
//! QuickJS runtime and context, the worker's prelude installed as a worker
//! gets it — which loads worker.mjs, whose one request carries the job:
//! host.mjs evaluates, as global scripts, what WPT's worker wrapper of an
//! `.any.js` file would (testharness.js, each `// META: script=`, the test,
//! then `done()`), or runs a `.worker.js` file as written with its
//! `importScripts` served from the job. A file with `// META: variant=`
//! lines runs once per variant (`location.search` set to it), as WPT runs
//! it. Files run on two threads (as many as the machine has cores), each
//! with a deadline: [`BUDGET`], or [`LONG_BUDGET`] for `// META:
//! timeout=long`; a file past it fails as a whole (`(file)`).
//!
//! Every subtest testharness reports is compared with the suite's
//! expectations (WebCryptoAPI.expected, wasm-jsapi.expected,
//! compression.expected: file, subtest,
//! reason): the test fails when a subtest fails that the file does not
//! list; listed subtests that now pass are printed, and
//! `BEXT_BLESS=1 cargo test -p bext-worker --test wpt` rewrites the list.
//! Per-group subtest counts are printed beside Node's (the header of
//! `*.node.expected`, which `scripts/wpt-node --bless` writes by
//! running the same files, harness and host in Node 20:
//! `BEXT_WPT_ENGINE=node`). `BEXT_WPT_FILTER=encrypt_decrypt/` runs only
//! the paths that contain it (a bless then rewrites only their lines).

#[path = "../harness/mod.rs"]
mod harness;

mod expectations;
mod job;
mod run;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use expectations::Results;
use run::{Bext, Host, Node, runner_dir};

/// How long one file may take (a debug build's RSA key generation is slow).
pub const BUDGET: Duration = Duration::from_secs(30);
/// How long a `// META: timeout=long` file may take.
pub const LONG_BUDGET: Duration = Duration::from_secs(120);

/// Files bext does not run, and why: they fail as a whole (`(file)`).
/// limits.any.js compiles modules at the JS API's limits (a million
/// functions, 100,000 imports…): minutes of Cranelift in a debug build,
/// and a compile is Rust, which no deadline interrupts.
const NOT_RUN_IN_BEXT: &[&str] = &["limits.any.js"];

const BLESS: &str = "BEXT_BLESS=1 cargo test -p bext-worker --test wpt";
const NODE_BLESS: &str = "scripts/wpt-node --bless";

#[test]
fn webcrypto_api() {
    suite("WebCryptoAPI");
}

#[test]
fn wasm_jsapi() {
    suite("wasm/jsapi");
}

#[test]
fn compression() {
    suite("compression");
}

/// The WPT checkout the suites are read from: `$BEXT_WPT_DIR`, else this
/// folder's vendored copy.
fn wpt_root() -> PathBuf {
    std::env::var_os("BEXT_WPT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(runner_dir)
}

fn suite(name: &str) {
    let node = match std::env::var("BEXT_WPT_ENGINE").as_deref() {
        Ok("node") => true,
        Ok("bext") | Err(_) => false,
        Ok(other) => panic!("BEXT_WPT_ENGINE={other}: bext or node"),
    };
    let wpt = wpt_root();
    let root = wpt.join(name);
    let mut out = std::io::stderr().lock();
    if !root.is_dir() || !wpt.join("resources/testharness.js").is_file() {
        let _ = writeln!(
            out,
            "wpt {name}: not run: {} has no {name}/ and resources/testharness.js \
             (scripts/vendor-wpt copies them from a WPT checkout; or set BEXT_WPT_DIR)",
            wpt.display()
        );
        return;
    }
    let filter = std::env::var("BEXT_WPT_FILTER").unwrap_or_default();
    let bless = std::env::var_os("BEXT_BLESS").is_some();
    let mut paths = vec![];
    list(&root, &root, &mut paths);
    paths.retain(|p| p.contains(&filter));
    paths.sort();

    let started = Instant::now();
    let host = || -> Box<dyn Host> {
        if node {
            Box::new(Node::new())
        } else {
            Box::new(Bext::new())
        }
    };
    let skip = |p: &str| !node && name == "wasm/jsapi" && NOT_RUN_IN_BEXT.contains(&p);
    let (skipped, paths): (Vec<String>, Vec<String>) = paths.into_iter().partition(|p| skip(p));
    let mut results = run_all(&wpt, &root, &paths, &host);
    for p in skipped {
        let why = "not run in bext: compiles modules at the engine's limits (see NOT_RUN_IN_BEXT)";
        results.insert(p, vec![("(file)".into(), Err(why.into()))]);
    }
    let took = started.elapsed();

    let me = if node { "node" } else { "bext" };
    // A suite in a subfolder (wasm/jsapi) is listed beside the others.
    let flat = name.replace('/', "-");
    let file = runner_dir().join(format!(
        "{flat}.{}expected",
        if node { "node." } else { "" }
    ));
    let expected = expectations::read(&file);
    let node_file = runner_dir().join(format!("{flat}.node.expected"));
    let node_counts = expectations::header_counts(&expectations::header(&node_file));
    let mine = expectations::counts(&results);
    let total: usize = mine.values().map(|c| c.1).sum();
    let _ = writeln!(
        out,
        "wpt {name} in {me}: {} files, {total} subtests in {:.1} s",
        paths.len(),
        took.as_secs_f64()
    );
    print_counts(&mut out, &mine, (!node).then_some(&node_counts), me);

    let failing = |f: &str, s: &str| expected.contains_key(&expectations::key(f, s));
    let mut fixed = vec![];
    let mut broken = vec![];
    for (f, subtests) in &results {
        for (s, outcome) in subtests {
            match (outcome, failing(f, s)) {
                (Ok(()), true) => fixed.push(format!("  {f}  {s}")),
                (Err(why), false) => {
                    broken.push(format!("  {f}  {s}  {}", expectations::one_line(why)))
                }
                _ => {}
            }
        }
    }
    if bless {
        let new = expectations::blessed(&expected, &results, |p| root.join(p).is_file());
        let mut header = expectations::header(&file);
        if header.is_empty() {
            header = default_header(name, node);
        }
        if node {
            header.retain(|l| !l.starts_with("# node ") && !l.starts_with("# counts "));
            header.push(format!("# node {}", node_version()));
            for (group, (pass, total)) in &mine {
                header.push(format!("# counts {group} {pass} {total}"));
            }
        }
        expectations::write(&file, &header, &new);
        let _ = writeln!(
            out,
            "wrote {} ({} failing subtests)",
            file.display(),
            new.len()
        );
        return;
    }
    if !fixed.is_empty() {
        let rebless = if node { NODE_BLESS } else { BLESS };
        let _ = writeln!(
            out,
            "{} listed subtests now pass (re-bless: {rebless}):\n{}",
            fixed.len(),
            fixed.join("\n")
        );
    }
    if !node && !broken.is_empty() {
        panic!(
            "{} WPT subtests fail that {} does not list:\n{}\n\
             (if that is expected, re-bless: {BLESS})",
            broken.len(),
            file.display(),
            broken.join("\n")
        );
    }
}

/// The test files under `dir` (`.any.js` and `.worker.js`), as paths
/// relative to `root`.
fn list(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.to_string_lossy();
        if path.is_dir() {
            list(root, &path, out);
        } else if name.ends_with(".any.js") || name.ends_with(".worker.js") {
            let rel = path.strip_prefix(root).unwrap();
            out.push(rel.to_string_lossy().into_owned());
        }
    }
}

/// Runs `paths` on one thread per core, each thread with its own host. A
/// file with `// META: variant=` lines runs once per variant, as WPT runs
/// it (each a job of its own, with its own deadline), its subtests
/// gathered under the file; a variant that fails as a whole is
/// `(file ?1-1000)`.
fn run_all(
    wpt: &Path,
    root: &Path,
    paths: &[String],
    host: &(dyn Fn() -> Box<dyn Host> + Sync),
) -> Results {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut units = vec![];
    for rel in paths {
        let source = std::fs::read_to_string(root.join(rel)).unwrap();
        let meta = job::meta(&source);
        if meta.variants.is_empty() {
            units.push((rel.clone(), String::new(), meta.long));
        }
        for variant in meta.variants {
            units.push((rel.clone(), variant, meta.long));
        }
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Results::new());
    let times = Mutex::new(vec![]);
    std::thread::scope(|s| {
        for _ in 0..threads.min(units.len().max(1)) {
            s.spawn(|| {
                let mut host = host();
                while let Some((rel, variant, long)) =
                    units.get(next.fetch_add(1, Ordering::Relaxed))
                {
                    let path = root.join(rel);
                    let source = std::fs::read_to_string(&path).unwrap();
                    let budget = if *long { LONG_BUDGET } else { BUDGET };
                    let started = Instant::now();
                    let mut subtests = match job::job(wpt, &path, &source, variant)
                        .and_then(|job| host.run(&job, started + budget))
                    {
                        Ok(answer) => run::judge(&answer),
                        Err(why) => vec![("(file)".to_string(), Err(why))],
                    };
                    if !variant.is_empty() {
                        for (name, _) in &mut subtests {
                            if name == "(file)" || name == "(harness)" {
                                name.insert_str(name.len() - 1, &format!(" {variant}"));
                            }
                        }
                    }
                    times
                        .lock()
                        .unwrap()
                        .push((started.elapsed(), format!("{rel}{variant}")));
                    results
                        .lock()
                        .unwrap()
                        .entry(rel.clone())
                        .or_default()
                        .extend(subtests);
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

/// Per-group subtest counts of this run, beside Node's when known.
fn print_counts(
    out: &mut impl std::io::Write,
    mine: &std::collections::BTreeMap<String, (usize, usize)>,
    node: Option<&std::collections::BTreeMap<String, (usize, usize)>>,
    me: &str,
) {
    let cell = |c: Option<&(usize, usize)>| c.map_or("-".to_string(), |(p, t)| format!("{p}/{t}"));
    let _ = writeln!(out, "{:<20} {:>13} {:>13}", "group", me, "node");
    let mut sum = [0usize; 4];
    for (group, c) in mine {
        let theirs = node.and_then(|n| n.get(group));
        let _ = writeln!(
            out,
            "{group:<20} {:>13} {:>13}",
            cell(Some(c)),
            cell(theirs)
        );
        sum[0] += c.0;
        sum[1] += c.1;
        if let Some(t) = theirs {
            sum[2] += t.0;
            sum[3] += t.1;
        }
    }
    let theirs = (sum[3] > 0).then_some((sum[2], sum[3]));
    let _ = writeln!(
        out,
        "{:<20} {:>13} {:>13}",
        "total",
        cell(Some(&(sum[0], sum[1]))),
        cell(theirs.as_ref())
    );
}

fn default_header(name: &str, node: bool) -> Vec<String> {
    let what = if node { "Node" } else { "bext" };
    let bless = if node { NODE_BLESS } else { BLESS };
    vec![
        format!(
            "# The WPT {name} subtests that fail in {what}: file, subtest, reason, tab-separated;"
        ),
        "# worker-bin/tests/wpt/main.rs reads it.".into(),
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
