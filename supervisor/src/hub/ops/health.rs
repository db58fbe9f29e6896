//! `GET /__bext/health`: liveness, for anyone. Admin callers also get the
//! jobs' counts and budget and the container's limits; the kubelet and
//! any other peer get only `{"status":"ok"}`.

use futures_util::future::BoxFuture;

use super::{Access, Call, Caller, Http, HttpAnswer, Op, ok};

pub const OP: Op = Op {
    name: "health",
    doc: "liveness: 200 {\"status\": \"ok\"} while bextd runs, through a graceful shutdown too; peers that may call every admin path also get the jobs' counts and budget (jobs) and the container's CPU and memory limits (limits).",
    access: Access::Public,
    http: Some(Http::get("/__bext/health", answer)),
    control: None,
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        if c.caller == Caller::Outsider {
            return ok(serde_json::json!({ "status": "ok" }));
        }
        let jobs = c
            .hub
            .jobs()
            .call(crate::jobs::Stats)
            .await
            .unwrap_or_default();
        ok(serde_json::json!({ "status": "ok", "jobs": jobs, "limits": c.hub.limits }))
    })
}
