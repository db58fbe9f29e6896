//! The admin paths (`/__bext/*`, `/metrics`), answered by the front and
//! never by a worker: the hub's table admits the caller
//! (`hub::ops::admit`), then its operation answers, and this file turns
//! that answer into HTTP (the status page with its policy, events, JSON).

use std::net::SocketAddr;
use std::sync::Arc;

use hyper::body::Incoming;
use hyper::header::{CONTENT_TYPE, HOST, HeaderValue};
use hyper::{Request, Response, StatusCode};

use super::{Front, Reply, body, conn, intake_refused, json, plain};
use crate::hub::{self, HttpAnswer};

impl Front {
    /// An admin path, once the hub's table admits the caller.
    pub(super) async fn admin(&self, peer: SocketAddr, req: Request<Incoming>) -> Reply {
        // An absolute URI's authority wins over Host (RFC 9112 §3.2.2); a
        // Host that is not text matches no allowed name.
        let host = req.uri().authority().map(|a| a.as_str()).or_else(|| {
            req.headers()
                .get(HOST)
                .map(|v| v.to_str().unwrap_or_default())
        });
        let text = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
        let asking = hub::ops::Asking {
            method: req.method().as_str(),
            path: req.uri().path(),
            host,
            origin: text("origin"),
            fetch_site: text("sec-fetch-site"),
        };
        let admitted = match hub::ops::admit(self.hub.admin_policy(), peer.ip(), &asking) {
            Ok(a) => a,
            Err(refused) => {
                // Debug only: anyone can send these, as often as they like.
                tracing::debug!(
                    %peer,
                    path = %crate::logging::untrusted(req.uri().path()),
                    host = %crate::logging::untrusted(host.unwrap_or("")),
                    answer = ?refused,
                    "admin path refused"
                );
                return admin_reply(refused);
            }
        };
        let (parts, body) = req.into_parts();
        let body = if parts.method == hyper::Method::POST {
            // Under the same deadline and budget as any body.
            match self.intake.read(body, ADMIN_BODY_BYTES, None).await {
                Ok((b, _held)) => b,
                Err(refused) => return intake_refused(refused),
            }
        } else {
            bytes::Bytes::new()
        };
        let header = |name: &str| parts.headers.get(name).and_then(|v| v.to_str().ok());
        let query = parts.uri.query().unwrap_or("");
        let last_event_id = header("last-event-id")
            .or_else(|| {
                query
                    .split('&')
                    .find_map(|kv| kv.strip_prefix("last_event_id="))
            })
            .and_then(|v| v.trim().parse().ok());
        let peer_text = peer.to_string();
        let admin = hub::AdminRequest {
            method: parts.method.as_str(),
            path: parts.uri.path(),
            query,
            last_event_id,
            origin: header("origin"),
            host: header("host"),
            token: header("x-bext-token"),
            body: &body,
            peer: &peer_text,
        };
        let client = parts
            .extensions
            .get::<Arc<conn::Clock>>()
            .map(|c| c.clone() as Arc<dyn crate::history::stream::Client>);
        admin_reply(hub::admin(&self.hub, admitted, &admin, client).await)
    }
}

/// The HTTP response for what the hub answered an admin path.
fn admin_reply(answer: HttpAnswer) -> Reply {
    match answer {
        HttpAnswer::Html(html) => page(html),
        HttpAnswer::Asset(content_type, text) => {
            let mut r = Response::new(body::full(text));
            let h = r.headers_mut();
            h.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
            h.insert(NOSNIFF.0, HeaderValue::from_static(NOSNIFF.1));
            h.insert(
                hyper::header::CACHE_CONTROL,
                HeaderValue::from_static("no-cache"),
            );
            r
        }
        HttpAnswer::Events(rx) => {
            let stream = body::EventsBody(rx);
            let mut r = Response::new(http_body_util::Either::Right(
                http_body_util::Either::Right(stream),
            ));
            let h = r.headers_mut();
            h.insert(CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
            h.insert(
                hyper::header::CACHE_CONTROL,
                HeaderValue::from_static("no-store"),
            );
            r
        }
        HttpAnswer::Json(status, body) => json(status_code(status), body),
        HttpAnswer::Plain(status, text) => plain(status_code(status), text),
        HttpAnswer::OpenMetrics(text) => {
            let mut r = Response::new(body::full(text));
            r.headers_mut().insert(
                CONTENT_TYPE,
                HeaderValue::from_static(
                    "application/openmetrics-text; version=1.0.0; charset=utf-8",
                ),
            );
            r
        }
    }
}

/// The largest admin request body (a status page action).
const ADMIN_BODY_BYTES: u64 = 16 * 1024;

const NOSNIFF: (&str, &str) = ("x-content-type-options", "nosniff");

/// The status page, with its policy: nothing inline, nothing from elsewhere.
fn page(html: String) -> Reply {
    let mut r = Response::new(body::full(html));
    let h = r.headers_mut();
    h.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        hyper::header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(hub::page::CSP),
    );
    h.insert(NOSNIFF.0, HeaderValue::from_static(NOSNIFF.1));
    h.insert(
        hyper::header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        hyper::header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    );
    r
}

fn status_code(status: u16) -> StatusCode {
    StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}
