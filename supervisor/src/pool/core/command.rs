//! Commands to a pool: each is one type (here, or in the core file that
//! carries it out) naming its answer and its error, so a command travels
//! whole from the hub's operation to the code that answers it and the
//! compiler checks the answer's type at both ends.
//!
//! The ones the core decides ([`Apply`]: restart, maintenance, swap, heap
//! walk) change the slots and return their answer with the actions to
//! perform ([`Core::command`]); the others (status, message, shutdown, a
//! rollout) are answered by the actor from what it holds. The actor's
//! message type lists every command once (`pool/actor/command.rs`).

use std::time::Instant;

use protocol::control::WorkerStatus;

use super::{Action, Core, Probe};

/// The pool's actor is gone: the pool stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("is stopping")]
pub struct Stopped;

/// A command to a pool, with what it answers and why it may not.
pub trait Command: Send + 'static {
    type Answer: Send + 'static;
    type Error: From<Stopped> + Send + 'static;
}

/// A command the core carries out.
pub trait Apply {
    /// What the core answers (the actor may make more of it).
    type Out;
    fn apply(
        self,
        core: &mut Core,
        now: Instant,
        probe: &dyn Probe,
    ) -> Result<Self::Out, PoolError>;
}

/// Why a pool refused a command. Shown after "pool NAME ".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    #[error("is stopping")]
    Stopping,
    #[error("has no worker {slot} (its workers are {})", list(.slots))]
    NoSuchWorker { slot: u32, slots: Vec<u32> },
    #[error("worker {0} is not ACTIVE (or does not exist): only an ACTIVE worker is walked")]
    NotActive(u32),
    #[error("has no ACTIVE worker")]
    NoActiveWorker,
    #[error("has one ACTIVE worker: a heap walk never takes the last one out of rotation")]
    LastActiveWorker,
    #[error("its worker ended before the walk finished")]
    WalkLost,
}

impl From<Stopped> for PoolError {
    fn from(_: Stopped) -> PoolError {
        PoolError::Stopping
    }
}

fn list(slots: &[u32]) -> String {
    let ids: Vec<String> = slots.iter().map(u32::to_string).collect();
    ids.join(", ")
}

/// The status row of every worker process and empty slot.
#[derive(Debug, Clone, Copy)]
pub struct Status;

impl Command for Status {
    type Answer = Vec<WorkerStatus>;
    type Error = Stopped;
}

/// Sends `message(data)` to every worker that takes work; answers how
/// many got it.
#[derive(Debug, Clone)]
pub struct Message {
    /// The JSON `message()` gets.
    pub data: String,
}

impl Command for Message {
    type Answer = u32;
    type Error = Stopped;
}

/// Stops the pool: drains (graceful) or kills its workers; answered once
/// every process is gone.
#[derive(Debug, Clone, Copy)]
pub struct Shutdown {
    pub graceful: bool,
}

impl Command for Shutdown {
    type Answer = ();
    type Error = Stopped;
}

/// A reloaded configuration of the pool is in its handle: size,
/// autoscaling and admission apply to the running workers; `roll`:
/// something workers start with changed, so every worker is replaced.
#[derive(Debug, Clone, Copy)]
pub struct Reconfigure {
    pub roll: bool,
}

impl Command for Reconfigure {
    type Answer = ();
    type Error = Stopped;
}

impl Core {
    /// Carries out `command` at `now`: its answer, and what to do.
    pub fn command<C: Apply>(
        &mut self,
        command: C,
        now: Instant,
        probe: &dyn Probe,
    ) -> (Result<C::Out, PoolError>, Vec<Action>) {
        let answer = command.apply(self, now, probe);
        (answer, self.settle(now, probe))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The control socket and `/__bext/heap` answer "pool NAME " and these
    /// texts: they are what `bext` prints and scripts match on.
    #[test]
    fn each_refusal_reads_as_the_control_socket_has_always_said_it() {
        let texts = [
            (PoolError::Stopping, "is stopping"),
            (
                PoolError::NoSuchWorker {
                    slot: 7,
                    slots: vec![0, 1, 2],
                },
                "has no worker 7 (its workers are 0, 1, 2)",
            ),
            (
                PoolError::NotActive(3),
                "worker 3 is not ACTIVE (or does not exist): only an ACTIVE worker is walked",
            ),
            (PoolError::NoActiveWorker, "has no ACTIVE worker"),
            (
                PoolError::LastActiveWorker,
                "has one ACTIVE worker: a heap walk never takes the last one out of rotation",
            ),
            (
                PoolError::WalkLost,
                "its worker ended before the walk finished",
            ),
        ];
        for (e, text) in texts {
            assert_eq!(e.to_string(), text);
        }
        assert_eq!(PoolError::from(Stopped), PoolError::Stopping);
    }
}
