//! Worker processes: started from one spawner thread (`spawn`), reaped by
//! the only `waitpid` caller (`reaper`), matched to their pool by pid
//! (`registry`), talked to over their socket (`link`), their stdout and
//! stderr logged (`output`), their memory read from /proc (`memory`).

pub mod link;
pub mod memory;
pub mod output;
pub mod pidfd;
pub mod reaper;
pub mod registry;
pub mod spawn;
