//! WebAssembly in the worker: the W3C WebAssembly JavaScript API on
//! wasmtime (Cranelift).
//!
//! The room is cut by concern: `engine` (the process's wasmtime engine,
//! the worker's one store, re-entry, the epoch ticks that stop runaway
//! code, the memory limiter), `module` (compiling, the compiled-module
//! cache hook, a module's imports, exports and custom sections),
//! `instance` (instantiation, calls from JS to wasm and from wasm to JS
//! imports), `memory` (linear memories and the `ArrayBuffer` over their
//! bytes, without a copy), `table`, `global`, `values` (what crosses
//! between JS and wasm, and function handles), `errors` (CompileError,
//! LinkError, RuntimeError, traps and JS exceptions crossing wasm) and
//! `glue` with `wasm.js` (the lazy `WebAssembly` global and its WebIDL
//! shape; `Tag` and `Exception` live only there, since wasmtime 34 runs
//! no exception-handling code).
//!
//! Cost when unused: the prelude installs one accessor. The engine, the
//! store, the ticker thread and wasmtime's signal handlers come on the
//! first read of `WebAssembly` (or the first `.wasm` import).

pub mod cache;
mod engine;
mod errors;
mod global;
mod glue;
mod instance;
mod memory;
mod module;
mod table;
mod values;

pub use engine::{TICK, engine, in_use, set_interrupt_check, set_memory_limit};
pub use glue::{install, module_object};
pub use module::{Compiled, ModuleCache, compile, set_cache};

/// Drops every JS value the wasm room holds; the engine calls it before
/// its JS runtime goes.
pub fn release() {
    instance::release();
    values::release();
    errors::release();
}
