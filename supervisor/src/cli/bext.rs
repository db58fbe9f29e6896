//! `bext`'s arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::{Section, help_text};

/// The sections after COMMANDS in `bext --help` and bext(1).
pub const SECTIONS: &[Section] = &[
    Section {
        title: "EXIT STATUS",
        entries: &[
            ("0", "the command succeeded"),
            (
                "1",
                "bextd could not be reached, refused the client, or answered with an error; bext check: a check failed",
            ),
            ("2", "the command line is wrong"),
            (
                "78",
                "bext check: the bext.toml it checks against is invalid",
            ),
        ],
        note: "",
    },
    Section {
        title: "ENVIRONMENT",
        entries: &[
            (
                "BEXT_SOCKET",
                "path of the control socket, when --socket is not given",
            ),
            (
                "BEXT_CONFIG",
                "a bext.toml to read the control socket's path from, when --config is not given",
            ),
            (
                "XDG_RUNTIME_DIR",
                "where the default control socket lives for users other than root",
            ),
        ],
        note: "The control socket is found in this order: --socket (or BEXT_SOCKET); the [server] control_socket of the bext.toml given with --config (or BEXT_CONFIG), relative to that file; else the default that bextd also uses: /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock. Only bextd's own user and root may use it.",
    },
    Section {
        title: "SEE ALSO",
        entries: &[
            ("bextd(8)", "the supervisor"),
            ("bext.toml(5)", "its configuration"),
        ],
        note: "",
    },
];

