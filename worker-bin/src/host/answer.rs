//! How a request's JS reports its end: a whole answer (`done`), an error
//! (`fail`), a missing export (`missing`), or a streamed answer
//! (`streamHead`, then `streamChunk`s, then `streamEnd`).
//!
//! A streamed answer may produce `STREAM_WINDOW_BYTES` before it waits for
//! the client: [`HostState::windows`] keeps what each stream may still
//! send, the engine adds the client's credits, and `streamChunk` tells the
//! prelude whether to go on.

use std::rc::Rc;

use protocol::worker::HttpResponse;
use rquickjs::{Ctx, Function, Object, Result, Value};

use super::text::{Text, Texts, lossy};
use super::{HostEvent, HostState, JsFailure, bytes_of, header_pairs};

/// Adds `done`, `fail`, `missing`, `streamHead`, `streamChunk` and
/// `streamEnd` to `host`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    install_whole(ctx, host, state)?;
    install_stream(ctx, host, state)
}

/// `done`, `fail` and `missing`: the answer comes in one piece.
fn install_whole<'js>(ctx: &Ctx<'js>, host: &Object<'js>, state: &Rc<HostState>) -> Result<()> {
    let s = state.clone();
    host.set(
        "done",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  token: u32,
                  status: Value<'js>,
                  headers: Texts,
                  body: Value<'js>|
                  -> Result<()> {
                let body = text_or_bytes(&ctx, &body)?;
                let headers = header_pairs(&headers.0);
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
        "fail",
        Function::new(
            ctx.clone(),
            move |token: u32, message: Text, stack: Text| {
                s.push(HostEvent::Done {
                    token,
                    // Positions in transformed or bundled code are shown
                    // in the user's own files.
                    result: Err(JsFailure {
                        message: crate::loader::sourcemap::rewrite(&message.0),
                        stack: crate::loader::sourcemap::rewrite(&stack.0),
                    }),
                });
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "missing",
        Function::new(ctx.clone(), move |token: u32, export: Text| {
            s.push(HostEvent::Missing {
                token,
                export: export.0,
            });
        })?,
    )?;
    Ok(())
}

/// `streamHead`, `streamChunk` and `streamEnd`: the answer comes in pieces.
fn install_stream<'js>(ctx: &Ctx<'js>, host: &Object<'js>, state: &Rc<HostState>) -> Result<()> {
    let s = state.clone();
    host.set(
        "streamHead",
        Function::new(
            ctx.clone(),
            move |token: u32, status: Value<'js>, headers: Texts| -> bool {
                stream_head(&s, token, &status, &headers.0)
            },
        )?,
    )?;
    // 1: go on; 0: wait for the client (a credit); -1: the answer is over
    // (timed out or cancelled), stop.
    let s = state.clone();
    host.set(
        "streamChunk",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, token: u32, data: Value<'js>| -> Result<i32> {
                stream_chunk(&s, token, text_or_bytes(&ctx, &data)?)
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "streamEnd",
        Function::new(ctx.clone(), move |token: u32| {
            if s.windows.borrow_mut().remove(&token).is_some() {
                s.push(HostEvent::StreamEnd { token });
            }
        })?,
    )?;
    Ok(())
}

/// Opens `token`'s stream with a full window; false (and the request
/// failed) if the status is not one.
fn stream_head(s: &HostState, token: u32, status: &Value<'_>, headers: &[String]) -> bool {
    let status = match http_status(status) {
        Ok(status) => status,
        Err(message) => {
            let stack = String::new();
            let result = Err(JsFailure { message, stack });
            s.push(HostEvent::Done { token, result });
            return false;
        }
    };
    let headers = header_pairs(headers);
    let window = i64::from(protocol::worker::STREAM_WINDOW_BYTES);
    s.windows.borrow_mut().insert(token, window);
    s.push(HostEvent::Head {
        token,
        status,
        headers,
    });
    true
}

/// Queues a piece of `token`'s body: 1 if the stream may go on, 0 if it
/// must wait for a credit, -1 if the answer is over.
fn stream_chunk(s: &HostState, token: u32, data: Vec<u8>) -> Result<i32> {
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
}

/// A body the prelude passes as a string (sent as UTF-8) or a `Uint8Array`.
fn text_or_bytes<'js>(ctx: &Ctx<'js>, v: &Value<'js>) -> Result<Vec<u8>> {
    match v.as_string() {
        Some(_) => Ok(lossy(ctx, v)?.into_bytes()),
        None => bytes_of(v),
    }
}

/// A response's status: an integer from 200 to 599 (`200.7`, `"200"`,
/// `NaN` and `600` are errors, reported as the handler's). A 1xx is no
/// answer to a request: 101 would switch protocols bextd does not speak,
/// and 100 or 103 would leave the client waiting for the final answer.
fn http_status(v: &Value<'_>) -> std::result::Result<u16, String> {
    let n = v.as_int().map(f64::from).or_else(|| v.as_float());
    match n {
        Some(n) if n.fract() == 0.0 && (200.0..=599.0).contains(&n) => Ok(n as u16),
        _ => Err(format!(
            "TypeError: response status must be an integer from 200 to 599 (1xx are not final answers), got {}",
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
