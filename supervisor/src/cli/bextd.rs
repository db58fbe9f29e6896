//! `bextd`'s arguments.

use std::path::PathBuf;

use std::sync::LazyLock;

use clap::Parser;

use super::{Section, help_text};
use crate::logging::LogFormat;

/// The sections after OPTIONS in `bextd --help` and bextd(8): the written
/// ones, with ADMIN ENDPOINTS and CONTROL REQUESTS generated from the hub's
/// table of operations after SIGNALS.
pub static SECTIONS: LazyLock<Vec<Section>> = LazyLock::new(|| {
    let (before, after) = WRITTEN.split_at(2);
    let mut all: Vec<Section> = before.to_vec();
    all.push(Section {
        title: "ADMIN ENDPOINTS",
        entries: leak(crate::hub::ops::endpoint_docs()),
        note: "Health and readiness answer anyone (the kubelet probes from the node's address); every other admin path answers only peers in [server] admin_allow (others get 403) whose Host is an IP address or a name in [server] admin_hosts (others get 421, which defeats DNS rebinding), and none answers a browser's request made for another site's page (Sec-Fetch-Site: cross-site, or an Origin other than the status page's own: 403). An admin path answers only its own method (else 405); none with an effect answers a GET.",
    });
    all.push(Section {
        title: "CONTROL REQUESTS",
        entries: leak(crate::hub::ops::control_docs()),
        note: "One JSON object per line on the control socket, answered by one {\"reply\": ...} line; bext(1) sends them. Only bextd's own user and root may connect.",
    });
    all.extend_from_slice(after);
    all
});

/// Generated entries, kept for the life of the process (built once).
fn leak(entries: Vec<(String, String)>) -> &'static [(&'static str, &'static str)] {
    let entries: Vec<(&'static str, &'static str)> = entries
        .into_iter()
        .map(|(t, d)| (&*t.leak(), &*d.leak()))
        .collect();
    entries.leak()
}

/// The sections written here, in order (EXIT STATUS, SIGNALS, then the
/// rest).
const WRITTEN: &[Section] = &[
    Section {
        title: "EXIT STATUS",
        entries: &[
            (
                "0",
                "clean exit, also after a graceful shutdown (SIGTERM, SIGINT) or SIGQUIT",
            ),
            (
                "1",
                "a fatal error other than the configuration (cannot listen, cannot bind the control socket, bext-worker missing, ...); one line on stderr says which, with the OS error behind it",
            ),
            (
                "78",
                "the configuration is invalid (EX_CONFIG); one line per problem names file, line, key and rule",
            ),
            (
                "SIGABRT (134 in a shell)",
                "a panic, that is a bug in bextd: it is logged at error level (PANIC: ...) and bextd aborts, its workers exiting with it, rather than run on half alive; run bextd under something that restarts it (systemd Restart=on-failure, a container restart policy)",
            ),
        ],
        note: "",
    },
    Section {
        title: "SIGNALS",
        entries: &[
            (
                "SIGTERM, SIGINT",
                "graceful shutdown: /__bext/ready answers 503 at once and bextd serves on for shutdown_delay_ms, then stops accepting, finishes open requests, drains every worker, cancels running jobs (daemons stay marked running and start again with bextd) and exits within shutdown_timeout_ms; a second one stops at once",
            ),
            (
                "SIGHUP",
                "re-read the configuration file and apply the difference with the least disruption (pools added start, pools removed drain, a pool whose worker settings changed is rolled, a size or route change needs no restart); an invalid file changes nothing and each problem is logged; a reload that changes nothing that runs (the same file, or only keys that need a restart) gives a deploy of every pool instead: a rolling restart whose new workers load the code from disk as a new version, stopped (the running version keeping every worker) if its first worker fails to load; slots that gave up after repeated failures start again. No request fails either way. Every other replacement of a worker starts the version its pool runs, whatever the files say",
            ),
            ("SIGQUIT", "immediate shutdown: workers and jobs are killed"),
        ],
        note: "",
    },
    Section {
        title: "ENVIRONMENT",
        entries: &[
            (
                "BEXT_CONFIG",
                "path of the configuration file, when --config is not given",
            ),
            (
                "RUST_LOG",
                "log filter (tracing directives); when set, it wins over --log-level",
            ),
            (
                "XDG_RUNTIME_DIR",
                "where the default control socket lives for users other than root",
            ),
        ],
        note: "Without [server] control_socket, the control socket is /run/bext/bext.sock when bextd runs as root, else $XDG_RUNTIME_DIR/bext/bext.sock, else /tmp/bext-UID/bext.sock; bext(1) looks in the same place. bext-worker is looked for next to bextd, then in ../libexec/bext/ beside it, unless [server] worker_bin names it. The folder of the default control socket must be bextd's user's and writable by it alone, else bextd exits 1. Workers and jobs do not inherit bextd's environment: they get PATH, LANG, TZ, SSL_CERT_FILE, SSL_CERT_DIR, HOME, the variables a pool's env_pass names and its env (bext.toml(5)).",
    },
    Section {
        title: "FILES",
        entries: &[(
            "bext-jobs.db ([jobs] state_file)",
            "the SQLite database of background jobs, beside the configuration unless set; created at the first spawn; with its -wal and -shm files while bextd runs",
        )],
        note: "",
    },
    Section {
        title: "SEE ALSO",
        entries: &[
            ("bext.toml(5)", "the configuration file"),
            ("bext(1)", "the client of the control socket"),
        ],
        note: "",
    },
];

/// Prefork supervisor for JavaScript workers: runs the pools of QuickJS
/// worker processes described in a bext.toml and routes HTTP requests to them.
#[derive(Debug, Parser)]
#[command(name = "bextd", version, after_long_help = help_text(&SECTIONS))]
pub struct Args {
    /// Path of the configuration file (see bext.toml(5)).
    #[arg(short, long, value_name = "PATH", env = "BEXT_CONFIG")]
    pub config: PathBuf,
    /// Validate the configuration, print the effective settings and exit
    /// (0 if valid, 78 if not).
    #[arg(long)]
    pub check_config: bool,
    /// Log line format.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Log filter: a level (error, warn, info, debug) or tracing directives;
    /// RUST_LOG, when set, wins.
    #[arg(long, default_value = "info", value_name = "FILTER")]
    pub log_level: String,
}
