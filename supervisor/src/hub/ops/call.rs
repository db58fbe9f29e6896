//! `{"cmd":"call","pool":…,"params":…}`: `custom(params)` on one worker.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Control, Op, misrouted};
use crate::hub::Hub;

pub const OP: Op = Op {
    name: "call",
    doc: "runs custom(params) on the least busy worker of a pool; replies its result, or the failure with pixl-server-pool's code (429, 500, 503, 504).",
    access: Access::Admin,
    http: None,
    control: Some(Control {
        kind: ControlKind::Call,
        reply,
    }),
};

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::Call { pool, params } = req else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        let p = match hub.pools.named(&pool) {
            Ok(p) => p,
            Err(e) => {
                return ControlReply::Error {
                    message: e.to_string(),
                };
            }
        };
        match crate::pool::dispatch::call(&p, &params).await {
            Ok(value) => ControlReply::Result { value },
            Err((code, message)) => ControlReply::CallFailed { code, message },
        }
    })
}
