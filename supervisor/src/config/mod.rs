//! Loading `bext.toml`: parse the raw keys, then check every rule, and
//! report every problem at once, each with file, line, key, value and rule.
//!
//! Relative paths in the file (`script`, `root`, `read_roots`, `control_socket`, `watch_dirs`,
//! `worker_bin`) are relative to the folder that holds the file.

mod cache;
mod checker;
mod credentials;
mod deploy;
mod edge;
mod effective;
mod intl;
mod jobs;
mod keys;
mod pool_rules;
mod routes;
mod schedules;
mod schema;
mod settings;
mod shapes;
mod statics;
pub mod store_url;
mod tls;
mod traces;
mod validate;
mod wide;

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use ipnet::IpNet;
use regex::Regex;

pub use cache::Cache;
pub use credentials::CredentialsProblem;
pub use deploy::{Canary, Deploy};
pub use edge::{Forwarded, forwarded};
pub use jobs::Jobs;
pub use keys::{MAX_BODY_BYTES, MAX_MS};
pub use schedules::{Missed, Schedule, ScheduleSection, parse_cron};
pub use schema::{
    Auto, JobsSection, LifecycleSection, PoolSection, RawConfig, RecoverySection, ServerLimits,
    ServerSection, WorkerCount,
};
pub use settings::{
    Admission, Lifecycle, Maint, MaintEvery, Pick, Recovery, Scaling, Settings, Spawn, WebSocket,
};
pub use statics::{StaticEntry, StaticSection};
pub use store_url::{SslMode, StoreUrl, redact as redact_store_url};
pub use tls::{CertFiles, PemError, SniSection, Tls, TlsSection, load_certified, load_roots};
pub use traces::{EnvError, PROTOCOLS, SAMPLERS, TracingSection, endpoint_ok};

/// Whether `path` is an admin path: answered by bextd itself, never by a
/// worker or a `[[static]]` folder (whose `prefix` may not be one).
pub fn is_admin_path(path: &str) -> bool {
    path.starts_with("/__bext/") || path == "/metrics"
}

/// A checked configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub file: PathBuf,
    pub server: Server,
    /// In route order: the first pool whose route matches a path serves it.
    pub pools: Vec<Pool>,
    /// `[jobs]`.
    pub jobs: Jobs,
    /// `[[static]]`, in file order: tried before the pools' routes.
    pub statics: Vec<StaticEntry>,
    /// `[tracing]` as written (the `OTEL_*` variables fill in what it
    /// leaves out when bextd starts).
    pub tracing: TracingSection,
    /// The file's keys with defaults filled in, as `--check-config` prints them.
    pub effective: RawConfig,
}

#[derive(Debug, Clone)]
pub struct Server {
    pub listen: SocketAddr,
    pub control_socket: PathBuf,
    pub admin_allow: Vec<IpNet>,
    pub worker_bin: Option<PathBuf>,
    pub limits: ServerLimits,
    /// `restart_signal_file`, resolved; `None`: off.
    pub restart_signal_file: Option<PathBuf>,
    pub signal_stale_s: u64,
    /// `admin_token`: the status page's actions are on when set.
    pub admin_token: Option<Secret>,
    /// `admin_hosts`, lower case, without a trailing dot.
    pub admin_hosts: Vec<String>,
    /// `forwarded_allow_ips`: whose forwarded headers are believed.
    pub forwarded: Forwarded,
    /// `allowed_hosts`, lower case, without a trailing dot; empty: any.
    pub allowed_hosts: Vec<String>,
    /// `[server.tls]`, checked; `None`: no TLS listener.
    pub tls: Option<Tls>,
}

/// A secret whose `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(hidden)")
    }
}

impl Config {
    /// What the config may use at most: every pool's workers at its
    /// `max_memory_mb` plus the jobs' memory budget; `None` when a pool's
    /// workers have no memory bound.
    pub fn planned_memory_bytes(&self) -> Option<u64> {
        let mut total = self.jobs.budget_bytes;
        for p in &self.pools {
            let per_worker = p.settings.lifecycle.max_memory_bytes?;
            total = total.saturating_add(per_worker.saturating_mul(u64::from(p.max_workers)));
        }
        Some(total)
    }
}

