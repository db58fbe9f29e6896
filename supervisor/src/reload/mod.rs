//! Change without restart (seed 003): re-reading `bext.toml` and applying
//! the difference with the least disruption, the restart signal file, and
//! the classification of watched files.
//!
//! A reload (SIGHUP, `bext reload`, a change of the config file when a pool
//! watches it) reads and checks the file exactly as a start does. An
//! invalid file changes nothing: every problem is logged as
//! `--check-config` prints it and `bext reload` gets them. A valid one is
//! compared with the running configuration (`diff`) and applied: pools
//! added are started and routed, pools removed stop being routed and are
//! drained once the requests routed to them are answered, a pool whose
//! worker settings changed is rolled under its new settings, a pool whose
//! only change is size, autoscaling, admission, route (or another live
//! key) takes it without restarting a worker. `[server]` keys other than
//! the signal file need a restart of bextd and are reported as such.
//!
//! One reload at a time: the [`Reloader`] holds the running configuration
//! under a lock, and owns the file watchers and the signal-file watcher.

pub mod classify;
pub mod diff;
pub mod signal;
pub mod watch;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use crate::config::{self, Config};
use crate::metrics::Metrics;
use crate::pool::{self, PoolHandle, Pools, Reason, Services};
use signal::{SignalAction, Verdict};
use watch::WatchCtx;

/// What a watcher asks of the daemon's main task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    /// Reload the configuration; the text says what triggered it.
    Reload(&'static str),
    /// A graceful shutdown (a `terminate` signal file).
    Terminate,
}

type Guard = Box<dyn std::any::Any + Send>;

/// The running configuration and everything that follows it.
pub struct Reloader {
    /// The pools routed to; a reload replaces the list.
    pools: Arc<Pools>,
    services: Services,
    metrics: Arc<Metrics>,
    asks: mpsc::UnboundedSender<Ask>,
    state: tokio::sync::Mutex<State>,
    /// Pools a reload removed that are not stopped yet.
    retiring: Arc<std::sync::Mutex<Vec<Arc<PoolHandle>>>>,
}

impl std::fmt::Debug for Reloader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reloader").finish_non_exhaustive()
    }
}

struct State {
    config: Config,
    /// The file's text as last applied.
    source: String,
    watchers: HashMap<String, Guard>,
    signal_watch: Option<Guard>,
}

impl Reloader {
    /// Takes over the running `config` and `pools`: starts their
    /// file watchers and the signal-file watcher. Returns the reloader and
    /// the receiver of what watchers ask of the daemon.
    pub fn start(
        config: Config,
        pools: Arc<Pools>,
        services: Services,
        metrics: Arc<Metrics>,
    ) -> Result<(Arc<Reloader>, mpsc::UnboundedReceiver<Ask>), String> {
        let (asks, rx) = mpsc::unbounded_channel();
        let source = std::fs::read_to_string(&config.file).unwrap_or_default();
        let reloader = Arc::new(Reloader {
            pools: pools.clone(),
            services,
            metrics,
            asks,
            state: tokio::sync::Mutex::new(State {
                config,
                source,
                watchers: HashMap::new(),
                signal_watch: None,
            }),
            retiring: Arc::default(),
        });
        {
            let mut st = reloader.state.try_lock().expect("new lock");
            for p in pools.all().iter() {
                reloader.watch_pool(&mut st, p.clone())?;
            }
            reloader.watch_signal_file(&mut st);
        }
        Ok((reloader, rx))
    }

    fn watch_ctx(&self, config: &Config) -> WatchCtx {
        WatchCtx {
            base: config_dir(&config.file),
            config_file: config.file.clone(),
            asks: self.asks.clone(),
        }
    }

