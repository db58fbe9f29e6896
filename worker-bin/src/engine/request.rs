//! A request's way into JS, and what the loop tells JS about it later.
//!
//! `export function handler(req)` gets a plain object (built in `req`,
//! its costly fields made on first read); `export default { fetch }` gets a web `Request`
//! the prelude builds from the method, the absolute URL ([`absolute_url`]),
//! the headers and the body. Later the loop may abort the request (its
//! `signal` fires) or credit its streamed answer with the bytes the client
//! took.

use protocol::worker::HttpRequest;
use rquickjs::{CatchResultExt, Function, TypedArray};

use super::req::{header_value, request_object};
use super::{Engine, caught_to_string};

impl Engine {
    /// Calls the script's request handler; reports `Done` (or a streamed
    /// answer) for `token`. `export function handler(req)` gets the plain
    /// request object; `export default { fetch }` a web `Request`. The
    /// request moves in: `req` keeps its headers and body until it is
    /// collected.
    pub fn dispatch(&self, token: u32, id: u64, request: HttpRequest) {
        let fetch_shape = self.fetch_shape();
        let ok = self.ctx.with(|ctx| {
            let run = || -> rquickjs::Result<()> {
                if fetch_shape {
                    let body = TypedArray::<u8>::new(ctx.clone(), request.body.as_slice())?;
                    let f = self.dispatch_fetch.clone().restore(&ctx)?;
                    let headers: Vec<&str> = request
                        .headers
                        .iter()
                        .flat_map(|(k, v)| [k.as_str(), v.as_str()])
                        .collect();
                    return f.call::<_, ()>((
                        token,
                        request.method.as_str(),
                        absolute_url(&request),
                        headers,
                        body,
                        request.ip.as_str(),
                    ));
                }
                // The trace context is read here, so that a traced request
                // does not make `req.headers` for it.
                let tp = header_value(&request.headers, "traceparent").map(|v| v.into_owned());
                let ts = tp
                    .as_ref()
                    .and_then(|_| header_value(&request.headers, "tracestate"))
                    .map(|v| v.into_owned());
                let req = request_object(&ctx, &self.req_shape, token, id, request)?;
                let f = self.dispatch.clone().restore(&ctx)?;
                f.call::<_, ()>((token, req, tp, ts))
            };
            run().catch(&ctx).map_err(caught_to_string)
        });
        if let Err(e) = ok {
            self.escaped("handler", e);
        }
    }

    /// Whether the loaded script answers through `export default { fetch }`
    /// (asked once, after the load).
    fn fetch_shape(&self) -> bool {
        if let Some(yes) = self.fetch_shape.get() {
            return yes;
        }
        let yes = self.ctx.with(|ctx| {
            let ask = || -> rquickjs::Result<bool> {
                let glue = self.glue.clone().restore(&ctx)?;
                let f: Function = glue.get("usesFetch")?;
                f.call(())
            };
            ask().unwrap_or(false)
        });
        self.fetch_shape.set(Some(yes));
        yes
    }

    /// Fires `req.signal` of the request started with `token`, with an
    /// `AbortError` (`timeout` false: the client went away) or a
    /// `TimeoutError` DOMException as its reason. Nothing happens if the
    /// request already answered.
    pub fn abort(&self, token: u32, timeout: bool) {
        self.call_glue("abort", |_, f| f.call::<_, ()>((token, timeout)));
    }

    /// The client took `bytes` of `token`'s streamed body: its stream may
    /// produce that much more, and goes on if it was waiting.
    pub fn credit(&self, token: u32, bytes: i64) {
        let reopened = {
            let mut windows = self.host.windows.borrow_mut();
            let Some(w) = windows.get_mut(&token) else {
                return;
            };
            let was_closed = *w <= 0;
            *w += bytes;
            was_closed && *w > 0
        };
        if reopened {
            self.call_glue("credit", |_, f| f.call::<_, ()>((token,)));
        }
    }

    /// `token`'s streamed answer is over (ended, failed, timed out or
    /// cancelled): its stream gets no more credit.
    pub fn forget_stream(&self, token: u32) {
        self.host.windows.borrow_mut().remove(&token);
    }
}

/// The request's absolute URL for a web `Request`: the scheme from
/// `x-forwarded-proto` (else `http`), the authority from `host` (else
/// `localhost`), then the path and query as received.
fn absolute_url(r: &HttpRequest) -> String {
    let header = |name: &str| {
        r.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let scheme = match header("x-forwarded-proto") {
        Some(p) if p.eq_ignore_ascii_case("https") => "https",
        _ => "http",
    };
    let host = header("host")
        .filter(|h| !h.is_empty() && !h.contains(['/', '?', '#', '@', ' ']))
        .unwrap_or("localhost");
    let path = if r.url.starts_with('/') {
        r.url.as_str()
    } else {
        "/"
    };
    format!("{scheme}://{host}{path}")
}