impl Server {
    /// How long a graceful stop keeps serving with readiness at 503 before
    /// it stops accepting: `shutdown_delay_ms`, or, when unset, 5 s (at most
    /// half of `shutdown_timeout_ms`) when bextd runs in a Kubernetes pod
    /// (`in_kubernetes`), else 0. Kubernetes removes a terminating pod from
    /// its Service's endpoints at the moment it sends SIGTERM, and proxies
    /// learn of it seconds later: requests routed meanwhile still arrive.
    pub fn shutdown_delay(&self, in_kubernetes: bool) -> Duration {
        let ms = match self.limits.shutdown_delay_ms {
            Some(ms) => ms,
            None if in_kubernetes => (self.limits.shutdown_timeout_ms / 2).min(5_000),
            None => 0,
        };
        Duration::from_millis(ms)
    }

    /// Threads of bextd's async runtime for a machine of `cpus`:
    /// `io_threads`, or one per two CPUs. bextd's own share of a request
    /// is about as large as a worker's share of a small one, so half the
    /// CPUs keep up with workers on the other half; fewer threads than
    /// CPUs also spare the cross-thread wake-ups and work stealing that
    /// cost a 2-CPU machine a sixth of bextd's time per request.
    pub fn runtime_threads(&self, cpus: usize) -> usize {
        match self.limits.io_threads {
            0 => (cpus / 2).max(1),
            n => n as usize,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Pool {
    pub name: String,
    pub script: PathBuf,
    /// Where its modules may come from: its app root (`root`, else the
    /// script's folder) and `read_roots`, canonical.
    pub read: protocol::worker::ReadPolicy,
    pub route: Regex,
    pub min_workers: u32,
    pub max_workers: u32,
    pub watch_dirs: Vec<PathBuf>,
    /// Globs of files to hot-swap, relative to the config's folder.
    pub swap_globs: Vec<String>,
    /// Credentials the workers run with (`user`, `group`), resolved.
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    /// Every other key, typed.
    pub settings: Settings,
}

impl Config {
    /// The pool named `name`.
    pub fn pool(&self, name: &str) -> Option<&Pool> {
        self.pools.iter().find(|p| p.name == name)
    }
}

/// One broken rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line of the key, when it is in the file.
    pub line: Option<usize>,
    /// Full dotted key, e.g. `pools.api.lifecycle.drain_timeout_ms`.
    pub key: String,
    /// The value as written, when the problem is with a value.
    pub value: Option<String>,
    /// The rule, in words.
    pub message: String,
}

impl Problem {
    fn about(key: &str, message: impl Into<String>) -> Problem {
        Problem {
            line: None,
            key: key.into(),
            value: None,
            message: message.into(),
        }
    }
}

/// Everything wrong with a configuration file.
#[derive(Debug, Clone)]
pub struct ConfigError {
    pub file: PathBuf,
    pub problems: Vec<Problem>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "{line}: ")?;
        }
        match (self.key.is_empty(), &self.value) {
            (true, _) => write!(f, "{}", self.message),
            (false, Some(v)) => write!(f, "{} = {v}: {}", self.key, self.message),
            (false, None) => write!(f, "{}: {}", self.key, self.message),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let sep = if p.line.is_some() { ":" } else { ": " };
            write!(f, "{}{sep}{p}", self.file.display())?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

/// Where bextd puts its control socket, and `bext` looks for it, when
/// `[server] control_socket` is not set: `/run/bext/bext.sock` as root (as
/// system services and containers expect), else
/// `$XDG_RUNTIME_DIR/bext/bext.sock`, else `/tmp/bext-UID/bext.sock`.
pub fn default_control_socket() -> PathBuf {
    let uid = nix::unistd::geteuid();
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty());
    let dir = if uid.is_root() {
        PathBuf::from("/run/bext")
    } else if let Some(d) = runtime {
        PathBuf::from(d).join("bext")
    } else {
        PathBuf::from(format!("/tmp/bext-{uid}"))
    };
    dir.join("bext.sock")
}

/// The control socket a config file names, without checking the rest of
/// the file (for `bext -c`): `[server] control_socket` relative to the
/// file, or the default.
pub fn control_socket_of(path: &Path) -> Result<PathBuf, ConfigError> {
    Ok(server_path_of(path, "control_socket")?.unwrap_or_else(default_control_socket))
}

/// The restart signal file a config file names, if any, without checking
/// the rest of the file (for `bext signal -c`).
pub fn signal_file_of(path: &Path) -> Result<Option<PathBuf>, ConfigError> {
    server_path_of(path, "restart_signal_file")
}

/// The path a `[server]` key of the config file names, relative to the
/// file, reading nothing else of it.
fn server_path_of(path: &Path, key: &str) -> Result<Option<PathBuf>, ConfigError> {
    let (source, file) = read(path)?;
    let (doc, _) = wide::Wide::find(&source)
        .parse(&source)
        .map_err(|p| ConfigError {
            problems: vec![p],
            file: file.clone(),
        })?;
    let base = file.parent().unwrap_or(Path::new("."));
    Ok(doc
        .get("server")
        .and_then(|s| s.get(key))
        .and_then(|s| s.as_str())
        .map(|s| checker::resolve(base, s)))
}

/// Reads, parses and checks the file at `path`.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let (source, file) = read(path)?;
    parse(&source, &file)
}

