//! `process` and the built-ins that load but refuse their calls, through
//! the real bextd and a worker: `process.stdout.write` and
//! `process.stderr.write` reach the pool's log, `process.cwd()` is the app
//! root, and a module importing `node:http`, `node:net` and
//! `node:child_process` loads while `http.createServer()` throws the
//! documented error.

use std::time::Duration;

use bext_e2e::Daemon;

const WORKER: &str = r#"
import http from "node:http";
import { isIP } from "node:net";
import { spawn } from "node:child_process";
import os from "node:os";

export function handler(req) {
  if (req.path === "/write") {
    process.stdout.write(`stdout line from ${req.query.id}\n`);
    process.stderr.write(`stderr line from ${req.query.id}\n`);
    return "written";
  }
  if (req.path === "/cwd") return process.cwd();
  if (req.path === "/os") return `${os.availableParallelism() >= 1} ${os.cpus().length === os.availableParallelism()}`;
  try {
    http.createServer(() => {});
    return "no error";
  } catch (e) {
    return JSON.stringify({ code: e.code, message: e.message, ip: isIP("10.0.0.1"), spawn: typeof spawn });
  }
}
"#;

#[test]
fn stdout_and_stderr_writes_reach_the_log_and_cwd_is_the_app_root() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        WORKER,
    );
    let r = d.get("/write?id=e2e-7");
    assert_eq!((r.status, r.body.as_str()), (200, "written"));
    d.wait_log("stdout line from e2e-7", Duration::from_secs(10));
    d.wait_log("stderr line from e2e-7", Duration::from_secs(10));
    let cwd = d.get("/cwd").body;
    assert_eq!(
        std::fs::canonicalize(&cwd).unwrap(),
        std::fs::canonicalize(d.dir.path()).unwrap(),
        "process.cwd() is the folder of the pool's script"
    );
    assert_eq!(d.get("/os").body, "true true");
}

#[test]
fn a_module_importing_http_net_and_child_process_loads_and_create_server_throws() {
    let d = Daemon::start(
        "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        WORKER,
    );
    let r = d.get("/serve");
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["code"], "ERR_BEXT_UNAVAILABLE");
    assert_eq!(
        v["message"],
        "http.createServer() is not available in bext: a worker has no sockets of its own; use \
         fetch() for outbound HTTP(S), and answer requests from the handler"
    );
    assert_eq!(v["ip"], 4);
    assert_eq!(v["spawn"], "function");
}
