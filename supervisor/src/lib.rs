//! bextd: the prefork supervisor of bext's QuickJS workers, and `bext`.
//!
//! The folders follow the architecture (see `ARCHITECTURE.md`):
//! * `front/`: the HTTP front: accept loop and connection limits, one
//!   connection, routing and admin endpoints, admission, dispatch to a worker.
//! * `pool/`: a pool of workers: the pure decisions (`core/`), the actor that
//!   carries them out, status, the file watcher, compiled-module sharing.
//! * `process/`: worker processes: spawning, reaping, the pid registry, the
//!   socket link, captured output, memory readings.
//! * `control/`: the control socket.
//! * `cli/`: the command lines of `bextd` and `bext`, and `bext`'s client.
//! * `config/`: `bext.toml`, checked and typed.
//! * `daemon`: bextd from start to exit; `metrics`, `logging`, `exit`, `fault`.

pub mod cli;
pub mod config;
pub mod control;
pub mod daemon;
pub mod exit;
pub mod fault;
pub mod front;
pub mod hub;
pub mod jobs;
pub mod listen;
pub mod logging;
pub mod metrics;
pub mod pool;
pub mod process;
pub mod reload;
