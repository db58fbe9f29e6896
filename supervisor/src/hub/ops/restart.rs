//! `{"cmd":"restart","pool":…,"worker":…}`: a rolling restart.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::Hub;

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
        let n = hub.restart(pool.as_deref(), worker).await;
        counted(n, |workers| {
            tracing::info!(pool = pool.as_deref().unwrap_or("*"), worker = ?worker, workers, "restart requested over the control socket");
            ControlReply::Restarting { workers }
        })
    })
}
