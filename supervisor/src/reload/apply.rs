//! Carrying out a reload's plan: pools added are started and routed,
//! removed ones stop being routed and are stopped once nothing routed to
//! them waits, changed ones are reconfigured (and rolled when their
//! workers' settings changed); `[server]` keys other than the signal file
//! keep their running values.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::{Reloader, State, diff};
use crate::config::{self, Config};
use crate::pool::{self, PoolHandle};

impl Reloader {
    /// Carries out `plan`, going to `new`.
    pub(super) fn apply(self: &Arc<Self>, st: &mut State, mut new: Config, plan: &diff::Plan) {
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
        self.services.jobs.tell(crate::jobs::SetPools(infos));
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
    let _ = pool.call(crate::pool::Shutdown { graceful: true }).await;
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
