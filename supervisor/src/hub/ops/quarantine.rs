//! The quarantined queries of death: `GET /__bext/quarantine`,
//! `{"cmd":"quarantine"}`.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Call, Control, Http, HttpAnswer, Op, ok};
use crate::hub::Hub;

pub const OP: Op = Op {
    name: "quarantine",
    doc: "the request signatures refused as queries of death (pool, method, path, body hash, since, remaining, reason).",
    access: Access::Admin,
    http: Some(Http::get("/__bext/quarantine", answer)),
    control: Some(Control {
        kind: ControlKind::Quarantine,
        reply,
    }),
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(std::future::ready(ok(c.hub.quarantined())))
}

fn reply(hub: &Hub, _: ControlRequest) -> BoxFuture<'_, ControlReply> {
    Box::pin(std::future::ready(ControlReply::Quarantine {
        entries: hub.quarantined(),
    }))
}
