//! The JS side's half of an outbound `fetch()`: `fetchStart` queues the
//! request and `fetchAbort` its abort for the serve loop, which does the
//! I/O in [`crate::fetch`] and passes the news back through
//! [`crate::engine::Engine::fetch_event`].

use std::rc::Rc;

use rquickjs::{Ctx, Function, Object, Result, Value};

use super::text::{Text, Texts};
use super::{HostEvent, HostState, bytes_of, header_pairs};
use crate::fetch::{FetchRequest, Redirect};

/// Adds `fetchStart` and `fetchAbort` to `host`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    let s = state.clone();
    host.set(
        "fetchStart",
        Function::new(
            ctx.clone(),
            move |id: u32,
                  method: Text,
                  url: Text,
                  headers: Texts,
                  body: Value<'js>,
                  redirect: Text|
                  -> Result<()> {
                let body = if body.is_null() || body.is_undefined() {
                    None
                } else {
                    Some(bytes_of(&body)?)
                };
                s.push(HostEvent::FetchStart(FetchRequest {
                    id,
                    method: method.0,
                    url: url.0,
                    headers: header_pairs(&headers.0),
                    body,
                    redirect: redirect_of(&redirect),
                }));
                Ok(())
            },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "fetchAbort",
        Function::new(ctx.clone(), move |id: u32| {
            s.push(HostEvent::FetchAbort { id });
        })?,
    )?;
    Ok(())
}

/// `RequestInit.redirect`: `"error"`, `"manual"`, else follow.
fn redirect_of(mode: &str) -> Redirect {
    match mode {
        "error" => Redirect::Error,
        "manual" => Redirect::Manual,
        _ => Redirect::Follow,
    }
}
