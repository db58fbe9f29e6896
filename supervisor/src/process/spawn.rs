//! Starting worker processes.
//!
//! All workers are forked from one long-lived thread, because
//! `PR_SET_PDEATHSIG` fires when the *thread* that forked the child exits,
//! not the process: a worker forked from a short-lived thread would be
//! killed when that thread ends. The thread receives requests over a
//! channel and answers each with the new pid and the master's end of the
//! worker's socket.
//!
//! The `Child` handle is dropped without waiting: exit statuses are
//! collected by the reaper alone (see `reaper.rs`).
//!
//! A pool whose `spawn` asks for it has its workers forked by a template
//! worker the thread keeps (see `template.rs`); exec is the fallback. The
//! choice, which may read the worker program's first bytes, is made here
//! too, off the async runtime.
//!
//! Every process starts with a clean environment (see `inherit.rs`): the
//! one built here, on this thread, from the pool's `env` and `env_pass`.
//!
//! The worker sets `PR_SET_PDEATHSIG` itself (given `BEXT_MASTER_PID` it
//! can tell whether the master died before that), which keeps this side free
//! of a `pre_exec` hook and lets std spawn with `posix_spawn`.

use std::collections::BTreeMap;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;

use nix::fcntl::{FcntlArg, FdFlag, fcntl};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;

use nix::unistd::Pid;
use tokio::sync::oneshot;

use crate::process::template::Templates;

/// What to start.
#[derive(Debug, Clone)]
pub struct SpawnSpec {
    pub program: PathBuf,
    /// The pool's `env`; once the spawner thread has built the process's
    /// whole environment (`inherit::for_spawn`), that environment.
    pub env: BTreeMap<String, String>,
    /// Names of bextd's variables to pass through (`env_pass`).
    pub env_pass: Vec<String>,
    /// Tag shown in `ps`: `bext-worker: POOL #ID`.
    pub title: String,
    /// Credentials to switch to before exec (std drops supplementary
    /// groups when it changes the uid as root).
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// The pool it serves (names its template in logs and `ps`).
    pub pool: String,
    /// Whether to fork it from a template worker (see `template.rs`)
    /// instead of exec'ing it; exec is the fallback.
    pub spawn: crate::config::Spawn,
}

/// A started worker: its pid and the master's end of its socket.
#[derive(Debug)]
pub struct Spawned {
    pub pid: Pid,
    /// How to signal it (a pidfd, opened at once).
    pub process: crate::process::pidfd::Process,
    pub socket: UnixStream,
    /// Read ends of the worker's stdout and stderr pipes.
    pub stdout: Option<OwnedFd>,
    pub stderr: Option<OwnedFd>,
}

type Job = (SpawnSpec, oneshot::Sender<io::Result<Spawned>>);

/// Handle to the spawner thread.
#[derive(Debug, Clone)]
pub struct Spawner {
    tx: mpsc::Sender<Job>,
}

impl Spawner {
    /// Starts the spawner thread. It lives as long as the process.
    pub fn start() -> io::Result<Spawner> {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("bext-spawner".into())
            .spawn(move || {
                let mut templates = Templates::default();
                loop {
                    // Woken now and then without work, to close the
                    // templates nobody uses any more.
                    match rx.recv_timeout(crate::process::template::IDLE / 10) {
                        Ok((spec, reply)) => {
                            let _ = reply.send(spawn(&spec, &mut templates));
                        }
                        Err(mpsc::RecvTimeoutError::Timeout) => {
                            templates.close_idle(std::time::Instant::now());
                        }
                        Err(mpsc::RecvTimeoutError::Disconnected) => return,
                    }
                }
            })?;
        Ok(Spawner { tx })
    }

    pub async fn spawn(&self, spec: SpawnSpec) -> io::Result<Spawned> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send((spec, reply))
            .map_err(|_| io::Error::other("the spawner thread is gone"))?;
        rx.await
            .map_err(|_| io::Error::other("the spawner thread dropped the request"))?
    }
}

