//! The template worker: the engine made and the prelude loaded once, then
//! forked into ready workers when bextd asks.
//!
//! A worker started by fork+exec spends most of its boot before it reads a
//! byte of the pool's script: the exec, the dynamic linker, the page faults
//! of a fresh image, QuickJS's runtime and intrinsics, and the prelude's
//! bytecode. A template pays that once. bextd starts it like a worker, with
//! `BEXT_TEMPLATE` set and a `SOCK_SEQPACKET` socket instead of a stream;
//! it sends [`FromTemplate::Ready`], then answers each
//! [`ToTemplate::Fork`] (which carries the new worker's socket and output
//! pipes as `SCM_RIGHTS`) with the new worker's pid and pidfd. The forked
//! worker goes on from the fork as a worker started by exec would go on
//! from `main`: the hello, `Init`, its script, `startup()`.
//!
//! What keeps a forked worker the same as an exec'd one:
//! - **Its parent is bextd.** The fork is a `clone3` (or, where seccomp
//!   refuses that, a `clone`) with `CLONE_PARENT`,
//!   so bextd's one reaper collects its exit, it dies with bextd
//!   (`PR_SET_PDEATHSIG`, set again in the child: a fork clears it) and
//!   its pidfd (`CLONE_PIDFD`, sent to bextd) names it from birth.
//! - **Nothing per process is shared.** `Math.random` is reseeded from the
//!   OS (see `engine::random`), `performance`'s clock restarts, the
//!   process gets its own process group and its `ps` title.
//! - **One thread.** Only a single-threaded process can be forked safely:
//!   the template never starts the async runtime (the child does, after the
//!   fork) and checks it has one thread before it says it is ready.
//!
//! What it risks: the kernel is called directly, so glibc does not run its
//! fork handlers in the child. With one thread and no lock held they have
//! nothing to reset but glibc's cached thread id, which stays the
//! template's: `raise` and `abort` ask the kernel instead (glibc 2.34 and
//! later), and the only other readers, recursive and error-checking
//! pthread mutexes, see the same stale id on every call in the process,
//! so they still work. And the template holds its pool's environment and
//! credentials: bextd keeps one template per executable, environment and
//! user, and starts a new one when any of them changes.

