//! `bext`'s side of the control socket: one request, one reply, and the
//! text shown for it. Formatting is pure and unit-tested.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use protocol::control::{ControlReply, ControlRequest, RotationReason, WorkerState, WorkerStatus};

use crate::cli::bext::{Cli, Command, WorkersCommand};

/// Why a command failed; printed as one line.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error(
        "cannot connect to bextd at {path}: {source} (is bextd running? name its socket with --socket, or its config with -c bext.toml)"
    )]
    Connect {
        path: String,
        source: std::io::Error,
    },
    #[error("lost the connection to bextd at {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("bextd closed the connection without answering")]
    NoReply,
    #[error("bextd sent something that is not a reply: {0}")]
    BadReply(String),
    #[error("{0}")]
    Daemon(String),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Config(#[from] crate::config::ConfigError),
}

impl ClientError {
    /// The exit status `bext` ends with (documented in bext(1)).
    pub fn exit_code(&self) -> u8 {
        match self {
            ClientError::Usage(_) => 2,
            _ => 1,
        }
    }
}

/// The control socket to use: `--socket`/`BEXT_SOCKET`, else the one the
/// config given with `-c`/`BEXT_CONFIG` names, else the shared default.
pub fn socket_path(cli: &Cli) -> Result<PathBuf, ClientError> {
    if let Some(s) = &cli.socket {
        return Ok(s.clone());
    }
    match &cli.config {
        Some(file) => Ok(crate::config::control_socket_of(file)?),
        None => Ok(crate::config::default_control_socket()),
    }
}

/// Sends one request and returns the reply.
pub fn request(socket: &Path, req: &ControlRequest) -> Result<ControlReply, ClientError> {
    let path = socket.display().to_string();
    let io = |source| ClientError::Io {
        path: path.clone(),
        source,
    };
    let mut stream = UnixStream::connect(socket).map_err(|source| ClientError::Connect {
        path: path.clone(),
        source,
    })?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .map_err(io)?;
    stream
        .set_write_timeout(Some(Duration::from_secs(10)))
        .map_err(io)?;
    let mut line = serde_json::to_string(req).map_err(|e| ClientError::BadReply(e.to_string()))?;
    line.push('\n');
    // A daemon that refuses the client says why and hangs up, possibly
    // before the request is written: read its answer even then.
    let written = stream.write_all(line.as_bytes());
    let mut answer = String::new();
    let read = BufReader::new(stream).read_line(&mut answer);
    if answer.trim().is_empty() {
        written.map_err(io)?;
        read.map_err(io)?;
    }
    if answer.trim().is_empty() {
        return Err(ClientError::NoReply);
    }
    match serde_json::from_str(&answer) {
        Ok(ControlReply::Error { message }) => Err(ClientError::Daemon(message)),
        Ok(reply) => Ok(reply),
        Err(e) => Err(ClientError::BadReply(format!("{e}: {}", answer.trim()))),
    }
}

/// Runs a `bext` command line; returns what to print.
pub fn run(cli: &Cli) -> Result<String, ClientError> {
    let socket = socket_path(cli)?;
    match &cli.command {
        Command::Ps { long } => {
            let w = workers(&socket)?;
            let mut out = ps_table(&w);
            if *long {
                out.push_str(&last_exits(&w));
            }
            Ok(out)
        }
        Command::Maint { pool, data } => maint(&socket, pool, data.as_deref()),
        Command::Call { pool, params } => call(&socket, pool, params),
        Command::Message { pool, data } => message(&socket, pool, data),
        Command::Workers {
            command: WorkersCommand::Stats { json: true },
        } => Ok(serde_json::to_string_pretty(&workers(&socket)?).unwrap_or_default() + "\n"),
        Command::Workers {
            command: WorkersCommand::Stats { json: false },
        } => Ok(stats_text(&workers(&socket)?)),
        Command::Workers {
            command: WorkersCommand::Restart { pool, worker },
        } => restart(&socket, pool, *worker),
    }
}

fn unexpected(reply: ControlReply) -> ClientError {
    ClientError::BadReply(format!("{reply:?}"))
}

fn workers(socket: &Path) -> Result<Vec<WorkerStatus>, ClientError> {
    match request(socket, &ControlRequest::Workers)? {
        ControlReply::Workers { workers } => Ok(workers),
        other => Err(unexpected(other)),
    }
}

fn maint(socket: &Path, pool: &Option<String>, data: Option<&str>) -> Result<String, ClientError> {
    let data = data.map(json_arg).transpose()?;
    let req = ControlRequest::Maint {
        pool: pool.clone(),
        data,
    };
    match request(socket, &req)? {
        ControlReply::Maintaining { workers } => Ok(format!(
            "Maintenance sweep of {workers} worker(s) started\n"
        )),
        other => Err(unexpected(other)),
    }
}

fn call(socket: &Path, pool: &str, params: &str) -> Result<String, ClientError> {
    let req = ControlRequest::Call {
        pool: pool.to_string(),
        params: json_arg(params)?,
    };
    match request(socket, &req)? {
        ControlReply::Result { value } => {
            Ok(serde_json::to_string_pretty(&value).unwrap_or_default() + "\n")
        }
        ControlReply::CallFailed { code, message } => Err(ClientError::Daemon(format!(
            "{code} {}: {message}",
            reason_phrase(code)
        ))),
        other => Err(unexpected(other)),
    }
}

