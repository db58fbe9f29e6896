//! Versions of a pool's code: what each worker runs, and what a rotation
//! starts.
//!
//! Every load of a pool's code from disk is a [`Load`]: the pool's start,
//! and each deploy (SIGHUP or `bext reload`, the watch, the restart signal
//! file, `bext deploy`, a config reload that rolls the workers). A load
//! holds the modules its first workers compiled ([`ModuleCache`]), sent in
//! every later worker's `Init`; a worker loads the modules it is sent
//! without reading their files (see `bext-worker`'s `modules`). So only the
//! first workers of a load read the disk, and every routine replacement
//! (requests, memory, uptime, a crash restart, `bext workers restart`)
//! starts the code its pool runs, whatever the files say now.
//!
//! A load becomes a version when its first worker is ready: its id is the
//! SHA-256 of its module graph (each module's path and source, sorted by
//! path) and of the pool's code-affecting settings (script, `env`,
//! `fetch_allow`, `js_memory_limit_mb`), written `v` and 8 hex digits. A
//! load whose graph hashes to the running version's id is that version
//! again. The running and the previous version are kept with their modules
//! (compiled, in memory); older ones are only remembered in the history.
//!
//! A deploy whose first worker throws at load (or is not ready within
//! `startup_timeout_ms`) fails: the running version stays, the failure is
//! remembered by the fingerprint of the files the deploy began with (the
//! running graph's files and the script, as on disk then, and the same
//! settings), and a later deploy of the same fingerprint is skipped until
//! a file changes, except `bext deploy`, an explicit request, which always
//! tries. A module imported first after `Ready` (a dynamic import at request
//! time), imported with a query, or too large to share is not held: each
//! worker reads it from its file, and it is not part of the version's id.

use std::collections::{HashSet, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use protocol::control::{VersionInfo, VersionState};

use crate::pool::modcache::ModuleCache;

/// How many versions `bext deploy history` remembers.
pub const HISTORY: usize = 16;

/// Why a pool's code was loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// The pool started (or a slot restarted with no version running).
    Start,
    /// SIGHUP, `bext reload`, or a config reload that rolls the workers.
    Reload,
    /// A watched file changed.
    Watch,
    /// The restart signal file.
    Signal,
    /// `bext deploy`.
    Command,
    /// A hot-swap that could not happen in place: the worker is replaced
    /// by one that loads the files.
    Swap,
}

impl Cause {
    pub fn name(self) -> &'static str {
        match self {
            Cause::Start => "start",
            Cause::Reload => "reload",
            Cause::Watch => "watch",
            Cause::Signal => "signal",
            Cause::Command => "command",
            Cause::Swap => "swap",
        }
    }

    /// The rotation reason of the rolling restart this deploy starts.
    pub fn reason(self) -> crate::pool::Reason {
        use crate::pool::Reason;
        match self {
            Cause::Reload => Reason::Signal,
            Cause::Watch => Reason::FileChange,
            Cause::Signal => Reason::RestartSignal,
            Cause::Start | Cause::Command | Cause::Swap => Reason::Deploy,
        }
    }
}

/// One load of a pool's code.
#[derive(Debug)]
pub struct Load {
    pub seq: u64,
    pub cause: Cause,
    /// Unix time in milliseconds.
    pub at_ms: u64,
    /// What its first workers compiled, for the next ones.
    pub modules: Arc<ModuleCache>,
    /// The files it began with, for a deploy (`None`: not checked).
    fingerprint: Option<Hash>,
    /// Its id, once it ran or failed.
    id: OnceLock<String>,
}

impl Load {
    fn new(seq: u64, cause: Cause, fingerprint: Option<Hash>) -> Load {
        Load {
            seq,
            cause,
            at_ms: crate::process::memory::unix_ms(),
            modules: Arc::default(),
            fingerprint,
            id: OnceLock::new(),
        }
    }

    /// `v` and 8 hex digits, once known.
    pub fn id(&self) -> Option<&str> {
        self.id.get().map(String::as_str)
    }
}

/// A deploy that was not started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Skipped {
    #[error("{id} failed to load already and no file changed since; not tried again")]
    AlreadyFailed { id: String },
}

/// A load's first worker was ready.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// A new version runs now; the one before is kept as previous.
    New {
        id: String,
        previous: Option<String>,
    },
    /// The same code as the running version.
    Same { id: String },
    /// Not the load being deployed (an older one, or settled already).
    Nothing,
}