use std::os::fd::{AsFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::panic::AssertUnwindSafe;
use std::rc::Rc;

use protocol::Hello;
use protocol::packet::{self, PacketError};
use protocol::template::{FORK_FDS, FromTemplate, ToTemplate};

use crate::engine::{Engine, EngineOptions};
use crate::loader::ModuleCache;
use crate::serve::{Preloaded, WorkerError};

/// Set in a template's environment by bextd.
pub const ENV: &str = "BEXT_TEMPLATE";

/// Command names (`/proc/PID/comm`, what `pgrep` matches) of a template
/// and of the workers it forks (an exec'd worker's is its file's name).
const TEMPLATE_COMM: &std::ffi::CStr = c"bext-template";
const WORKER_COMM: &std::ffi::CStr = c"bext-worker";

/// Loads the engine, says so, and forks a worker for every request until
/// bextd closes the socket.
pub fn run(socket: OwnedFd) -> Result<(), WorkerError> {
    // Its own title, without the padding bextd gave it: the room stays.
    if let Some(title) = std::env::args().next() {
        set_title(title.trim_end());
    }
    // Its own command name too, so `pgrep bext-worker` counts workers only
    // (each worker takes that name back after the fork).
    let _ = nix::sys::prctl::set_name(TEMPLATE_COMM);
    let modules = Rc::new(ModuleCache::new(ModuleCache::this_engine(), Vec::new()));
    let engine = Engine::new(EngineOptions {
        memory_limit_bytes: 0,
        modules: modules.clone(),
    })?;
    // What the prelude left behind is collected once here, not in every
    // worker, and the next collection is set past a worker's boot: the
    // pages the children share stay clean.
    engine.collect_and_rearm();
    let faults = crate::fault::Faults::from_env();
    let ready = if faults.template_fails {
        Err("refused by the template-fails test fault".to_string())
    } else {
        single_threaded()
    };
    if let Err(e) = ready {
        let _ = send(&socket, &FromTemplate::Failed { error: e.clone() }, None);
        return Err(WorkerError::Handshake(e));
    }
    send(
        &socket,
        &FromTemplate::Ready(Hello::new(std::process::id())),
        None,
    )?;
    let mut preloaded = Some(Preloaded { engine, modules });
    // Whether clone3 is worth trying (see `clone_into_parent`); the
    // `no-clone3` test fault starts with the older call.
    let mut clone3 = !faults.no_clone3;
    loop {
        let Some((ToTemplate::Fork { title }, fds)) = receive(&socket)? else {
            return Ok(()); // bextd closed the socket: no more forks
        };
        let Ok([worker, stdout, stderr]) = <[OwnedFd; FORK_FDS]>::try_from(fds) else {
            let error = format!("a fork needs {FORK_FDS} descriptors");
            send(&socket, &FromTemplate::Failed { error }, None)?;
            continue;
        };
        match clone_into_parent(&mut clone3) {
            Ok(Cloned::Child) => {
                let preloaded = preloaded.take().expect("a template forks from its engine");
                become_worker(socket, preloaded, worker, [stdout, stderr], &title)
            }
            Ok(Cloned::Parent { pid, pidfd }) => {
                drop((worker, stdout, stderr));
                send(&socket, &FromTemplate::Forked { pid }, Some(&pidfd))?;
            }
            Err(e) => {
                let error = format!("clone: {e}");
                send(&socket, &FromTemplate::Failed { error }, None)?;
            }
        }
    }
}

/// The forked child: drops the template's socket, takes its own output
/// and title, and serves as a worker. Never returns.
fn become_worker(
    template: OwnedFd,
    preloaded: Preloaded,
    worker: OwnedFd,
    [stdout, stderr]: [OwnedFd; 2],
    title: &str,
) -> ! {
    drop(template);
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
        nix::unistd::dup2_stdout(&stdout)
            .and_then(|()| nix::unistd::dup2_stderr(&stderr))
            .map_err(|e| WorkerError::Handshake(format!("cannot take its output pipes: {e}")))?;
        drop((stdout, stderr));
        // As exec'd workers: Ctrl-C on a terminal reaches bextd only.
        let _ = nix::unistd::setpgid(nix::unistd::Pid::from_raw(0), nix::unistd::Pid::from_raw(0));
        crate::die_with_master()?;
        // SAFETY: this process has one thread (checked before the template
        // said it was ready, and nothing since started another).
        unsafe {
            std::env::remove_var(ENV);
            std::env::remove_var("BEXT_WORKER_FD");
        }
        set_title(title);
        let _ = nix::sys::prctl::set_name(WORKER_COMM);
        preloaded.engine.forked();
        crate::serve_on(UnixStream::from(worker), Some(preloaded))
    }));
    let code = match result {
        Ok(r) => crate::exit_code(r),
        Err(_) => 101, // the panic hook has printed it
    };
    std::process::exit(i32::from(code))
}

enum Cloned {
    Child,
    Parent { pid: u32, pidfd: OwnedFd },
}

/// `struct clone_args` up to `tls` (`CLONE_ARGS_SIZE_VER0`), which is all
/// this fork sets.
#[repr(C)]
#[derive(Default)]
struct CloneArgs {
    flags: u64,
    pidfd: u64,
    child_tid: u64,
    parent_tid: u64,
    exit_signal: u64,
    stack: u64,
    stack_size: u64,
    tls: u64,
}

/// Forks this process as a sibling: the child's parent is this process's
/// parent (bextd), its exit signal this process's own (SIGCHLD), and its
/// pidfd comes back with it.
///
/// `clone3` first; then, once it answers ENOSYS, the older `clone` with the
/// same flags for good. Container runtimes' default seccomp profiles
/// (Docker's, containerd's, so Kubernetes' `RuntimeDefault`) make `clone3`
/// fail with ENOSYS, because a filter cannot read its flags, and allow
/// `clone` without namespace flags, which these are.
fn clone_into_parent(clone3: &mut bool) -> std::io::Result<Cloned> {
    let mut pidfd: libc::c_int = -1;
    let flags = libc::CLONE_PARENT | libc::CLONE_PIDFD;
    let r = if *clone3 {
        // The kernel requires `exit_signal` 0 with CLONE_PARENT.
        let args = CloneArgs {
            flags: flags as u64,
            pidfd: (&raw mut pidfd) as u64,
            ..CloneArgs::default()
        };
        // SAFETY: `args` is a valid `clone_args` of the size passed, it
        // lives across the call, and the kernel writes the pidfd where it
        // points. Without CLONE_VM and with no stack given, the child runs
        // on a copy of this stack, as after fork(2). The process is
        // single-threaded.
        unsafe {
            libc::syscall(
                libc::SYS_clone3,
                &raw const args,
                std::mem::size_of::<CloneArgs>(),
            )
        }
    } else {
        // SAFETY: as above; `clone(flags, stack, parent_tid, child_tid,
        // tls)` on x86_64 and aarch64, where CLONE_PIDFD writes the pidfd
        // through `parent_tid`. A null stack means a copy of this one.
        unsafe {
            libc::syscall(
                libc::SYS_clone,
                (flags | libc::SIGCHLD) as libc::c_ulong,
                std::ptr::null_mut::<libc::c_void>(),
                &raw mut pidfd,
                std::ptr::null_mut::<libc::c_int>(),
                0 as libc::c_ulong,
            )
        }
    };
    match r {
        -1 => {
            let e = std::io::Error::last_os_error();
            if *clone3 && e.raw_os_error() == Some(libc::ENOSYS) {
                *clone3 = false;
                return clone_into_parent(clone3);
            }
            Err(e)
        }
        0 => Ok(Cloned::Child),
        pid => Ok(Cloned::Parent {
            pid: pid as u32,
            // SAFETY: the kernel opened this descriptor for us with CLONE_PIDFD.
            pidfd: unsafe { OwnedFd::from_raw_fd(pidfd) },
        }),
    }
}

