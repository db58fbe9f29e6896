//! `{"cmd":"maint","pool":…,"data":…}`: a rolling maintenance sweep.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::Hub;

pub const OP: Op = Op {
    name: "maint",
    doc: "a rolling maintenance sweep of one pool or of every pool: each worker runs maint(data), a few at a time; replies how many workers.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::Maint,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::Maint { pool, data } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        let data = data.map(|d| d.to_string());
        let n = hub.maint(pool.as_deref(), data).await;
        counted(n, |workers| ControlReply::Maintaining { workers })
    })
}
