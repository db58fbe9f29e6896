//! The table of admin operations: every read and command bextd offers over
//! HTTP (`/__bext/*`, `/metrics`) and over the control socket, one entry
//! each.
//!
//! An operation is a file here holding one `const` [`Op`]: its name, what
//! it does (the text of bextd(8)), who may call it ([`Access`]), its HTTP
//! path and method with the handler that answers it, and the control
//! request it serves ([`ControlKind`]) with the handler that replies. The
//! handlers decode what they need, carry it out (a command to each pool
//! it targets, [`crate::pool::PoolHandle::call`]) and encode the answer,
//! as mini-redis' commands do; [`TABLE`] lists the entries,
//! and everything else reads it: the front's routing and access checks
//! ([`access::admit`]), [`crate::hub::control`]'s dispatch, and the
//! ADMIN ENDPOINTS and CONTROL REQUESTS sections of bextd(8). The tests
//! below hold the table whole: every path unique, every kind of control
//! request served by exactly one entry.
//!
//! Adding an operation: a file here with its `OP`, and one line in
//! [`TABLE`] (with its request and reply in `protocol::control` when it
//! has one, and its verb in `cli/verbs/`). One that commands a pool sends
//! the pool a command type (`pool/core/`, one line in
//! `pool/actor/command.rs`).

pub mod access;
mod actions;
mod assets;
mod cache_purge;
mod call;
mod deploy;
mod events;
mod health;
mod heap;
mod history;
mod job;
mod jobs;
pub(super) mod jobs_cancel;
mod jobs_discard;
mod jobs_logs;
mod jobs_retry;
mod jobs_schedules;
mod jobs_spawn;
pub(super) mod maint;
mod message;
mod metrics;
mod page;
mod quarantine;
mod quarantine_clear;
mod ready;
mod reload;
pub(super) mod restart;
mod swap;
mod workers;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use futures_util::future::BoxFuture;
use protocol::control::{ControlKind, ControlReply, ControlRequest};

pub use access::{Admitted, Asking, Caller, admit, host_allowed};

use super::{Hub, HubError};

/// Every admin operation. The order is bextd(8)'s.
pub const TABLE: &[&Op] = &[
    &page::OP,
    &assets::APP_JS,
    &assets::APP_CSS,
    &history::OP,
    &events::OP,
    &actions::OP,
    &health::OP,
    &ready::OP,
    &workers::OP,
    &metrics::OP,
    &quarantine::OP,
    &quarantine_clear::OP,
    &cache_purge::OP,
    &jobs::OP,
    &jobs_schedules::OP,
    &job::OP,
    &jobs_spawn::OP,
    &jobs_cancel::OP,
    &jobs_retry::OP,
    &jobs_discard::OP,
    &jobs_logs::OP,
    &restart::OP,
    &maint::OP,
    &heap::OP,
    &swap::OP,
    &deploy::OP,
    &deploy::HISTORY,
    &deploy::STATUS,
    &deploy::PROMOTE,
    &deploy::ROLLBACK,
    &message::OP,
    &call::OP,
    &reload::OP,
];

/// One admin operation.
#[derive(Debug)]
pub struct Op {
    /// Its name in logs and docs.
    pub name: &'static str,
    /// What it does, for bextd(8).
    pub doc: &'static str,
    /// Who may call its HTTP path (the control socket admits only bextd's
    /// own user and root, whatever the operation).
    pub access: Access,
    pub http: Option<Http>,
    pub control: Option<Control>,
}

/// Who may call an admin path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone: it says nothing secret (health, readiness); peers that
    /// would pass [`Access::Admin`] may be answered more.
    Public,
    /// Peers in `admin_allow`, with a `Host` that is an IP address or a
    /// name in `admin_hosts`.
    Admin,
    /// As [`Access::Admin`], and the request carries `admin_token` (its
    /// handler checks the token, and the `Origin`).
    AdminToken,
}

impl Access {
    fn doc(self) -> &'static str {
        match self {
            Access::Public => "anyone",
            Access::Admin => "peers in admin_allow with an allowed Host",
            Access::AdminToken => "peers in admin_allow with an allowed Host, carrying admin_token",
        }
    }
}

/// The method an HTTP admin path answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// GET (and HEAD, which hyper answers without the body).
    Get,
    Post,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }

    /// Whether a request with `method` is this one.
    pub fn accepts(self, method: &str) -> bool {
        match self {
            Method::Get => method == "GET" || method == "HEAD",
            Method::Post => method == "POST",
        }
    }
}

/// Answers an admin path.
pub type HttpFn = for<'a> fn(Call<'a>) -> BoxFuture<'a, HttpAnswer>;

/// Replies to a control request of the entry's kind.
pub type ControlFn = for<'a> fn(&'a Hub, ControlRequest) -> BoxFuture<'a, ControlReply>;

