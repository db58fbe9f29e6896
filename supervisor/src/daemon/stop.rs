//! How bextd stops: the signals it acts on (SIGTERM/SIGINT graceful,
//! SIGQUIT immediate, SIGHUP a reload, a second signal during a graceful
//! stop makes it immediate), and the stop in order once the accept loop
//! ended: open requests finish, workers drain, stragglers are killed, jobs
//! stop beside them, all within `shutdown_timeout_ms`; then the control
//! socket goes.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::signal::unix::{SignalKind, signal};
use tokio::sync::mpsc;

use crate::config::Config;
use crate::exit::{Fatal, OrFatal};
use crate::hub::Hub;
use crate::pool::PoolHandle;
use crate::reload::{Ask, Reloader};

/// How the run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    Graceful,
    Immediate,
}

/// The signals bextd acts on, turned into steps of its life in one task.
pub(super) struct Signals {
    term: tokio::signal::unix::Signal,
    int: tokio::signal::unix::Signal,
    quit: tokio::signal::unix::Signal,
    hup: tokio::signal::unix::Signal,
}

impl Signals {
    pub(super) fn install() -> Result<Signals, Fatal> {
        Ok(Signals {
            term: signal(SignalKind::terminate()).or_fatal(|| "cannot handle SIGTERM".into())?,
            int: signal(SignalKind::interrupt()).or_fatal(|| "cannot handle SIGINT".into())?,
            quit: signal(SignalKind::quit()).or_fatal(|| "cannot handle SIGQUIT".into())?,
            hup: signal(SignalKind::hangup()).or_fatal(|| "cannot handle SIGHUP".into())?,
        })
    }

    /// Serves SIGHUPs (config reloads) and the watchers' asks until a
    /// signal (or the signal file) says to stop.
    pub(super) async fn until_stop(
        &mut self,
        reloader: &Arc<Reloader>,
        mut asks: mpsc::UnboundedReceiver<Ask>,
    ) -> Stop {
        loop {
            tokio::select! {
                _ = self.term.recv() => return Stop::Graceful,
                _ = self.int.recv() => return Stop::Graceful,
                _ = self.quit.recv() => return Stop::Immediate,
                _ = self.hup.recv() => {
                    tracing::info!("SIGHUP: reloading the configuration");
                    reloader.hangup().await;
                }
                Some(ask) = asks.recv() => match ask {
                    Ask::Reload(trigger) => reloader.reload_if_changed(trigger).await,
                    Ask::Terminate => return Stop::Graceful,
                },
            }
        }
    }

    /// A second SIGTERM, SIGINT or SIGQUIT during a graceful shutdown.
    async fn second(&mut self) {
        tokio::select! {
            _ = self.term.recv() => {}
            _ = self.int.recv() => {}
            _ = self.quit.recv() => {}
        }
    }
}

/// The first phase of a graceful stop: readiness answers 503 at once, and
/// bextd goes on accepting and serving for `shutdown_delay_ms`, so that
/// what a load balancer still routes here while it learns of the stop is
/// served. A second signal ends the delay and stops at once.
pub(super) async fn serve_on(
    stop: Stop,
    hub: &Hub,
    signals: &mut Signals,
    config: &Config,
    began: Instant,
) -> Stop {
    if stop == Stop::Immediate {
        return stop;
    }
    hub.begin_stop();
    let in_kubernetes = std::env::var_os("KUBERNETES_SERVICE_HOST").is_some();
    let delay = config.server.shutdown_delay(in_kubernetes);
    tracing::info!(
        delay_ms = delay.as_millis() as u64,
        "shutdown: /__bext/ready answers 503; still accepting and serving for shutdown_delay_ms"
    );
    if delay.is_zero() {
        return stop;
    }
    tokio::select! {
        _ = tokio::time::sleep_until((began + delay).into()) => stop,
        _ = signals.second() => {
            tracing::warn!("second signal during shutdown_delay_ms: stopping now");
            Stop::Immediate
        }
    }
}

/// Once the accept loop ended: open requests, workers and jobs stop within
/// `shutdown_timeout_ms` (at once on an immediate stop); then the control
/// socket goes.
pub(super) async fn stop_all(
    stop: Stop,
    graceful: crate::front::graceful::Graceful,
    hub: &Hub,
    reloader: &Reloader,
    signals: &mut Signals,
    config: &Config,
    began: Instant,
) {
    // The delay was part of the shutdown: the rest has what is left of it.
    let deadline = began + Duration::from_millis(config.server.limits.shutdown_timeout_ms);
    // Jobs stop beside the pools, within the same deadline (at once on SIGQUIT).
    let jobs_deadline = match stop {
        Stop::Graceful => deadline,
        Stop::Immediate => Instant::now(),
    };
    let pools = reloader.all_pools();
    let jobs = crate::jobs::Shutdown {
        deadline: jobs_deadline,
    };
    // A manager already stopped has nothing left to drain.
    let (_, _stopped) = tokio::join!(
        shut_down(stop, graceful, &pools, signals, (began, deadline)),
        hub.jobs().call(jobs)
    );
    remove_socket(&config.server.control_socket);
}

/// The stop sequence after the accept loop ended: graceful (finish open
/// requests, drain workers; a second signal makes it immediate) or
/// immediate (kill workers).
async fn shut_down(
    stop: Stop,
    graceful: crate::front::graceful::Graceful,
    pools: &[Arc<PoolHandle>],
    signals: &mut Signals,
    (began, deadline): (Instant, Instant),
) {
    match stop {
        Stop::Graceful => {
            tracing::info!("shutting down: finishing open requests, then draining workers");
            tokio::select! {
                _ = graceful_stop(graceful, pools, began, deadline) => {}
                _ = signals.second() => {
                    tracing::warn!("second signal: stopping now");
                    stop_pools(pools, false, Instant::now() + Duration::from_secs(2)).await;
                }
            }
        }
        Stop::Immediate => {
            tracing::warn!("SIGQUIT: stopping now");
            stop_pools(pools, false, Instant::now() + Duration::from_secs(2)).await;
        }
    }
}

async fn graceful_stop(
    graceful: crate::front::graceful::Graceful,
    pools: &[Arc<PoolHandle>],
    began: Instant,
    deadline: Instant,
) {
    if tokio::time::timeout_at(deadline.into(), graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("open requests did not finish within shutdown_timeout_ms");
    }
    tracing::info!(
        after_ms = began.elapsed().as_millis() as u64,
        "shutdown: open requests finished; draining workers"
    );
    stop_pools(pools, true, deadline).await;
    tracing::info!(
        after_ms = began.elapsed().as_millis() as u64,
        "shutdown: workers drained"
    );
}

/// Stops every pool; past `deadline`, kills what is left.
async fn stop_pools(pools: &[Arc<PoolHandle>], graceful: bool, deadline: Instant) {
    use crate::pool::Shutdown;
    let all = futures_util::future::join_all(pools.iter().map(|p| p.call(Shutdown { graceful })));
    if tokio::time::timeout_at(deadline.into(), all).await.is_err() {
        tracing::warn!("workers did not stop in time; killing them");
        let kill = Shutdown { graceful: false };
        let all = futures_util::future::join_all(pools.iter().map(|p| p.call(kill)));
        let _ = tokio::time::timeout(Duration::from_secs(2), all).await;
    }
}

fn remove_socket(path: &Path) {
    if path.exists() {
        let _ = std::fs::remove_file(path);
    }
}
