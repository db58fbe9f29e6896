//! Every job bextd keeps: `GET /__bext/jobs`, `{"cmd":"jobs_list"}`.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Call, Control, Http, HttpAnswer, Op, ok};
use crate::hub::Hub;
use crate::jobs::List;

pub const OP: Op = Op {
    name: "jobs",
    doc: "every job kept (running, queued, the latest finished) with its data and result, and the job system's counts and budget.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/jobs", answer)),
    control: Some(Control {
        kind: ControlKind::JobsList,
        reply,
    }),
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        let (jobs, stats) = c.hub.jobs().call(List).await.unwrap_or_default();
        ok(serde_json::json!({ "jobs": jobs, "stats": stats }))
    })
}

fn reply(hub: &Hub, _: ControlRequest) -> BoxFuture<'_, ControlReply> {
    Box::pin(async move {
        let (jobs, stats) = hub.jobs().call(List).await.unwrap_or_default();
        ControlReply::Jobs { jobs, stats }
    })
}
