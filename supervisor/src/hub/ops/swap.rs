//! `{"cmd":"swap","pool":…}`: hot-swaps workers in place.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::{Hub, HubError};
use crate::pool::Swap;

pub const OP: Op = Op {
    name: "swap",
    doc: "hot-swaps every worker of one pool or of every pool in place (swap(changes)), one at a time; replies how many workers.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::Swap,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::Swap { pool } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        counted(run(hub, pool.as_deref()).await, |workers| {
            tracing::info!(
                pool = pool.as_deref().unwrap_or("*"),
                workers,
                "hot-swap requested over the control socket"
            );
            ControlReply::Swapping { workers }
        })
    })
}

/// Hot-swaps one pool's workers or every pool's; returns how many workers
/// were queued.
async fn run(hub: &Hub, pool: Option<&str>) -> Result<u32, HubError> {
    let changes = crate::reload::classify::manual_changes();
    let mut workers = 0;
    for p in hub.pools.targets(pool)? {
        let swap = Swap {
            changes: changes.clone(),
        };
        workers += p.call(swap).await.unwrap_or(0);
    }
    Ok(workers)
}
