//! The manager's answers to its commands (`jobs/command.rs`): each
//! carried out through the core and the store, and answered now or, when
//! the store answers later, from a task of its own.

use std::convert::identity;

use tokio::sync::oneshot;

use super::{Manager, clock, schedules};
use crate::jobs::command::{
    Cancel, Discard, Envelope, Get, List, Logs, Retry, Schedules, SetPools, Shutdown, Spawn, Stats,
};
use crate::jobs::core::{Input, Reply};
use crate::jobs::error::{JobsError, Question};
use crate::jobs::store::{Answer, Moved};
use crate::process::memory::unix_ms;

/// Sends the store's answer `a` (now, or from a task once it comes: the
/// manager never waits on the store), as `to` makes it the command's.
fn answer<T: Send + 'static, U: Send + 'static>(
    a: Answer<T>,
    reply: oneshot::Sender<Result<U, JobsError>>,
    to: fn(T) -> Result<U, JobsError>,
) {
    match a {
        Answer::Now(v) => drop(reply.send(to(v))),
        Answer::Later(f) => drop(tokio::spawn(async move {
            let _ = reply.send(to(f.await));
        })),
    }
}

impl Manager {
    /// Carries out one command and answers it.
    pub(super) async fn on_command(&mut self, envelope: Envelope) {
        match envelope {
            Envelope::Spawn(Spawn(req), reply) => {
                let r = self.spawn(*req).await;
                let _ = reply.send(r);
            }
            Envelope::Get(Get { id }, reply) => {
                let held = self.core.info(&id, true, clock());
                answer(self.store.get(id, held), reply, Ok);
            }
            Envelope::List(List, reply) => {
                answer(self.store.list(self.core.list(clock())), reply, Ok)
            }
            Envelope::Cancel(Cancel { id }, reply) => {
                let held = self.cancel(id.clone()).await;
                answer(self.store.cancel(id, held), reply, identity);
            }
            Envelope::Retry(Retry { id }, reply) => match self.store.retry(id.clone()) {
                Some(later) => answer(Answer::Later(later), reply, identity),
                None => drop(reply.send(self.moved(Input::Retry { id }).await)),
            },
            Envelope::Discard(Discard { id }, reply) => {
                let held = self.moved(Input::Discard { id: id.clone() }).await;
                let kept = self.core.job(&id).is_some();
                answer(self.store.discard(id, held, kept), reply, identity);
            }
            Envelope::Logs(Logs { id }, reply) => {
                let held = self.core.job(&id).map(|j| j.logs.clone());
                answer(self.store.logs(id, held), reply, Ok);
            }
            Envelope::Stats(Stats, reply) => {
                let _ = reply.send(Ok(self.core.stats()));
            }
            Envelope::Shutdown(Shutdown { deadline }, done) => {
                self.stopped = Some(done);
                self.apply(Input::Shutdown { deadline }).await;
            }
            Envelope::Schedules(Schedules, reply) => {
                let _ = reply.send(Ok(self.schedule_infos()));
            }
            Envelope::SetPools(SetPools(pools), reply) => {
                self.timers = schedules::timers(&pools, &self.timers, unix_ms());
                // Their processes were started with the old settings.
                self.spare.close_all();
                self.apply(Input::SetPools(pools)).await;
                let _ = reply.send(Ok(()));
            }
        }
    }

    pub(super) async fn moved(&mut self, input: Input) -> Moved {
        match self.apply(input).await {
            Some(Reply::Moved(r)) => r,
            _ => Err(JobsError::Unanswered(Question::Move)),
        }
    }

    pub(super) async fn cancel(&mut self, id: String) -> Moved {
        match self.apply(Input::Cancel { id }).await {
            Some(Reply::Cancel(r)) => r,
            _ => Err(JobsError::Unanswered(Question::Cancel)),
        }
    }
}