/// Whether this process runs one thread, which is when fork is safe.
fn single_threaded() -> Result<(), String> {
    let status = std::fs::read_to_string("/proc/self/status")
        .map_err(|e| format!("cannot read /proc/self/status: {e}"))?;
    let threads = status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .map(str::trim);
    match threads {
        Some("1") => Ok(()),
        Some(n) => Err(format!(
            "the template runs {n} threads; it forks only with one"
        )),
        None => Err("/proc/self/status does not say how many threads run".into()),
    }
}

fn send(socket: &OwnedFd, msg: &FromTemplate, fd: Option<&OwnedFd>) -> Result<(), WorkerError> {
    let fds: Vec<BorrowedFd<'_>> = fd.iter().map(|f| f.as_fd()).collect();
    packet::send(socket.as_fd(), msg, &fds).map_err(template_socket)
}

/// The next request and its descriptors; `None` once bextd closed the
/// socket.
fn receive(socket: &OwnedFd) -> Result<Option<(ToTemplate, Vec<OwnedFd>)>, WorkerError> {
    packet::receive(socket.as_fd()).map_err(template_socket)
}

fn template_socket(e: PacketError) -> WorkerError {
    match e {
        PacketError::Os(errno) => WorkerError::Handshake(format!("template socket: {errno}")),
        PacketError::Truncated => {
            WorkerError::Handshake("a fork request did not fit the template's buffers".into())
        }
        PacketError::Incomplete => WorkerError::Handshake("a fork request came cut short".into()),
        PacketError::Frame(e) => e.into(),
    }
}

/// Writes `title` over this process's argument area, which `ps` shows:
/// `bext-worker: POOL #ID`, as the exec'd workers' `argv[0]`. bextd starts
/// a template with room to spare (see `process::template` in bextd); a
/// longer title is cut.
fn set_title(title: &str) {
    let Some((start, end)) = argument_area() else {
        return;
    };
    let Some(room) = end.checked_sub(start).filter(|&n| n > 1) else {
        return;
    };
    let n = title.len().min(room - 1);
    // SAFETY: [start, end) is this process's own argument strings, which
    // the kernel placed on its stack at exec; they are ours to overwrite
    // (setproctitle does the same). One thread runs, so no one reads them
    // meanwhile, and the rest is zeroed, so every string in it ends.
    unsafe {
        std::ptr::copy_nonoverlapping(title.as_ptr(), start as *mut u8, n);
        std::ptr::write_bytes((start + n) as *mut u8, 0, room - n);
    }
}

/// Where this process's argument strings lie: fields 48 and 49 of
/// `/proc/self/stat` (Linux 3.5 and later).
fn argument_area() -> Option<(usize, usize)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold
    // anything: the first is field 3.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(48 - 3);
    let start = fields.next()?.parse().ok()?;
    let end = fields.next()?.parse().ok()?;
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_its_own_argument_area() {
        let (start, end) = argument_area().expect("Linux 3.5 or later");
        assert!(end > start);
        let args: usize = std::env::args_os().map(|a| a.len() + 1).sum();
        assert_eq!(end - start, args);
    }

    #[test]
    fn a_test_binary_runs_more_than_one_thread() {
        // The harness runs tests on threads of its own.
        let spawned = std::thread::spawn(single_threaded).join().unwrap();
        assert!(spawned.is_err(), "{spawned:?}");
    }
}
