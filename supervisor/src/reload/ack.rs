//! The restart signal's outcome, for the deploy tool that wrote it.
//!
//! A `restart` signal is a deploy of every pool. Before bextd removes the
//! signal file (the acknowledgement a deploy tool waits for), it writes the
//! deploy's outcome beside it, at the signal file's path with `.result`
//! appended (atomically: a temporary file, then a rename):
//! `{"action": "restart", "timestamp": …, "pid": …, "outcome":
//! "done"|"promoted"|"rolled_back"|"failed"|"timeout", "versions":
//! {"<pool>": "v…"}, "errors": ["<pool>: deploy of v… failed: <JS
//! error>"]}`. `failed`: a pool's deploy failed to load (that pool stays on
//! its running version) or was skipped because the same files failed
//! already. With `[POOL.deploy] canary`, the file stays until the canary's
//! verdict: `promoted` (every worker rolled to it), or `rolled_back` (the
//! canary broke a threshold, named in `errors` with both sides' figures;
//! the pool runs its previous version again).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use super::signal::Signal;
use crate::pool::PoolHandle;
use crate::pool::version::{Load, Outcome};

/// What a `restart` signal's deploy came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ack {
    pub action: &'static str,
    pub timestamp: u64,
    pub pid: u32,
    pub outcome: &'static str,
    pub versions: BTreeMap<String, String>,
    pub errors: Vec<String>,
}

/// Where the outcome of the signal at `path` is written.
pub fn result_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".result");
    PathBuf::from(s)
}

/// Whether any deploy of `loads` failed so far.
pub fn any_failed(loads: &[(Arc<PoolHandle>, Arc<Load>)]) -> bool {
    loads.iter().any(|(p, l)| {
        matches!(
            p.versions.outcome(l),
            Outcome::Failed { .. } | Outcome::RolledBack { .. }
        )
    })
}

/// The outcome of `signal`'s deploys: `loads` started, `skipped` not
/// started (with why), `settled` whether the rollout finished in time.
pub fn outcome(
    signal: &Signal,
    loads: &[(Arc<PoolHandle>, Arc<Load>)],
    mut errors: Vec<String>,
    settled: bool,
) -> Ack {
    let mut versions = BTreeMap::new();
    let (mut promoted, mut rolled_back) = (false, false);
    for (p, l) in loads {
        match p.versions.outcome(l) {
            Outcome::Running { id } => {
                versions.insert(p.name.to_string(), id);
            }
            Outcome::Promoted { id } => {
                promoted = true;
                versions.insert(p.name.to_string(), id);
            }
            Outcome::Failed { id, error } => {
                errors.push(format!("{}: deploy of {id} failed: {error}", p.name));
            }
            Outcome::RolledBack { id, reason } => {
                rolled_back = true;
                errors.push(format!("{}: {id} rolled back: {reason}", p.name));
            }
            Outcome::Pending => {}
        }
    }
    let outcome = match (errors.is_empty(), settled) {
        _ if rolled_back => "rolled_back",
        (false, _) => "failed",
        (true, true) if promoted => "promoted",
        (true, true) => "done",
        (true, false) => "timeout",
    };
    Ack {
        action: signal.action.name(),
        timestamp: signal.timestamp,
        pid: signal.pid,
        outcome,
        versions,
        errors,
    }
}

/// Writes `ack` beside the signal file at `path`.
pub fn write(path: &Path, ack: &Ack) {
    let target = result_path(path);
    let mut tmp = target.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let text = serde_json::to_string(ack).unwrap_or_default() + "\n";
    let written = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, &target));
    if let Err(e) = written {
        tracing::error!(file = %target.display(), error = %e, "cannot write the restart signal's result");
    }
}
