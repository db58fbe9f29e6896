//! One job with its checkpoint: `GET /__bext/jobs/ID`,
//! `{"cmd":"jobs_show","id":…}`.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Call, Control, Http, HttpAnswer, Method, Op, misrouted, ok};
use crate::hub::Hub;
use crate::jobs::Get;

/// The path before the job's id.
const PATH: &str = "/__bext/jobs/";

pub const OP: Op = Op {
    name: "job",
    doc: "one job with its checkpoint (404, or an error reply, when bextd keeps no such job).",
    access: Access::Admin,
    http: Some(Http {
        method: Method::Get,
        path: PATH,
        param: Some("ID"),
        answer,
    }),
    control: Some(Control {
        kind: ControlKind::JobsShow,
        reply,
    }),
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        let id = c.req.path.strip_prefix(PATH).unwrap_or_default();
        match c
            .hub
            .jobs()
            .call(Get { id: id.into() })
            .await
            .ok()
            .flatten()
        {
            Some(job) => ok(job),
            None => HttpAnswer::Plain(404, "no such job"),
        }
    })
}

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::JobsShow { id } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        match hub.jobs().call(Get { id: id.clone() }).await.ok().flatten() {
            Some(job) => ControlReply::Job { job: Box::new(job) },
            None => no_job(&id),
        }
    })
}

/// The reply about a job bextd does not keep.
pub fn no_job(id: &str) -> ControlReply {
    ControlReply::Error {
        message: format!("no job {id} (finished jobs are kept up to [jobs] keep_finished)"),
    }
}
