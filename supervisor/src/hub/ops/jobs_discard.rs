//! `{"cmd":"jobs_discard","id":…}`: gives up on a queued or retryable job.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, misrouted};
use crate::hub::Hub;
use crate::jobs::Discard;

pub const OP: Op = Op {
    name: "jobs discard",
    doc: "gives up on a queued or retryable job: it is discarded, kept for inspection and bext jobs retry.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::JobsDiscard,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::JobsDiscard { id } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        let done = hub.jobs().call(Discard { id: id.clone() }).await;
        super::jobs_retry::moved(hub, id, done).await
    })
}
