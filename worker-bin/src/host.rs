//! The Rust functions behind the web globals and the request glue.
//!
//! They are installed on one object that `js/prelude.js` receives as `host`
//! and keeps private. What they produce for the outside world (log lines,
//! finished requests) is queued in [`HostState`]; the serve loop takes it from
//! there after each turn of the engine, so no JS call ever does I/O.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use protocol::worker::{HttpResponse, LogLevel};
use rquickjs::{Array, Ctx, Exception, Function, Object, Result, TypedArray, Value, function::Opt};

/// The end of one JS call the serve loop is waiting for (a request, the
/// module load, or a hook such as `startup`).
#[derive(Debug)]
pub enum HostEvent {
    Log {
        level: LogLevel,
        message: String,
    },
    Done {
        token: u32,
        result: std::result::Result<HttpResponse, JsFailure>,
    },
    /// `bext.sendMessage(data)`, as JSON.
    Message {
        data_json: String,
    },
    /// The request for `token` needs an export the script lacks (`custom`).
    Missing {
        token: u32,
        export: String,
    },
    /// A promise was rejected and still had no handler once the promise
    /// jobs had run; `reason` is the error's text (with its stack).
    Unhandled {
        reason: String,
    },
    /// `job.progress(p)`, in a job process.
    JobProgress(f64),
    /// `job.checkpoint(obj)`, as JSON (size already checked).
    JobCheckpoint(String),
    /// `bext.jobs.spawn/get/cancel`: a call for the master to answer.
    JobCall {
        query: u64,
        call: protocol::worker::JobCall,
    },
    /// `ctx.waitUntil(promise)` began (+1) or its promise settled (-1).
    Background(i32),
    /// The status and headers of `token`'s streamed answer.
    Head {
        token: u32,
        status: u16,
        headers: Vec<(String, String)>,
    },
    /// The next piece of `token`'s streamed body.
    Chunk {
        token: u32,
        data: Vec<u8>,
    },
    /// `token`'s streamed body ended.
    StreamEnd {
        token: u32,
    },
    /// `fetch()` was called.
    FetchStart(crate::fetch::FetchRequest),
    /// A `fetch()` was aborted (its signal, or its body cancelled).
    FetchAbort {
        id: u32,
    },
}

/// A JS error, already turned into text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsFailure {
    pub message: String,
    pub stack: String,
}

impl JsFailure {
    /// Message and stack on one block of text, for logs.
    pub fn describe(&self) -> String {
        if self.stack.is_empty() {
            self.message.clone()
        } else {
            format!("{}\n{}", self.message, self.stack.trim_end())
        }
    }
}

/// Timer deadlines; the callbacks themselves stay in JS.
#[derive(Debug, Default)]
pub struct Timers {
    due: BTreeSet<(Instant, u32)>,
    by_id: HashMap<u32, Instant>,
}

impl Timers {
    pub fn arm(&mut self, id: u32, at: Instant) {
        self.cancel(id);
        self.due.insert((at, id));
        self.by_id.insert(id, at);
    }

    pub fn cancel(&mut self, id: u32) {
        if let Some(at) = self.by_id.remove(&id) {
            self.due.remove(&(at, id));
        }
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.due.first().map(|(at, _)| *at)
    }