/// Where a load stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// No worker of it is ready yet, and none failed.
    Pending,
    Running {
        id: String,
    },
    Failed {
        id: String,
        error: String,
    },
    /// Its canary passed and every worker runs it (or is rolling to it).
    Promoted {
        id: String,
    },
    /// Its canary failed `reason`: the previous version runs again.
    RolledBack {
        id: String,
        reason: String,
    },
}

/// A deploy failed: the pool stays on `running`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    pub id: String,
    pub running: String,
    pub error: String,
}

#[derive(Debug)]
struct Entry {
    load: Arc<Load>,
    failed: Option<String>,
    /// How its canary ended, if it had one.
    canary: Option<canary::End>,
}

#[derive(Debug, Default)]
struct Table {
    seq: u64,
    loading: Option<Arc<Load>>,
    running: Option<Arc<Load>>,
    previous: Option<Arc<Load>>,
    /// Newest last.
    history: VecDeque<Entry>,
    failed: HashSet<Hash>,
    /// The last deploy's failure, until a deploy succeeds.
    note: Option<String>,
    /// The load whose canary is being judged (its outcome is pending).
    judging: Option<u64>,
}

impl Table {
    fn open(&mut self, cause: Cause, fingerprint: Option<Hash>) -> Arc<Load> {
        self.seq += 1;
        let load = Arc::new(Load::new(self.seq, cause, fingerprint));
        self.loading = Some(load.clone());
        load
    }

    fn remember(&mut self, load: Arc<Load>, failed: Option<String>) {
        self.history.retain(|e| e.load.seq != load.seq);
        self.history.push_back(Entry {
            load,
            failed,
            canary: None,
        });
        while self.history.len() > HISTORY {
            self.history.pop_front();
        }
    }
}

/// A pool's versions: the load being deployed, the running and previous
/// versions, the history.
#[derive(Debug, Default)]
pub struct Versions {
    inner: Mutex<Table>,
}

impl Versions {
    /// The load a new worker starts: the one being deployed, else the
    /// running version; with neither, a new load from disk.
    pub fn for_spawn(&self) -> Arc<Load> {
        let mut t = self.inner.lock().unwrap();
        if let Some(l) = t.loading.clone().or_else(|| t.running.clone()) {
            return l;
        }
        t.open(Cause::Start, None)
    }

    /// The module names of the running version, and `script`: what a
    /// deploy's fingerprint reads.
    pub fn graph_names(&self, script: &str) -> Vec<String> {
        let t = self.inner.lock().unwrap();
        let mut names = t
            .running
            .as_ref()
            .map(|l| l.modules.names())
            .unwrap_or_default();
        if !names.iter().any(|n| n == script) {
            names.push(script.to_string());
        }
        names
    }

    /// Begins a deploy: its workers load from disk. Refused when the same
    /// files (`fingerprint`) failed already, unless `cause` is a command.
    pub fn deploy(&self, cause: Cause, fingerprint: Option<Hash>) -> Result<Arc<Load>, Skipped> {
        let mut t = self.inner.lock().unwrap();
        if let Some(f) = fingerprint
            && cause != Cause::Command
            && t.failed.contains(&f)
        {
            return Err(Skipped::AlreadyFailed { id: short_id(&f) });
        }
        Ok(t.open(cause, fingerprint))
    }

    /// Stops holding the modules of `files` (in every kept load): data a
    /// hot-swap changed in place, which new workers must read from disk.
    pub fn forget(&self, files: &[PathBuf]) {
        let t = self.inner.lock().unwrap();
        for l in [&t.running, &t.previous, &t.loading].into_iter().flatten() {
            l.modules.forget(files);
        }
    }

    /// Begins a deploy unless one is under way (a hot-swap's replacement
    /// joins it).
    pub fn deploy_unless_loading(&self, cause: Cause) {
        let mut t = self.inner.lock().unwrap();
        if t.loading.is_none() {
            t.open(cause, None);
        }
    }