fn message(socket: &Path, pool: &str, data: &str) -> Result<String, ClientError> {
    let req = ControlRequest::Message {
        pool: pool.to_string(),
        data: json_arg(data)?,
    };
    match request(socket, &req)? {
        ControlReply::Sent { workers } => Ok(format!("Sent to {workers} worker(s)\n")),
        other => Err(unexpected(other)),
    }
}

fn restart(
    socket: &Path,
    pool: &Option<String>,
    worker: Option<u32>,
) -> Result<String, ClientError> {
    let req = ControlRequest::Restart {
        pool: pool.clone(),
        worker,
    };
    match request(socket, &req)? {
        ControlReply::Restarting { workers } => Ok(format!(
            "Restarting {workers} worker{} (rolling; see bext ps)\n",
            if workers == 1 { "" } else { "s" }
        )),
        other => Err(unexpected(other)),
    }
}

fn json_arg(text: &str) -> Result<serde_json::Value, ClientError> {
    serde_json::from_str(text).map_err(|e| ClientError::Usage(format!("not JSON: {e}: {text}")))
}

fn reason_phrase(code: u16) -> &'static str {
    match code {
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Error",
    }
}

/// `3421` → `3,421`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes as `142 MB` (MiB), with one decimal under 10.
pub fn megabytes(bytes: u64) -> String {
    let mb = bytes as f64 / (1024.0 * 1024.0);
    if bytes == 0 {
        "-".into()
    } else if mb < 10.0 {
        format!("{mb:.1} MB")
    } else {
        format!("{mb:.0} MB")
    }
}

/// Milliseconds as `2h 15m`, `3m 20s`, `45s`, `1d 4h`.
pub fn duration(ms: u64) -> String {
    let s = ms / 1000;
    let (d, h, m, sec) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}h {m}m")
    } else if m > 0 {
        format!("{m}m {sec}s")
    } else {
        format!("{sec}s")
    }
}

/// The note after a row: why the worker is (being) replaced.
pub fn reason(w: &WorkerStatus) -> String {
    match (w.state, &w.rotation_reason, &w.last_error) {
        (_, Some(RotationReason::GaveUp), e) => {
            format!("(gave up: {})", e.as_deref().unwrap_or("too many failures"))
        }
        (WorkerState::Draining, Some(r), _) => format!("(rotating: {r})"),
        (WorkerState::Active, Some(r), _) => format!("(rotation pending: {r})"),
        (WorkerState::Failed, _, Some(e)) => format!("(failed: {e})"),
        (WorkerState::Booting, _, _) if w.consecutive_failures > 0 => {
            format!("(restart after {} failures)", w.consecutive_failures)
        }
        _ => String::new(),
    }
}

