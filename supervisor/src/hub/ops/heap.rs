//! `POST /__bext/heap?pool=P[&worker=N][&budget_ms=MS]` and
//! `{"cmd":"heap","pool":…}`: one worker's heap walk (`bext heap`).
//!
//! A walk takes a worker out of rotation for up to its budget, so over
//! HTTP it is an action: a POST with `admin_token` and no foreign
//! `Origin`, like the status page's buttons. A GET (an `<img>` on any
//! site could send one) answers 405.

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

use super::{Access, Call, Control, Http, HttpAnswer, Method, Op, misrouted, ok};
use crate::hub::{
    HEAP_WALK_BUDGET_MS, HEAP_WALK_DEPTH, HEAP_WALK_MAX_MS, HEAP_WALK_TOP, Hub, HubError,
};
use crate::pool::HeapWalk;

pub const OP: Op = Op {
    name: "heap",
    doc: "takes one worker of a pool out of rotation (worker=N, or the ACTIVE one that served most; never the last ACTIVE one), walks what its globals and its script's exports hold within budget_ms (default 2000), puts it back, and answers the largest retainers by path with their kind, entries, estimated bytes and objects, whether the walk stopped at its budget, the worker's census and its heap growth per 1,000 requests. Over HTTP only with [server] admin_token, in an X-Bext-Token header, and no foreign Origin.",
    access: Access::AdminToken,
    http: Some(Http {
        method: Method::Post,
        path: "/__bext/heap",
        param: None,
        answer,
    }),
    control: Some(Control {
        kind: ControlKind::Heap,
        reply,
    }),
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        if let Err((code, why)) = super::actions::vet(c.hub, c.req) {
            return HttpAnswer::Plain(code, why);
        }
        let (mut pool, mut worker, mut budget) = (None, None, None);
        for (k, v) in c.req.query.split('&').filter_map(|kv| kv.split_once('=')) {
            match k {
                "pool" => pool = Some(v.to_owned()),
                "worker" => match v.parse() {
                    Ok(n) => worker = Some(n),
                    Err(_) => return HttpAnswer::Plain(400, "worker must be a worker id"),
                },
                "budget_ms" => match v.parse() {
                    Ok(n) => budget = Some(n),
                    Err(_) => return HttpAnswer::Plain(400, "budget_ms must be milliseconds"),
                },
                _ => {}
            }
        }
        let Some(pool) = pool else {
            return HttpAnswer::Plain(400, "pool=NAME is required");
        };
        match run(c.hub, &pool, worker, budget).await {
            Ok(answer) => ok(answer),
            Err(e) => HttpAnswer::Json(
                409,
                serde_json::json!({ "error": e.to_string() }).to_string(),
            ),
        }
    })
}

fn reply(hub: &Hub, req: ControlRequest) -> BoxFuture<'_, ControlReply> {
    let ControlRequest::Heap {
        pool,
        worker,
        budget_ms,
    } = req
    else {
        return Box::pin(std::future::ready(misrouted(&req)));
    };
    Box::pin(async move {
        match run(hub, &pool, worker, budget_ms).await {
            Ok(answer) => ControlReply::Heap(Box::new(answer)),
            Err(e) => ControlReply::Error {
                message: e.to_string(),
            },
        }
    })
}

/// Walks the heap of one worker of `pool` (`worker`, or the ACTIVE one
/// that served most), out of rotation, and keeps the answer for the status
/// page.
async fn run(
    hub: &Hub,
    pool: &str,
    worker: Option<u32>,
    budget_ms: Option<u64>,
) -> Result<protocol::heap::HeapAnswer, HubError> {
    let p = hub.pools.named(pool)?;
    let walk = HeapWalk {
        slot: worker,
        limits: protocol::heap::WalkLimits {
            budget_ms: budget_ms
                .unwrap_or(HEAP_WALK_BUDGET_MS)
                .min(HEAP_WALK_MAX_MS),
            max_depth: HEAP_WALK_DEPTH,
            top: HEAP_WALK_TOP,
        },
    };
    let answer = p
        .call(walk)
        .await
        .map_err(|why| HubError::refused(&p, why))?;
    let mut walks = hub.walks.lock().unwrap_or_else(|e| e.into_inner());
    walks.insert(pool.to_owned(), (crate::history::unix_ms(), answer.clone()));
    Ok(answer)
}
