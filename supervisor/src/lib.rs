//! bextd: the prefork supervisor of bext's QuickJS workers.
//!
//! See `ARCHITECTURE.md` at the top of the repository for the tasks, the
//! channels between them and who owns what.

pub mod accept;
pub mod admission;
pub mod cli;
pub mod client;
pub mod config;
pub mod conn;
pub mod control;
pub mod daemon;
pub mod dispatch;
pub mod exit;
pub mod fault;
pub mod http;
pub mod link;
pub mod logging;
pub mod memory;
pub mod metrics;
pub mod modcache;
pub mod output;
pub mod policy;
pub mod pool;
pub mod reaper;
pub mod registry;
pub mod spawn;
pub mod watch;
