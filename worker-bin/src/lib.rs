//! `bext-worker`: one worker process of a bext pool.
//!
//! `bextd` starts it with one end of a Unix socket pair inherited as the
//! file descriptor named by `BEXT_WORKER_FD`; everything else (which script, which limits, who it is)
//! arrives over that socket. See [`serve`] for the event loop and [`engine`]
//! for how QuickJS is driven.

pub mod compress;
pub mod crypto;
pub mod engine;
pub mod fault;
pub mod fetch;
pub mod fs;
pub mod host;
pub mod intl;
pub mod loader;
pub mod multipart;
pub mod node;
pub mod prelude;
pub mod serve;
pub mod template;
pub mod wasm;
pub mod zlib;

use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::net::UnixStream;

pub use serve::WorkerError;

/// The file descriptor of the worker's socket when `BEXT_WORKER_FD` does
/// not say otherwise.
pub const SOCKET_FD: i32 = 3;

/// Asks the kernel to kill this process when its parent (the master's
/// spawner thread) goes away, then checks the master did not already go:
/// between the fork and this call, its death would have gone unnoticed.
fn die_with_master() -> Result<(), WorkerError> {
    let Some(master) = std::env::var("BEXT_MASTER_PID")
        .ok()
        .and_then(|p| p.parse::<i32>().ok())
    else {
        return Ok(()); // not started by bextd; the socket check below decides
    };
    nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL)
        .map_err(|e| WorkerError::Handshake(format!("cannot set the parent-death signal: {e}")))?;
    if nix::unistd::getppid().as_raw() != master {
        return Err(WorkerError::Handshake(
            "bextd exited before the worker started".into(),
        ));
    }
    Ok(())
}

/// Runs the worker to completion: a template when bextd asked for one
/// (`BEXT_TEMPLATE`), else a worker on its inherited socket.
pub fn run() -> Result<(), WorkerError> {
    // SIGINT from a terminal is for the master, which drains workers itself.
    // SAFETY: installing SIG_IGN does not run any code in a handler.
    unsafe {
        let _ = nix::sys::signal::signal(
            nix::sys::signal::Signal::SIGINT,
            nix::sys::signal::SigHandler::SigIgn,
        );
    }
    die_with_master()?;
    let fd = std::env::var("BEXT_WORKER_FD")
        .ok()
        .and_then(|v| v.parse::<i32>().ok())
        .unwrap_or(SOCKET_FD);
    let is_socket = std::fs::metadata(format!("/proc/self/fd/{fd}"))
        .map(|m| std::os::unix::fs::FileTypeExt::is_socket(&m.file_type()))
        .unwrap_or(false);
    if !is_socket {
        return Err(WorkerError::Handshake(format!(
            "no socket on file descriptor {fd}: bext-worker is started by bextd, not by hand"
        )));
    }
    // SAFETY: the master passes a socket it created on this descriptor and
    // nothing else in this process owns it.
    let socket = unsafe { OwnedFd::from_raw_fd(fd) };
    if std::env::var_os(template::ENV).is_some() {
        return template::run(socket);
    }
    serve_on(UnixStream::from(socket), None)
}

/// Serves as a worker on `stream` until told to stop.
fn serve_on(stream: UnixStream, preloaded: Option<serve::Preloaded>) -> Result<(), WorkerError> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(WorkerError::Signal)?;
    rt.block_on(serve::serve(stream, fault::Faults::from_env(), preloaded))
}

/// The process's exit status for how the worker ended.
pub fn exit_code(result: Result<(), WorkerError>) -> u8 {
    match result {
        Ok(()) => 0,
        // The master has the error already, in BootFailed: it logs it.
        Err(WorkerError::BootFailed(_)) => 3,
        Err(e) => {
            serve::stderr_line(&e.to_string());
            1
        }
    }
}
