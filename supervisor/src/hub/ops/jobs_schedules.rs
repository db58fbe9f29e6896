//! The recurring jobs of every pool: `GET /__bext/jobs/schedules`,
//! `{"cmd":"jobs_schedules"}`.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Call, Control, Http, HttpAnswer, Op, ok};
use crate::hub::Hub;
use crate::jobs::Schedules;

pub const OP: Op = Op {
    name: "jobs schedules",
    doc: "the recurring jobs of every pool ([[POOL.schedules]]): expression, zone, script, missed-run policy and next run.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/jobs/schedules", answer)),
    control: Some(Control {
        kind: ControlKind::JobsSchedules,
        reply,
    }),
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        let schedules = c.hub.jobs().call(Schedules).await.unwrap_or_default();
        ok(serde_json::json!({ "schedules": schedules }))
    })
}

fn reply(hub: &Hub, _: ControlRequest) -> BoxFuture<'_, ControlReply> {
    Box::pin(async move {
        ControlReply::JobSchedules {
            schedules: hub.jobs().call(Schedules).await.unwrap_or_default(),
        }
    })
}
