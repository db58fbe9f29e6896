//! `GET /__bext/ready`: readiness, for anyone. 503 while a pool has no
//! ACTIVE worker or bextd is stopping; only admin callers are told which
//! pools (their names are the configuration's).

use futures_util::future::BoxFuture;

use super::{Access, Call, Caller, Http, HttpAnswer, Op};

pub const OP: Op = Op {
    name: "ready",
    doc: "readiness: 200 when every pool has an ACTIVE worker, else 503 (and 503 from the start of a graceful shutdown); {\"ready\", \"shutting_down\"}, and for peers that may call every admin path the pools_without_active_workers.",
    access: Access::Public,
    http: Some(Http::get("/__bext/ready", answer)),
    control: None,
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    let r = c.hub.readiness();
    let status = if r.ready { 200 } else { 503 };
    let mut body = serde_json::json!({
        "ready": r.ready,
        "shutting_down": r.shutting_down,
    });
    if c.caller == Caller::Admin {
        body["pools_without_active_workers"] = r.pools_without_active_workers.into();
    }
    Box::pin(std::future::ready(HttpAnswer::Json(
        status,
        body.to_string(),
    )))
}
