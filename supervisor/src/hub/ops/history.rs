//! `GET /__bext/history?res=1s|30s&last=N&workers=0|1`: the history as
//! JSON.

use futures_util::future::BoxFuture;

use super::{Access, Call, Http, HttpAnswer, Op, ok};
use crate::history::ring::Resolution;
use crate::hub::Hub;

pub const OP: Op = Op {
    name: "history",
    doc: "the history as JSON: per pool and per worker slot, one sample a second for 10 minutes (res=1s) or one every 30 s for 6 hours (res=30s), the last N (last=N; workers=0 leaves the slots out), the kept events, the history's memory_bytes and the open and dropped streams.",
    access: Access::Admin,
    http: Some(Http::get("/__bext/history", answer)),
    control: None,
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(std::future::ready(history_json(c.hub, c.req.query)))
}

fn history_json(hub: &Hub, query: &str) -> HttpAnswer {
    let mut res = Resolution::Fine;
    let mut last = usize::MAX;
    let mut slots = true;
    for (k, v) in query.split('&').filter_map(|kv| kv.split_once('=')) {
        match k {
            "res" => match Resolution::parse(v) {
                Some(r) => res = r,
                None => return HttpAnswer::Plain(400, "res must be 1s or 30s"),
            },
            "last" => match v.parse() {
                Ok(n) => last = n,
                Err(_) => return HttpAnswer::Plain(400, "last must be a count"),
            },
            "workers" => slots = v != "0",
            _ => {}
        }
    }
    let mut value = hub.history.lock().unwrap().json(res, last, slots);
    let feed = crate::history::feed();
    value["events"] = serde_json::to_value(
        feed.since(0, crate::history::feed::KEPT)
            .iter()
            .map(|e| &**e)
            .collect::<Vec<_>>(),
    )
    .unwrap_or_default();
    value["events_bytes"] = feed.bytes().into();
    let (open, dropped) = feed.stream_counts();
    value["streams"] = serde_json::json!({ "open": open, "dropped": dropped });
    ok(value)
}
