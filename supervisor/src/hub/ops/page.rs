//! `GET /__bext/`: the status page, rendered from this second's view.

use futures_util::future::BoxFuture;

use super::{Access, Call, Http, HttpAnswer, Op};
use crate::hub::{page, status};

pub const OP: Op = Op {
    name: "status page",
    doc: "the status page: every pool (route, size and bounds, queue, req/s, p50/p99 latency, 429/502/503/504 answers, with charts), every worker (state, pid, generation, uptime, requests, in flight, RSS with a sparkline against max_memory_mb, JS heap with its growth per 1,000 requests (leaking workers marked), restarts, last exit and rotation reason), jobs, the container's limits and the events feed; readable without JavaScript, live with it; filter, sort and only-what-is-wrong in the URL (q, sort, wrong=1); app.js and app.css beside it.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/", answer)),
    control: None,
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move {
        let rows = c.hub.workers().await;
        let view = status::view(c.hub, &rows).await;
        let events = crate::history::feed().since(0, 200);
        let history = c.hub.history.lock().unwrap();
        let o = page::Options::parse(c.req.query);
        HttpAnswer::Html(page::render(&view, &history, &events, &o))
    })
}
