//! How one process is started: what to start ([`SpawnSpec`]), what was
//! started ([`Spawned`]), and the exec itself with the worker's socket
//! inherited under its own number. The spawner thread (`spawn.rs`) and
//! the template workers (`template.rs`) both start processes with it.

use std::collections::BTreeMap;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use nix::fcntl::{FcntlArg, FdFlag, fcntl};
use nix::unistd::Pid;

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

/// Whether a spawn failed for lack of resources (descriptors, processes,
/// memory) rather than because of what it was asked to start.
pub fn lacks_resources(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::EMFILE | libc::ENFILE | libc::EAGAIN | libc::ENOMEM | libc::ENOBUFS)
    )
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
