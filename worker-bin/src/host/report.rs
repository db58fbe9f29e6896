//! The host functions that only queue a report for the serve loop: a log
//! line (`console.*`), a message for the master (`bext.sendMessage`) and a
//! `ctx.waitUntil` promise beginning or settling.

use std::rc::Rc;

use protocol::worker::LogLevel;
use rquickjs::{Ctx, Function, Object, Result};

use super::text::Text;
use super::{HostEvent, HostState};

/// Adds `log`, `sendMessage` and `background` to `host`.
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    let s = state.clone();
    host.set(
        "log",
        Function::new(ctx.clone(), move |level: i32, message: Text| {
            // A logged error's stack (`console.error(e)`) points at the
            // user's own files too; other lines are left as they are.
            let message = if message.0.contains("    at ") {
                crate::loader::sourcemap::rewrite(&message.0)
            } else {
                message.0
            };
            s.push(HostEvent::Log {
                level: level_of(level),
                message,
            });
        })?,
    )?;
    let s = state.clone();
    host.set(
        "sendMessage",
        Function::new(ctx.clone(), move |data_json: String| {
            s.push(HostEvent::Message { data_json });
        })?,
    )?;
    let s = state.clone();
    host.set(
        "background",
        Function::new(ctx.clone(), move |delta: i32| {
            s.push(HostEvent::Background(delta));
        })?,
    )?;
    Ok(())
}

/// The prelude's level numbers: 0 error, 1 warn, 3 debug, anything else
/// info.
fn level_of(n: i32) -> LogLevel {
    match n {
        0 => LogLevel::Error,
        1 => LogLevel::Warn,
        3 => LogLevel::Debug,
        _ => LogLevel::Info,
    }
}
