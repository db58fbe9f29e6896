//! `bext`'s side of the control socket: one request, one reply, and the
//! text shown for it. Formatting is pure and unit-tested.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use protocol::control::{ContainerLimits, ControlReply, ControlRequest, Quarantined, WorkerStatus};

use super::format::{last_exits, limits_line, ps_table, quarantine_text, stats_text};
use crate::cli::bext::{CacheCommand, Cli, Command, QuarantineCommand, WorkersCommand};

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
    if let Command::Signal { action, file } = &cli.command {
        return signal(cli, *action, file.as_deref());
    }
    let socket = socket_path(cli)?;
    match &cli.command {
        Command::Ps { long } => {
            let (w, limits) = workers_and_limits(&socket)?;
            let mut out = limits.as_ref().map(limits_line).unwrap_or_default();
            out.push_str(&ps_table(&w));
            let q = quarantined(&socket)?;
            if !q.is_empty() {
                out.push_str(&quarantine_text(&q));
            }
            if *long {
                out.push_str(&last_exits(&w));
                out.push_str(&super::heap::census_lines(&w));
            }
            Ok(out)
        }
        Command::Quarantine { command: None } => {
            let q = quarantined(&socket)?;
            Ok(if q.is_empty() {
                "No request is quarantined.\n".into()
            } else {
                quarantine_text(&q)
            })
        }
        Command::Quarantine {
            command: Some(QuarantineCommand::Clear { pool }),
        } => {
            let req = ControlRequest::QuarantineClear { pool: pool.clone() };
            match request(&socket, &req)? {
                ControlReply::Cleared { signatures } => Ok(format!(
                    "Lifted the quarantine of {signatures} request signature(s)\n"
                )),
                other => Err(unexpected(other)),
            }
        }
        Command::Cache {
            command: CacheCommand::Purge { prefix, pool, tag },
        } => {
            let req = ControlRequest::CachePurge {
                pool: pool.clone(),
                prefix: prefix.clone(),
                tag: tag.clone(),
            };
            match request(&socket, &req)? {
                ControlReply::Purged { answers } => {
                    Ok(format!("Purged {answers} stored answer(s)\n"))
                }
                other => Err(unexpected(other)),
            }
        }
        Command::Maint { pool, data } => maint(&socket, pool, data.as_deref()),
        Command::Reload => reload(&socket),
        Command::Deploy { pool, command } => super::deploy::run(&socket, pool, command),
        Command::Swap { pool } => {
            let req = ControlRequest::Swap { pool: pool.clone() };
            match request(&socket, &req)? {
                ControlReply::Swapping { workers } => Ok(format!(
                    "Hot-swapping {workers} worker(s), one at a time (SWAPPING in bext ps)\n"
                )),
                other => Err(unexpected(other)),
            }
        }
        Command::Signal { .. } => unreachable!("handled above"),
        Command::Check { .. } => unreachable!("bext's main runs it: it prints as it goes"),
        Command::Call { pool, params } => call(&socket, pool, params),
        Command::Heap {
            pool,
            worker,
            budget_ms,
            json,
        } => super::heap::run(&socket, pool, *worker, *budget_ms, *json),
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
        Command::Jobs { command } => super::jobs::run(&socket, command),
    }
}

fn unexpected(reply: ControlReply) -> ClientError {
    ClientError::BadReply(format!("{reply:?}"))
}

fn workers(socket: &Path) -> Result<Vec<WorkerStatus>, ClientError> {
    Ok(workers_and_limits(socket)?.0)
}

fn workers_and_limits(
    socket: &Path,
) -> Result<(Vec<WorkerStatus>, Option<ContainerLimits>), ClientError> {
    match request(socket, &ControlRequest::Workers)? {
        ControlReply::Workers { workers, limits } => Ok((workers, limits)),
        other => Err(unexpected(other)),
    }
}

fn quarantined(socket: &Path) -> Result<Vec<Quarantined>, ClientError> {
    match request(socket, &ControlRequest::Quarantine)? {
        ControlReply::Quarantine { entries } => Ok(entries),
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

fn reload(socket: &Path) -> Result<String, ClientError> {
    match request(socket, &ControlRequest::Reload)? {
        ControlReply::Reloaded { changes } => {
            let mut out = "Configuration reloaded:\n".to_string();
            for c in changes {
                out.push_str(&format!("  {}\n", crate::logging::untrusted(&c)));
            }
            Ok(out)
        }
        ControlReply::ReloadFailed { problems } => {
            let mut out =
                "the configuration file is invalid; the running configuration stays in force:"
                    .to_string();
            for p in problems {
                out.push_str(&format!("\n  {}", crate::logging::untrusted(&p)));
            }
            Err(ClientError::Daemon(out))
        }
        other => Err(unexpected(other)),
    }
}

fn signal(
    cli: &Cli,
    action: super::bext::SignalArg,
    file: Option<&Path>,
) -> Result<String, ClientError> {
    use super::bext::SignalArg;
    use crate::reload::signal::SignalAction;
    let file = match (file, &cli.config) {
        (Some(f), _) => f.to_path_buf(),
        (None, Some(config)) => crate::config::signal_file_of(config)?.ok_or_else(|| {
            ClientError::Usage(format!(
                "{} sets no [server] restart_signal_file: name the file with --file",
                config.display()
            ))
        })?,
        (None, None) => {
            return Err(ClientError::Usage(
                "name the signal file with --file, or the bext.toml that sets restart_signal_file with -c".into(),
            ));
        }
    };
    let action = match action {
        SignalArg::Restart => SignalAction::Restart,
        SignalArg::Swap => SignalAction::Swap,
        SignalArg::Terminate => SignalAction::Terminate,
    };
    let s = crate::reload::signal::write(&file, action).map_err(|e| {
        ClientError::Daemon(format!(
            "cannot write the signal file {}: {e}",
            file.display()
        ))
    })?;
    Ok(format!(
        "Wrote a {} signal to {} (timestamp {}); bextd removes it once done\n",
        action.name(),
        file.display(),
        s.timestamp
    ))
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
