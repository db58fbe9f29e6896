//! `{"cmd":"maint","pool":…,"data":…}`: a rolling maintenance sweep.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::{Hub, HubError};
use crate::pool::Maint;

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
        let n = run(hub, pool.as_deref(), data).await;
        counted(n, |workers| ControlReply::Maintaining { workers })
    })
}

/// A maintenance sweep of one pool or every pool, `data` the JSON
/// `maint()` gets; returns how many workers were queued. The status page's
/// maintenance button too.
pub async fn run(hub: &Hub, pool: Option<&str>, data: Option<String>) -> Result<u32, HubError> {
    let mut total = 0;
    for p in hub.pools.targets(pool)? {
        let maint = Maint { data: data.clone() };
        // A pool that stops meanwhile has no worker to sweep.
        total += p.call(maint).await.unwrap_or(0);
    }
    Ok(total)
}
