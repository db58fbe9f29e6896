//! Watching folders for changes, the one way bextd does it: the pools'
//! `watch_dirs` (`watch`), the restart signal file's folder (`signal`) and
//! the TLS certificates' folders (`front::tls`).
//!
//! A folder is watched rather than a file, so that a file may appear and
//! go, be replaced by a rename over it (editors, certbot, a deploy tool's
//! atomic write) or through a swapped `..data` symlink (Kubernetes secrets
//! and cert-manager). `notify-debouncer-full` folds a burst's events for
//! `fold`; its callback runs on the debouncer's own thread and hands the
//! paths that changed to the caller's `changed`, which picks what it cares
//! about and sends it to a task. Access events (a file only read or
//! opened) are no change; watch errors (inotify's limits, a folder gone)
//! are logged.

use std::path::PathBuf;
use std::time::Duration;

use notify::EventKind;
pub use notify::RecursiveMode;
use notify_debouncer_full::{DebounceEventResult, new_debouncer};

/// Holds a watch: it ends when this is dropped.
pub type Guard = Box<dyn std::any::Any + Send>;

/// Watches `dirs` (with their subfolders, or not: `mode`) for as long as
/// the returned guard lives, calling `changed` with the paths of each
/// folded batch of changes (never empty, each path once).
pub fn watch(
    dirs: &[PathBuf],
    mode: RecursiveMode,
    fold: Duration,
    mut changed: impl FnMut(Vec<PathBuf>) + Send + 'static,
) -> notify::Result<Guard> {
    let mut debouncer = new_debouncer(
        fold,
        None,
        move |result: DebounceEventResult| match result {
            Ok(events) => {
                let paths = changed_paths(
                    events
                        .iter()
                        .map(|e| (&e.event.kind, e.event.paths.as_slice())),
                );
                if !paths.is_empty() {
                    changed(paths);
                }
            }
            Err(errors) => {
                for e in errors {
                    tracing::warn!(error = %e, "file watch error");
                }
            }
        },
    )?;
    for d in dirs {
        debouncer.watch(d, mode)?;
    }
    Ok(Box::new(debouncer))
}

/// The paths of a batch that count as changes: access events (a file was
/// only read or opened) are not.
pub fn changed_paths<'a>(
    events: impl IntoIterator<Item = (&'a EventKind, &'a [PathBuf])>,
) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for (kind, paths) in events {
        if matches!(kind, EventKind::Access(_)) {
            continue;
        }
        for p in paths {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{AccessKind, CreateKind, ModifyKind};

    #[test]
    fn access_events_do_not_count_and_paths_are_deduplicated() {
        let a = vec![PathBuf::from("/app/src/a.js")];
        let b = vec![PathBuf::from("/app/src/b.js")];
        let read = EventKind::Access(AccessKind::Any);
        let write = EventKind::Modify(ModifyKind::Any);
        let create = EventKind::Create(CreateKind::File);
        let got = changed_paths([
            (&read, b.as_slice()),
            (&write, a.as_slice()),
            (&create, a.as_slice()),
        ]);
        assert_eq!(got, vec![PathBuf::from("/app/src/a.js")]);
    }

    /// A file renamed over the watched one, in a watched folder, is seen;
    /// a file in another folder is not.
    #[test]
    fn a_rename_over_a_file_in_a_watched_folder_is_seen() {
        let dir = tempfile::tempdir().unwrap();
        let other = tempfile::tempdir().unwrap();
        let target = dir.path().join("cert.pem");
        std::fs::write(&target, "old").unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let _guard = watch(
            &[dir.path().to_path_buf()],
            RecursiveMode::NonRecursive,
            Duration::from_millis(20),
            move |paths| {
                let _ = tx.send(paths);
            },
        )
        .unwrap();
        std::fs::write(other.path().join("cert.pem"), "elsewhere").unwrap();
        let tmp = dir.path().join(".cert.pem.tmp");
        std::fs::write(&tmp, "new").unwrap();
        std::fs::rename(&tmp, &target).unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        let mut seen = Vec::new();
        while !seen.contains(&target) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match rx.recv_timeout(left) {
                Ok(paths) => seen.extend(paths),
                Err(_) => panic!("no change of {target:?} seen: {seen:?}"),
            }
        }
        assert!(seen.iter().all(|p| p.starts_with(dir.path())), "{seen:?}");
    }
}