/// The text of the file at `path`, and its absolute path.
fn read(path: &Path) -> Result<(String, PathBuf), ConfigError> {
    let source = std::fs::read_to_string(path).map_err(|e| ConfigError {
        file: path.to_path_buf(),
        problems: vec![Problem::about(
            "",
            format!("cannot read the configuration file: {e}"),
        )],
    })?;
    let file = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    Ok((source, file))
}

/// Parses and checks `source` as if it were the file `file`: every
/// problem of the file at once, in line order.
pub fn parse(source: &str, file: &Path) -> Result<Config, ConfigError> {
    parse_for(source, file, Host::This)
}

/// Where a config is checked for: this machine, or a pod elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    /// This machine: scripts, folders, the worker binary and users must
    /// exist here, and `jsc_workers = "auto"` reads this cgroup's quota.
    This,
    /// A pod a manifest describes (`bext check`): paths and users are those
    /// of its image, taken on trust, and `"auto"` is `cpus`, the pod's CPU
    /// limit rounded up (1 when it has none: see `bext check`).
    Pod { cpus: Option<u32> },
}

/// [`parse`], for a config meant to run on `host`.
pub fn parse_for(source: &str, file: &Path, host: Host) -> Result<Config, ConfigError> {
    let err = |problems| ConfigError {
        file: file.to_path_buf(),
        problems,
    };
    // Integers wider than TOML's 64 bits are reported by key, not as a
    // syntax error of the whole file.
    let (mut doc, mut problems) = wide::Wide::find(source)
        .parse(source)
        .map_err(|p| err(vec![p]))?;
    problems.extend(shapes::check_shapes(&mut doc, source));
    // What is left has the right shape; missing keys take their defaults.
    let raw: RawConfig = match toml::Value::Table(doc).try_into() {
        Ok(raw) => raw,
        Err(e) => {
            problems.push(syntax_problem(source, &e));
            return Err(err(problems));
        }
    };
    let base = file.parent().unwrap_or(Path::new("."));
    match validate::check(raw, source, base, host) {
        Ok(mut config) if problems.is_empty() => {
            config.file = file.to_path_buf();
            Ok(config)
        }
        Ok(_) => Err(err(sorted(problems))),
        Err(more) => {
            problems.extend(more);
            Err(err(sorted(problems)))
        }
    }
}

/// In line order; problems of one line keep the order they were found in.
fn sorted(mut problems: Vec<Problem>) -> Vec<Problem> {
    problems.sort_by_key(|p| p.line.unwrap_or(usize::MAX));
    problems
}

/// A file that is not TOML at all: its line and the parser's message.
fn syntax_problem(source: &str, e: &toml::de::Error) -> Problem {
    Problem {
        line: e.span().map(|s| line_of(source, s.start)),
        key: String::new(),
        value: None,
        message: format!("not valid TOML: {}", e.message().trim()),
    }
}

/// 1-based line number of byte offset `at`.
pub(crate) fn line_of(source: &str, at: usize) -> usize {
    source[..at.min(source.len())]
        .bytes()
        .filter(|b| *b == b'\n')
        .count()
        + 1
}

/// 1-based line of the key at `path` (e.g. `["render", "lifecycle", "max_requests"]`).
pub(crate) fn key_line(source: &str, path: &[&str]) -> Option<usize> {
    use toml::de::{DeTable, DeValue};
    let doc = DeTable::parse(source).ok()?;
    let mut table = doc.get_ref();
    let mut i = 0;
    while let Some(name) = path.get(i) {
        let (key, mut value) = table.iter().find(|(k, _)| k.get_ref().as_ref() == *name)?;
        let mut at = key.span().start;
        // `[[a.b]]`: the next name is the index of one of its tables.
        if let DeValue::Array(items) = value.get_ref()
            && let Some(item) = path
                .get(i + 1)
                .and_then(|n| items.get(n.parse::<usize>().ok()?))
        {
            value = item;
            at = item.span().start;
            i += 1;
        }
        if i + 1 == path.len() {
            return Some(line_of(source, at));
        }
        match value.get_ref() {
            DeValue::Table(t) => table = t,
            _ => return Some(line_of(source, at)),
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests;
