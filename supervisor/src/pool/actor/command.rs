//! The actor's one message type: every command a pool takes, listed once,
//! each carried with where its answer goes.
//!
//! [`commands!`] makes, from one line per command, the variant of
//! [`Envelope`] that carries it, its [`Ask`] (so `PoolHandle::call` takes
//! it and returns its own answer type), and its arm of the dispatch:
//! `core` commands are stepped through the core and their answer sent
//! back as is ([`Actor::apply`]); `actor` commands say how the actor
//! carries them out ([`Carry`], below). A new command the core decides is
//! one type in `pool/core/` and one line here.

use protocol::heap::HeapAnswer;
use tokio::sync::oneshot;

use super::Actor;
use super::canary::RolloutOp;
use crate::pool::core::{
    Command, HeapWalk, Maint, Message, PoolError, Reconfigure, Restart, Shutdown, Status, Swap,
};

/// Where the answer to command `C` goes.
pub type Reply<C> = oneshot::Sender<Result<<C as Command>::Answer, <C as Command>::Error>>;

/// A command the pool actor takes.
pub trait Ask: Command + Sized {
    /// The command with where its answer goes.
    fn envelope(self, reply: Reply<Self>) -> Envelope;
}

/// How the actor carries out a command it answers itself.
pub(super) trait Carry: Command + Sized {
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>);
}

macro_rules! commands {
    ($($(#[$doc:meta])* $name:ident($ty:ty) by $how:ident;)*) => {
        /// A command to the pool actor, with where its answer goes.
        pub enum Envelope {
            $($(#[$doc])* $name($ty, Reply<$ty>),)*
        }

        $(impl Ask for $ty {
            fn envelope(self, reply: Reply<Self>) -> Envelope {
                Envelope::$name(self, reply)
            }
        })*

        impl std::fmt::Debug for Envelope {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(Envelope::$name(command, _) => command.fmt(f),)*
                }
            }
        }

        impl Actor {
            /// Carries out one command and answers it.
            pub(super) async fn carry(&mut self, envelope: Envelope) {
                match envelope {
                    $(Envelope::$name(command, reply) => commands!(@$how self, command, reply),)*
                }
            }
        }
    };
    (@core $actor:ident, $command:ident, $reply:ident) => {{
        let answer = $actor.apply($command).await;
        let _ = $reply.send(answer);
    }};
    (@actor $actor:ident, $command:ident, $reply:ident) => {
        $command.carry($actor, $reply).await
    };
}

commands! {
    /// `bext workers restart`, deploys, SIGHUP.
    Restart(Restart) by actor;
    /// `bext maint`, the status page's button.
    Maint(Maint) by core;
    /// `bext swap`, a watched data file.
    Swap(Swap) by actor;
    /// `bext heap`.
    Heap(HeapWalk) by actor;
    /// `bext message`.
    Message(Message) by actor;
    /// `bext ps`, `/__bext/workers`, the sampler.
    Status(Status) by actor;
    /// `bext deploy status|promote|rollback`.
    Rollout(RolloutOp) by actor;
    /// A reload changed the pool's configuration.
    Reconfigure(Reconfigure) by actor;
    /// bextd stops, or a reload removes the pool.
    Shutdown(Shutdown) by actor;
}

impl Carry for Restart {
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        crate::fault::pool_restart();
        if self.slot.is_none()
            && let Some(n) = actor.begin_canary(&self.reason).await
        {
            let _ = reply.send(Ok(n));
            return;
        }
        let _ = reply.send(actor.apply(self).await);
    }
}

impl Carry for Swap {
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        actor.handle.clear_cache("hot-swap");
        let _ = reply.send(actor.apply(self).await);
    }
}

impl Carry for HeapWalk {
    /// Answered once the walk's report comes (`Action::HeapReport`), or
    /// with [`PoolError::WalkLost`] if the worker ends first.
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        match actor.apply(self).await {
            Ok(key) => {
                actor.walks.insert(key, reply);
            }
            Err(e) => {
                let _ = reply.send(Err(e));
            }
        }
    }
}

impl Carry for Message {
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        let _ = reply.send(Ok(actor.broadcast(&self.data)));
    }
}

impl Carry for Status {
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        let _ = reply.send(Ok(actor.status()));
    }
}

impl Carry for RolloutOp {
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        let _ = reply.send(actor.rollout(self).await);
    }
}

impl Carry for Reconfigure {
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        actor.reconfigure(self.roll).await;
        let _ = reply.send(Ok(()));
    }
}

impl Carry for Shutdown {
    /// Answered once every process is gone.
    async fn carry(self, actor: &mut Actor, reply: Reply<Self>) {
        actor.done.push(reply);
        let input = crate::pool::core::Input::Shutdown {
            graceful: self.graceful,
        };
        actor.feed(input).await;
    }
}

/// Where a heap walk's answer goes.
pub(super) type HeapReply = Reply<HeapWalk>;

/// The report of a finished walk, as `bext heap` shows it.
pub(super) fn answer_walk(reply: HeapReply, answer: HeapAnswer) {
    let _ = reply.send(Ok(answer));
}

/// The worker being walked ended first.
pub(super) fn walk_lost(reply: HeapReply) {
    let _ = reply.send(Err(PoolError::WalkLost));
}
