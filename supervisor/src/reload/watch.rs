//! File watching: a burst of changes under a pool's `watch_dirs` is
//! classified (`classify`: the config file, a module the workers
//! loaded, a `swap_globs` file, anything else) and the most severe kind
//! decides one action for the burst: a config reload, a rolling restart of
//! this pool, or a hot-swap of its workers.
//!
//! `super::folders` watches them, folds an editor's write-to-temp-then-rename
//! into one change of the final path and hands each batch to a tokio task.
//! That task applies the trailing-edge debounce of `debounce::Debounce` (a restart once nothing has
//! changed for `watch_debounce_ms`, since the crate emits events as they age
//! rather than when a burst ends) and asks the pool for one restart.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::Ask;
use super::classify::{self, BurstAction, ChangeKind, Classes};
use super::debounce::Debounce;
use super::folders::RecursiveMode;
use crate::pool::PoolHandle;

/// What every pool's watcher shares.
#[derive(Debug, Clone)]
pub struct WatchCtx {
    /// The config file's folder: relative `swap_globs` and shown paths.
    pub base: PathBuf,
    pub config_file: PathBuf,
    /// Where a config change asks for a reload.
    pub asks: mpsc::UnboundedSender<Ask>,
}

/// Shows `path` relative to `base` when it is under it.
pub fn display_path(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A pool's `watch_dirs` could not be watched (inotify's limits, a folder
/// gone).
#[derive(Debug, thiserror::Error)]
#[error("cannot watch the watch_dirs of pool {pool}: {source}")]
pub struct WatchError {
    pub pool: String,
    #[source]
    pub source: notify::Error,
}

/// Watches `pool`'s `watch_dirs` for as long as the returned guard lives.
pub fn start(
    pool: Arc<PoolHandle>,
    ctx: WatchCtx,
) -> notify::Result<Option<super::folders::Guard>> {
    let cfg = pool.config();
    let dirs = cfg.watch_dirs.clone();
    if dirs.is_empty() {
        return Ok(None);
    }
    let debounce = cfg.settings.lifecycle.watch_debounce;
    let (tx, mut rx) = mpsc::unbounded_channel::<Vec<PathBuf>>();
    let fold = Duration::from_millis(50).min(debounce);
    let guard = super::folders::watch(&dirs, RecursiveMode::Recursive, fold, move |changed| {
        let _ = tx.send(changed);
    })?;
    tracing::info!(pool = %pool.name, dirs = ?dirs, debounce_ms = debounce.as_millis() as u64, "watching for file changes");
    tokio::spawn(async move {
        let mut batch = Debounce::new(debounce);
        loop {
            let due = batch.deadline();
            tokio::select! {
                got = rx.recv() => match got {
                    Some(paths) => batch.changed(Instant::now(), paths),
                    None => return,
                },
                _ = async { tokio::time::sleep_until(due.unwrap_or_else(Instant::now).into()).await }, if due.is_some() => {}
            }
            let Some(paths) = batch.fire(Instant::now()) else {
                continue;
            };
            on_burst(&pool, &ctx, paths).await;
        }
    });
    Ok(Some(guard))
}

/// Data swapped in place is no longer the version's: workers started from
/// now on read those files.
fn forget_data(pool: &PoolHandle, changes: &[(PathBuf, ChangeKind)]) {
    let files: Vec<PathBuf> = changes.iter().map(|(p, _)| p.clone()).collect();
    tracing::debug!(pool = %pool.name, files = ?files, "swapped data: no longer held by the version");
    pool.versions.forget(&files);
}

/// Classifies one burst and does what its most severe change asks for.
async fn on_burst(pool: &std::sync::Arc<PoolHandle>, ctx: &WatchCtx, paths: Vec<PathBuf>) {
    let cfg = pool.config();
    let modules = pool.versions.paths();
    let classes = Classes {
        config_file: &ctx.config_file,
        base: &ctx.base,
        script: &cfg.script,
        modules: &modules,
        swap_globs: &cfg.swap_globs,
    };
    let changes: Vec<(PathBuf, ChangeKind)> = paths
        .into_iter()
        .map(|p| {
            let mut kind = classify::classify(&p, &classes);
            // Workers know a module by its real path: a file reached
            // through a symlink (a pnpm-style node_modules link into the
            // project) is a module under its real name.
            if kind == ChangeKind::Other
                && let Ok(real) = std::fs::canonicalize(&p)
            {
                kind = classify::classify(&real, &classes);
            }
            (p, kind)
        })
        .collect();
    let kinds: Vec<ChangeKind> = changes.iter().map(|(_, k)| *k).collect();
    let Some(action) = classify::burst_action(&kinds) else {
        return;
    };
    let shown: Vec<String> = changes
        .iter()
        .map(|(p, k)| format!("{} ({})", display_path(p, &ctx.base), k.name()))
        .collect();
    let files = crate::logging::untrusted(&shown.join(", ")).to_string();
    match action {
        BurstAction::Reload { restart, swap } => {
            tracing::info!(pool = %pool.name, "[bext] Config file changed: reloading (file change: {files})");
            let _ = ctx.asks.send(Ask::Reload("config file change"));
            if restart {
                tracing::info!(pool = %pool.name, "[bext] Workers restarted (file change: {files})");
                pool.deploy_soon(crate::pool::version::Cause::Watch);
            } else if swap {
                tracing::info!(pool = %pool.name, "[bext] Workers hot-swapped (file change: {files})");
                let data: Vec<(PathBuf, ChangeKind)> = changes
                    .iter()
                    .filter(|(_, k)| *k == ChangeKind::Rebindable)
                    .cloned()
                    .collect();
                forget_data(pool, &data);
                let changes = classify::changes_json(&data);
                let _ = pool.call(crate::pool::Swap { changes }).await;
            }
        }
        BurstAction::Restart => {
            tracing::info!(pool = %pool.name, "[bext] Workers restarted (file change: {files})");
            pool.deploy_soon(crate::pool::version::Cause::Watch);
        }
        BurstAction::Swap => {
            tracing::info!(pool = %pool.name, "[bext] Workers hot-swapped (file change: {files})");
            forget_data(pool, &changes);
            let changes = classify::changes_json(&changes);
            let _ = pool.call(crate::pool::Swap { changes }).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_shown_relative_to_the_config_folder() {
        assert_eq!(
            display_path(
                Path::new("/srv/app/src/components/Header.tsx"),
                Path::new("/srv/app")
            ),
            "src/components/Header.tsx"
        );
        assert_eq!(
            display_path(Path::new("/elsewhere/x.js"), Path::new("/srv/app")),
            "/elsewhere/x.js"
        );
    }
}
