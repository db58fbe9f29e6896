//! `{"cmd":"message","pool":…,"data":…}`: a broadcast to a pool's workers.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::{Hub, HubError};
use crate::pool::Message;

pub const OP: Op = Op {
    name: "message",
    doc: "sends data to message(data) of every worker of a pool; replies how many got it.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::Message,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::Message { pool, data } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        let n = run(hub, &pool, data.to_string()).await;
        counted(n, |workers| ControlReply::Sent { workers })
    })
}

/// Sends `message(data)` to every worker of `pool`; returns how many got
/// it (none once the pool has stopped).
async fn run(hub: &Hub, pool: &str, data: String) -> Result<u32, HubError> {
    let p = hub.pools.named(pool)?;
    Ok(p.call(Message { data }).await.unwrap_or(0))
}