/// An operation's HTTP side.
#[derive(Debug)]
pub struct Http {
    pub method: Method,
    /// The path; with `param`, the prefix before the parameter.
    pub path: &'static str,
    /// The name of the parameter that ends the path (`ID`), if any.
    pub param: Option<&'static str>,
    pub answer: HttpFn,
}

impl Http {
    pub const fn get(path: &'static str, answer: HttpFn) -> Http {
        Http {
            method: Method::Get,
            path,
            param: None,
            answer,
        }
    }

    /// Whether it answers `path`.
    pub fn matches(&self, path: &str) -> bool {
        match self.param {
            None => path == self.path,
            Some(_) => path.starts_with(self.path),
        }
    }

    /// The path as bextd(8) shows it.
    pub fn shown(&self) -> String {
        format!("{}{}", self.path, self.param.unwrap_or(""))
    }
}

/// An operation's control-socket side.
#[derive(Debug)]
pub struct Control {
    pub kind: ControlKind,
    pub reply: ControlFn,
}

/// What an HTTP handler is given.
pub struct Call<'a> {
    pub hub: &'a Hub,
    pub req: &'a AdminRequest<'a>,
    pub caller: Caller,
    /// The connection an event stream would go to.
    pub client: Option<Arc<dyn crate::history::stream::Client>>,
}

impl std::fmt::Debug for Call<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Call")
            .field("req", self.req)
            .field("caller", &self.caller)
            .finish_non_exhaustive()
    }
}

/// The answer to an admin path, for the front to send.
#[derive(Debug)]
pub enum HttpAnswer {
    /// `application/json` with this status.
    Json(u16, String),
    /// A short `text/plain` error with this status.
    Plain(u16, &'static str),
    /// The OpenMetrics text of `/metrics`.
    OpenMetrics(String),
    /// The status page (with its Content-Security-Policy).
    Html(String),
    /// An embedded file of the page, with its content type.
    Asset(&'static str, &'static str),
    /// A server-sent-events stream.
    Events(tokio::sync::mpsc::Receiver<bytes::Bytes>),
}

/// An admin request as the handlers need it.
#[derive(Debug, Default)]
pub struct AdminRequest<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub query: &'a str,
    /// `Last-Event-ID`, or the query's `last_event_id`.
    pub last_event_id: Option<u64>,
    pub origin: Option<&'a str>,
    pub host: Option<&'a str>,
    /// `X-Bext-Token`.
    pub token: Option<&'a str>,
    pub body: &'a [u8],
    pub peer: &'a str,
}

/// The operation whose HTTP path `path` is.
pub fn for_path(path: &str) -> Option<&'static Op> {
    TABLE
        .iter()
        .copied()
        .find(|op| op.http.as_ref().is_some_and(|h| h.matches(path)))
}

/// The control side of the operation serving `kind`.
pub fn for_control(kind: ControlKind) -> Option<&'static Control> {
    TABLE
        .iter()
        .find_map(|op| op.control.as_ref().filter(|c| c.kind == kind))
}

/// bextd(8)'s ADMIN ENDPOINTS: one entry per HTTP path.
pub fn endpoint_docs() -> Vec<(String, String)> {
    TABLE
        .iter()
        .filter_map(|op| {
            let http = op.http.as_ref()?;
            let term = format!("{} {}", http.method.name(), http.shown());
            let mut text = format!("{} Who: {}.", op.doc, op.access.doc());
            if let Some(c) = &op.control {
                text.push_str(&format!(
                    " Also on the control socket: {{\"cmd\": \"{}\"}}.",
                    c.kind
                ));
            }
            Some((term, text))
        })
        .collect()
}

/// bextd(8)'s CONTROL REQUESTS: one entry per request the socket serves.
pub fn control_docs() -> Vec<(String, String)> {
    TABLE
        .iter()
        .filter_map(|op| {
            let c = op.control.as_ref()?;
            let mut text = op.doc.to_string();
            if let Some(http) = &op.http {
                text.push_str(&format!(
                    " Over HTTP: {} {}.",
                    http.method.name(),
                    http.shown()
                ));
            }
            Some((format!("{{\"cmd\": \"{}\"}}", c.kind), text))
        })
        .collect()
}

/// 200 with `value` as JSON.
fn ok(value: impl serde::Serialize) -> HttpAnswer {
    HttpAnswer::Json(200, serde_json::to_string(&value).unwrap_or_default())
}

/// The reply for a count, or the error that prevented it.
fn counted(n: Result<u32, HubError>, ok: impl FnOnce(u32) -> ControlReply) -> ControlReply {
    match n {
        Ok(n) => ok(n),
        Err(e) => ControlReply::Error {
            message: e.to_string(),
        },
    }
}

/// The reply of a handler given a request of another kind, which the
/// dispatch by kind never does.
fn misrouted(req: &ControlRequest) -> ControlReply {
    ControlReply::Error {
        message: format!(
            "bextd routed a {} request to the wrong handler",
            ControlKind::from(req)
        ),
    }
}
