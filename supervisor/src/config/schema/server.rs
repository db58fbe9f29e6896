//! `[server]`: the HTTP front, the control socket, the admin paths and
//! what a request may claim, with each key's default.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize)]
// Unknown keys are refused before serde reads the table (`shapes`, with
// their line): `deny_unknown_fields` cannot be used beside `flatten`.
#[serde(default)]
pub struct ServerSection {
    pub listen: String,
    /// Default: [`super::default_control_socket`].
    pub control_socket: Option<String>,
    pub admin_allow: Vec<String>,
    /// Path of `bext-worker`; default: next to `bextd`.
    pub worker_bin: Option<String>,
    /// Connection, body and shutdown limits and timings.
    #[serde(flatten)]
    pub limits: ServerLimits,
    /// A JSON file a deploy tool writes to ask for a restart, a swap or a
    /// shutdown; `None`: not watched.
    pub restart_signal_file: Option<String>,
    /// A signal file older than this many seconds is ignored.
    pub signal_stale_s: u64,
    /// Turns on the status page's actions (restart, maintenance, cancel),
    /// which must carry it; `None`: the page is read-only. Printed hidden.
    #[serde(serialize_with = "hidden")]
    pub admin_token: Option<String>,
    /// Names a request's `Host` may carry to reach the admin paths (an IP
    /// address always may); others are refused, which defeats DNS
    /// rebinding.
    pub admin_hosts: Vec<String>,
    /// Peers whose `X-Forwarded-*` and `Forwarded` headers are believed
    /// (addresses, networks, or `"*"`); from others they are removed.
    pub forwarded_allow_ips: Vec<String>,
    /// Host names a request may name to reach a pool (exact, `.domain`
    /// with its subdomains, `"*"`); empty: any. Others get 400.
    pub allowed_hosts: Vec<String>,
    /// `[server.tls]`: the TLS listener; `None`: plain HTTP only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tls: Option<crate::config::TlsSection>,
}

/// `[server]`'s limits and timings: read from the file as they are, and
/// kept so in the checked [`crate::config::Server`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default)]
pub struct ServerLimits {
    /// How long a graceful stop may take (the readiness delay, the drains
    /// and `shutdown()`s) before what is left is killed.
    pub shutdown_timeout_ms: u64,
    /// Largest request body accepted; larger ones get 413.
    pub max_body_bytes: u64,
    /// How long a client may take to send a request's head, counted from
    /// the connection's start or from the first byte of a later request.
    pub header_read_timeout_ms: u64,
    /// How long a keep-alive connection may wait for its next request.
    pub idle_timeout_ms: u64,
    /// Most client connections open at once (lowered to fit the
    /// file-descriptor limit); beyond it, new ones wait to be accepted.
    pub max_connections: u32,
    /// Longest gap between two reads of a request body (its whole is
    /// also bounded by the pool's `request_timeout_ms`); past it: 408.
    pub body_timeout_ms: u64,
    /// How long a response may wait for a client that does not read
    /// before the connection is closed.
    pub write_timeout_ms: u64,
    /// Request bodies bextd holds at once, in bytes, across all
    /// connections; past it new bodies wait for room, then get 503.
    pub max_buffered_body_bytes: u64,
    /// On SIGTERM, how long bextd answers `/__bext/ready` with 503 while it
    /// still accepts and serves, before it stops accepting; `None`: 5 s
    /// (at most half of `shutdown_timeout_ms`) under Kubernetes, else 0.
    pub shutdown_delay_ms: Option<u64>,
    /// Threads of bextd's own async runtime (HTTP, routing, worker
    /// sockets); 0: one per two CPUs, at least one.
    pub io_threads: u32,
}

/// A secret as `--check-config` prints it: whether it is set, not its value.
fn hidden<S: serde::Serializer>(v: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(_) => s.serialize_some("(hidden)"),
        None => s.serialize_none(),
    }
}

impl Default for ServerSection {
    fn default() -> Self {
        ServerSection {
            admin_token: None,
            listen: "127.0.0.1:3000".into(),
            control_socket: None,
            admin_allow: vec!["127.0.0.1/32".into(), "::1/128".into()],
            admin_hosts: vec!["localhost".into()],
            forwarded_allow_ips: vec!["127.0.0.1".into(), "::1".into()],
            allowed_hosts: Vec::new(),
            tls: None,
            worker_bin: None,
            limits: ServerLimits::default(),
            restart_signal_file: None,
            signal_stale_s: 300,
        }
    }
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            shutdown_timeout_ms: 30_000,
            max_body_bytes: 10 * 1024 * 1024,
            header_read_timeout_ms: 10_000,
            idle_timeout_ms: 60_000,
            max_connections: 4096,
            body_timeout_ms: 10_000,
            write_timeout_ms: 30_000,
            max_buffered_body_bytes: 256 * 1024 * 1024,
            shutdown_delay_ms: None,
            io_threads: 0,
        }
    }
}
