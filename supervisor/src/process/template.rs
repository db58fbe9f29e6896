//! Template workers, which fork ready workers so a spawn skips the exec.
//!
//! A template is a `bext-worker` started with `BEXT_TEMPLATE` set: it makes
//! its engine, loads the prelude and waits (see `bext-worker`'s `template`
//! module). To start a worker, the spawner thread makes the worker's socket
//! pair and output pipes, as for an exec, and sends the worker's ends to
//! the template over a `SOCK_SEQPACKET` socket (`SCM_RIGHTS`). The template
//! forks with `CLONE_PARENT`, so the worker is bextd's child like any other
//! (one reaper, the same death signal), and answers with its pid and a
//! pidfd. From there on nothing tells the two kinds of worker apart.
//!
//! One template serves every spawn with the same executable (its file's
//! identity, so an upgrade in place gets a new one), environment and
//! credentials: what a fork inherits and an exec would set. Templates
//! nobody used for [`IDLE`] are closed (they exit when their socket does).
//! A template that cannot start or fork makes its key fall back to exec
//! for [`BROKEN_FOR`], and a warning says why, once.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::fs::MetadataExt;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nix::sys::socket::{AddressFamily, SockFlag, SockType, setsockopt, socketpair, sockopt};
use nix::sys::time::TimeVal;
use nix::unistd::Pid;
use protocol::packet::{self, PacketError};
use protocol::template::{FromTemplate, ToTemplate};

use crate::config::Spawn;
use crate::process::exec::{Output, SpawnSpec, Spawned, exec};
use crate::process::pidfd::Process;

/// A template nobody forked from for this long is closed.
pub const IDLE: Duration = Duration::from_secs(600);
/// After a template failed, its key uses exec for this long.
pub const BROKEN_FOR: Duration = Duration::from_secs(60);
/// Longest wait for a template's answer: its start (an exec and the
/// prelude, a few milliseconds) or a fork (well under one).
const ANSWER_TIMEOUT: Duration = Duration::from_secs(5);
/// Room in a template's argument area for its workers' `ps` titles.
const TITLE_ROOM: usize = 128;

/// Whether workers of a pool whose `spawn` is `mode` start from a template
/// when the worker program is `program`. `auto` wants an executable binary
/// (ELF): a script in its place may do something for every worker it
/// starts (print, set up, wrap), which a template would do once.
pub fn wanted(mode: Spawn, program: &Path) -> bool {
    match mode {
        Spawn::Template => true,
        Spawn::Exec => false,
        Spawn::Auto => {
            let mut magic = [0u8; 4];
            std::fs::File::open(program)
                .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
                .is_ok_and(|()| magic == *b"\x7fELF")
        }
    }
}

/// What a forked worker inherits from its template.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    program: PathBuf,
    /// Device, inode, size and mtime of the executable, when readable.
    image: Option<(u64, u64, u64, i64, i64)>,
    env: BTreeMap<String, String>,
    uid: Option<u32>,
    gid: Option<u32>,
}

impl Key {
    fn of(spec: &SpawnSpec) -> Key {
        let image = std::fs::metadata(&spec.program)
            .ok()
            .map(|m| (m.dev(), m.ino(), m.size(), m.mtime(), m.mtime_nsec()));
        Key {
            program: spec.program.clone(),
            image,
            env: spec.env.clone(),
            uid: spec.uid,
            gid: spec.gid,
        }
    }
}

/// The spawner thread's templates, by what their workers inherit.
#[derive(Debug, Default)]
pub struct Templates {
    shelf: Shelf<Key, Template>,
}

impl Templates {
    /// Closes the templates nobody forked from for [`IDLE`].
    pub fn close_idle(&mut self, now: Instant) {
        self.shelf.evict_idle(now);
    }
    /// Forks a worker for `spec` from its template, starting the template
    /// first if there is none. An error means: exec this one.
    pub fn fork(&mut self, spec: &SpawnSpec, now: Instant) -> io::Result<Spawned> {
        self.shelf.evict_idle(now);
        let key = Key::of(spec);
        if let Some(error) = self.shelf.broken(&key, now) {
            return Err(io::Error::other(format!(
                "template failed recently: {error}"
            )));
        }
        // A template that was up may have died since: one new try.
        if let Some(template) = self.shelf.take(&key) {
            match template.fork(&spec.title) {
                Ok(spawned) => {
                    self.shelf.put(key, template, now);
                    return Ok(spawned);
                }
                Err(e) => tracing::info!(pid = template.process.pid.as_raw(), error = %e,
                    "a template stopped answering; starting a new one"),
            }
        }
        let name = spec.pool.as_str();
        let started = Template::start(spec, name).and_then(|t| {
            let spawned = t.fork(&spec.title)?;
            Ok((t, spawned))
        });
        match started {
            Ok((template, spawned)) => {
                tracing::info!(
                    pool = name,
                    pid = template.process.pid.as_raw(),
                    "template worker ready: workers are forked from it"
                );
                self.shelf.put(key, template, now);
                Ok(spawned)
            }
            Err(e) => {
                tracing::warn!(pool = name, error = %e,
                    "cannot use a template worker; starting workers by exec for {}s", BROKEN_FOR.as_secs());
                self.shelf.mark_broken(key, e.to_string(), now + BROKEN_FOR);
                Err(e)
            }
        }
    }
}

