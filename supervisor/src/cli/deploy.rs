//! `bext deploy …`: deploys of a pool's code over the control socket, and
//! the text shown for them (pure functions of the replies, unit-tested).

use std::path::Path;

use clap::Subcommand;
use protocol::control::{ControlReply, ControlRequest, VersionInfo};

use super::client::{ClientError, request};

#[derive(Debug, Subcommand)]
pub enum DeployCommand {
    /// List each pool's versions, newest first: id, when and why it was
    /// loaded, its state (running, previous, failed, retired) and how many
    /// workers run it.
    History {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `bext deploy [--pool P]`, or one of its subcommands.
pub fn run(
    socket: &Path,
    pool: &Option<String>,
    command: &Option<DeployCommand>,
) -> Result<String, ClientError> {
    match command {
        None => {
            let req = ControlRequest::Deploy { pool: pool.clone() };
            match request(socket, &req)? {
                ControlReply::Deploying { workers, skipped } => {
                    Ok(deploying_text(workers, &skipped))
                }
                other => Err(ClientError::BadReply(format!("{other:?}"))),
            }
        }
        Some(DeployCommand::History { pool: only, json }) => {
            let req = ControlRequest::DeployHistory {
                pool: only.clone().or_else(|| pool.clone()),
            };
            match request(socket, &req)? {
                ControlReply::Versions { versions } if *json => {
                    Ok(serde_json::to_string_pretty(&versions).unwrap_or_default() + "\n")
                }
                ControlReply::Versions { versions } => Ok(history_text(&versions, now_ms())),
                other => Err(ClientError::BadReply(format!("{other:?}"))),
            }
        }
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn deploying_text(workers: u32, skipped: &[String]) -> String {
    let mut out = format!(
        "Deploying: {workers} worker(s) to replace, one version per pool (see bext deploy history)\n"
    );
    for s in skipped {
        out.push_str(&format!("Skipped {s}\n"));
    }
    out
}

/// The history as a table, newest first.
pub fn history_text(versions: &[VersionInfo], now_ms: u64) -> String {
    if versions.is_empty() {
        return "No version loaded yet.\n".into();
    }
    let mut out = format!(
        "{:<10} {:<11} {:<10} {:<8} {:<9} {:>7}  ERROR\n",
        "POOL", "VERSION", "LOADED", "CAUSE", "STATE", "WORKERS"
    );
    for v in versions {
        let ago = super::format::duration(now_ms.saturating_sub(v.loaded_at));
        out.push_str(&format!(
            "{:<10} {:<11} {:<10} {:<8} {:<9} {:>7}  {}\n",
            v.pool,
            v.id,
            format!("{ago} ago"),
            v.cause,
            v.state.name(),
            v.workers,
            crate::logging::escape(v.error.as_deref().unwrap_or(""))
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::control::VersionState;

    #[test]
    fn history_lists_newest_first_with_state_and_workers() {
        let v = |id: &str, state, workers, error: Option<&str>| VersionInfo {
            pool: "render".into(),
            id: id.into(),
            loaded_at: 1_000,
            cause: "reload".into(),
            state,
            workers,
            error: error.map(String::from),
        };
        let text = history_text(
            &[
                v("v00000003", VersionState::Failed, 0, Some("Error: boom")),
                v("v00000002", VersionState::Running, 2, None),
                v("v00000001", VersionState::Previous, 0, None),
            ],
            61_000,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("POOL"), "{text}");
        assert!(lines[1].contains("v00000003") && lines[1].contains("failed"));
        assert!(lines[1].ends_with("Error: boom"), "{text}");
        assert!(lines[2].contains("running") && lines[2].contains("      2"));
        assert!(lines[3].contains("previous"));
        assert_eq!(history_text(&[], 0), "No version loaded yet.\n");
    }
}
