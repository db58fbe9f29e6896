//! `{"cmd":"jobs_cancel","id":…}`: cancels a job.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, misrouted};
use crate::hub::Hub;
use crate::jobs::{Cancel, JobsError};

pub const OP: Op = Op {
    name: "jobs cancel",
    doc: "cancels a job: a queued one at once; a running one is told (job.cancelled), interrupted, then killed.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::JobsCancel,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::JobsCancel { id } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        match run(hub, &id).await {
            Ok(status) => ControlReply::JobCancelling { id, status },
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        }
    })
}

/// Cancels job `id`; returns its state then. The status page's cancel
/// button too.
pub async fn run(hub: &Hub, id: &str) -> Result<protocol::control::JobState, JobsError> {
    hub.jobs.call(Cancel { id: id.into() }).await
}