    /// A worker of `load` is ready; `settings` as in [`graph_hash`].
    pub fn settled(&self, load: &Arc<Load>, settings: &str) -> Settled {
        let mut t = self.inner.lock().unwrap();
        let deploying = t.loading.as_ref().is_some_and(|l| l.seq == load.seq);
        if !deploying || load.id().is_some() {
            return Settled::Nothing;
        }
        let hash = graph_hash(&load.modules.sources(), settings);
        let id = short_id(&hash);
        let _ = load.id.set(id.clone());
        t.loading = None;
        t.note = None;
        if let Some(r) = t.running.clone()
            && r.id() == Some(id.as_str())
        {
            // The same code: its workers run the running version.
            return Settled::Same { id };
        }
        let previous = t.running.replace(load.clone());
        t.previous = previous.clone();
        t.remember(load.clone(), None);
        Settled::New {
            id,
            previous: previous.and_then(|p| p.id().map(String::from)),
        }
    }

    /// A worker of `load` failed to load or start. When `load` is a deploy
    /// over a running version, the deploy fails (`Some`); else `None`.
    pub fn failed(&self, load: &Arc<Load>, error: &str, settings: &str) -> Option<Failed> {
        let mut t = self.inner.lock().unwrap();
        let deploying = t.loading.as_ref().is_some_and(|l| l.seq == load.seq);
        if !deploying || load.id().is_some() {
            return None;
        }
        let running = t.running.as_ref()?.id()?.to_string();
        let hash = load
            .fingerprint
            .unwrap_or_else(|| graph_hash(&load.modules.sources(), settings));
        let id = short_id(&hash);
        let _ = load.id.set(id.clone());
        t.loading = None;
        t.failed.insert(hash);
        let error = error.lines().next().unwrap_or("").to_string();
        t.note = Some(format!("deploy of {id} failed: {error}"));
        t.remember(load.clone(), Some(error.clone()));
        Some(Failed { id, running, error })
    }

    /// How `load` ended, so far.
    pub fn outcome(&self, load: &Load) -> Outcome {
        let Some(id) = load.id() else {
            return Outcome::Pending;
        };
        let t = self.inner.lock().unwrap();
        if t.judging == Some(load.seq) {
            return Outcome::Pending;
        }
        let entry = t.history.iter().find(|e| e.load.seq == load.seq);
        let id = id.to_string();
        match entry.map(|e| (&e.failed, &e.canary)) {
            Some((_, Some(canary::End::RolledBack(reason)))) => Outcome::RolledBack {
                id,
                reason: reason.clone(),
            },
            Some((_, Some(canary::End::Promoted))) => Outcome::Promoted { id },
            Some((Some(error), _)) => Outcome::Failed {
                id,
                error: error.clone(),
            },
            _ => Outcome::Running { id },
        }
    }

    /// The last deploy's failure, until a later deploy succeeds.
    pub fn note(&self) -> Option<String> {
        self.inner.lock().unwrap().note.clone()
    }

    /// The running and previous versions' ids.
    pub fn kept(&self) -> (Option<String>, Option<String>) {
        let t = self.inner.lock().unwrap();
        let id = |l: &Option<Arc<Load>>| l.as_ref().and_then(|l| l.id().map(String::from));
        (id(&t.running), id(&t.previous))
    }

    /// The files of the running version and of the load being deployed.
    pub fn paths(&self) -> Vec<PathBuf> {
        let t = self.inner.lock().unwrap();
        let mut out: Vec<PathBuf> = [&t.running, &t.loading]
            .into_iter()
            .flatten()
            .flat_map(|l| l.modules.paths())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The history, newest first; `workers` counts each version's workers.
    pub fn history(&self, pool: &str, workers: impl Fn(&str) -> u32) -> Vec<VersionInfo> {
        let t = self.inner.lock().unwrap();
        let is = |l: &Option<Arc<Load>>, seq| l.as_ref().is_some_and(|l| l.seq == seq);
        t.history
            .iter()
            .rev()
            .filter_map(|e| {
                let id = e.load.id()?.to_string();
                let state = if e.failed.is_some() {
                    VersionState::Failed
                } else if is(&t.running, e.load.seq) {
                    VersionState::Running
                } else if is(&t.previous, e.load.seq) {
                    VersionState::Previous
                } else {
                    VersionState::Retired
                };
                Some(VersionInfo {
                    pool: pool.to_string(),
                    workers: workers(&id),
                    id,
                    loaded_at: e.load.at_ms,
                    cause: e.load.cause.name().to_string(),
                    state,
                    error: e.failed.clone(),
                })
            })
            .collect()
    }
}

mod canary;
mod id;
pub use canary::RolloutError;
pub use id::{Hash, fingerprint, graph_hash, short_id};

#[cfg(test)]
mod tests;