/// One running template.
#[derive(Debug)]
struct Template {
    process: Process,
    socket: OwnedFd,
}

impl Template {
    /// Execs a template and waits until its engine is loaded.
    fn start(spec: &SpawnSpec, name: &str) -> io::Result<Template> {
        let (ours, theirs) = socketpair(
            AddressFamily::Unix,
            SockType::SeqPacket,
            None,
            SockFlag::SOCK_CLOEXEC,
        )?;
        setsockopt(
            &ours,
            sockopt::ReceiveTimeout,
            &TimeVal::from(libc::timeval {
                tv_sec: ANSWER_TIMEOUT.as_secs() as libc::time_t,
                tv_usec: 0,
            }),
        )?;
        let mut spec = spec.clone();
        spec.env.insert("BEXT_TEMPLATE".into(), "1".into());
        // The second argument is room for the titles of the workers it
        // forks, which write theirs over this area.
        let title = format!("bext-worker: template ({name})");
        let room = " ".repeat(TITLE_ROOM.saturating_sub(title.len()));
        let child = exec(&spec, &title, &[room], theirs, Output::Inherit)?;
        let pid = Pid::from_raw(child.id() as i32);
        drop(child); // the reaper collects its exit, as an orphan's
        let template = Template {
            process: Process::open(pid),
            socket: ours,
        };
        match template.receive()? {
            (FromTemplate::Ready(hello), _) => {
                hello.check().map_err(io::Error::other)?;
                Ok(template)
            }
            (FromTemplate::Failed { error }, _) => Err(io::Error::other(error)),
            (other, _) => Err(io::Error::other(format!(
                "a template said {other:?} before it was ready"
            ))),
        }
    }

    /// Asks for one worker, shown as `title`.
    fn fork(&self, title: &str) -> io::Result<Spawned> {
        let (ours, theirs) = UnixStream::pair()?;
        let (out_r, out_w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        let (err_r, err_w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
        let theirs = OwnedFd::from(theirs);
        self.send(
            &ToTemplate::Fork {
                title: title.into(),
            },
            &[theirs.as_fd(), out_w.as_fd(), err_w.as_fd()],
        )?;
        // Ours are closed now: the worker holds the only write ends, so
        // its output ends (EOF) when it does.
        drop((theirs, out_w, err_w));
        match self.receive()? {
            (FromTemplate::Forked { pid }, mut fds) if fds.len() == 1 => {
                let pid = Pid::from_raw(pid as i32);
                Ok(Spawned {
                    pid,
                    process: Process::with_pidfd(pid, fds.remove(0)),
                    socket: ours,
                    stdout: Some(out_r),
                    stderr: Some(err_r),
                })
            }
            (FromTemplate::Failed { error }, _) => Err(io::Error::other(error)),
            (other, _) => Err(io::Error::other(format!(
                "a template answered a fork with {other:?}"
            ))),
        }
    }

    fn send(&self, msg: &ToTemplate, fds: &[BorrowedFd<'_>]) -> io::Result<()> {
        packet::send(self.socket.as_fd(), msg, fds).map_err(|e| match e {
            PacketError::Os(errno) => errno.into(),
            other => io::Error::other(other),
        })
    }

    fn receive(&self) -> io::Result<(FromTemplate, Vec<OwnedFd>)> {
        match packet::receive(self.socket.as_fd()) {
            Ok(Some(answer)) => Ok(answer),
            Ok(None) => Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the template exited",
            )),
            Err(PacketError::Os(nix::errno::Errno::EAGAIN)) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("no answer from the template in {ANSWER_TIMEOUT:?}"),
            )),
            Err(PacketError::Os(errno)) => Err(errno.into()),
            Err(PacketError::Truncated | PacketError::Incomplete) => {
                Err(io::Error::other("a template's answer was cut short"))
            }
            Err(e) => Err(io::Error::other(e)),
        }
    }
}

