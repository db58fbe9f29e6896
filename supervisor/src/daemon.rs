//! bextd from start to exit, and the one place that builds and connects
//! its parts (the top layer: nothing else uses `daemon`).
//!
//! Start: load the config, become a subreaper, register for signals and
//! SIGCHLD before the first fork, bind the listener, start the pools.
//! Run: serve HTTP; turn signals into actions (SIGHUP: reload the
//! configuration, see `reload`); act on what the watchers ask (a reload
//! when the config file changed, a shutdown from the signal file).
//! Stop, in order: stop accepting → let open requests finish → drain every
//! worker → SIGKILL stragglers → exit, all within `shutdown_timeout_ms`.
//! A second SIGTERM/SIGINT, or SIGQUIT, makes it immediate. The signals
//! and the stop are in `daemon/stop.rs`.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};

use crate::config::Config;
use crate::exit::{Fatal, OrFatal};
use crate::front::Front;
use crate::front::accept::Limits;
use crate::front::conn::Timeouts;
use crate::hub::Hub;
use crate::jobs::{JobsHandle, PoolInfo};
use crate::pool::{self, PoolHandle, Pools, Services};
use crate::process::reaper;
use crate::process::registry::Registry;
use crate::process::spawn::Spawner;
use crate::reload::{Ask, Reloader};

mod stop;

use stop::{Signals, serve_on, stop_all};

/// Finds `bext-worker`: the configured path; else next to this executable
/// (a build tree, `cargo install`, a package that puts both in `bin/`);
/// else in `../libexec/bext/` beside it (where `scripts/install` puts it).
fn worker_bin(config: &Config) -> Result<PathBuf, Fatal> {
    if let Some(p) = &config.server.worker_bin {
        return Ok(p.clone());
    }
    let exe = std::env::current_exe().or_fatal(|| "cannot find bextd's own path".into())?;
    let candidates = worker_bin_candidates(&exe);
    if let Some(found) = candidates.iter().find(|p| p.is_file()) {
        return Ok(found.clone());
    }
    let looked: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
    Err(Fatal::Setup(format!(
        "bext-worker not found (looked for {}): build every binary with `cargo build --release` \
         (`cargo run --bin bextd` builds bextd alone), install them with scripts/install, \
         or set [server] worker_bin",
        looked.join(" and ")
    )))
}

fn worker_bin_candidates(exe: &Path) -> Vec<PathBuf> {
    let dir = exe.parent().unwrap_or(Path::new("."));
    let mut out = vec![dir.join("bext-worker")];
    if let Some(prefix) = dir.parent() {
        out.push(prefix.join("libexec/bext/bext-worker"));
    }
    out
}

/// Runs bextd with `config` until it is told to stop.
pub fn run(config: Config) -> Result<(), Fatal> {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.server.runtime_threads(cpus))
        .enable_all()
        .thread_name("bextd")
        .build()
        .or_fatal(|| "cannot start the async runtime".into())?;
    // Outside the runtime: the exporter's blocking client has its own.
    let _traces = crate::otel::start(&config.tracing)?;
    rt.block_on(serve(config))?;
    Ok(())
}

