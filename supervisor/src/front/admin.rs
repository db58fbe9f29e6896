//! The admin paths (`/__bext/*`, `/metrics`): each is one read of the
//! [`Hub`], answered as JSON (or OpenMetrics text). The control socket
//! reads the same things through the same calls.

use hyper::header::{CONTENT_TYPE, HeaderValue};
use hyper::{Response, StatusCode};

use super::{Reply, body, json, plain};
use crate::hub::Hub;

/// Whether `path` is an admin path (answered here, never by a worker).
pub fn is_admin(path: &str) -> bool {
    path.starts_with("/__bext/") || path == "/metrics"
}

/// Answers the admin path `path`.
pub async fn answer(hub: &Hub, path: &str) -> Reply {
    match path {
        "/__bext/health" => {
            let jobs = hub.jobs().stats().await;
            ok(serde_json::json!({ "status": "ok", "jobs": jobs }))
        }
        "/__bext/jobs" => {
            let (jobs, stats) = hub.jobs().list().await;
            ok(serde_json::json!({ "jobs": jobs, "stats": stats }))
        }
        p if p.starts_with("/__bext/jobs/") => {
            match hub.jobs().get(&p["/__bext/jobs/".len()..]).await {
                Some(job) => ok(job),
                None => plain(StatusCode::NOT_FOUND, "no such job"),
            }
        }
        "/__bext/ready" => readiness(hub),
        "/__bext/quarantine" => ok(hub.quarantined()),
        "/__bext/workers" => ok(hub.workers().await),
        "/metrics" => {
            let mut r = Response::new(body::full(hub.metrics_text().await));
            r.headers_mut().insert(
                CONTENT_TYPE,
                HeaderValue::from_static(
                    "application/openmetrics-text; version=1.0.0; charset=utf-8",
                ),
            );
            r
        }
        _ => plain(StatusCode::NOT_FOUND, "unknown admin path"),
    }
}

/// 200 with `value` as JSON.
fn ok(value: impl serde::Serialize) -> Reply {
    json(
        StatusCode::OK,
        serde_json::to_string(&value).unwrap_or_default(),
    )
}

/// 200 when every pool has an ACTIVE worker, else 503; the body says which
/// pools have none.
fn readiness(hub: &Hub) -> Reply {
    let r = hub.readiness();
    let body = serde_json::json!({
        "ready": r.ready,
        "pools_without_active_workers": r.pools_without_active_workers,
    });
    let status = if r.ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    json(status, body.to_string())
}