impl Drop for Template {
    /// Closing the socket ends the template; the signal makes sure of it
    /// should it be stuck.
    fn drop(&mut self) {
        self.process.signal(nix::sys::signal::Signal::SIGTERM);
    }
}

/// Templates in use, when each was last used, and the keys that failed.
/// Generic so its policy is tested without processes.
#[derive(Debug)]
struct Shelf<K, T> {
    up: HashMap<K, (T, Instant)>,
    broken: HashMap<K, (String, Instant)>,
}

impl<K, T> Default for Shelf<K, T> {
    fn default() -> Self {
        Shelf {
            up: HashMap::new(),
            broken: HashMap::new(),
        }
    }
}

impl<K: std::hash::Hash + Eq, T> Shelf<K, T> {
    fn take(&mut self, key: &K) -> Option<T> {
        self.up.remove(key).map(|(t, _)| t)
    }

    fn put(&mut self, key: K, t: T, now: Instant) {
        self.up.insert(key, (t, now));
    }

    /// Why `key` must not try a template before some later time.
    fn broken(&mut self, key: &K, now: Instant) -> Option<String> {
        match self.broken.get(key) {
            Some((why, until)) if now < *until => Some(why.clone()),
            Some(_) => {
                self.broken.remove(key);
                None
            }
            None => None,
        }
    }

    fn mark_broken(&mut self, key: K, why: String, until: Instant) {
        self.broken.insert(key, (why, until));
    }

    /// Drops what nobody used for [`IDLE`].
    fn evict_idle(&mut self, now: Instant) {
        self.up
            .retain(|_, (_, used)| now.saturating_duration_since(*used) < IDLE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idle_template_is_closed_and_a_used_one_kept() {
        let t0 = Instant::now();
        let mut shelf: Shelf<&str, u32> = Shelf::default();
        shelf.put("a", 1, t0);
        shelf.put("b", 2, t0);
        // "a" is used halfway.
        let mid = t0 + IDLE / 2;
        let a = shelf.take(&"a").unwrap();
        shelf.put("a", a, mid);
        shelf.evict_idle(t0 + IDLE);
        assert_eq!(shelf.take(&"b"), None, "unused for IDLE: closed");
        assert_eq!(shelf.take(&"a"), Some(1));
    }

    #[test]
    fn a_broken_key_uses_exec_until_its_time_is_up() {
        let t0 = Instant::now();
        let mut shelf: Shelf<&str, u32> = Shelf::default();
        shelf.mark_broken("a", "clone3: EPERM".into(), t0 + BROKEN_FOR);
        assert_eq!(shelf.broken(&"a", t0).as_deref(), Some("clone3: EPERM"));
        assert_eq!(shelf.broken(&"b", t0), None);
        assert!(
            shelf
                .broken(&"a", t0 + BROKEN_FOR - Duration::from_millis(1))
                .is_some()
        );
        assert_eq!(shelf.broken(&"a", t0 + BROKEN_FOR), None, "tried again");
        assert_eq!(shelf.broken(&"a", t0), None, "forgotten once past");
    }

    #[test]
    fn auto_forks_binaries_and_execs_scripts() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("wrapper.sh");
        std::fs::write(&script, "#!/bin/sh\nexec bext-worker\n").unwrap();
        let binary = std::env::current_exe().unwrap();
        assert!(wanted(Spawn::Auto, &binary));
        assert!(!wanted(Spawn::Auto, &script));
        assert!(!wanted(Spawn::Auto, &dir.path().join("missing")));
        assert!(wanted(Spawn::Template, &script), "asked for: tried");
        assert!(!wanted(Spawn::Exec, &binary));
    }

    #[test]
    fn a_changed_environment_or_user_needs_another_template() {
        let spec = SpawnSpec {
            program: "/bin/true".into(),
            env: BTreeMap::new(),
            env_pass: Vec::new(),
            title: "bext-worker: a #0".into(),
            uid: None,
            gid: None,
            pool: "a".into(),
            spawn: Spawn::Template,
        };
        let same = SpawnSpec {
            title: "bext-worker: a #1".into(),
            ..spec.clone()
        };
        assert_eq!(
            Key::of(&spec),
            Key::of(&same),
            "the title is the worker's own"
        );
        let mut env = spec.clone();
        env.env.insert("MODE".into(), "x".into());
        assert_ne!(Key::of(&spec), Key::of(&env));
        let user = SpawnSpec {
            uid: Some(1000),
            ..spec.clone()
        };
        assert_ne!(Key::of(&spec), Key::of(&user));
    }
}
