//! `{"cmd":"quarantine_clear"}`: lifts the quarantine of one pool or all.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::Hub;

pub const OP: Op = Op {
    name: "quarantine clear",
    doc: "lifts every quarantine, of one pool or of all; replies how many signatures.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::QuarantineClear,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::QuarantineClear { pool } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    let r = counted(hub.clear_quarantine(pool.as_deref()), |signatures| {
        tracing::info!(
            pool = pool.as_deref().unwrap_or("*"),
            signatures,
            "quarantine cleared over the control socket"
        );
        ControlReply::Cleared { signatures }
    });
    Box::pin(std::future::ready(r))
}