/// Whether a spawn failed for lack of resources (descriptors, processes,
/// memory) rather than because of what it was asked to start.
pub fn lacks_resources(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::EMFILE | libc::ENFILE | libc::EAGAIN | libc::ENOMEM | libc::ENOBUFS)
    )
}

/// Starts one worker: forked from its template when asked and possible,
/// else by fork+exec.
fn spawn(spec: &SpawnSpec, templates: &mut Templates) -> io::Result<Spawned> {
    crate::fault::spawn()?;
    // The whole environment, built here: nothing of bextd's passes but
    // what `inherit` says, and the template is chosen by it.
    let spec = &SpawnSpec {
        env: crate::process::inherit::for_spawn(spec),
        env_pass: Vec::new(),
        ..spec.clone()
    };
    if crate::process::template::wanted(spec.spawn, &spec.program) {
        match templates.fork(spec, std::time::Instant::now()) {
            Ok(spawned) => return Ok(spawned),
            Err(e) => tracing::debug!(error = %e, "no template: starting the worker by exec"),
        }
    }
    let (ours, theirs) = UnixStream::pair()?;
    let mut child = exec(spec, &spec.title, &[], theirs.into(), Output::Piped)?;
    let pid = Pid::from_raw(child.id() as i32);
    let stdout = child.stdout.take().map(OwnedFd::from);
    let stderr = child.stderr.take().map(OwnedFd::from);
    // Never waited on here: the reaper collects every exit status.
    drop(child);
    Ok(Spawned {
        pid,
        process: crate::process::pidfd::Process::open(pid),
        socket: ours,
        stdout,
        stderr,
    })
}

/// Where an exec'd process's output goes.
pub(super) enum Output {
    /// Pipes, read by bextd (a worker's, tagged in bextd's log).
    Piped,
    /// bextd's own stderr (a template's, which says nothing unless it fails).
    Inherit,
}

/// Execs `spec.program` shown as `title` (then `args`), with `socket`
/// inherited under its own number, named by `BEXT_WORKER_FD`, and with
/// `spec.env` as its whole environment: none of bextd's own.
pub(super) fn exec(
    spec: &SpawnSpec,
    title: &str,
    args: &[String],
    socket: OwnedFd,
    output: Output,
) -> io::Result<std::process::Child> {
    let master = nix::unistd::getpid();
    let mut cmd = Command::new(&spec.program);
    cmd.arg0(title)
        .args(args)
        .env_clear()
        .envs(&spec.env)
        .env("BEXT_WORKER_FD", socket.as_raw_fd().to_string())
        .env("BEXT_MASTER_PID", master.to_string())
        .stdin(Stdio::null())
        // Its own process group: a terminal's Ctrl-C reaches the master,
        // which drains the workers itself.
        .process_group(0);
    match output {
        Output::Piped => cmd.stdout(Stdio::piped()).stderr(Stdio::piped()),
        Output::Inherit => cmd.stdout(Stdio::null()).stderr(Stdio::inherit()),
    };
    if let Some(gid) = spec.gid {
        cmd.gid(gid);
    }
    if let Some(uid) = spec.uid {
        cmd.uid(uid);
    }
    // No pre_exec closure, so std can use posix_spawn (a vfork, not a copy
    // of the master's page tables) unless credentials change. The worker
    // sets its own death signal and checks that this process is still its
    // parent. Its socket is inherited under its own number: only this thread
    // spawns processes, so clearing FD_CLOEXEC for the spawn leaks it to no
    // other child.
    set_cloexec(&socket, false)?;
    let spawned = cmd.spawn();
    set_cloexec(&socket, true)?;
    spawned
}

fn set_cloexec(fd: &OwnedFd, on: bool) -> io::Result<()> {
    let flags = if on {
        FdFlag::FD_CLOEXEC
    } else {
        FdFlag::empty()
    };
    fcntl(fd, FcntlArg::F_SETFD(flags)).map_err(io::Error::from)?;
    Ok(())
}