/// Control a running bextd: show its workers, restart them.
#[derive(Debug, Parser)]
#[command(name = "bext", version, after_long_help = help_text(SECTIONS))]
pub struct Cli {
    /// Path of bextd's control socket [default: from --config, else
    /// /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or
    /// /tmp/bext-UID/bext.sock].
    #[arg(long, short, value_name = "PATH", env = "BEXT_SOCKET", global = true)]
    pub socket: Option<PathBuf>,
    /// Read the control socket's path from this bext.toml ([server]
    /// control_socket).
    #[arg(
        long,
        short = 'c',
        value_name = "FILE",
        env = "BEXT_CONFIG",
        global = true
    )]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show the worker table: ID, PID, state, requests, memory, uptime,
    /// average render time, and why a worker is being replaced.
    Ps {
        /// Also show each slot's last unplanned exit (its reason, pid,
        /// uptime, requests served and the requests it held) and each
        /// worker's heap census and growth per 1,000 requests.
        #[arg(long)]
        long: bool,
    },
    /// Rolling maintenance sweep: each worker in turn leaves rotation, runs
    /// maint(data) (default: garbage collection) and comes back.
    Maint {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
        /// JSON passed to maint(data).
        #[arg(value_name = "JSON")]
        data: Option<String>,
    },
    /// Find what holds a pool's memory: take one worker out of rotation
    /// (never the last ACTIVE one), walk what its globals and its script's
    /// exports hold, and print the largest retainers by path
    /// (globalThis.cache, module:./store.js#sessions) with their kind,
    /// entries, estimated bytes and objects, then its census and growth per
    /// 1,000 requests. The worker comes back into rotation after.
    Heap {
        pool: String,
        /// The worker (its id in bext ps); by default the ACTIVE one that
        /// served most.
        #[arg(long, value_name = "ID")]
        worker: Option<u32>,
        /// Stop the walk after this long (default 2000, at most 20000); a
        /// walk that stops says so.
        #[arg(long, value_name = "MS")]
        budget_ms: Option<u64>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run custom(params) on the least busy worker of POOL and print its
    /// JSON result.
    Call {
        pool: String,
        /// JSON passed as params.
        #[arg(value_name = "JSON")]
        params: String,
    },
    /// Send JSON to message(data) of every worker of POOL.
    Message {
        pool: String,
        #[arg(value_name = "JSON")]
        data: String,
    },
    /// Re-read bextd's bext.toml and apply what changed, as SIGHUP does:
    /// pools added start, pools removed drain, a pool whose worker settings
    /// changed is rolled, a size or route change applies without restarting
    /// workers. An invalid file changes nothing: its problems are printed
    /// and bext exits 1.
    Reload,
    /// Deploy the code on disk: a rolling restart whose new workers load
    /// the pool's files again, as a new version (SIGHUP, the watch and the
    /// restart signal file deploy too). Every other replacement (requests,
    /// memory, uptime, a crash, bext workers restart) starts the version
    /// the pool runs, whatever the files say. A deploy whose first worker
    /// fails to load stops: the running version keeps every worker.
    Deploy {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
        #[command(subcommand)]
        command: Option<super::verbs::deploy::DeployCommand>,
    },
    /// Hot-swap workers in place: each in turn leaves rotation (SWAPPING),
    /// runs swap(changes) and comes back with the same pid; a worker
    /// without swap(), or whose swap() fails, is replaced instead.
    Swap {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
    },
    /// Write a restart signal file for bextd to act on (restart, swap or
    /// terminate every pool), atomically (a temporary file, then a rename).
    /// bextd removes it once the action is done (every worker replaced or
    /// swapped), so a deploy can wait for the file to disappear.
    Signal {
        /// What bextd should do.
        #[arg(value_enum)]
        action: SignalArg,
        /// The signal file [default: [server] restart_signal_file of the
        /// bext.toml given with --config].
        #[arg(long, short = 'f', value_name = "FILE")]
        file: Option<PathBuf>,
    },
    /// Act on workers, or show their metrics.
    Workers {
        #[command(subcommand)]
        command: WorkersCommand,
    },
    /// Show the requests refused as queries of death (each killed its
    /// worker on two tries), or lift the quarantine with `clear`.
    Quarantine {
        #[command(subcommand)]
        command: Option<QuarantineCommand>,
    },
    /// The response cache: drop stored answers with `purge`.
    Cache {
        #[command(subcommand)]
        command: CacheCommand,
    },
    /// Check Kubernetes manifests against bext.toml, offline: the grace
    /// period outlasts shutdown_timeout_ms (plus any preStop sleep and a
    /// margin), the probes are GET /__bext/ready and /__bext/health on
    /// bextd's port, admin_allow stays on loopback (a wider one is a
    /// warning: its peers read the jobs and metrics), and limits.memory
    /// holds every worker at max_memory_mb plus the jobs' budget and bextd
    /// ("auto" workers counted from limits.cpu). The bext.toml is the one
    /// given with -c, else the one in the manifests' ConfigMap. Prints
    /// each finding with its numbers; exits 1 if one fails, 78 if the
    /// bext.toml is invalid. Needs no running bextd.
    Check {
        /// Manifest files (several YAML documents each) or folders (a
        /// kustomize base: its kustomization.yaml's resources and
        /// configMapGenerator files).
        #[arg(required = true, value_name = "MANIFEST")]
        manifests: Vec<PathBuf>,
        /// Seconds the grace period must leave after shutdown_timeout_ms.
        #[arg(long, value_name = "SECONDS", default_value_t = 5)]
        grace_margin_s: u64,
    },
    /// Background jobs and daemons: spawn, list, show, cancel, logs.
    Jobs {
        #[command(subcommand)]
        command: super::verbs::jobs::JobsCommand,
    },
}

/// The actions of a restart signal file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SignalArg {
    /// A rolling restart of every pool.
    Restart,
    /// A hot-swap of every pool.
    Swap,
    /// A graceful shutdown of bextd.
    Terminate,
}

#[derive(Debug, Subcommand)]
pub enum QuarantineCommand {
    /// Lift every quarantine, of every pool or of one.
    Clear {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum CacheCommand {
    /// Drop stored answers: those whose path starts with PREFIX and (or)
    /// that the worker tagged TAG (Cache-Tag or x-bext-cache-tags); with
    /// neither, every one. Of every pool, or of one.
    Purge {
        /// Only answers to paths starting with this (e.g. /blog/).
        #[arg(value_name = "PREFIX")]
        prefix: Option<String>,
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
        /// Only answers with this tag.
        #[arg(long, value_name = "TAG")]
        tag: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum WorkersCommand {
    /// Gracefully restart workers: each is replaced by a fresh one that
    /// boots before the old one drains (rolling, staggered).
    Restart {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
        /// Only this worker slot (needs --pool when there are several pools).
        #[arg(long, value_name = "N")]
        worker: Option<u32>,
    },
    /// Detailed per-worker metrics.
    Stats {
        /// Print the metrics as JSON, as GET /__bext/workers does.
        #[arg(long)]
        json: bool,
    },
}
