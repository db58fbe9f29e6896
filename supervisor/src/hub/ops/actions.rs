//! `POST /__bext/actions`: the status page's actions (restart, a
//! maintenance sweep, cancel a job), with `[server] admin_token` only.

use futures_util::future::BoxFuture;

use super::{Access, Call, Http, HttpAnswer, Method, Op};
use crate::hub::status;

pub const OP: Op = Op {
    name: "actions",
    doc: "only with [server] admin_token: {\"action\": \"restart\", \"pool\", \"worker\"}, {\"action\": \"maint\", \"pool\"} or {\"action\": \"cancel\", \"job\"}, with the token in an X-Bext-Token header and no Origin or the page's own; each one is an event in the feed.",
    access: Access::AdminToken,
    http: Some(Http {
        method: Method::Post,
        path: "/__bext/actions",
        param: None,
        answer,
    }),
    control: None,
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        match status::vet(c.hub, c.req) {
            Ok(()) => {
                let (code, value) = status::act(c.hub, c.req.body, c.req.peer).await;
                HttpAnswer::Json(code, value.to_string())
            }
            Err((code, why)) => HttpAnswer::Plain(code, why),
        }
    })
}
