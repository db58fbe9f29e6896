//! `{"cmd":"jobs_spawn",…}`: starts (or queues) a background job.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, misrouted};
use crate::hub::Hub;
use crate::jobs::Spawn;

pub const OP: Op = Op {
    name: "jobs spawn",
    doc: "starts (or queues until it fits) a background job owned by a pool: its script, data, memory, timeout, daemon, retry_on_restart, max_attempts, backoff_ms, run_at_ms, delay_ms, priority and unique_key.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::JobsSpawn,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::JobsSpawn(spec) = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        match hub.jobs().call(Spawn(spec)).await {
            Ok((id, status)) => ControlReply::JobSpawned { id, status },
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        }
    })
}
