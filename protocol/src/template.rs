//! The messages between `bextd` and a template worker.
//!
//! A template worker is a `bext-worker` that has started its engine and
//! loaded the prelude once, and forks ready workers when `bextd` asks (see
//! `bext-worker`'s `template` module). They talk over a `SOCK_SEQPACKET`
//! socket, one message per packet, each encoded like a worker frame
//! ([`crate::codec`]). File descriptors travel beside the message as
//! `SCM_RIGHTS`: the new worker's socket and output pipes with
//! [`ToTemplate::Fork`], the new worker's pidfd with [`FromTemplate::Forked`].

use serde::{Deserialize, Serialize};

use crate::Hello;

/// Descriptors sent with [`ToTemplate::Fork`], in this order: the worker's
/// end of its socket, the write ends of its stdout and stderr pipes.
pub const FORK_FDS: usize = 3;

/// Largest message either side sends (a title, an error).
pub const MAX_MESSAGE: u32 = 16 * 1024;

/// From `bextd` to a template.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToTemplate {
    /// Fork one worker, shown in `ps` as `title`.
    Fork { title: String },
}

/// From a template to `bextd`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum FromTemplate {
    /// Sent once, when the engine and the prelude are loaded: forks may
    /// come. Its hello says which protocol the forked workers speak.
    Ready(Hello),
    /// A worker was forked; its pidfd comes with this message.
    Forked { pid: u32 },
    /// The fork was refused or failed; the template itself goes on.
    Failed { error: String },
}
