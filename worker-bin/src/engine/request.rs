//! A request's way into JS, and what the loop tells JS about it later.
//!
//! `export function handler(req)` gets a plain object built here
//! ([`request_object`]); `export default { fetch }` gets a web `Request`
//! the prelude builds from the method, the absolute URL ([`absolute_url`]),
//! the headers and the body. Later the loop may abort the request (its
//! `signal` fires) or credit its streamed answer with the bytes the client
//! took.

use protocol::worker::HttpRequest;
use rquickjs::{CatchResultExt, Ctx, Function, Object, TypedArray, Value};

use super::{Engine, caught_to_string};

impl Engine {
    /// Calls the script's request handler; reports `Done` (or a streamed
    /// answer) for `token`. `export function handler(req)` gets the plain
    /// request object; `export default { fetch }` a web `Request`.
    pub fn dispatch(&self, token: u32, id: u64, request: &HttpRequest) {
        let fetch_shape = self.fetch_shape();
        let ok = self.ctx.with(|ctx| {
            let run = || -> rquickjs::Result<()> {
                let body = TypedArray::<u8>::new(ctx.clone(), request.body.as_slice())?;
                if fetch_shape {
                    let f = self.dispatch_fetch.clone().restore(&ctx)?;
                    let headers: Vec<&str> = request
                        .headers
                        .iter()
                        .flat_map(|(k, v)| [k.as_str(), v.as_str()])
                        .collect();
                    return f.call::<_, ()>((
                        token,
                        request.method.as_str(),
                        absolute_url(request),
                        headers,
                        body,
                        request.ip.as_str(),
                    ));
                }
                let req = request_object(&ctx, id, request)?;
                let f = self.dispatch.clone().restore(&ctx)?;
                f.call::<_, ()>((token, req, body))
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

/// Builds the `req` object: `{ id, method, url, path, query, headers, ip }`
/// (the prelude adds `body`, `bytes()`, `arrayBuffer()` and `signal`).
fn request_object<'js>(ctx: &Ctx<'js>, id: u64, r: &HttpRequest) -> rquickjs::Result<Object<'js>> {
    let obj = Object::new(ctx.clone())?;
    obj.set("id", id as f64)?;
    obj.set("method", r.method.as_str())?;
    obj.set("url", r.url.as_str())?;
    let (path, query) = match r.url.split_once('?') {
        Some((p, q)) => (p, q),
        None => (r.url.as_str(), ""),
    };
    obj.set("path", path)?;
    obj.set("query", query_object(ctx, query)?)?;
    obj.set("headers", headers_object(ctx, &r.headers)?)?;
    // `body` (the text) is made by the prelude on first read: a handler
    // that reads `req.bytes()` never pays for decoding.
    obj.set("ip", r.ip.as_str())?;
    Ok(obj)
}

/// `req.query`: each key of the query string to its value; a repeated key
/// becomes an array of its values, in order.
fn query_object<'js>(ctx: &Ctx<'js>, query: &str) -> rquickjs::Result<Object<'js>> {
    let q = Object::new(ctx.clone())?;
    for (k, v) in url::form_urlencoded::parse(query.as_bytes()) {
        match q.get::<_, Value>(k.as_ref())? {
            prev if prev.is_undefined() => q.set(k.as_ref(), v.as_ref())?,
            prev => {
                let arr = match prev.as_array() {
                    Some(a) => a.clone(),
                    None => {
                        let a = rquickjs::Array::new(ctx.clone())?;
                        a.set(0, prev)?;
                        a
                    }
                };
                arr.set(arr.len(), v.as_ref())?;
                q.set(k.as_ref(), arr)?;
            }
        }
    }
    Ok(q)
}

/// `req.headers`: each header name to its value; repeated headers are
/// joined with `, `, as Node does for most of them. Joined here, so each
/// name is set once and never read back from JS.
fn headers_object<'js>(
    ctx: &Ctx<'js>,
    headers: &[(String, String)],
) -> rquickjs::Result<Object<'js>> {
    let obj = Object::new(ctx.clone())?;
    for (i, (k, v)) in headers.iter().enumerate() {
        if headers[..i].iter().any(|(seen, _)| seen == k) {
            continue; // joined with its first occurrence
        }
        let mut same = headers[i + 1..].iter().filter(|(o, _)| o == k).peekable();
        if same.peek().is_none() {
            obj.set(k.as_str(), v.as_str())?;
        } else {
            let mut joined = v.clone();
            for (_, more) in same {
                joined.push_str(", ");
                joined.push_str(more);
            }
            obj.set(k.as_str(), joined)?;
        }
    }
    Ok(obj)
}
