//! One test262 file, run as its frontmatter says, in a fresh bext engine or
//! a fresh Node process, and judged.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::HostEvent;
use bext_worker::loader::ModuleCache;
use protocol::worker::HttpRequest;
use serde_json::{Value, json};

use crate::frontmatter::{self, Meta};

/// The folder of the vendored suite (intl402/, harness/, the hosts).
pub fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/test262")
}

/// How one run of a file is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Harness and test as one non-strict global script.
    Sloppy,
    /// The same after `"use strict";`.
    Strict,
    /// The test alone, as written (`flags: [raw]`).
    Raw,
    /// The harness as a script, then the test imported as a module.
    Module,
}

impl Mode {
    pub fn label(self) -> &'static str {
        match self {
            Mode::Sloppy => "non-strict",
            Mode::Strict => "strict",
            Mode::Raw => "raw",
            Mode::Module => "module",
        }
    }
}

/// The runs a file gets: both modes unless a flag picks one.
pub fn modes(meta: &Meta) -> Vec<Mode> {
    if meta.has_flag("module") {
        vec![Mode::Module]
    } else if meta.has_flag("raw") {
        vec![Mode::Raw]
    } else if meta.has_flag("onlyStrict") {
        vec![Mode::Strict]
    } else if meta.has_flag("noStrict") {
        vec![Mode::Sloppy]
    } else {
        vec![Mode::Sloppy, Mode::Strict]
    }
}

/// Flags the runner knows; another fails the file rather than be ignored.
const FLAGS: &[&str] = &[
    "onlyStrict",
    "noStrict",
    "module",
    "raw",
    "async",
    "generated",
    "non-deterministic",
    "CanBlockIsFalse",
    "CanBlockIsTrue",
];

/// The job host.mjs runs for `mode` of the test at `path`.
pub fn job(meta: &Meta, path: &Path, source: &str, mode: Mode) -> Result<Value, String> {
    if let Some(flag) = meta.flags.iter().find(|f| !FLAGS.contains(&f.as_str())) {
        return Err(format!("unknown flag {flag}"));
    }
    let mut script = String::new();
    if mode == Mode::Strict {
        script.push_str("\"use strict\";\n");
    }
    if mode != Mode::Raw {
        let defaults = ["assert.js", "sta.js"];
        let done = meta.has_flag("async").then_some("doneprintHandle.js");
        for name in defaults
            .into_iter()
            .chain(done)
            .chain(meta.includes.iter().map(String::as_str))
        {
            let file = suite_dir().join("harness").join(name);
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("harness file {name} missing ({e})"))?;
            script.push_str(&text);
            script.push('\n');
        }
    }
    let module = if mode == Mode::Module {
        Some(path.to_string_lossy().into_owned())
    } else {
        script.push_str(source);
        None
    };
    Ok(json!({ "script": script, "async": meta.has_flag("async"), "module": module }))
}

/// Whether `answer` (host.mjs's) is what the frontmatter asks for.
pub fn judge(meta: &Meta, answer: &Value) -> Result<(), String> {
    let field = |k: &str| answer.get(k).and_then(Value::as_str).unwrap_or("");
    let status = field("status");
    let thrown = format!("{}: {}", field("name"), field("message"));
    match (&meta.negative, status) {
        (None, "pass") => Ok(()),
        (None, "threw" | "async-failure") => Err(thrown),
        (Some(neg), "threw" | "async-failure") if field("name") == neg.error => Ok(()),
        (Some(neg), "threw" | "async-failure") => Err(format!(
            "expected a {} {}, got {thrown}",
            neg.phase, neg.error
        )),
        (Some(neg), "pass") => Err(format!(
            "expected a {} {}, but it ran to the end",
            neg.phase, neg.error
        )),
        _ => Err(format!("the host answered {answer}")),
    }
}

/// Runs the file at `path` (frontmatter parsed from `source`) in every mode
/// it asks for; the first failing run's mode and reason.
pub fn run_file(host: &mut dyn Host, path: &Path, source: &str) -> Result<(), String> {
    let meta = frontmatter::parse(source)?;
    let mut failed = vec![];
    for mode in modes(&meta) {
        let outcome = job(&meta, path, source, mode)
            .and_then(|job| host.run(&job))
            .and_then(|answer| judge(&meta, &answer));
        if let Err(why) = outcome {
            failed.push((mode, why));
        }
    }
    match failed.as_slice() {
        [] => Ok(()),
        [(mode, why)] if modes(&meta).len() > 1 => Err(format!("({} only) {why}", mode.label())),
        [(_, why), ..] => Err(why.clone()),
    }
}

/// An engine that runs host.mjs jobs, each in a fresh realm.
pub trait Host {
    fn run(&mut self, job: &Value) -> Result<Value, String>;
}

