//! What reloads the certificates: a change in a folder that holds one of
//! their files, and SIGHUP.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::signal::unix::{SignalKind, signal};

use super::Certs;
use crate::reload::folders;

/// Watches the certificates' folders and SIGHUP, reloading `certs` on
/// either; the returned value holds the watch.
pub fn watch(certs: Arc<Certs>) -> notify::Result<folders::Guard> {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<&'static str>();
    // Folders, not files: cert-manager swaps a `..data` symlink, and an
    // editor or certbot may replace a file by renaming another over it.
    let dirs: BTreeSet<PathBuf> = certs
        .paths()
        .map(|p| {
            p.parent()
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
        })
        .collect();
    let dirs: Vec<PathBuf> = dirs.into_iter().collect();
    let files: Vec<PathBuf> = certs.paths().map(Path::to_path_buf).collect();
    let changed = tx.clone();
    let guard = folders::watch(
        &dirs,
        folders::RecursiveMode::NonRecursive,
        Duration::from_millis(200),
        move |paths| {
            let hit = paths.iter().any(|p| {
                files.contains(p)
                    || p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with(".."))
            });
            if hit {
                let _ = changed.send("a certificate file changed");
            }
        },
    )?;
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
    Ok(guard)
}
