//! `{"cmd":"restart","pool":…,"worker":…}`: a rolling restart.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::{Hub, HubError};
use crate::pool::{Reason, Restart};

pub const OP: Op = Op {
    name: "restart",
    doc: "graceful rolling restart of every worker, of one pool, or of one worker slot of a pool; slots that gave up start again; replies how many slots.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::Restart,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::Restart { pool, worker } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        let n = run(hub, pool.as_deref(), worker).await;
        counted(n, |workers| {
            tracing::info!(pool = pool.as_deref().unwrap_or("*"), worker = ?worker, workers, "restart requested over the control socket");
            ControlReply::Restarting { workers }
        })
    })
}

/// Rolling restart of one pool's workers (or one slot), or of every
/// pool's; returns how many slots. The status page's restart buttons too.
pub async fn run(hub: &Hub, pool: Option<&str>, worker: Option<u32>) -> Result<u32, HubError> {
    if pool.is_none() && worker.is_some() && hub.pools.all().len() > 1 {
        return Err(HubError::WorkerNeedsPool);
    }
    let mut total = 0;
    for p in hub.pools.targets(pool)? {
        let restart = Restart {
            slot: worker,
            reason: Reason::Restart,
        };
        total += p
            .call(restart)
            .await
            .map_err(|why| HubError::refused(&p, why))?;
    }
    Ok(total)
}
