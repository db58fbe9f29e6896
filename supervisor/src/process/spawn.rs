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

use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;

use std::sync::mpsc;

use nix::unistd::Pid;
use tokio::sync::oneshot;

use super::exec::{Output, exec};
pub use super::exec::{SpawnSpec, Spawned, lacks_resources};
use crate::process::template::Templates;

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
