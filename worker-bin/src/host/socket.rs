//! What a WebSocket's JS reports: its acceptance (`wsAccept`, the answer
//! 101 to the upgrade request), its messages (`wsSend`) and its close
//! (`wsClose`). Each socket is named by a number the prelude gives it
//! (`sid`); the serve loop maps it to the request id bextd knows it by.
//!
//! Back-pressure: each socket may have `SOCKET_WINDOW_BYTES` of messages
//! sent and not yet taken by its client ([`HostState::socket_windows`]);
//! `wsSend` refuses a message while the window is spent, and the prelude
//! keeps it in the socket's `bufferedAmount` until a credit reopens it.

use std::rc::Rc;

use protocol::worker::SOCKET_WINDOW_BYTES;
use rquickjs::{Ctx, Function, Object, Result, Value};

use super::text::{Text, Texts, lossy};
use super::{HostEvent, HostState, bytes_of, header_pairs};

/// Adds `wsAccept`, `wsSend`, `wsClose` and `utf8Length` to `host`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    let s = state.clone();
    host.set(
        "wsAccept",
        Function::new(ctx.clone(), move |token: u32, sid: u32, headers: Texts| {
            let window = i64::from(SOCKET_WINDOW_BYTES);
            s.socket_windows.borrow_mut().insert(sid, window);
            s.push(HostEvent::SocketAccept {
                token,
                sid,
                headers: header_pairs(&headers.0),
            });
        })?,
    )?;
    // true: handed to bextd; false: the window is spent, keep it queued.
    let s = state.clone();
    host.set(
        "wsSend",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, sid: u32, data: Value<'js>| -> Result<bool> {
                let mut windows = s.socket_windows.borrow_mut();
                let Some(window) = windows.get_mut(&sid) else {
                    // Closed meanwhile: the message goes nowhere.
                    return Ok(true);
                };
                if *window <= 0 {
                    return Ok(false);
                }
                let text = data.is_string();
                let data = match text {
                    true => lossy(&ctx, &data)?.into_bytes(),
                    false => bytes_of(&data)?,
                };
                *window -= data.len() as i64;
                drop(windows);
                s.push(HostEvent::SocketSend { sid, text, data });
                Ok(true)
            },
        )?,
    )?;
    host.set(
        "utf8Length",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, v: Value<'js>| -> Result<usize> { Ok(lossy(&ctx, &v)?.len()) },
        )?,
    )?;
    let s = state.clone();
    host.set(
        "wsClose",
        Function::new(ctx.clone(), move |sid: u32, code: u16, reason: Text| {
            s.push(HostEvent::SocketClose {
                sid,
                code,
                reason: reason.0,
            });
        })?,
    )?;
    Ok(())
}
