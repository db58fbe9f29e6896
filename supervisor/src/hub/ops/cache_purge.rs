//! `{"cmd":"cache_purge"}`: drops stored answers from the response cache
//! of one pool or all, by path prefix and (or) tag.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, counted, misrouted};
use crate::hub::{Hub, HubError};

pub const OP: Op = Op {
    name: "cache purge",
    doc: "drops stored answers from the response cache of one pool or all: those under a path prefix and (or) with a tag, or every one; replies how many.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::CachePurge,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::CachePurge { pool, prefix, tag } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    let purged = purge(hub, pool.as_deref(), prefix.as_deref(), tag.as_deref());
    let r = counted(purged, |answers| {
        tracing::info!(
            pool = pool.as_deref().unwrap_or("*"),
            prefix = prefix.as_deref().unwrap_or(""),
            tag = tag.as_deref().unwrap_or(""),
            answers,
            "response cache purged over the control socket"
        );
        ControlReply::Purged { answers }
    });
    Box::pin(std::future::ready(r))
}

/// Drops stored answers from the response cache of `pool` (or every
/// pool): under `prefix` and (or) tagged `tag`; returns how many.
fn purge(
    hub: &Hub,
    pool: Option<&str>,
    prefix: Option<&str>,
    tag: Option<&str>,
) -> Result<u32, HubError> {
    let targets = hub.pools.targets(pool)?;
    let n: usize = targets
        .iter()
        .filter_map(|p| p.cache())
        .map(|c| c.purge(prefix, tag))
        .sum();
    Ok(n as u32)
}
