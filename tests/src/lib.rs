//! Helpers for the end-to-end tests: start the real `bextd` (which starts
//! the real `bext-worker`s) on an ephemeral port in a temp dir, talk HTTP to
//! it, send it signals, and wait for conditions with deadlines.
//!
//! The binaries are the workspace's own, found next to the test executable
//! (`target/<profile>/`). `scripts/test` builds them before running tests.

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use nix::sys::signal::Signal;

pub mod browser;
pub mod h2raw;
mod load;
pub mod pg;
mod procs;
pub mod scripts;
pub mod ws;
pub use load::{Answers, Load};
use nix::unistd::Pid;
pub use procs::{children, comm, exists, is_template};

/// Path of a workspace binary (`bextd`, `bext-worker`).
pub fn bin(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test>-<hash>
    let dir = exe.parent().and_then(Path::parent).expect("target dir");
    let p = dir.join(name);
    assert!(
        p.is_file(),
        "{} is missing: build the workspace first (scripts/test does)",
        p.display()
    );
    p
}

/// Polls `cond` every 20 ms until it returns `Some`, or gives up (`None`)
/// after `limit`. Every wait of the tests is one of these polls.
pub fn poll<T>(limit: Duration, mut cond: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(v) = cond() {
            return Some(v);
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Polls `cond` until it returns `Some`, or panics with `what` after
/// `limit`.
pub fn wait_for<T>(limit: Duration, what: &str, cond: impl FnMut() -> Option<T>) -> T {
    poll(limit, cond).unwrap_or_else(|| panic!("timed out after {limit:?} waiting for {what}"))
}

/// An HTTP answer.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    /// The body as text (lossy), and as it came.
    pub body: String,
    pub bytes: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

/// Sends one request; `headers` are extra request headers.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let url = format!("http://{addr}{path}");
    let mut req = ureq::http::Request::builder().method(method).uri(&url);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let req = req.body(body.to_vec()).expect("request");
    let mut resp = agent()
        .run(req)
        .unwrap_or_else(|e| panic!("{method} {url}: {e}"));
    let status = resp.status().as_u16();
    let headers = resp
        .headers()
        .iter()
        .map(|(k, v)| (k.as_str().to_owned(), v.to_str().unwrap_or("").to_owned()))
        .collect();
    let mut bytes = Vec::new();
    resp.body_mut()
        .as_reader()
        .read_to_end(&mut bytes)
        .expect("response body");
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes,
    }
}

/// A running `bextd` in its own temp dir. Killed, with its workers, on drop.
#[derive(Debug)]
pub struct Daemon {
    child: Option<Child>,
    pub pid: Pid,
    pub addr: SocketAddr,
    pub dir: tempfile::TempDir,
    log: Arc<Mutex<String>>,
    status: Option<ExitStatus>,
}

/// What to start a daemon with.
#[derive(Debug, Default, Clone)]
pub struct Setup<'a> {
    /// `bext.toml` without `[server] listen`, which is set to port 0.
    pub config: &'a str,
    /// Files to write in the temp dir, relative to it (`*.sh` made executable).
    pub files: &'a [(&'a str, &'a str)],
    /// Files of bytes (a `.wasm` module) to write beside them.
    pub binary_files: &'a [(&'a str, &'a [u8])],
    /// Symlinks to make in the temp dir after the files: `(link, target)`.
    pub symlinks: &'a [(&'a str, &'a str)],
    /// Extra environment for bextd (and so its workers).
    pub env: &'a [(&'a str, &'a str)],
    /// Run it under this command prefix (e.g. `unshare --pid --fork`).
    pub wrapper: &'a [&'a str],
    /// Extra bextd arguments.
    pub args: &'a [&'a str],
    /// Run this bextd instead of the build tree's (e.g. an installed one).
    pub bextd: Option<&'a Path>,
}

impl Daemon {
    /// Starts bextd with a config and a `worker.js`.
    pub fn start(config: &str, worker_js: &str) -> Daemon {
        Daemon::start_with(Setup {
            config,
            files: &[("worker.js", worker_js)],
            ..Setup::default()
        })
    }