    /// Removes and returns the first timer due at or before `now`.
    pub fn pop_due(&mut self, now: Instant) -> Option<u32> {
        let &(at, id) = self.due.first()?;
        if at > now {
            return None;
        }
        self.due.remove(&(at, id));
        self.by_id.remove(&id);
        Some(id)
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

/// State the host functions share with the engine.
#[derive(Debug)]
pub struct HostState {
    pub events: RefCell<Vec<HostEvent>>,
    pub timers: RefCell<Timers>,
    /// What `bext.jobs` and the `job` object need (see `host_jobs`).
    pub jobs: crate::host_jobs::JobHost,
    /// Bytes each streamed answer (by token) may still produce before it
    /// waits for the client (see `protocol::worker::STREAM_WINDOW_BYTES`).
    pub windows: RefCell<HashMap<u32, i64>>,
    origin: Instant,
    origin_unix_ms: f64,
}

impl Default for HostState {
    fn default() -> Self {
        HostState::new()
    }
}

impl HostState {
    pub fn new() -> Self {
        let unix = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        HostState {
            events: RefCell::default(),
            timers: RefCell::default(),
            jobs: crate::host_jobs::JobHost::default(),
            windows: RefCell::default(),
            origin: Instant::now(),
            origin_unix_ms: unix.as_secs_f64() * 1000.0,
        }
    }

    pub(crate) fn push(&self, event: HostEvent) {
        self.events.borrow_mut().push(event);
    }
}

fn level_of(n: i32) -> LogLevel {
    match n {
        0 => LogLevel::Error,
        1 => LogLevel::Warn,
        3 => LogLevel::Debug,
        _ => LogLevel::Info,
    }
}

/// A response's status: an integer from 100 to 599 (`200.7`, `"200"`,
/// `NaN` and `600` are errors, reported as the handler's).
fn http_status(v: &Value<'_>) -> std::result::Result<u16, String> {
    let n = v.as_int().map(f64::from).or_else(|| v.as_float());
    match n {
        Some(n) if n.fract() == 0.0 && (100.0..=599.0).contains(&n) => Ok(n as u16),
        _ => Err(format!(
            "TypeError: response status must be an integer from 100 to 599, got {}",
            describe_status(v)
        )),
    }
}

fn describe_status(v: &Value<'_>) -> String {
    if let Some(n) = v.as_int() {
        return n.to_string();
    }
    if let Some(n) = v.as_float() {
        return n.to_string();
    }
    if let Some(s) = v.as_string().and_then(|s| s.to_string().ok()) {
        return format!("{:?}", s.chars().take(40).collect::<String>());
    }
    v.type_name().to_string()
}

/// Copies the bytes out of a `Uint8Array` (the prelude passes nothing else).
pub fn bytes_of(value: &Value<'_>) -> Result<Vec<u8>> {
    let ta = TypedArray::<u8>::from_value(value.clone())?;
    // SAFETY: the slice is copied before any JS can run again, so the buffer
    // can be neither detached nor resized while it is borrowed.
    let bytes = unsafe { ta.as_bytes() };
    Ok(bytes.map(<[u8]>::to_vec).unwrap_or_default())
}

fn url_parts(u: &url::Url) -> Vec<String> {
    vec![
        u.as_str().to_owned(),
        u.origin().ascii_serialization(),
        format!("{}:", u.scheme()),
        u.username().to_owned(),
        u.password().unwrap_or("").to_owned(),
        url::quirks::host(u).to_owned(),
        url::quirks::hostname(u).to_owned(),
        url::quirks::port(u).to_owned(),
        url::quirks::pathname(u).to_owned(),
        url::quirks::search(u).to_owned(),
        url::quirks::hash(u).to_owned(),
    ]
}

fn url_parse(input: &str, base: Option<&str>) -> Option<Vec<String>> {
    let parsed = match base {
        Some(b) => url::Url::parse(b).ok()?.join(input).ok()?,
        None => url::Url::parse(input).ok()?,
    };
    Some(url_parts(&parsed))
}

fn url_set(href: &str, part: &str, value: &str) -> Option<Vec<String>> {
    use url::quirks;
    let mut u = url::Url::parse(href).ok()?;
    let ok = match part {
        "href" => return url_parse(value, None),
        "protocol" => quirks::set_protocol(&mut u, value).is_ok(),
        "username" => quirks::set_username(&mut u, value).is_ok(),
        "password" => quirks::set_password(&mut u, value).is_ok(),
        "host" => quirks::set_host(&mut u, value).is_ok(),
        "hostname" => quirks::set_hostname(&mut u, value).is_ok(),
        "port" => quirks::set_port(&mut u, value).is_ok(),
        "pathname" => {
            quirks::set_pathname(&mut u, value);
            true
        }
        "search" => {
            quirks::set_search(&mut u, value);
            true
        }
        "hash" => {
            quirks::set_hash(&mut u, value);
            true
        }
        _ => false,
    };
    // A refused setter leaves the URL as it was, as in browsers.
    let _ = ok;
    Some(url_parts(&u))
}

fn latin1_to_base64(ctx: &Ctx<'_>, s: &str) -> Result<String> {
    let mut bytes = Vec::with_capacity(s.len());
    for c in s.chars() {
        let n = c as u32;
        if n > 0xff {
            return Err(Exception::throw_dom(
                ctx,
                "InvalidCharacterError",
                "btoa: the string contains characters outside of the Latin1 range",
            ));
        }
        bytes.push(n as u8);
    }
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

fn base64_to_latin1(ctx: &Ctx<'_>, s: &str) -> Result<String> {
    let cleaned: String = s
        .chars()
        .filter(|c| !matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r'))
        .collect();
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    match engine.decode(cleaned.as_bytes()) {
        Ok(bytes) => Ok(bytes.into_iter().map(char::from).collect()),
        Err(_) => Err(Exception::throw_dom(
            ctx,
            "InvalidCharacterError",
            "atob: the string to be decoded is not correctly encoded",
        )),
    }
}

/// Builds the `host` object for the prelude.
pub fn install<'js>(ctx: &Ctx<'js>, state: &Rc<HostState>) -> Result<Object<'js>> {
    let host = Object::new(ctx.clone())?;
    let c = ctx.clone();

    let s = state.clone();
    host.set(
        "log",
        Function::new(c.clone(), move |level: i32, message: String| {
            s.push(HostEvent::Log {
                level: level_of(level),
                message,
            });
        })?,
    )?;

    let s = state.clone();
    host.set(
        "armTimer",
        Function::new(c.clone(), move |id: u32, ms: f64| {
            let ms = if ms.is_finite() && ms > 0.0 { ms } else { 0.0 };
            let at = Instant::now() + Duration::from_secs_f64(ms.min(1e12) / 1000.0);
            s.timers.borrow_mut().arm(id, at);
        })?,
    )?;
    let s = state.clone();
    host.set(
        "cancelTimer",
        Function::new(c.clone(), move |id: u32| s.timers.borrow_mut().cancel(id))?,
    )?;

    let s = state.clone();
    host.set(
        "done",
        Function::new(
            c.clone(),
            move |token: u32,
                  status: Value<'js>,
                  headers: Vec<String>,
                  body: Value<'js>|
                  -> Result<()> {
                let body = match body.as_string() {
                    Some(text) => text.to_string()?.into_bytes(),
                    None => bytes_of(&body)?,
                };
                let headers = headers
                    .chunks_exact(2)
                    .map(|kv| (kv[0].clone(), kv[1].clone()))
                    .collect();
                let result = match http_status(&status) {
                    Ok(status) => Ok(HttpResponse {
                        status,
                        headers,
                        body,
                    }),
                    Err(message) => Err(JsFailure {
                        message,
                        stack: String::new(),
                    }),
                };
                s.push(HostEvent::Done { token, result });
                Ok(())
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "streamHead",
        Function::new(
            c.clone(),
            move |token: u32, status: Value<'js>, headers: Vec<String>| -> bool {
                let status = match http_status(&status) {
                    Ok(status) => status,
                    Err(message) => {
                        let stack = String::new();
                        let result = Err(JsFailure { message, stack });
                        s.push(HostEvent::Done { token, result });
                        return false;
                    }
                };
                let headers = headers
                    .chunks_exact(2)
                    .map(|kv| (kv[0].clone(), kv[1].clone()))
                    .collect();
                let window = i64::from(protocol::worker::STREAM_WINDOW_BYTES);
                s.windows.borrow_mut().insert(token, window);
                s.push(HostEvent::Head {
                    token,
                    status,
                    headers,
                });
                true
            },
        )?,
    )?;
    // 1: go on; 0: wait for the client (a credit); -1: the answer is over
    // (timed out or cancelled), stop.
    let s = state.clone();
    host.set(
        "streamChunk",
        Function::new(
            c.clone(),
            move |token: u32, data: Value<'js>| -> Result<i32> {
                let data = match data.as_string() {
                    Some(text) => text.to_string()?.into_bytes(),
                    None => bytes_of(&data)?,
                };
                let mut windows = s.windows.borrow_mut();
                let Some(window) = windows.get_mut(&token) else {
                    return Ok(-1);
                };
                *window -= data.len() as i64;
                let open = *window > 0;
                drop(windows);
                if !data.is_empty() {
                    s.push(HostEvent::Chunk { token, data });
                }
                Ok(i32::from(open))
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "streamEnd",
        Function::new(c.clone(), move |token: u32| {
            if s.windows.borrow_mut().remove(&token).is_some() {
                s.push(HostEvent::StreamEnd { token });
            }
        })?,
    )?;
    let s = state.clone();
    host.set(
        "fail",
        Function::new(
            c.clone(),
            move |token: u32, message: String, stack: String| {
                s.push(HostEvent::Done {
                    token,
                    result: Err(JsFailure { message, stack }),
                });
            },
        )?,
    )?;

    let s = state.clone();
    host.set(
        "missing",
        Function::new(c.clone(), move |token: u32, export: String| {
            s.push(HostEvent::Missing { token, export });
        })?,
    )?;

    let s = state.clone();
    host.set(
        "sendMessage",
        Function::new(c.clone(), move |data_json: String| {
            s.push(HostEvent::Message { data_json });
        })?,
    )?;

    let s = state.clone();
    host.set(
        "now",
        Function::new(c.clone(), move || s.origin.elapsed().as_secs_f64() * 1000.0)?,
    )?;
    let origin_ms = state.origin_unix_ms;
    host.set("timeOrigin", Function::new(c.clone(), move || origin_ms)?)?;

    host.set(
        "utf8Encode",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: String| {
            TypedArray::<u8>::new(ctx, s.into_bytes())
        })?,
    )?;
    host.set(
        "utf8Decode",
        Function::new(
            c.clone(),
            |ctx: Ctx<'js>, bytes: Value<'js>, fatal: bool, ignore_bom: bool| -> Result<String> {
                let bytes = bytes_of(&bytes)?;
                let body = if !ignore_bom && bytes.starts_with(&[0xef, 0xbb, 0xbf]) {
                    &bytes[3..]
                } else {
                    &bytes[..]
                };
                if fatal {
                    std::str::from_utf8(body).map(str::to_owned).map_err(|_| {
                        Exception::throw_type(&ctx, "The encoded data was not valid utf-8")
                    })
                } else {
                    Ok(String::from_utf8_lossy(body).into_owned())
                }
            },
        )?,
    )?;
    host.set(
        "btoa",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: String| {
            latin1_to_base64(&ctx, &s)
        })?,
    )?;
    host.set(
        "atob",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: String| {
            base64_to_latin1(&ctx, &s)
        })?,
    )?;
    host.set(
        "randomBytes",
        Function::new(
            c.clone(),
            |ctx: Ctx<'js>, n: usize| -> Result<TypedArray<'js, u8>> {
                let mut buf = vec![0u8; n.min(65536)];
                getrandom::fill(&mut buf)
                    .map_err(|e| Exception::throw_internal(&ctx, &format!("no randomness: {e}")))?;
                TypedArray::<u8>::new(ctx, buf)
            },
        )?,
    )?;
    host.set(
        "urlParse",
        Function::new(c.clone(), |input: String, base: Opt<Option<String>>| {
            url_parse(&input, base.0.flatten().as_deref())
        })?,
    )?;
    host.set(
        "urlSet",
        Function::new(c.clone(), |href: String, part: String, value: String| {
            url_set(&href, &part, &value)
        })?,
    )?;
    host.set(
        "multipartParse",
        Function::new(
            c.clone(),
            |ctx: Ctx<'js>, body: Value<'js>, boundary: String| -> Result<Value<'js>> {
                let body = bytes_of(&body)?;
                let Some(parts) = crate::multipart::parse(&body, &boundary) else {
                    return Ok(Value::new_null(ctx));
                };
                let flat = Array::new(ctx.clone())?;
                for (i, p) in parts.into_iter().enumerate() {
                    flat.set(4 * i, p.name)?;
                    flat.set(4 * i + 1, p.filename)?;
                    flat.set(4 * i + 2, p.content_type)?;
                    flat.set(4 * i + 3, TypedArray::<u8>::new(ctx.clone(), p.data)?)?;
                }
                Ok(flat.into_value())
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "fetchStart",
        Function::new(
            c.clone(),
            move |id: u32,
                  method: String,
                  url: String,
                  headers: Vec<String>,
                  body: Value<'js>,
                  redirect: String|
                  -> Result<()> {
                let body = if body.is_null() || body.is_undefined() {
                    None
                } else {
                    Some(bytes_of(&body)?)
                };
                let redirect = match redirect.as_str() {
                    "error" => crate::fetch::Redirect::Error,
                    "manual" => crate::fetch::Redirect::Manual,
                    _ => crate::fetch::Redirect::Follow,
                };
                let headers = headers
                    .chunks_exact(2)
                    .map(|kv| (kv[0].clone(), kv[1].clone()))
                    .collect();
                s.push(HostEvent::FetchStart(crate::fetch::FetchRequest {
                    id,
                    method,
                    url,
                    headers,
                    body,
                    redirect,
                }));
                Ok(())
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "fetchAbort",
        Function::new(c.clone(), move |id: u32| {
            s.push(HostEvent::FetchAbort { id });
        })?,
    )?;
    let s = state.clone();
    host.set(
        "background",
        Function::new(c.clone(), move |delta: i32| {
            s.push(HostEvent::Background(delta));
        })?,
    )?;
    host.set(
        "formParse",
        Function::new(c.clone(), |s: String| -> Vec<String> {
            url::form_urlencoded::parse(s.as_bytes())
                .flat_map(|(k, v)| [k.into_owned(), v.into_owned()])
                .collect()
        })?,
    )?;
    host.set(
        "formSerialize",
        Function::new(c.clone(), |flat: Array<'js>| -> Result<String> {
            let mut ser = url::form_urlencoded::Serializer::new(String::new());
            let items: Vec<String> = flat.iter().collect::<Result<_>>()?;
            for kv in items.chunks_exact(2) {
                ser.append_pair(&kv[0], &kv[1]);
            }
            Ok(ser.finish())
        })?,
    )?;
    crate::host_jobs::install(ctx, &host, state)?;
    Ok(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timers_fire_in_deadline_order_and_cancel() {
        let t0 = Instant::now();
        let mut t = Timers::default();
        t.arm(1, t0 + Duration::from_millis(20));
        t.arm(2, t0 + Duration::from_millis(10));
        t.arm(3, t0 + Duration::from_millis(30));
        t.cancel(3);
        assert_eq!(t.next_deadline(), Some(t0 + Duration::from_millis(10)));
        assert_eq!(t.pop_due(t0), None);
        let later = t0 + Duration::from_millis(50);
        assert_eq!(t.pop_due(later), Some(2));
        assert_eq!(t.pop_due(later), Some(1));
        assert_eq!(t.pop_due(later), None);
        assert!(t.is_empty());
    }

    #[test]
    fn rearming_replaces_the_deadline() {
        let t0 = Instant::now();
        let mut t = Timers::default();
        t.arm(1, t0 + Duration::from_millis(10));
        t.arm(1, t0 + Duration::from_millis(99));
        assert_eq!(t.len(), 1);
        assert_eq!(t.pop_due(t0 + Duration::from_millis(50)), None);
    }

    #[test]
    fn url_parts_follow_whatwg() {
        let p = url_parse("../b?x=1#h", Some("http://u:p@example.com:8080/a/c")).unwrap();
        assert_eq!(p[0], "http://u:p@example.com:8080/b?x=1#h");
        assert_eq!(p[1], "http://example.com:8080");
        assert_eq!(
            &p[2..],
            [
                "http:",
                "u",
                "p",
                "example.com:8080",
                "example.com",
                "8080",
                "/b",
                "?x=1",
                "#h"
            ]
        );
        assert!(url_parse("not a url", None).is_none());
        let q = url_set(&p[0], "pathname", "/z y").unwrap();
        assert_eq!(q[8], "/z%20y");
    }
}
