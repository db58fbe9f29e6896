//! `{"cmd":"quarantine_clear"}`: lifts the quarantine of one pool or all.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::{Hub, HubError};

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
    let r = counted(clear(hub, pool.as_deref()), |signatures| {
        tracing::info!(
            pool = pool.as_deref().unwrap_or("*"),
            signatures,
            "quarantine cleared over the control socket"
        );
        ControlReply::Cleared { signatures }
    });
    Box::pin(std::future::ready(r))
}

/// Lifts the quarantine of one pool or every pool; returns how many
/// signatures were lifted.
fn clear(hub: &Hub, pool: Option<&str>) -> Result<u32, HubError> {
    let targets = hub.pools.targets(pool)?;
    Ok(targets.iter().map(|p| p.quarantine.clear()).sum::<usize>() as u32)
}