    pub fn start_with(setup: Setup<'_>) -> Daemon {
        let dir = tempfile::tempdir().expect("temp dir");
        for (name, text) in setup.files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
            if name.ends_with(".sh") {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
            }
        }
        for (name, bytes) in setup.binary_files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, bytes).unwrap();
        }
        for (link, target) in setup.symlinks {
            let p = dir.path().join(link);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::os::unix::fs::symlink(target, p).unwrap();
        }
        // An ephemeral port, and a control socket of its own in the temp
        // dir (the default one is shared by every bextd of the user).
        let mut server = String::from("[server]\nlisten = \"127.0.0.1:0\"");
        if !setup.config.contains("control_socket") {
            server.push_str("\ncontrol_socket = \"bext.sock\"");
        }
        let config = if setup.config.contains("[server]") {
            setup.config.replacen("[server]", &server, 1)
        } else {
            format!("{server}\n{}", setup.config)
        };
        std::fs::write(dir.path().join("bext.toml"), config).unwrap();
        let bextd = setup.bextd.map_or_else(|| bin("bextd"), Path::to_path_buf);
        let mut cmd = match setup.wrapper.split_first() {
            Some((first, rest)) => {
                let mut c = Command::new(first);
                c.args(rest).arg(&bextd);
                c
            }
            None => Command::new(&bextd),
        };
        cmd.arg("--config")
            .arg(dir.path().join("bext.toml"))
            .arg("--log-level")
            .arg("debug")
            .args(setup.args)
            .current_dir(dir.path())
            .env_remove("RUST_LOG")
            .envs(setup.env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("start bextd");
        let log = Arc::new(Mutex::new(String::new()));
        let sink = log.clone();
        let stderr = child.stderr.take().unwrap();
        let err_reader = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut l = sink.lock().unwrap();
                l.push_str(&line);
                l.push('\n');
            }
        });
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let sink = log.clone();
        let out_reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(rest) = line.strip_prefix("bextd listening on http://") {
                    let _ = tx.send(rest.parse::<SocketAddr>().ok());
                }
                let mut l = sink.lock().unwrap();
                l.push_str(&line);
                l.push('\n');
            }
        });
        let addr = match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(Some(a)) => a,
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                // The whole log, once both pipes are read to their end (a
                // process that outlives a wrapper may hold them open).
                poll(Duration::from_secs(2), || {
                    (err_reader.is_finished() && out_reader.is_finished()).then_some(())
                });
                panic!("bextd did not start; log:\n{}", log.lock().unwrap());
            }
        };
        let pid = Pid::from_raw(child.id() as i32);
        let mut d = Daemon {
            child: Some(child),
            pid,
            addr,
            dir,
            log,
            status: None,
        };
        if !setup.wrapper.is_empty() {
            // The wrapper's child is bextd itself.
            d.pid = wait_for(Duration::from_secs(5), "bextd under the wrapper", || {
                children(pid)
                    .into_iter()
                    .find(|p| comm(*p).as_deref() == Some("bextd"))
            });
        }
        d
    }

    pub fn get(&self, path: &str) -> Reply {
        request(self.addr, "GET", path, &[], b"")
    }

    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Reply {
        request(self.addr, method, path, headers, body)
    }

    /// Everything bextd logged so far (stderr, then stdout lines as they come).
    pub fn logs(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Waits until the log contains `needle`.
    pub fn wait_log(&self, needle: &str, limit: Duration) {
        self.wait_until(limit, &format!("the log to show {needle:?}"), || {
            self.logs().contains(needle).then_some(())
        });
    }

    /// Polls `cond` until it returns `Some`, or panics after `limit` with
    /// `what` and the log so far.
    pub fn wait_until<T>(&self, limit: Duration, what: &str, cond: impl FnMut() -> Option<T>) -> T {
        poll(limit, cond).unwrap_or_else(|| {
            panic!(
                "timed out after {limit:?} waiting for {what}; log:\n{}",
                self.logs()
            )
        })
    }

    /// Counts lines of the log containing `needle`.
    pub fn count_log(&self, needle: &str) -> usize {
        self.logs().lines().filter(|l| l.contains(needle)).count()
    }

    /// Worker processes (children of bextd named bext-worker) now. A
    /// template worker renames itself `bext-template` as it starts; its
    /// title says what it is from its exec on.
    pub fn worker_pids(&self) -> Vec<Pid> {
        children(self.pid)
            .into_iter()
            .filter(|p| comm(*p).is_some_and(|c| c.starts_with("bext-worker")))
            .filter(|p| !is_template(*p))
            .collect()
    }

    /// Waits until exactly `n` workers answer as ready in the log since the
    /// start (counted by "worker ready" lines) and `n` processes exist.
    pub fn wait_workers(&self, n: usize) -> Vec<Pid> {
        let mut have = Vec::new();
        poll(Duration::from_secs(20), || {
            have = self.worker_pids();
            (have.len() == n
                && self.get("/__bext/health").status == 200
                && self.count_log("worker ready") - self.count_log("template worker ready") >= n)
                .then(|| have.clone())
        })
        .unwrap_or_else(|| {
            panic!(
                "never saw {n} workers; have {have:?}; log:\n{}",
                self.logs()
            )
        })
    }

    /// Waits until as many workers run as in `before`, with exactly `kept`
    /// of `before` still among them (the others replaced), and every pool
    /// has an ACTIVE worker; returns them.
    pub fn wait_rotated(&self, before: &[Pid], kept: usize) -> Vec<Pid> {
        let limit = Duration::from_secs(20);
        let mut now = Vec::new();
        poll(limit, || {
            now = self.worker_pids();
            (now.len() == before.len()
                && now.iter().filter(|p| before.contains(p)).count() == kept
                && self.get("/__bext/ready").status == 200)
                .then(|| now.clone())
        })
        .unwrap_or_else(|| {
            panic!(
                "after {limit:?}: workers {now:?}, wanted {kept} of {before:?} kept; log:\n{}",
                self.logs()
            )
        })
    }

    /// The status rows of every worker, from `/__bext/workers`.
    pub fn workers(&self) -> Vec<serde_json::Value> {
        let r = self.get("/__bext/workers");
        assert_eq!(r.status, 200, "/__bext/workers: {}", r.body);
        r.json().as_array().expect("an array of workers").clone()
    }

    /// The versions the live workers run, sorted, each once.
    pub fn versions(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .workers()
            .iter()
            .filter(|w| !w["pid"].is_null())
            .map(|w| w["version"].as_str().unwrap_or("-").to_string())
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// How many workers of `pool` are ACTIVE.
    pub fn active(&self, pool: &str) -> usize {
        self.workers()
            .iter()
            .filter(|w| w["pool"] == pool && w["state"] == "ACTIVE")
            .count()
    }

    /// Requests the workers hold now, all pools together.
    pub fn in_flight(&self) -> u64 {
        self.workers()
            .iter()
            .map(|w| w["in_flight"].as_u64().unwrap_or(0))
            .sum()
    }

    pub fn signal(&self, sig: Signal) {
        nix::sys::signal::kill(self.pid, sig).expect("signal bextd");
    }

    /// Waits for bextd (or its wrapper) to exit.
    pub fn wait_exit(&mut self, limit: Duration) -> ExitStatus {
        if let Some(s) = self.status {
            return s;
        }
        let child = self.child.as_mut().unwrap();
        let s = wait_for(limit, "bextd to exit", || child.try_wait().ok().flatten());
        self.status = Some(s);
        s
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let workers = self.worker_pids();
        if let Some(child) = self.child.as_mut()
            && child.try_wait().ok().flatten().is_none()
        {
            let _ = nix::sys::signal::kill(self.pid, Signal::SIGKILL);
            let _ = child.kill();
            let _ = child.wait();
        }
        for p in workers {
            let _ = nix::sys::signal::kill(p, Signal::SIGKILL);
        }
    }
}

/// Runs `bext` with `args` against the daemon in `dir`: `-c bext.toml`
/// when `dir` has one (it names the daemon's socket), otherwise `args`
/// alone; returns (exit code, stdout, stderr).
pub fn bext(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(bin("bext"));
    if dir.join("bext.toml").is_file() {
        cmd.arg("-c").arg(dir.join("bext.toml"));
    }
    let out = cmd
        .args(args)
        .current_dir(dir)
        .env_remove("BEXT_SOCKET")
        .env_remove("BEXT_CONFIG")
        .output()
        .expect("run bext");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs bextd to completion with the given args; returns (code, stdout, stderr).
pub fn run_bextd(args: &[&str], cwd: &Path) -> (i32, String, String) {
    let out = Command::new(bin("bextd"))
        .args(args)
        .current_dir(cwd)
        .env_remove("RUST_LOG")
        .output()
        .expect("run bextd");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Whether this test can do what needs root. Outside CI a test that cannot
/// says so on stderr and is skipped; in CI (which runs as root, `CI` set)
/// it fails instead, so that it is never skipped unseen.
pub fn can_act_as_root(test: &str) -> bool {
    if nix::unistd::geteuid().is_root() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{test} needs root, and CI runs the suite as root"
    );
    eprintln!("SKIPPED {test}: needs root");
    false
}
