//! The WebSocket client of the tests: `tests/ws/client.py`, run with the
//! Python of `target/py` (where scripts/test installs the `websockets`
//! package).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn python() -> Command {
    let python = root().join("target/py/bin/python");
    assert!(
        python.is_file(),
        "{} is missing: scripts/test installs Python's websockets package there",
        python.display()
    );
    let mut c = Command::new(python);
    c.arg(root().join("tests/ws/client.py"));
    c
}

/// Runs `client.py ARGS` to its end and returns what it printed.
pub fn client(args: &[&str]) -> serde_json::Value {
    let out = python()
        .args(args)
        .output()
        .expect("run the WebSocket client");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "client {args:?} failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

/// A client with sockets open (`crowd` or `hold`): it says when they are
/// open, waits for [`Clients::go`], and reports at its end. Killed on drop.
#[derive(Debug)]
pub struct Clients {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    /// Open sockets by the pid of the worker that accepted each.
    pub pids: serde_json::Value,
}

impl Clients {
    /// Starts `client.py CMD URL N,SECS` and waits until its `N` sockets
    /// are open.
    pub fn open(cmd: &str, url: &str, n: usize, secs: f64) -> Clients {
        let mut child = python()
            .args([cmd, url, &format!("{n},{secs}")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the WebSocket client");
        let stdin = child.stdin.take();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let ready: serde_json::Value = serde_json::from_str(line.trim())
            .unwrap_or_else(|e| panic!("the client did not open its sockets ({e}): {line:?}"));
        Clients {
            child,
            stdin,
            stdout,
            pids: ready["pids"].clone(),
        }
    }

    /// Lets it go on (to its echo protocol, or to wait for the closes).
    pub fn go(&mut self) {
        let mut stdin = self.stdin.take().unwrap();
        stdin.write_all(b"go\n").unwrap();
    }

    /// Its report, once it ends.
    pub fn report(mut self) -> serde_json::Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        let status = self.child.wait().unwrap();
        assert!(status.success(), "the client failed: {line}");
        serde_json::from_str(line.trim()).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }
}

impl Drop for Clients {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
