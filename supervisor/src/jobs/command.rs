//! Commands to the job manager: each one type naming its answer, carried
//! whole from the hub's operation (or the reloader, or the daemon) to the
//! manager, which answers it (`manager/commands.rs`). [`commands!`] makes,
//! from one line per command, the variant of [`Envelope`] (the manager's
//! one message) and the command's [`Ask`], so
//! [`JobsHandle::call`](super::JobsHandle::call) returns that command's own
//! answer type and a new command is one type here and one line.

use std::time::Instant;

use protocol::control::{JobInfo, JobState, JobStats, ScheduleInfo};
use tokio::sync::oneshot;

use super::{JobSpec, JobsError, PoolInfo};

/// A command to the job manager and what it answers.
pub trait Command: Send + 'static {
    type Answer: Send + 'static;
}

/// Where the answer to command `C` goes.
pub type Reply<C> = oneshot::Sender<Result<<C as Command>::Answer, JobsError>>;

/// A command the job manager takes.
pub trait Ask: Command + Sized {
    /// The command with where its answer goes.
    fn envelope(self, reply: Reply<Self>) -> Envelope;
}

/// Start (or queue) a job; answers its id and state.
#[derive(Debug)]
pub struct Spawn(pub Box<JobSpec>);

/// One job with its checkpoint, if known.
#[derive(Debug)]
pub struct Get {
    pub id: String,
}

/// Running, queued and the latest finished jobs, with the counts.
#[derive(Debug)]
pub struct List;

/// Cancel a job; answers the state it was in.
#[derive(Debug)]
pub struct Cancel {
    pub id: String,
}

/// Run a failed, discarded or cancelled job again; answers the state it
/// was in.
#[derive(Debug)]
pub struct Retry {
    pub id: String,
}

/// Discard a queued or retryable job; answers the state it was in.
#[derive(Debug)]
pub struct Discard {
    pub id: String,
}

/// A job's log, if known.
#[derive(Debug)]
pub struct Logs {
    pub id: String,
}

/// The counts by state.
#[derive(Debug)]
pub struct Stats;

/// The recurring jobs of every pool, with their next run.
#[derive(Debug)]
pub struct Schedules;

/// Cancel every running job, kill what is left at `deadline`, save the
/// state; answered once done (daemons stay marked running, to start again
/// with bextd).
#[derive(Debug)]
pub struct Shutdown {
    pub deadline: Instant,
}

/// The pools after a reload: jobs of new pools can be spawned.
#[derive(Debug)]
pub struct SetPools(pub Vec<PoolInfo>);

macro_rules! commands {
    ($($name:ident => $answer:ty;)*) => {
        /// A command to the job manager, with where its answer goes.
        pub enum Envelope {
            $($name($name, Reply<$name>),)*
        }

        $(
            impl Command for $name {
                type Answer = $answer;
            }

            impl Ask for $name {
                fn envelope(self, reply: Reply<Self>) -> Envelope {
                    Envelope::$name(self, reply)
                }
            }
        )*

        impl std::fmt::Debug for Envelope {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(Envelope::$name(command, _) => command.fmt(f),)*
                }
            }
        }
    };
}

commands! {
    Spawn => (String, JobState);
    Get => Option<JobInfo>;
    List => (Vec<JobInfo>, JobStats);
    Cancel => JobState;
    Retry => JobState;
    Discard => JobState;
    Logs => Option<String>;
    Stats => JobStats;
    Schedules => Vec<ScheduleInfo>;
    Shutdown => ();
    SetPools => ();
}
