//! `{"cmd":"deploy","pool":…}`: a deploy of the code on disk, and
//! `{"cmd":"deploy_history","pool":…}`: the versions each pool loaded.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, misrouted};
use crate::hub::Hub;

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
        match hub.deploy(pool.as_deref()).await {
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
        match hub.versions(pool.as_deref()).await {
            Ok(versions) => ControlReply::Versions { versions },
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        }
    })
}
