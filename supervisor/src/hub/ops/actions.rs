//! `POST /__bext/actions`: the status page's actions (restart, a
//! maintenance sweep, cancel a job), with `[server] admin_token` only;
//! each carried out by the op that serves it elsewhere too.

use futures_util::future::BoxFuture;
use serde_json::{Value, json};

use super::{Access, Call, Http, HttpAnswer, Method, Op};
use crate::history::{self, NewEvent};
use crate::hub::{AdminRequest, Hub};

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
        match vet(c.hub, c.req) {
            Ok(()) => {
                let (code, value) = act(c.hub, c.req.body, c.req.peer).await;
                HttpAnswer::Json(code, value.to_string())
            }
            Err((code, why)) => HttpAnswer::Plain(code, why),
        }
    })
}

/// What a page action asks.
#[derive(Debug, serde::Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
enum Action {
    Restart {
        pool: Option<String>,
        worker: Option<u32>,
    },
    Maint {
        pool: String,
    },
    Cancel {
        job: String,
    },
}

/// Why an action was refused, with its status.
type Refusal = (u16, &'static str);

/// Checks an action's token and origin (its method is the table's:
/// [`super::access::admit`] answers 405 to anything but a POST).
pub fn vet(hub: &Hub, req: &AdminRequest<'_>) -> Result<(), Refusal> {
    let Some(token) = &hub.admin.token else {
        return Err((
            403,
            "actions are off: set [server] admin_token to turn them on",
        ));
    };
    let given = req.token.unwrap_or("").as_bytes();
    if !same(given, token.0.as_bytes()) {
        return Err((403, "a valid X-Bext-Token header is needed"));
    }
    if req
        .origin
        .is_some_and(|o| !super::access::same_origin(o, req.host))
    {
        return Err((403, "foreign Origin"));
    }
    Ok(())
}

/// Constant-time comparison (the length is not a secret).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Carries out a vetted action; its result as JSON.
pub async fn act(hub: &Hub, body: &[u8], peer: &str) -> (u16, Value) {
    let action: Action = match serde_json::from_slice(body) {
        Ok(a) => a,
        Err(e) => return (400, json!({ "error": format!("bad action: {e}") })),
    };
    let (text, result) = match &action {
        Action::Restart { pool, worker } => {
            let what = match (pool, worker) {
                (Some(p), Some(w)) => format!("restart of worker {w} of pool {p}"),
                (Some(p), None) => format!("rolling restart of pool {p}"),
                _ => "rolling restart of every pool".into(),
            };
            let r = super::restart::run(hub, pool.as_deref(), *worker).await;
            (
                what,
                r.map(|n| json!({ "workers": n }))
                    .map_err(|e| e.to_string()),
            )
        }
        Action::Maint { pool } => {
            let r = super::maint::run(hub, Some(pool), None).await;
            (
                format!("maintenance sweep of pool {pool}"),
                r.map(|n| json!({ "workers": n }))
                    .map_err(|e| e.to_string()),
            )
        }
        Action::Cancel { job } => {
            let r = super::jobs_cancel::run(hub, job).await;
            (
                format!("cancel of job {job}"),
                r.map(|s| json!({ "status": s })).map_err(|e| e.to_string()),
            )
        }
    };
    let (level, status, value) = match result {
        Ok(v) => ("info", 200, v),
        Err(e) => ("warn", 409, json!({ "error": e })),
    };
    let mut e = NewEvent::new("action", level, format!("{text} asked from {peer}"));
    match &action {
        Action::Restart { pool: Some(p), .. } | Action::Maint { pool: p } => e = e.pool(p),
        Action::Cancel { job } => e = e.job(job),
        _ => {}
    }
    if let Action::Restart {
        worker: Some(w), ..
    } = action
    {
        e = e.worker(w);
    }
    history::report(e.detail(value.clone()));
    tracing::info!(peer, "status page action: {text}");
    (status, value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_compare_whole() {
        assert!(same(b"abcdefgh", b"abcdefgh"));
        assert!(!same(b"abcdefgh", b"abcdefgx"));
        assert!(!same(b"abc", b"abcdefgh"));
    }

    #[test]
    fn actions_parse_strictly() {
        let a: Action =
            serde_json::from_str(r#"{"action":"restart","pool":"render","worker":2}"#).unwrap();
        assert!(matches!(
            a,
            Action::Restart {
                worker: Some(2),
                ..
            }
        ));
        assert!(serde_json::from_str::<Action>(r#"{"action":"rm","path":"/"}"#).is_err());
    }
}