    /// (Re)starts the file watcher of `pool`.
    fn watch_pool(&self, st: &mut State, pool: Arc<PoolHandle>) -> Result<(), String> {
        st.watchers.remove(&*pool.name);
        let name = pool.name.to_string();
        match watch::start(pool, self.watch_ctx(&st.config)) {
            Ok(Some(w)) => {
                st.watchers.insert(name, w);
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(e) => Err(format!("cannot watch the watch_dirs of pool {name}: {e}")),
        }
    }

    /// (Re)starts watching `restart_signal_file`, if set.
    fn watch_signal_file(self: &Arc<Self>, st: &mut State) {
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
            while let Some(path) = rx.recv().await {
                let Some(me) = me.upgrade() else { return };
                me.on_signal_file(&path).await;
            }
        });
    }

    /// Re-reads the configuration file and applies it. `Ok`: what changed
    /// and what was done, one line each; `Err`: every problem of the file
    /// (nothing was changed). `trigger` says why, for the log.
    pub async fn reload(self: &Arc<Self>, trigger: &str) -> Result<Vec<String>, Vec<String>> {
        self.reload_with(trigger, false)
            .await
            .map(|(lines, _)| lines)
    }

    /// SIGHUP: a reload; when it changes nothing that runs (the file is
    /// the same, or differs only in keys that need a restart), a rolling
    /// restart of every pool instead (SIGHUP's meaning before reloads existed, and
    /// how a deploy of new code without a config change is picked up; slots
    /// that gave up start again).
    pub async fn hangup(self: &Arc<Self>) {
        if let Ok((_, false)) = self.reload_with("SIGHUP", false).await {
            tracing::info!(
                "SIGHUP: the configuration is unchanged: rolling restart of every pool (slots that gave up get a new chance)"
            );
            for p in self.pools.all().iter() {
                p.restart_soon(Reason::Signal);
            }
        }
    }

    /// A reload because the file changed: nothing happens (and nothing is
    /// logged or counted) if its text is what was last applied.
    pub async fn reload_if_changed(self: &Arc<Self>, trigger: &str) {
        let _ = self.reload_with(trigger, true).await;
    }

    /// `Ok((lines, whether anything running changed))`.
    async fn reload_with(
        self: &Arc<Self>,
        trigger: &str,
        only_if_changed: bool,
    ) -> Result<(Vec<String>, bool), Vec<String>> {
        let mut st = self.state.lock().await;
        let file = st.config.file.clone();
        let source = std::fs::read_to_string(&file);
        if only_if_changed && source.as_ref().is_ok_and(|s| *s == st.source) {
            tracing::debug!(trigger, "configuration file unchanged; nothing to reload");
            return Ok((vec!["no change".into()], false));
        }
        let checked = match &source {
            Ok(text) => config::parse(text, &file),
            Err(_) => config::load(&file),
        };
        let credentials = |c: Config| match c.check_credentials() {
            Ok(()) => Ok(c),
            Err(why) => Err(config::ConfigError::whole_file(&c.file, why)),
        };
        let new = match checked.and_then(credentials) {
            Ok(c) => c,
            Err(e) => {
                let problems: Vec<String> = e.to_string().lines().map(str::to_owned).collect();
                for p in &problems {
                    tracing::error!(trigger, "config reload refused: {p}");
                }
                tracing::error!(
                    trigger,
                    problems = problems.len(),
                    "config reload failed: the running configuration stays in force"
                );
                self.metrics.reloaded(false);
                return Err(problems);
            }
        };
        let plan = diff::plan(&st.config, &new);
        let lines = plan.lines();
        for l in &lines {
            tracing::info!(trigger, "config reloaded: {l}");
        }
        self.apply(&mut st, new, &plan);
        if let Ok(text) = source {
            st.source = text;
        }
        self.metrics.reloaded(true);
        Ok((lines, plan.applies_anything()))
    }

    /// Carries out `plan`, going to `new`.
    fn apply(self: &Arc<Self>, st: &mut State, mut new: Config, plan: &diff::Plan) {
        let running = self.pools.all();
        let by_name: HashMap<&str, &Arc<PoolHandle>> =
            running.iter().map(|p| (&*p.name, p)).collect();
        // Keys that need a restart keep their running values.
        new.server = server_after(&st.config.server, &new.server);
        new.effective.server = effective_server_after(&st.config, &new);
        new.jobs = st.config.jobs.clone();
        new.effective.jobs = st.config.effective.jobs.clone();
        let server_changed = !plan.server_live.is_empty();
        st.config = new;
        let mut next = Vec::new();
        for p in st.config.pools.clone() {
            let handle = match by_name.get(p.name.as_str()) {
                Some(h) => {
                    if let Some(c) = plan.changed.iter().find(|c| c.name == p.name) {
                        h.reconfigure(p, !c.roll.is_empty());
                        if let Err(e) = self.watch_pool(st, (*h).clone()) {
                            tracing::error!("{e}");
                        }
                    }
                    (*h).clone()
                }
                None => {
                    let name = p.name.clone();
                    let h = pool::start(p, self.services.clone(), self.metrics.pool(&name));
                    if let Err(e) = self.watch_pool(st, h.clone()) {
                        tracing::error!("{e}");
                    }
                    h
                }
            };
            next.push(handle);
        }
        self.pools.set(next);
        // Jobs of added pools can be spawned; queued jobs of a removed
        // pool fail when their turn comes.
        let infos = st
            .config
            .pools
            .iter()
            .map(crate::jobs::PoolInfo::of)
            .collect();
        self.services.jobs.set_pools(infos);
        for name in &plan.removed {
            st.watchers.remove(name);
            if let Some(h) = by_name.get(name.as_str()) {
                let h = (*h).clone();
                self.retiring.lock().unwrap().push(h.clone());
                let retiring = self.retiring.clone();
                tokio::spawn(async move {
                    retire(h.clone()).await;
                    retiring.lock().unwrap().retain(|p| !Arc::ptr_eq(p, &h));
                });
            }
        }
        if server_changed {
            self.watch_signal_file(st);
        }
    }

    /// Every pool to stop at shutdown: those routed to, and those a reload
    /// removed that are still draining.
    pub fn all_pools(&self) -> Vec<Arc<PoolHandle>> {
        let mut all = self.pools.all().to_vec();
        all.extend(self.retiring.lock().unwrap().iter().cloned());
        all
    }

    /// Acts on the signal file at `path`, then removes it.
    async fn on_signal_file(self: &Arc<Self>, path: &Path) {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            // Gone (our own removal, or the sender changed its mind).
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
            Err(e) => {
                tracing::error!(file = %path.display(), error = %e, "cannot read the restart signal file");
                return;
            }
        };
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
                self.signal_action(action, path).await;
                self.metrics.signal(action.name(), "done");
            }
        }
    }

    /// Carries out a signal's action and removes the file when it is done
    /// (a deploy tool waits for the removal): a restart once every worker
    /// was replaced, a swap once every worker swapped or was replaced.
    async fn signal_action(&self, action: SignalAction, path: &Path) {
        let pools = self.pools.all();
        let before = pool::table::statuses(&pools).await;
        match action {
            SignalAction::Restart => {
                let mut n = 0;
                for p in pools.iter() {
                    n += p
                        .restart(None, Reason::Other("restart signal".into()))
                        .await
                        .unwrap_or(0);
                }
                tracing::info!(
                    workers = n,
                    "restart signal: rolling restart of every pool started"
                );
                let done = settled(&pools, &before, false).await;
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
                    n += p.swap(classify::manual_changes()).await;
                }
                tracing::info!(workers = n, "swap signal: hot-swap of every pool started");
                let done = settled(&pools, &before, true).await;
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
/// a slot that gave up counts as settled. False if `SIGNAL_WAIT` passed.
async fn settled(
    pools: &[Arc<PoolHandle>],
    before: &[protocol::control::WorkerStatus],
    swap: bool,
) -> bool {
    use protocol::control::WorkerState as S;
    let deadline = tokio::time::Instant::now() + SIGNAL_WAIT;
    loop {
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

/// Stops a pool that a reload removed, once nothing routed to it waits
/// for an answer (or its drain and request timeouts have passed).
async fn retire(pool: Arc<PoolHandle>) {
    let cfg = pool.config();
    let limit = cfg.settings.lifecycle.drain_timeout
        + cfg
            .settings
            .request_timeout
            .unwrap_or(Duration::from_secs(30));
    let deadline = Instant::now() + limit;
    loop {
        let idle = pool.idle.notified();
        if pool.routed.load(Ordering::Acquire) == 0 {
            break;
        }
        if tokio::time::timeout_at(deadline.into(), idle)
            .await
            .is_err()
        {
            tracing::warn!(pool = %pool.name, waiting = pool.routed.load(Ordering::Acquire), "removed pool: requests still open at its deadline; stopping it anyway");
            break;
        }
    }
    pool.shutdown(true).await;
    tracing::info!(pool = %pool.name, "removed pool stopped (its workers drained)");
}

/// The `[server]` a reload runs with: the new signal-file settings, the
/// running values of everything else (those need a restart).
fn server_after(running: &config::Server, new: &config::Server) -> config::Server {
    config::Server {
        restart_signal_file: new.restart_signal_file.clone(),
        signal_stale_s: new.signal_stale_s,
        ..running.clone()
    }
}

fn effective_server_after(running: &Config, new: &Config) -> config::ServerSection {
    config::ServerSection {
        restart_signal_file: new.effective.server.restart_signal_file.clone(),
        signal_stale_s: new.effective.server.signal_stale_s,
        ..running.effective.server.clone()
    }
}

fn config_dir(file: &Path) -> PathBuf {
    file.parent().map(Path::to_path_buf).unwrap_or_default()
}
