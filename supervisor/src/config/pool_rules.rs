//! The rules of one pool's keys beyond their own bounds: its size, its
//! timing, admission and maintenance, lifecycle and recovery, watched
//! folders, the folders its modules come from, `fetch_allow` entries and
//! the credentials its workers run with.

use std::path::{Path, PathBuf};

use super::checker::{Checker, Named, path, resolve};
use super::schema::WorkerCount;
use super::settings::Pick;
use super::{Host, Server};

/// `jsc_workers`, or `min_workers`/`max_workers` → (min, max).
pub(super) fn check_sizes(c: &mut Checker<'_>, n: &Named<'_>) -> (u32, u32) {
    let p = n.section;
    let (min, max) = match (p.jsc_workers, p.min_workers, p.max_workers) {
        (Some(WorkerCount::Count(n)), None, None) => (n, n),
        (Some(WorkerCount::Word(_)), None, None) => {
            let n = match c.host {
                Host::This => crate::cgroup::cpus_available(),
                Host::Pod { cpus } => cpus.unwrap_or(1),
            };
            (n, n)
        }
        (Some(_), _, _) => {
            c.report(
                &path(&n.prefix, &["jsc_workers"]),
                None,
                "set either jsc_workers (a fixed size) or min_workers/max_workers, not both".into(),
            );
            (1, 1)
        }
        (None, min, max) => {
            let min = min.unwrap_or(1);
            (min, max.unwrap_or(min.max(1)))
        }
    };
    c.rule(max >= min, &path(&n.prefix, &["max_workers"]), max, || {
        format!("must be at least min_workers ({min})")
    });
    (min, max)
}

pub(super) fn check_timing(c: &mut Checker<'_>, n: &Named<'_>) {
    let p = n.section;
    c.rule(
        p.heartbeat_interval_ms < p.heartbeat_timeout_ms,
        &path(&n.prefix, &["heartbeat_timeout_ms"]),
        p.heartbeat_timeout_ms,
        || format!(
            "must be greater than heartbeat_interval_ms ({}), or healthy workers are killed between two heartbeats",
            p.heartbeat_interval_ms
        ),
    );
}

/// Admission, autoscaling and maintenance keys.
pub(super) fn check_load(c: &mut Checker<'_>, n: &Named<'_>) {
    let p = n.section;
    let method_ok = p.maint_method == "requests" || p.maint_method == "time";
    c.rule(
        method_ok,
        &path(&n.prefix, &["maint_method"]),
        format!("{:?}", p.maint_method),
        || "must be \"requests\" or \"time\"".into(),
    );
    c.rule(
        matches!(p.spawn.as_str(), "auto" | "template" | "exec"),
        &path(&n.prefix, &["spawn"]),
        format!("{:?}", p.spawn),
        || "must be \"auto\", \"template\" or \"exec\"".into(),
    );
    c.rule(
        matches!(p.isolate.as_str(), "pool" | "process"),
        &path(&n.prefix, &["isolate"]),
        format!("{:?}", p.isolate),
        || "must be \"pool\" or \"process\"".into(),
    );
    c.rule(
        Pick::parse(&p.pick).is_some(),
        &path(&n.prefix, &["pick"]),
        format!("{:?}", p.pick),
        || "must be \"least_busy_recent\" or \"least_busy_random\"".into(),
    );
    c.rule(
        matches!(p.scheduling.as_str(), "batch" | "normal"),
        &path(&n.prefix, &["scheduling"]),
        format!("{:?}", p.scheduling),
        || "must be \"batch\" or \"normal\"".into(),
    );
    if p.auto_maint {
        let (k, v) = if p.maint_method == "time" {
            ("maint_time_ms", p.maint_time_ms)
        } else {
            ("maint_requests", p.maint_requests)
        };
        c.rule(v > 0, &path(&n.prefix, &[k]), v, || {
            "must be greater than 0 when auto_maint is on".into()
        });
    }
    c.rule(
        p.max_queue_size == 0 || p.max_concurrent_requests > 0,
        &path(&n.prefix, &["max_queue_size"]),
        p.max_queue_size,
        || {
            "a queue needs max_concurrent_requests > 0 (requests queue once that many are running)"
                .into()
        },
    );
}

pub(super) fn check_lifecycle(c: &mut Checker<'_>, n: &Named<'_>, server: &Server) {
    let l = &n.section.lifecycle;
    c.rule(
        l.drain_timeout_ms <= server.limits.shutdown_timeout_ms,
        &path(&n.prefix, &["lifecycle", "drain_timeout_ms"]),
        l.drain_timeout_ms,
        || format!(
            "must not exceed server.limits.shutdown_timeout_ms ({}), or a shutdown cannot wait for a drain",
            server.limits.shutdown_timeout_ms
        ),
    );
    c.rule(
        l.max_memory_mb == 0 || l.memory_check_interval_ms > 0,
        &path(&n.prefix, &["lifecycle", "memory_check_interval_ms"]),
        l.memory_check_interval_ms,
        || "must be greater than 0 when max_memory_mb is set".into(),
    );
}

