//! `{"cmd":"jobs_logs","id":…}`: a job's log.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::job::no_job;
use super::{Access, Control, Op, misrouted};
use crate::hub::Hub;
use crate::jobs::Logs;

pub const OP: Op = Op {
    name: "jobs logs",
    doc: "a job's log: its job.log and console.* lines.",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::JobsLogs,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::JobsLogs { id } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        match hub
            .jobs()
            .call(Logs { id: id.clone() })
            .await
            .ok()
            .flatten()
        {
            Some(logs) => ControlReply::JobLogs { id, logs },
            None => no_job(&id),
        }
    })
}
