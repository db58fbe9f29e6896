//! `process.nextTick` in Node's order. Node keeps ticks in a queue of their
//! own and runs it when JavaScript called from outside returns (a handler,
//! a timer, a message), before the promise jobs that code queued, and
//! again each time the promise jobs have all run; a tick queued by a
//! promise job (inside an `async` function after an `await`) therefore
//! runs after every promise job queued so far and the ones they queue.
//!
//! The queue is JavaScript's (`js/process.js`); this file keeps whether it
//! holds anything (set by `host.tickPending(true)` when the first tick
//! goes in, so the engine looks nothing up while no one uses `nextTick`),
//! and runs it for the engine's turn ([`crate::engine::Engine::run_jobs`]).
//!
//! The top level of an ES module runs inside a promise job here, as in
//! Node, so its ticks come after its promise callbacks there too.

use std::cell::Cell;

use rquickjs::{Ctx, Function, Object, Result, Symbol};

/// Where `js/process.js` keeps the function that runs the queue.
const RUNNER_KEY: &str = "bext.node.ticks";

thread_local! {
    static PENDING: Cell<bool> = const { Cell::new(false) };
}

/// Whether ticks wait to run.
pub fn pending() -> bool {
    PENDING.with(Cell::get)
}

/// Runs the queued ticks (each may queue more; they run too). A tick that
/// throws leaves the ones after it queued and the flag set, so the caller
/// reports the error and calls again.
pub fn run(ctx: &Ctx<'_>) -> Result<()> {
    PENDING.with(|p| p.set(false));
    let key = Symbol::new_global(ctx.clone(), RUNNER_KEY)?;
    let Some(runner) = ctx.globals().get::<_, Option<Function>>(key)? else {
        return Ok(());
    };
    runner.call(())
}

/// Adds `tickPending(flag)` to the built-ins' `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "tickPending",
        Function::new(ctx.clone(), |flag: bool| PENDING.with(|p| p.set(flag)))?,
    )
}