/// The `bext ps` table of seed 000, with a POOL column when there are
/// several pools.
pub fn ps_table(workers: &[WorkerStatus]) -> String {
    let mut slots: Vec<(&str, u32)> = workers.iter().map(|w| (w.pool.as_str(), w.id)).collect();
    slots.dedup();
    let active = workers
        .iter()
        .filter(|w| w.state == WorkerState::Active)
        .count();
    let mut pools: Vec<&str> = workers.iter().map(|w| w.pool.as_str()).collect();
    pools.dedup();
    let multi = pools.len() > 1;
    let mut rows = vec![{
        let mut h = vec!["ID"];
        if multi {
            h.push("POOL");
        }
        h.extend(["PID", "State", "Requests", "Memory", "Uptime", "Avg Render"]);
        h.into_iter().map(String::from).collect::<Vec<_>>()
    }];
    rows.extend(workers.iter().map(|w| ps_row(w, multi)));
    let cols = rows[0].len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!("Workers ({active}/{} active)\n", slots.len());
    for (i, r) in rows.iter().enumerate() {
        let mut line = String::from(" ");
        for (c, cell) in r.iter().enumerate() {
            line.push(' ');
            line.push_str(cell);
            if c + 1 < cols {
                line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 1));
            }
        }
        if i > 0 {
            let note = reason(&workers[i - 1]);
            if !note.is_empty() {
                line.push_str("  ");
                line.push_str(&note);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `bext ps --long`: each slot's last unplanned exit, once per slot.
pub fn last_exits(workers: &[WorkerStatus]) -> String {
    let mut out = String::new();
    let mut seen = Vec::new();
    for w in workers {
        if seen.contains(&(&w.pool, w.id)) {
            continue;
        }
        seen.push((&w.pool, w.id));
        if let Some(e) = &w.last_exit {
            out.push_str(&format!("  {} {}: last exit: {e}\n", w.pool, w.id));
        }
    }
    if out.is_empty() {
        "No unplanned exit.\n".into()
    } else {
        format!("Last exits\n{out}")
    }
}

/// One worker's cells of the `bext ps` table.
fn ps_row(w: &WorkerStatus, multi: bool) -> Vec<String> {
    let mut r = vec![w.id.to_string()];
    if multi {
        r.push(w.pool.clone());
    }
    r.push(w.pid.map(|p| p.to_string()).unwrap_or_else(|| "-".into()));
    r.push(w.state.to_string());
    r.push(thousands(w.requests_served));
    r.push(megabytes(w.current_memory_bytes));
    r.push(if w.pid.is_some() {
        duration(w.uptime_ms)
    } else {
        "-".into()
    });
    r.push(if w.requests_served > 0 {
        format!("{:.1}ms", w.avg_render_time_ms)
    } else {
        "-".into()
    });
    r
}

/// `bext workers stats`: every field of every worker.
pub fn stats_text(workers: &[WorkerStatus]) -> String {
    let mut out = String::new();
    for w in workers {
        out.push_str(&format!(
            "{} worker {} (pid {})\n",
            w.pool,
            w.id,
            w.pid
                .map(|p| p.to_string())
                .unwrap_or_else(|| "none".into())
        ));
        let fields = [
            ("state", w.state.to_string()),
            ("generation", w.generation.to_string()),
            ("requests served", thousands(w.requests_served)),
            ("requests failed", thousands(w.requests_failed)),
            ("in flight", w.in_flight.to_string()),
            (
                "total render time",
                format!("{:.1} ms", w.total_render_time_ms),
            ),
            ("avg render time", format!("{:.2} ms", w.avg_render_time_ms)),
            ("memory (RSS)", megabytes(w.current_memory_bytes)),
            ("peak memory", megabytes(w.peak_memory_bytes)),
            ("js heap", megabytes(w.js_heap_bytes)),
            ("uptime", duration(w.uptime_ms)),
            ("restarts", w.restarts.to_string()),
            ("consecutive failures", w.consecutive_failures.to_string()),
            (
                "rotation reason",
                w.rotation_reason
                    .as_ref()
                    .map_or_else(|| "-".into(), ToString::to_string),
            ),
            (
                "last error",
                w.last_error.clone().unwrap_or_else(|| "-".into()),
            ),
        ];
        for (k, v) in fields {
            out.push_str(&format!("  {k:<22}{v}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(
        id: u32,
        pool: &str,
        state: WorkerState,
        served: u64,
        mb: u64,
        reason: Option<&str>,
    ) -> WorkerStatus {
        WorkerStatus {
            id,
            pool: pool.into(),
            pid: Some(1000 + id),
            generation: 1,
            state,
            requests_served: served,
            requests_failed: 0,
            in_flight: 0,
            total_render_time_ms: served as f64 * 4.2,
            avg_render_time_ms: 4.2,
            current_memory_bytes: mb * 1024 * 1024,
            peak_memory_bytes: mb * 1024 * 1024,
            js_heap_bytes: 0,
            started_at: 0,
            uptime_ms: (2 * 3600 + 15 * 60) * 1000,
            last_request_at: None,
            restarts: 0,
            consecutive_failures: 0,
            rotation_reason: reason.map(|r| RotationReason::from(r.to_string())),
            last_error: None,
            messages_sent: 0,
            last_exit: None,
        }
    }

    #[test]
    fn ps_matches_the_seed_layout() {
        let rows = [
            w(0, "render", WorkerState::Active, 3421, 142, None),
            w(1, "render", WorkerState::Active, 3380, 138, None),
            w(
                2,
                "render",
                WorkerState::Draining,
                3412,
                256,
                Some("memory"),
            ),
            w(3, "render", WorkerState::Active, 3399, 145, None),
        ];
        let want = "\
Workers (3/4 active)
  ID  PID   State     Requests  Memory  Uptime  Avg Render
  0   1000  ACTIVE    3,421     142 MB  2h 15m  4.2ms
  1   1001  ACTIVE    3,380     138 MB  2h 15m  4.2ms
  2   1002  DRAINING  3,412     256 MB  2h 15m  4.2ms  (rotating: memory)
  3   1003  ACTIVE    3,399     145 MB  2h 15m  4.2ms
";
        assert_eq!(ps_table(&rows), want);
    }

    #[test]
    fn ps_shows_a_pool_column_for_several_pools() {
        let rows = [
            w(0, "render", WorkerState::Active, 1, 4, None),
            w(0, "api", WorkerState::Booting, 0, 3, None),
        ];
        let t = ps_table(&rows);
        assert!(
            t.starts_with("Workers (1/2 active)\n  ID  POOL    PID"),
            "{t}"
        );
        assert!(t.contains("  0   api     1000  BOOTING"), "{t}");
    }

    #[test]
    fn units() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(megabytes(4_700_000), "4.5 MB");
        assert_eq!(duration(45_000), "45s");
        assert_eq!(duration(200_000), "3m 20s");
        assert_eq!(duration(90_000_000), "1d 1h");
    }

    #[test]
    fn a_slot_that_gave_up_says_why() {
        let mut s = w(1, "render", WorkerState::Failed, 0, 0, Some("gave up"));
        s.pid = None;
        s.last_error = Some("boot failed: SyntaxError".into());
        assert_eq!(reason(&s), "(gave up: boot failed: SyntaxError)");
    }
}
