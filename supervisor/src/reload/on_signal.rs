//! What the reloader does when the restart signal file appears: judge it
//! (`signal::judge`), carry out its action (a rolling restart, a hot-swap,
//! a graceful shutdown) and remove the file once that is done, which is
//! what a deploy tool waits for.

use std::path::Path;
use std::sync::Arc;

use tokio::sync::mpsc;

use super::signal::{self, SignalAction, Verdict};
use super::{Ask, Reloader, State, ack, classify};
use crate::pool::version::{Cause, Load};
use crate::pool::{self, PoolHandle};

impl Reloader {
    /// (Re)starts watching `restart_signal_file`, if set.
    pub(super) fn watch_signal_file(self: &Arc<Self>, st: &mut State) {
        st.signal_watch = None;
        let Some(file) = st.config.server.restart_signal_file.clone() else {
            return;
        };
        let (tx, mut rx) = mpsc::unbounded_channel();
        match signal::watch(file.clone(), tx) {
            Ok(guard) => {
                tracing::info!(file = %file.display(), "watching the restart signal file");
                st.signal_watch = Some(guard);
            }
            Err(e) => {
                tracing::error!(file = %file.display(), error = %e, "cannot watch the restart signal file; signals will be missed");
                return;
            }
        }
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            // The file last ignored (device, inode, type: a freed inode is
            // soon reused): a FIFO or a link that stays there is logged
            // once, however often it is touched.
            let mut ignored = None;
            while let Some(path) = rx.recv().await {
                let Some(me) = me.upgrade() else { return };
                me.on_signal_file(&path, &mut ignored).await;
            }
        });
    }

    /// Acts on the signal file at `path`, then removes it. A file that
    /// cannot be a signal is left alone, and logged unless it is `ignored`
    /// already.
    async fn on_signal_file(self: &Arc<Self>, path: &Path, ignored: &mut Option<(u64, u64, u32)>) {
        // Off the runtime: whatever sits at the path, the read is short.
        let owned = path.to_path_buf();
        let read = tokio::task::spawn_blocking(move || {
            use std::os::unix::fs::MetadataExt;
            let id = std::fs::symlink_metadata(&owned)
                .ok()
                .map(|m| (m.dev(), m.ino(), m.mode() & libc::S_IFMT));
            (signal::read(&owned), id)
        })
        .await;
        let text = match read {
            Ok((Ok(t), _)) => t,
            Ok((Err(signal::ReadError::Gone), _)) => return,
            Ok((Err(e), id)) => {
                if id.is_none() || std::mem::replace(ignored, id) != id {
                    tracing::error!(file = %path.display(), "ignored the restart signal file: {e}");
                    self.metrics.signal("unknown", "unreadable");
                }
                return;
            }
            Err(e) => {
                tracing::error!(file = %path.display(), error = %e, "cannot read the restart signal file");
                return;
            }
        };
        *ignored = None;
        let stale_s = self.state.lock().await.config.server.signal_stale_s;
        let shown = path.display();
        match signal::judge(&text, signal::now_s(), stale_s) {
            Verdict::Malformed(why) => {
                tracing::error!(file = %shown, "malformed restart signal file, removed: {why}");
                self.metrics.signal("unknown", "malformed");
                acknowledge(path);
            }
            Verdict::Stale { signal, age_s } => {
                tracing::warn!(file = %shown, action = signal.action.name(), sender = signal.pid, age_s, stale_s, "ignored a stale restart signal (older than signal_stale_s), removed");
                self.metrics.signal(signal.action.name(), "stale");
                acknowledge(path);
            }
            Verdict::Act(signal) => {
                let action = signal.action;
                tracing::info!(file = %shown, action = action.name(), sender = signal.pid, "restart signal received");
                self.signal_action(&signal, path).await;
                self.metrics.signal(action.name(), "done");
            }
        }
    }

    /// Carries out a signal's action and removes the file when it is done
    /// (a deploy tool waits for the removal): a restart once every worker
    /// was replaced, a swap once every worker swapped or was replaced.
    async fn signal_action(&self, signal: &signal::Signal, path: &Path) {
        let pools = self.pools.all();
        let before = pool::table::statuses(&pools).await;
        match signal.action {
            SignalAction::Restart => {
                let (mut n, mut loads, mut errors) = (0, Vec::new(), Vec::new());
                for p in pools.iter() {
                    match p.deploy(Cause::Signal).await {
                        Ok((k, load)) => {
                            n += k;
                            loads.push((p.clone(), load));
                        }
                        Err(e) => errors.push(format!("{}: {e}", p.name)),
                    }
                }
                tracing::info!(
                    workers = n,
                    "restart signal: rolling restart of every pool started"
                );
                // Every pool skipped (its files failed already): nothing to wait for.
                let done = loads.is_empty() || settled(&pools, &before, false, &loads).await;
                let result = ack::outcome(signal, &loads, errors, done);
                ack::write(path, &result);
                acknowledge(path);
                tracing::info!(
                    workers = n,
                    done,
                    "restart signal: rolling restart over; signal removed"
                );
            }
            SignalAction::Swap => {
                let mut n = 0;
                for p in pools.iter() {
                    let swap = pool::Swap {
                        changes: classify::manual_changes(),
                    };
                    n += p.call(swap).await.unwrap_or(0);
                }
                tracing::info!(workers = n, "swap signal: hot-swap of every pool started");
                let done = settled(&pools, &before, true, &[]).await;
                acknowledge(path);
                tracing::info!(
                    workers = n,
                    done,
                    "swap signal: hot-swap over; signal removed"
                );
            }
            SignalAction::Terminate => {
                // Removed first: a bextd started again must not see it.
                acknowledge(path);
                tracing::info!("terminate signal: graceful shutdown; signal removed");
                let _ = self.asks.send(Ask::Terminate);
            }
        }
    }
}

/// The longest a signal's action is waited for before its file is removed
/// anyway (with `done` false in the log).
const SIGNAL_WAIT: std::time::Duration = std::time::Duration::from_secs(600);

/// Waits until every worker that ran `before` was replaced (or, for a
/// swap, swapped in place) and nothing is booting, draining or swapping;
/// a slot that gave up counts as settled, and so does a rollout stopped
/// by a failed deploy of `loads`. False if `SIGNAL_WAIT` passed.
async fn settled(
    pools: &[Arc<PoolHandle>],
    before: &[protocol::control::WorkerStatus],
    swap: bool,
    loads: &[(Arc<PoolHandle>, Arc<Load>)],
) -> bool {
    use protocol::control::WorkerState as S;
    let deadline = tokio::time::Instant::now() + SIGNAL_WAIT;
    loop {
        if ack::any_failed(loads) {
            return true;
        }
        let now = pool::table::statuses(pools).await;
        let moved = before.iter().filter(|b| b.pid.is_some()).all(|b| {
            now.iter()
                .filter(|n| n.pool == b.pool && n.id == b.id)
                .any(|n| {
                    let renewed = n.generation > b.generation || (swap && n.swaps > b.swaps);
                    (renewed && n.state == S::Active) || n.state == S::Failed
                })
        });
        let busy = now
            .iter()
            .any(|n| matches!(n.state, S::Booting | S::Draining | S::Swapping));
        if moved && !busy {
            return true;
        }
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Removes a signal file: the sender's acknowledgement.
fn acknowledge(path: &Path) {
    if let Err(e) = std::fs::remove_file(path)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        tracing::error!(file = %path.display(), error = %e, "cannot remove the restart signal file");
    }
}
