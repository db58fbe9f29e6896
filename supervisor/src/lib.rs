//! bextd: the prefork supervisor of bext's QuickJS workers, and `bext`.
//!
//! The modules form layers, each using only those below it (see
//! "Layers" in `ARCHITECTURE.md`; `tests/layers.rs` checks it), from the
//! top:
//! * `daemon`: bextd from start to exit; builds and connects the rest.
//! * `front/`: the HTTP front: accept loop and connection limits, one
//!   connection, routing, answers. `control/`: the control socket.
//! * `hub`: every admin read and command, once, and what the admin paths
//!   and the control requests do with them.
//! * `reload/`: change without restart: the reloader, the file watchers,
//!   the restart signal file.
//! * `pool/`: a pool of workers: the pure decisions (`core/`), the actor
//!   that carries them out, the links to its workers, the request path
//!   (dispatch, admission), status, compiled-module sharing; the routing
//!   table of running pools.
//! * `jobs/`: background jobs and daemons.
//! * `process/`: the processes bextd starts: spawning, reaping, the pid
//!   registry, the hello on their socket, captured output, memory readings.
//! * `config/`: `bext.toml`, checked and typed; `metrics`, `listen` (the
//!   accept back-off), `logging`, `exit`, `fault`.
//! * `cli/`: the command lines of `bextd` and `bext`, and `bext`'s client.

pub mod cache;
pub mod cgroup;
pub mod cli;
pub mod config;
pub mod control;
pub mod daemon;
pub mod exit;
pub mod fault;
pub mod front;
pub mod history;
pub mod hub;
pub mod jobs;
pub mod listen;
pub mod logging;
pub mod metrics;
pub mod otel;
pub mod pool;
pub mod process;
pub mod reload;