pub(super) fn check_watch_dirs(c: &mut Checker<'_>, n: &Named<'_>, base: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for d in &n.section.lifecycle.watch_dirs {
        let dir = resolve(base, d);
        if dir.is_dir() || c.host != Host::This {
            dirs.push(dir);
        } else {
            c.report(
                &path(&n.prefix, &["lifecycle", "watch_dirs"]),
                Some(format!("{d:?}")),
                format!(
                    "each entry must be a directory: no such directory ({})",
                    dir.display()
                ),
            );
        }
    }
    dirs
}

/// `root` (default: the script's folder) and `read_roots`: folders, made
/// canonical on this machine; a `root` must hold the script.
pub(super) fn check_read(
    c: &mut Checker<'_>,
    n: &Named<'_>,
    base: &Path,
    script: Option<&Path>,
) -> protocol::worker::ReadPolicy {
    let here = c.host == Host::This;
    let folder = |c: &mut Checker<'_>, key: &str, written: &str| -> Option<PathBuf> {
        let dir = resolve(base, written);
        if !here {
            return Some(dir);
        }
        match dir.canonicalize() {
            Ok(real) if real.is_dir() => Some(real),
            found => {
                let what = if found.is_ok() {
                    "not a directory"
                } else {
                    "no such directory"
                };
                c.report(
                    &path(&n.prefix, &[key]),
                    Some(format!("{written:?}")),
                    format!(
                        "must name a directory the pool's modules may be read from: {what} ({})",
                        dir.display()
                    ),
                );
                None
            }
        }
    };
    let root = match &n.section.root {
        Some(r) => folder(c, "root", r),
        None => script
            .and_then(Path::parent)
            .map(|d| d.canonicalize().unwrap_or_else(|_| d.to_path_buf())),
    };
    let read_roots: Vec<PathBuf> = n
        .section
        .read_roots
        .iter()
        .filter_map(|r| folder(c, "read_roots", r))
        .collect();
    if let (Some(r), Some(script), true) = (&root, script, here) {
        let real = script
            .canonicalize()
            .unwrap_or_else(|_| script.to_path_buf());
        let held = real.starts_with(r) || read_roots.iter().any(|d| real.starts_with(d));
        c.rule(
            held || n.section.root.is_none(),
            &path(&n.prefix, &["root"]),
            format!("{:?}", n.section.root.as_deref().unwrap_or_default()),
            || {
                format!(
                    "must hold the pool's script ({}): its modules are read only from root and read_roots",
                    real.display()
                )
            },
        );
    }
    let text = |p: &Path| p.to_string_lossy().into_owned();
    protocol::worker::ReadPolicy {
        root: root.as_deref().map(text).unwrap_or_default(),
        read_roots: read_roots.iter().map(|p| text(p)).collect(),
    }
}

pub(super) fn check_recovery(c: &mut Checker<'_>, n: &Named<'_>) {
    let r = &n.section.lifecycle.recovery;
    c.rule(
        r.backoff_initial_ms <= r.backoff_max_ms,
        &path(&n.prefix, &["lifecycle", "recovery", "backoff_initial_ms"]),
        r.backoff_initial_ms,
        || format!("must not exceed backoff_max_ms ({})", r.backoff_max_ms),
    );
}

/// `user` and `group` → (uid, gid), resolved on this system.
pub(super) fn resolve_credentials(
    c: &mut Checker<'_>,
    n: &Named<'_>,
) -> (Option<u32>, Option<u32>) {
    let p = n.section;
    if c.host != Host::This {
        // Users and groups are those of the image, unknown here.
        return (None, None);
    }
    let (uid, user_gid) = match p.user.as_deref() {
        None => (None, None),
        Some(u) => match resolve_user(u) {
            Some((uid, gid)) => (Some(uid), Some(gid)),
            None => {
                c.report(
                    &path(&n.prefix, &["user"]),
                    Some(format!("{u:?}")),
                    "must be a user name or id of this system".into(),
                );
                (None, None)
            }
        },
    };
    let gid = match p.group.as_deref() {
        None => user_gid,
        Some(g) => resolve_group(g).or_else(|| {
            c.report(
                &path(&n.prefix, &["group"]),
                Some(format!("{g:?}")),
                "must be a group name or id of this system".into(),
            );
            None
        }),
    };
    (uid, gid)
}

/// A user name or numeric id → (uid, primary gid).
fn resolve_user(u: &str) -> Option<(u32, u32)> {
    let user = match u.parse::<u32>() {
        Ok(id) => nix::unistd::User::from_uid(id.into()).ok()?,
        Err(_) => nix::unistd::User::from_name(u).ok()?,
    };
    user.map(|u| (u.uid.as_raw(), u.gid.as_raw()))
}

/// A group name or numeric id → gid. A number need not name a group.
fn resolve_group(g: &str) -> Option<u32> {
    if let Ok(id) = g.parse::<u32>() {
        return Some(id);
    }
    nix::unistd::Group::from_name(g)
        .ok()?
        .map(|g| g.gid.as_raw())
}

/// Whether `name` can name an environment variable a shell would pass on:
/// letters, digits and `_`, not starting with a digit (POSIX's portable
/// names).
pub fn is_env_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}
