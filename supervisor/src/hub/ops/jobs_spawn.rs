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
    let ControlRequest::JobsSpawn {
        script,
        pool,
        daemon,
        memory_bytes,
        timeout_ms,
        data,
        retry_on_restart,
        max_attempts,
        backoff_ms,
        run_at_ms,
        delay_ms,
        priority,
        unique_key,
        unique_for_ms,
        cwd,
    } = req
    else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    let req = crate::jobs::SpawnRequest {
        id: None,
        pool,
        script,
        cwd: cwd.map(std::path::PathBuf::from),
        daemon,
        memory_bytes,
        timeout_ms: timeout_ms.unwrap_or(0),
        data: data.unwrap_or(serde_json::Value::Null),
        retry_on_restart,
        max_attempts,
        backoff_ms,
        run_at_ms,
        delay_ms,
        priority: priority.unwrap_or(0),
        unique: unique_key.map(|k| (k, unique_for_ms.unwrap_or(0))),
    };
    Box::pin(async move {
        match hub.jobs().call(Spawn(Box::new(req))).await {
            Ok((id, status)) => ControlReply::JobSpawned { id, status },
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        }
    })
}
