//! `GET /metrics`: the OpenMetrics text, one scrape at a time.

use futures_util::future::BoxFuture;

use super::{Access, Call, Http, HttpAnswer, Op};

pub const OP: Op = Op {
    name: "metrics",
    doc: "Prometheus metrics (OpenMetrics text): requests, latency, workers, jobs, the container's limits.",
    access: Access::Admin,
    http: Some(Http::get("/metrics", answer)),
    control: None,
};

fn answer(c: Call<'_>) -> BoxFuture<'_, HttpAnswer> {
    Box::pin(async move { HttpAnswer::OpenMetrics(c.hub.metrics_text().await) })
}
