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

/// What to start.
#[derive(Debug, Clone)]
pub struct SpawnSpec {
    pub program: PathBuf,
    pub env: BTreeMap<String, String>,
    /// Tag shown in `ps`: `bext-worker: POOL #ID`.
    pub title: String,
    /// Credentials to switch to before exec (std drops supplementary
    /// groups when it changes the uid as root).
    pub uid: Option<u32>,
    pub gid: Option<u32>,
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
                for (spec, reply) in rx {
                    let _ = reply.send(spawn(&spec));
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

fn spawn(spec: &SpawnSpec) -> io::Result<Spawned> {
    crate::fault::spawn()?;
    let (ours, theirs) = UnixStream::pair()?;
    let theirs: OwnedFd = theirs.into();
    let master = nix::unistd::getpid();
    let mut cmd = Command::new(&spec.program);
    cmd.arg0(&spec.title)
        .envs(&spec.env)
        .env("BEXT_WORKER_FD", theirs.as_raw_fd().to_string())
        .env("BEXT_MASTER_PID", master.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group: a terminal's Ctrl-C reaches the master,
        // which drains the workers itself.
        .process_group(0);
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
    set_cloexec(&theirs, false)?;
    let spawned = cmd.spawn();
    set_cloexec(&theirs, true)?;
    let mut child = spawned?;
    let pid = Pid::from_raw(child.id() as i32);
    let stdout = child.stdout.take().map(OwnedFd::from);
    let stderr = child.stderr.take().map(OwnedFd::from);
    // Never waited on here: the reaper collects every exit status.
    drop(child);
    drop(theirs);
    Ok(Spawned {
        pid,
        process: crate::process::pidfd::Process::open(pid),
        socket: ours,
        stdout,
        stderr,
    })
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