async fn serve(config: Config) -> Result<(), Fatal> {
    if std::process::id() != 1 {
        // Orphans of our workers are re-parented to us, so we reap them.
        if let Err(e) = nix::sys::prctl::set_child_subreaper(true) {
            tracing::warn!(error = %e, "cannot become a child subreaper; orphaned grandchildren go to init");
        }
    }
    // Before the first fork, so no exit and no signal is missed.
    let sigchld = reaper::install().or_fatal(|| "cannot watch SIGCHLD".into())?;
    let mut signals = Signals::install()?;

    let bin = worker_bin(&config)?;
    config.check_credentials()?;
    let limits = front_limits(&config);
    // A socket systemd holds (socket activation) wins over `listen`.
    let activated = crate::front::activation::take().map_err(|e| Fatal::Part(Box::new(e)))?;
    let listener = match activated.http {
        Some(l) => {
            TcpListener::from_std(l).or_fatal(|| "cannot use the socket systemd passed".into())?
        }
        None => TcpListener::bind(config.server.listen)
            .await
            .or_fatal(|| format!("cannot listen on {}", config.server.listen))?,
    };
    let local = listener
        .local_addr()
        .or_fatal(|| "cannot read the listening address".into())?;
    let tls = match &config.server.tls {
        Some(t) => {
            let (acceptor, certs) =
                crate::front::tls::acceptor(t).map_err(|e| Fatal::Part(Box::new(e)))?;
            let l = match activated.https {
                Some(l) => TcpListener::from_std(l)
                    .or_fatal(|| "cannot use the socket systemd passed".into())?,
                None => TcpListener::bind(t.listen)
                    .await
                    .or_fatal(|| format!("cannot listen on {} (TLS)", t.listen))?,
            };
            let at = l
                .local_addr()
                .or_fatal(|| "cannot read the listening address".into())?;
            let watch = crate::front::tls::watch(certs).map_err(|e| Fatal::Part(Box::new(e)))?;
            Some((l, acceptor, at, watch))
        }
        None => None,
    };
    let control = crate::control::bind(&config.server.control_socket)?;

    let parts = start_parts(&config, bin, sigchld)?;
    let front = Arc::new(
        Front::new(parts.hub.clone(), config.server.limits.max_body_bytes)
            .with_intake(crate::front::intake::Intake::new(
                Duration::from_millis(config.server.limits.body_timeout_ms),
                config.server.limits.max_buffered_body_bytes,
            ))
            .with_edge(crate::front::edge::Edge::new(
                config.server.forwarded.clone(),
                config.server.allowed_hosts.clone(),
            ))
            .with_statics(crate::front::static_files::Statics::new(
                &config.statics,
                limits.max_connections,
            ))
            .with_redirect(
                config
                    .server
                    .tls
                    .as_ref()
                    .filter(|t| t.redirect_to_https)
                    .zip(tls.as_ref())
                    .map(|(_, (_, _, at, _))| at.port()),
            ),
    );
    tokio::spawn(crate::control::serve(
        control,
        parts.hub.clone(),
        config.server.control_socket.clone(),
    ));
    tracing::info!(
        listen = %local,
        control_socket = %config.server.control_socket.display(),
        pools = parts.hub.pools().all().len(),
        workers = config.pools.iter().map(|p| p.min_workers).sum::<u32>(),
        max_connections = limits.max_connections,
        io_threads = config
            .server
            .runtime_threads(std::thread::available_parallelism().map_or(1, |n| n.get())),
        config = %config.file.display(),
        "bextd started"
    );
    println_listen(local);
    let (tls, _tls_watch) = match tls {
        Some((l, acceptor, at, watch)) => {
            println!("bextd listening on https://{at}");
            (Some((l, acceptor)), Some(watch))
        }
        None => (None, None),
    };

    let (stop_accept_tx, stop_accept) = oneshot::channel::<()>();
    let accept = tokio::spawn(crate::front::accept::run(
        listener,
        front,
        limits,
        tls,
        stop_accept,
    ));
    let stop = signals.until_stop(&parts.reloader, parts.asks).await;
    let began = Instant::now();
    let stop = serve_on(stop, &parts.hub, &mut signals, &config, began).await;
    let _ = stop_accept_tx.send(());
    tracing::info!(
        after_ms = began.elapsed().as_millis() as u64,
        "shutdown: stopped accepting; finishing open requests (keep-alive connections are closed after their answer)"
    );
    let graceful = accept
        .await
        .map_err(|e| Fatal::Setup(format!("the accept loop ended: {e}")))?;
    stop_all(
        stop,
        graceful,
        &parts.hub,
        &parts.reloader,
        &mut signals,
        &config,
        began,
    )
    .await;
    tracing::info!(
        after_ms = began.elapsed().as_millis() as u64,
        "bextd stopped"
    );
    Ok(())
}

/// What runs behind the listeners.
struct Parts {
    hub: Arc<Hub>,
    reloader: Arc<Reloader>,
    /// What the watchers ask of the main task.
    asks: mpsc::UnboundedReceiver<Ask>,
}

