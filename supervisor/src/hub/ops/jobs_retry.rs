//! `{"cmd":"jobs_retry","id":…}`: runs a failed, discarded or cancelled job again.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, misrouted};
use crate::hub::Hub;
use crate::jobs::{Get, JobsError, Retry};

pub const OP: Op = Op {
    name: "jobs retry",
    doc: "runs a failed, discarded or cancelled one-off job again, with one more attempt if it had used them all.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::JobsRetry,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::JobsRetry { id } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        let done = hub.jobs().call(Retry { id: id.clone() }).await;
        moved(hub, id, done).await
    })
}

/// The reply to a command that moved job `id` to another state (`retry`,
/// `discard`): its state now, or why it could not be moved.
pub(super) async fn moved<T>(hub: &Hub, id: String, done: Result<T, JobsError>) -> ControlReply {
    if let Err(e) = done {
        return ControlReply::Error {
            message: e.to_string(),
        };
    }
    match hub.jobs().call(Get { id: id.clone() }).await.ok().flatten() {
        Some(j) => ControlReply::JobMoved {
            id,
            status: j.status,
        },
        None => ControlReply::Error {
            message: format!("job {id} is gone"),
        },
    }
}
