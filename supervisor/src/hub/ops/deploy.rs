//! `{"cmd":"deploy","pool":…}`: a deploy of the code on disk;
//! `{"cmd":"deploy_history","pool":…}`: the versions each pool loaded;
//! `deploy_status`, `deploy_promote`, `deploy_rollback` (`"version":…`):
//! the canary under way, and an operator's verdict on it or on the running
//! version.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, misrouted};
use crate::hub::{Hub, HubError};
use crate::pool::{RolloutAnswer, RolloutOp, Status};

pub const OP: Op = Op {
    name: "deploy",
    doc: "deploys the code on disk to every pool, or one: a rolling restart whose new workers load the files again, as a new version; a deploy whose first worker fails to load stops, the running version keeps every worker; replies how many slots, and the pools skipped.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::Deploy,
        reply,
    }),
};

pub const HISTORY: Op = Op {
    name: "deploy_history",
    doc: "each pool's versions (or one pool's), newest first: id, when and why loaded, state (running, previous, failed, retired), workers on it, and a failed one's error.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::DeployHistory,
        reply: history,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::Deploy { pool } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        match deploy(hub, pool.as_deref()).await {
            Ok((workers, skipped)) => {
                tracing::info!(
                    pool = pool.as_deref().unwrap_or("*"),
                    workers,
                    "deploy requested over the control socket"
                );
                ControlReply::Deploying { workers, skipped }
            }
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        }
    })
}

fn history(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::DeployHistory { pool } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        match versions(hub, pool.as_deref()).await {
            Ok(versions) => ControlReply::Versions { versions },
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        }
    })
}

/// Deploys the code on disk to one pool or every pool; returns how many
/// slots, and the pools skipped with why.
async fn deploy(hub: &Hub, pool: Option<&str>) -> Result<(u32, Vec<String>), HubError> {
    let (mut total, mut skipped) = (0, Vec::new());
    for p in hub.pools.targets(pool)? {
        match p.deploy(crate::pool::version::Cause::Command).await {
            Ok((n, _)) => total += n,
            Err(e) => skipped.push(format!("{}: {e}", p.name)),
        }
    }
    Ok((total, skipped))
}

/// The versions of one pool or every pool, newest first, with how many
/// workers run each.
async fn versions(
    hub: &Hub,
    pool: Option<&str>,
) -> Result<Vec<protocol::control::VersionInfo>, HubError> {
    let mut out = Vec::new();
    for p in hub.pools.targets(pool)? {
        let rows = p.call(Status).await.unwrap_or_default();
        let on = |id: &str| {
            rows.iter()
                .filter(|r| r.pid.is_some() && r.version.as_deref() == Some(id))
                .count() as u32
        };
        out.extend(p.versions.history(&p.name, on));
    }
    Ok(out)
}

pub const STATUS: Op = Op {
    name: "deploy_status",
    doc: "each pool's canary under way (or one pool's): its version, the previous one, its workers, how long its window has run of its minimum time and requests, and both sides' figures so far (requests, 5xx, crashes, p99).",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::DeployStatus,
        reply: rollout,
    }),
};

pub const PROMOTE: Op = Op {
    name: "deploy_promote",
    doc: "promotes the canary under way in every pool (or one) now, without waiting for its window: the other workers roll to it; replies how many.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::DeployPromote,
        reply: rollout,
    }),
};

pub const ROLLBACK: Op = Op {
    name: "deploy_rollback",
    doc: "rolls back every pool (or one): its canary under way, or else its running version to the previous one, kept compiled (no file is read); version, if given, must name the previous version; replies how many workers are replaced.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::DeployRollback,
        reply: rollout,
    }),
};

fn rollout(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let (pool, op) = match req {
        ControlRequest::DeployStatus { pool } => (pool, RolloutOp::Status),
        ControlRequest::DeployPromote { pool } => (pool, RolloutOp::Promote),
        ControlRequest::DeployRollback { pool, version } => (pool, RolloutOp::Rollback(version)),
        other => return Box::pin(std::future::ready(misrouted(&other))),
    };
    Box::pin(async move {
        let pools = match hub.pools.targets(pool.as_deref()) {
            Ok(p) => p,
            Err(e) => {
                return ControlReply::Error {
                    message: e.to_string(),
                };
            }
        };
        let (mut rollouts, mut workers, mut errors) = (Vec::new(), 0, Vec::new());
        for p in pools {
            match p.call(op.clone()).await {
                Ok(RolloutAnswer::Status(r)) => rollouts.extend(r),
                Ok(RolloutAnswer::Workers(n)) => workers += n,
                Err(e) => errors.push(format!("{}: {e}", p.name)),
            }
        }
        tracing::info!(
            pool = pool.as_deref().unwrap_or("*"),
            ?op,
            workers,
            "deploy command over the control socket"
        );
        match op {
            RolloutOp::Status => ControlReply::Rollouts { rollouts },
            _ if workers == 0 && !errors.is_empty() => ControlReply::Error {
                message: errors.join("; "),
            },
            _ => ControlReply::Deploying {
                workers,
                skipped: errors,
            },
        }
    })
}
