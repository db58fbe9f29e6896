//! `bext deploy …`: deploys of a pool's code over the control socket, and
//! the text shown for them (pure functions of the replies, unit-tested).

use std::path::Path;

use clap::Subcommand;
use protocol::control::{ControlReply, ControlRequest, VersionInfo};
use protocol::rollout::Rollout;

use crate::cli::client::{ClientError, request};

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
    /// Show each pool's canary under way: its version and the previous
    /// one, its workers, how long its window has run, and both sides'
    /// figures so far (requests, 5xx, crashes, p99).
    Status {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Promote the canary under way now: the other workers roll to its
    /// version without waiting for the window.
    Promote {
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
    },
    /// Roll back: the canary under way, or else the running version to the
    /// previous one, forked from its kept compiled code (no file is read,
    /// so it works after the files changed or were deleted).
    Rollback {
        /// The previous version's id, to be sure which one comes back.
        version: Option<String>,
        /// Only this pool.
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
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
        Some(DeployCommand::Status { pool: only, json }) => {
            let req = ControlRequest::DeployStatus {
                pool: only.clone().or_else(|| pool.clone()),
            };
            match request(socket, &req)? {
                ControlReply::Rollouts { rollouts } if *json => {
                    Ok(serde_json::to_string_pretty(&rollouts).unwrap_or_default() + "\n")
                }
                ControlReply::Rollouts { rollouts } => Ok(status_text(&rollouts)),
                other => Err(ClientError::BadReply(format!("{other:?}"))),
            }
        }
        Some(DeployCommand::Promote { pool: only }) => {
            let pool = only.clone().or_else(|| pool.clone());
            verdict(socket, &ControlRequest::DeployPromote { pool }, "Promoted")
        }
        Some(DeployCommand::Rollback {
            version,
            pool: only,
        }) => {
            let pool = only.clone().or_else(|| pool.clone());
            let version = version.clone();
            let req = ControlRequest::DeployRollback { pool, version };
            verdict(socket, &req, "Rolling back")
        }
    }
}

/// Sends a promote or rollback; its text.
fn verdict(socket: &Path, req: &ControlRequest, what: &str) -> Result<String, ClientError> {
    match request(socket, req)? {
        ControlReply::Deploying { workers, skipped } => {
            let mut out = format!("{what}: {workers} worker(s) to replace\n");
            for s in skipped {
                out.push_str(&format!("Not done in {s}\n"));
            }
            Ok(out)
        }
        other => Err(ClientError::BadReply(format!("{other:?}"))),
    }
}

/// The canaries under way, a paragraph each.
pub fn status_text(rollouts: &[Rollout]) -> String {
    if rollouts.is_empty() {
        return "No canary under way.\n".into();
    }
    let mut out = String::new();
    for r in rollouts {
        let version = r.version.as_deref().unwrap_or("(loading)");
        let previous = r.previous.as_deref().unwrap_or("-");
        let workers: Vec<String> = r.canary_workers.iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "{}: canary {version} on worker(s) {} against {previous}\n  window: {} of {} and {} canary requests\n  canary: {}\n  old:    {}\n",
            r.pool,
            workers.join(", "),
            crate::cli::format::duration(r.elapsed_ms),
            crate::cli::format::duration(r.window_ms),
            r.window_requests,
            r.canary,
            r.old
        ));
    }
    out
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
        let ago = crate::cli::format::duration(now_ms.saturating_sub(v.loaded_at));
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

    #[test]
    fn status_shows_each_canary_with_its_window_and_both_sides() {
        let r = Rollout {
            pool: "render".into(),
            version: Some("v00000002".into()),
            previous: Some("v00000001".into()),
            canary_workers: vec![0],
            elapsed_ms: 12_000,
            window_ms: 30_000,
            window_requests: 100,
            canary: "40 requests, 0 5xx".into(),
            old: "120 requests, 1 5xx".into(),
        };
        let text = status_text(&[r]);
        assert!(
            text.starts_with("render: canary v00000002 on worker(s) 0 against v00000001\n"),
            "{text}"
        );
        assert!(
            text.contains("window: 12s of 30s and 100 canary requests"),
            "{text}"
        );
        assert!(text.contains("canary: 40 requests, 0 5xx"), "{text}");
        assert!(text.contains("old:    120 requests, 1 5xx"), "{text}");
        assert_eq!(status_text(&[]), "No canary under way.\n");
    }
}