/// Starts, in order, the spawner thread, the reaper, the job manager, the
/// pools and the reloader, and builds the hub over them.
fn start_parts(
    config: &Config,
    bin: PathBuf,
    sigchld: tokio::signal::unix::Signal,
) -> Result<Parts, Fatal> {
    let spawner = Spawner::start().or_fatal(|| "cannot start the spawner thread".into())?;
    let registry = start_reaper(sigchld);
    let metrics = Arc::new(crate::metrics::Metrics::new());
    // Before the pools: their workers' `bext.jobs` calls go to it, and the
    // daemons it restores start beside them.
    let jobs = JobsHandle::start(
        config.jobs.clone(),
        config.pools.iter().map(PoolInfo::of).collect(),
        crate::jobs::Services {
            spawner: spawner.clone(),
            registry: registry.clone(),
            worker_bin: bin.clone(),
        },
        metrics.jobs.clone(),
    );
    let services = Services {
        spawner,
        registry,
        worker_bin: bin,
        jobs: jobs.clone(),
    };
    let pools = Arc::new(Pools::new(start_pools(config, &services, &metrics)));
    let (reloader, asks) =
        Reloader::start(config.clone(), pools.clone(), services, metrics.clone())
            .map_err(|e| Fatal::Part(e.into()))?;
    let limits = container_limits(config, &metrics);
    let hub = Arc::new(
        Hub::new(pools, jobs, metrics, reloader.clone(), limits).with_admin(
            crate::hub::AdminPolicy {
                allow: config.server.admin_allow.clone(),
                hosts: config.server.admin_hosts.clone(),
                token: config.server.admin_token.clone(),
            },
        ),
    );
    tokio::spawn(crate::hub::status::run_sampler(hub.clone()));
    Ok(Parts {
        hub,
        reloader,
        asks,
    })
}

/// The container's CPU and memory limits: logged, kept in the metrics, and
/// checked against what the config may use.
fn container_limits(config: &Config, metrics: &crate::metrics::Metrics) -> crate::cgroup::Limits {
    let limits = crate::cgroup::read();
    if let Some(cpus) = limits.cpus {
        metrics.container_cpus.set(cpus);
    }
    if let Some(bytes) = limits.memory_bytes {
        metrics.container_memory_bytes.set(bytes as i64);
    }
    tracing::info!(
        cpus = limits.cpus,
        memory_bytes = limits.memory_bytes,
        "container limits (cgroup)"
    );
    if let Some(w) = crate::cgroup::memory_warning(limits, config.planned_memory_bytes()) {
        tracing::warn!("{w}");
    }
    limits
}

/// Starts the reaper and the registry that routes its exits to the pools.
fn start_reaper(sigchld: tokio::signal::unix::Signal) -> Arc<Registry> {
    let registry = Arc::new(Registry::default());
    let (exit_tx, mut exit_rx) = mpsc::unbounded_channel();
    tokio::spawn(reaper::run(sigchld, exit_tx));
    let reg = registry.clone();
    tokio::spawn(async move {
        while let Some(exit) = exit_rx.recv().await {
            if !reg.deliver(exit) {
                tracing::debug!(pid = exit.pid.as_raw(), status = %exit.status, "reaped an orphaned process");
            }
        }
    });
    registry
}

/// Starts every pool's actor (their file watchers belong to the reloader).
fn start_pools(
    config: &Config,
    services: &Services,
    metrics: &crate::metrics::Metrics,
) -> Vec<Arc<PoolHandle>> {
    config
        .pools
        .iter()
        .map(|p| pool::start(p.clone(), services.clone(), metrics.pool(&p.name)))
        .collect()
}

/// Prints the bound address on stdout once, so tests and scripts that asked
/// for port 0 can find it.
fn println_listen(addr: SocketAddr) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "bextd listening on http://{addr}");
    let _ = out.flush();
}

/// The HTTP front's limits: `[server]`'s, with the connection cap lowered
/// to fit the descriptor limit (raised to its hard limit first).
fn front_limits(config: &Config) -> Limits {
    let s = &config.server;
    let fd_limit = crate::front::accept::raise_fd_limit();
    let workers: u64 = config.pools.iter().map(|p| u64::from(p.max_workers)).sum();
    let reserve = crate::front::accept::fd_reserve(workers, crate::control::MAX_CLIENTS as u64);
    let cap = crate::front::accept::connection_cap(s.limits.max_connections, fd_limit, reserve);
    if cap < s.limits.max_connections as usize {
        tracing::warn!(
            fd_limit,
            reserve,
            "max_connections {} lowered to {cap} to fit the file-descriptor limit (RLIMIT_NOFILE {}, {reserve} kept for workers, the control socket and bextd itself)",
            s.limits.max_connections,
            fd_limit.unwrap_or_default()
        );
    }
    Limits {
        max_connections: cap,
        timeouts: Timeouts {
            header_read: Duration::from_millis(s.limits.header_read_timeout_ms),
            idle: Duration::from_millis(s.limits.idle_timeout_ms),
            write: Duration::from_millis(s.limits.write_timeout_ms),
        },
    }
}