/// A bext worker engine: a new one (QuickJS runtime, context and the
/// worker's prelude) for every run. Like a pool's workers after the first,
/// each loads worker.mjs and host.mjs from the bytecode the first compiled.
#[derive(Debug)]
pub struct Bext {
    /// How long one run may take, its JS and its timers together.
    budget: Duration,
    modules: Rc<ModuleCache>,
}

impl Bext {
    pub fn new(budget: Duration) -> Bext {
        let first = Rc::new(ModuleCache::new(ModuleCache::this_engine(), vec![]));
        let mut cold = Bext {
            budget,
            modules: first.clone(),
        };
        // A job that runs nothing, to compile the modules.
        let _ = cold.run(&json!({ "script": "", "async": false, "module": null }));
        Bext {
            budget,
            modules: Rc::new(ModuleCache::new(
                ModuleCache::this_engine(),
                first.take_fresh(),
            )),
        }
    }
}

impl Host for Bext {
    fn run(&mut self, job: &Value) -> Result<Value, String> {
        let engine = Engine::new(EngineOptions {
            modules: self.modules.clone(),
            ..EngineOptions::default()
        })
        .map_err(|e| e.to_string())?;
        let deadline = Instant::now() + self.budget;
        // JS still running at the deadline is interrupted.
        engine.set_deadline(Some(deadline));
        engine.start_load(1, &suite_dir().join("worker.mjs"));
        drive(&engine, 1, deadline)?;
        let request = HttpRequest {
            method: "POST".into(),
            url: "/".into(),
            headers: vec![],
            body: job.to_string().into_bytes(),
            ip: "127.0.0.1".into(),
        };
        engine.dispatch(2, 2, request);
        let body = drive(&engine, 2, deadline)?;
        serde_json::from_slice(&body).map_err(|e| format!("the worker answered no JSON: {e}"))
    }
}

/// Turns the engine's crank until `token` is answered, nothing is left to
/// run, or `deadline` passes.
fn drive(engine: &Engine, token: u32, deadline: Instant) -> Result<Vec<u8>, String> {
    loop {
        engine.run_jobs();
        engine.fire_due_timers();
        let mut done = None;
        for event in engine.take_events() {
            match event {
                HostEvent::Done { token: t, result } if t == token => done = Some(result),
                HostEvent::Missing { token: t, export } if t == token => {
                    done = Some(Err(bext_worker::host::JsFailure {
                        message: format!("worker.mjs has no {export}"),
                        stack: String::new(),
                    }))
                }
                _ => {}
            }
        }
        if engine.take_interrupted().is_some() {
            return Err(TIMED_OUT.into());
        }
        match done {
            Some(Ok(response)) => return Ok(response.body),
            Some(Err(failure)) => return Err(failure.describe()),
            None => {}
        }
        // Nothing answered: only a timer can still make progress.
        let Some(at) = engine.next_timer() else {
            return Err("never finished: nothing left to run ($DONE never called)".into());
        };
        if at > deadline {
            return Err(TIMED_OUT.into());
        }
        std::thread::sleep(at.saturating_duration_since(Instant::now()));
    }
}

/// A run cut off by its deadline (an endless loop, a timer that never
/// stops rearming).
const TIMED_OUT: &str = "timed out: still running at the run's deadline";

/// Node (`$BEXT_NODE`, else /usr/bin/node): a new process for every run,
/// node.mjs reading the job from a file.
pub struct Node {
    pub budget: Duration,
    /// The folder of the job file, removed with the host.
    pub scratch: crate::harness::tempdir::Dir,
}

impl Node {
    /// Node with its own scratch folder (one per thread).
    pub fn new(budget: Duration) -> Node {
        let dir = std::env::temp_dir().join(format!(
            "bext-test262-node-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Node {
            budget,
            scratch: crate::harness::tempdir::Dir(dir),
        }
    }
}

impl Host for Node {
    fn run(&mut self, job: &Value) -> Result<Value, String> {
        let job_file = self.scratch.0.join("job.json");
        std::fs::write(&job_file, job.to_string()).map_err(|e| e.to_string())?;
        let mut child = Command::new(crate::harness::differ::node())
            .arg("--expose-gc")
            .arg(suite_dir().join("node.mjs"))
            .arg(&job_file)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start node: {e}"))?;
        let deadline = Instant::now() + self.budget;
        while child.try_wait().map_err(|e| e.to_string())?.is_none() {
            if Instant::now() >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                return Err(TIMED_OUT.into());
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        if out.stdout.is_empty() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            return Err(match out.status.code() {
                // An unsettled top-level await: the promise of $DONE.
                Some(13) => "never finished: nothing left to run ($DONE never called)".into(),
                _ => format!("node exited with {} and no answer: {first}", out.status),
            });
        }
        serde_json::from_slice(&out.stdout).map_err(|e| format!("node answered no JSON: {e}"))
    }
}
