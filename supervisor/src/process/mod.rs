//! The processes bextd starts (pool workers and jobs): started from one
//! spawner thread (`spawn`), reaped by the only `waitpid` caller
//! (`reaper`), matched to their owner by pid (`registry`), signalled
//! through a pidfd (`pidfd`), greeted over their socket (`link`: the hello
//! and the batching writer; what is read after it is the owner's), their
//! stdout and stderr logged (`output`), their memory read from /proc
//! (`memory`).

pub mod exec;
pub mod inherit;
pub mod link;
pub mod memory;
pub mod output;
pub mod pidfd;
pub mod reaper;
pub mod registry;
pub mod spawn;
pub mod template;
