//! Command-line definitions of `bextd` and `bext`, and `bext`'s verbs.
//! The definitions live in the library so that the man pages and shell
//! completions are generated from the very same definitions (see
//! `supervisor/tests/docs.rs`); [`run`] hands each parsed `bext` command
//! to its verb (`verbs/`, one file each).

pub mod bext;
pub mod bextd;
pub mod check;
pub mod client;
pub mod format;
pub mod schedules;
pub mod verbs;

use std::path::PathBuf;

use bext::{CacheCommand, Cli, Command, QuarantineCommand, SignalArg, WorkersCommand};
use client::ClientError;

/// Runs a `bext` command line (but `bext check`, which prints as it
/// goes); returns what to print.
pub fn run(cli: &Cli) -> Result<String, ClientError> {
    if let Command::Signal { action, file } = &cli.command {
        let action = match action {
            SignalArg::Restart => crate::reload::signal::SignalAction::Restart,
            SignalArg::Swap => crate::reload::signal::SignalAction::Swap,
            SignalArg::Terminate => crate::reload::signal::SignalAction::Terminate,
        };
        return verbs::signal::run(action, file.as_deref(), cli.config.as_deref());
    }
    let socket = &socket_path(cli)?;
    match &cli.command {
        Command::Ps { long } => verbs::ps::run(socket, *long),
        Command::Quarantine { command: None } => verbs::quarantine::list(socket),
        Command::Quarantine {
            command: Some(QuarantineCommand::Clear { pool }),
        } => verbs::quarantine::clear(socket, pool),
        Command::Cache {
            command: CacheCommand::Purge { prefix, pool, tag },
        } => verbs::cache::purge(socket, prefix, pool, tag),
        Command::Maint { pool, data } => verbs::maint::run(socket, pool, data.as_deref()),
        Command::Reload => verbs::reload::run(socket),
        Command::Deploy { pool, command } => verbs::deploy::run(socket, pool, command),
        Command::Swap { pool } => verbs::swap::run(socket, pool),
        Command::Call { pool, params } => verbs::call::run(socket, pool, params),
        Command::Heap {
            pool,
            worker,
            budget_ms,
            json,
        } => verbs::heap::run(socket, pool, *worker, *budget_ms, *json),
        Command::Message { pool, data } => verbs::message::run(socket, pool, data),
        Command::Workers {
            command: WorkersCommand::Stats { json },
        } => verbs::stats::run(socket, *json),
        Command::Workers {
            command: WorkersCommand::Restart { pool, worker },
        } => verbs::restart::run(socket, pool, *worker),
        Command::Jobs { command } => verbs::jobs::run(socket, command),
        Command::Signal { .. } => unreachable!("handled above"),
        Command::Check { .. } => unreachable!("bext's main runs it: it prints as it goes"),
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

/// A titled list of terms and their meaning (EXIT STATUS, SIGNALS, …),
/// shown after `--help` and as its own section of the man page.
#[derive(Debug, Clone, Copy)]
pub struct Section {
    pub title: &'static str,
    pub entries: &'static [(&'static str, &'static str)],
    /// A closing paragraph, if any.
    pub note: &'static str,
}

/// The `--help` text of `sections`.
pub fn help_text(sections: &[Section]) -> String {
    let mut out = String::new();
    for s in sections {
        out.push_str(&format!("{}:\n", title_case(s.title)));
        let width = s.entries.iter().map(|(t, _)| t.len()).max().unwrap_or(0);
        for (term, text) in s.entries {
            out.push_str(&format!("  {term:<width$}  {text}\n"));
        }
        if !s.note.is_empty() {
            out.push_str(&format!("\n{}\n", s.note));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

fn title_case(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut c = lower.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
