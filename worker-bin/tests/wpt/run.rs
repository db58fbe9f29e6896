//! One WPT file run in a fresh bext engine or a fresh Node process, and its
//! answer turned into subtest outcomes.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

use bext_worker::engine::{Engine, EngineOptions};
use bext_worker::host::{HostEvent, JsFailure};
use bext_worker::loader::ModuleCache;
use protocol::worker::HttpRequest;
use serde_json::{Value, json};

use crate::expectations::Outcome;

/// The folder of the runner's own files (hosts, expectations).
pub fn runner_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wpt")
}

/// An engine that runs host.mjs jobs, each in a fresh realm, within a
/// deadline.
pub trait Host {
    fn run(&mut self, job: &Value, deadline: Instant) -> Result<Value, String>;
}

/// The subtests of host.mjs's `answer`: each test's status (PASS or not,
/// with its message), and a harness that did not end OK as `(harness)`.
pub fn judge(answer: &Value) -> Vec<(String, Outcome)> {
    if let Some(error) = answer.get("error").and_then(Value::as_str) {
        return vec![("(file)".into(), Err(error.to_string()))];
    }
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let mut out: Vec<(String, Outcome)> = answer["tests"]
        .as_array()
        .map(|tests| {
            tests
                .iter()
                .map(|t| {
                    let status = text(t, "status");
                    let outcome = if status == "PASS" {
                        Ok(())
                    } else {
                        Err(format!("{status}: {}", text(t, "message")))
                    };
                    (text(t, "name"), outcome)
                })
                .collect()
        })
        .unwrap_or_default();
    let harness = &answer["harness"];
    if text(harness, "status") != "OK" {
        out.push((
            "(harness)".into(),
            Err(format!(
                "{}: {}",
                text(harness, "status"),
                text(harness, "message")
            )),
        ));
    }
    out
}

/// A bext worker engine: a new one (QuickJS runtime, context and the
/// worker's prelude) for every file, loading worker.mjs and host.mjs from
/// the bytecode the first engine compiled.
#[derive(Debug)]
pub struct Bext {
    modules: Rc<ModuleCache>,
}

impl Bext {
    pub fn new() -> Bext {
        let first = Rc::new(ModuleCache::new(ModuleCache::this_engine(), vec![]));
        let mut cold = Bext {
            modules: first.clone(),
        };
        // A job that runs nothing, to compile the modules.
        let _ = cold.run(
            &json!({ "scripts": [], "files": {}, "done": false }),
            Instant::now() + Duration::from_secs(10),
        );
        Bext {
            modules: Rc::new(ModuleCache::new(
                ModuleCache::this_engine(),
                first.take_fresh(),
            )),
        }
    }
}

impl Host for Bext {
    fn run(&mut self, job: &Value, deadline: Instant) -> Result<Value, String> {
        let engine = Engine::new(EngineOptions {
            modules: self.modules.clone(),
            ..EngineOptions::default()
        })
        .map_err(|e| e.to_string())?;
        // JS still running at the deadline is interrupted.
        engine.set_deadline(Some(deadline));
        engine.start_load(1, &runner_dir().join("worker.mjs"));
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
/// run (a test engine runs crypto inline: only a timer can still make
/// progress), or `deadline` passes.
fn drive(engine: &Engine, token: u32, deadline: Instant) -> Result<Vec<u8>, String> {
    loop {
        engine.run_jobs();
        engine.fire_due_timers();
        let mut done = None;
        for event in engine.take_events() {
            match event {
                HostEvent::Done { token: t, result } if t == token => done = Some(result),
                HostEvent::Missing { token: t, export } if t == token => {
                    done = Some(Err(JsFailure {
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
        let Some(at) = engine.next_timer() else {
            return Err(NEVER_FINISHED.into());
        };
        if at > deadline {
            return Err(TIMED_OUT.into());
        }
        std::thread::sleep(at.saturating_duration_since(Instant::now()));
    }
}

/// A file whose harness never completed with nothing left to run (a
/// promise that never settles).
pub const NEVER_FINISHED: &str = "never finished: nothing left to run";
/// A file cut off by its deadline.
pub const TIMED_OUT: &str = "timed out: still running at the file's deadline";

/// Node (`$BEXT_NODE`, else /usr/bin/node): a new process for every file,
/// node.mjs reading the job from a file.
pub struct Node {
    /// The folder of the job file, removed with the host.
    scratch: crate::harness::tempdir::Dir,
}

impl Node {
    /// Node with its own scratch folder (one per thread).
    pub fn new() -> Node {
        let dir = std::env::temp_dir().join(format!(
            "bext-wpt-node-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Node {
            scratch: crate::harness::tempdir::Dir(dir),
        }
    }
}

impl Host for Node {
    fn run(&mut self, job: &Value, deadline: Instant) -> Result<Value, String> {
        let job_file = self.scratch.0.join("job.json");
        std::fs::write(&job_file, job.to_string()).map_err(|e| e.to_string())?;
        let mut child = Command::new(crate::harness::differ::node())
            .arg(runner_dir().join("node.mjs"))
            .arg(&job_file)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start node: {e}"))?;
        // The pipes are drained by threads, so a long answer cannot stall
        // the child while this waits.
        let mut stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let read_out = std::thread::spawn(move || {
            let mut b = vec![];
            let _ = std::io::Read::read_to_end(&mut stdout, &mut b);
            b
        });
        let read_err = std::thread::spawn(move || {
            let mut b = vec![];
            let _ = std::io::Read::read_to_end(&mut stderr, &mut b);
            b
        });
        let status = loop {
            if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
                break status;
            }
            if Instant::now() >= deadline {
                let _ = child.kill();
                let _ = child.wait();
                return Err(TIMED_OUT.into());
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let out = std::process::Output {
            status,
            stdout: read_out.join().unwrap_or_default(),
            stderr: read_err.join().unwrap_or_default(),
        };
        // Exit 13: an unsettled top-level await (the harness never ended).
        if out.stdout.is_empty() && (out.status.success() || out.status.code() == Some(13)) {
            return Err(NEVER_FINISHED.into());
        }
        if out.stdout.is_empty() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            return Err(format!(
                "node exited with {} and no answer: {first}",
                out.status
            ));
        }
        serde_json::from_slice(&out.stdout).map_err(|e| format!("node answered no JSON: {e}"))
    }
}
