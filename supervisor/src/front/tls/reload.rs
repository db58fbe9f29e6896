//! What reloads the certificates: a change in a folder that holds one of
//! their files, and SIGHUP.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use notify::RecursiveMode;
use notify_debouncer_full::{DebounceEventResult, new_debouncer};
use tokio::signal::unix::{SignalKind, signal};

use super::Certs;

/// Watches the certificates' folders and SIGHUP, reloading `certs` on
/// either; the returned value holds the watch.
pub fn watch(certs: Arc<Certs>) -> notify::Result<Box<dyn std::any::Any + Send>> {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<&'static str>();
    let dirs: BTreeSet<PathBuf> = certs
        .paths()
        .map(|p| {
            p.parent()
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
        })
        .collect();
    let files: Vec<PathBuf> = certs.paths().map(Path::to_path_buf).collect();
    let changed = tx.clone();
    // Folders, not files: cert-manager swaps a `..data` symlink, and an
    // editor or certbot may replace a file by renaming another over it.
    let mut debouncer = new_debouncer(
        Duration::from_millis(200),
        None,
        move |result: DebounceEventResult| {
            let Ok(events) = result else {
                return;
            };
            let hit = events.iter().any(|e| {
                !matches!(e.event.kind, notify::EventKind::Access(_))
                    && e.event.paths.iter().any(|p| {
                        files.iter().any(|f| f == p)
                            || p.file_name()
                                .is_some_and(|n| n.to_string_lossy().starts_with(".."))
                    })
            });
            if hit {
                let _ = changed.send("a certificate file changed");
            }
        },
    )?;
    for d in &dirs {
        debouncer.watch(d, RecursiveMode::NonRecursive)?;
    }
    match signal(SignalKind::hangup()) {
        Ok(mut hup) => {
            tokio::spawn(async move {
                while hup.recv().await.is_some() {
                    if tx.send("SIGHUP").is_err() {
                        return;
                    }
                }
            });
        }
        Err(e) => tracing::warn!(error = %e, "cannot watch SIGHUP for TLS certificates"),
    }
    tokio::spawn(async move {
        while let Some(why) = rx.recv().await {
            let c = certs.clone();
            let _ = tokio::task::spawn_blocking(move || c.reload(why)).await;
        }
    });
    Ok(Box::new(debouncer))
}
