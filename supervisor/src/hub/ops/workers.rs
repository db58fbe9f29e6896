//! Every worker's status row: `GET /__bext/workers`, `{"cmd":"workers"}`.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Call, Control, Http, HttpAnswer, Op, ok};
use crate::hub::Hub;

pub const OP: Op = Op {
    name: "workers",
    doc: "one status row per worker process or empty slot (id, pool, pid, generation, state, requests, render times, memory, restarts, rotation reason, last exit, ...); the control reply adds the container's limits.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/workers", answer)),
    control: Some(Control {
        kind: ControlKind::Workers,
        reply,
    }),
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move { ok(c.hub.workers().await) })
}

fn reply(hub: &Hub, _: ControlRequest) -> BoxFuture<'_, ControlReply> {
    Box::pin(async move {
        ControlReply::Workers {
            workers: hub.workers().await,
            limits: (hub.limits != crate::cgroup::Limits::default()).then_some(hub.limits),
        }
    })
}
