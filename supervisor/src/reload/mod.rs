//! Change without restart (seed 003): re-reading `bext.toml` and applying
//! the difference with the least disruption (`diff`, `apply`), the file
//! watchers of the pools' `watch_dirs` (`watch`, `classify`, `debounce`),
//! and the restart signal file (`signal`, `on_signal`); every folder watch
//! of bextd's, the TLS certificates' too, goes through `folders`.
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

pub mod ack;
mod apply;
pub mod classify;
pub mod debounce;
pub mod diff;
pub mod folders;
mod on_signal;
pub mod signal;
pub mod watch;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tokio::sync::mpsc;

use crate::config::{self, Config};
use crate::metrics::Metrics;
use crate::pool::{PoolHandle, Pools, Services};
use watch::WatchCtx;
pub use watch::WatchError;

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
    ) -> Result<(Arc<Reloader>, mpsc::UnboundedReceiver<Ask>), WatchError> {
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
    fn watch_pool(&self, st: &mut State, pool: Arc<PoolHandle>) -> Result<(), WatchError> {
        st.watchers.remove(&*pool.name);
        let name = pool.name.to_string();
        match watch::start(pool, self.watch_ctx(&st.config)) {
            Ok(Some(w)) => {
                st.watchers.insert(name, w);
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(source) => Err(WatchError { pool: name, source }),
        }
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
                p.deploy_soon(crate::pool::version::Cause::Reload);
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
            Err(why) => Err(config::ConfigError::whole_file(&c.file, why.to_string())),
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
                crate::history::report(
                    crate::history::NewEvent::new(
                        "reload",
                        "error",
                        format!(
                            "config reload ({trigger}) refused: the running configuration stays"
                        ),
                    )
                    .detail(serde_json::json!({ "problems": problems })),
                );
                return Err(problems);
            }
        };
        let plan = diff::plan(&st.config, &new);
        let lines = plan.lines();
        for l in &lines {
            tracing::info!(trigger, "config reloaded: {l}");
        }
        crate::history::report(
            crate::history::NewEvent::new("reload", "info", format!("config reloaded ({trigger})"))
                .detail(serde_json::json!({ "changes": lines })),
        );
        // The limit is read again: a pod can be resized in place.
        let planned = new.planned_memory_bytes();
        if let Some(w) = crate::cgroup::memory_warning(crate::cgroup::read(), planned) {
            tracing::warn!(trigger, "{w}");
        }
        self.apply(&mut st, new, &plan);
        if let Ok(text) = source {
            st.source = text;
        }
        self.metrics.reloaded(true);
        Ok((lines, plan.applies_anything()))
    }

    /// Every pool to stop at shutdown: those routed to, and those a reload
    /// removed that are still draining.
    pub fn all_pools(&self) -> Vec<Arc<PoolHandle>> {
        let mut all = self.pools.all().to_vec();
        all.extend(self.retiring.lock().unwrap().iter().cloned());
        all
    }
}

fn config_dir(file: &Path) -> PathBuf {
    file.parent().map(Path::to_path_buf).unwrap_or_default()
}
