//! The actor's hands: each [`Action`] the core returns, carried out on
//! the links, the published list, the log, the counters and the waiting
//! reply.

use std::collections::VecDeque;
use std::sync::atomic::Ordering;

use nix::sys::signal::Signal;
use protocol::worker::MasterToWorker;

use super::Actor;
use crate::pool::core::{Action, Counter, Input, Work};
use protocol::heap::HeapAnswer;

impl Actor {
    pub(super) async fn act(&mut self, action: Action, queue: &mut VecDeque<Input>) {
        match action {
            Action::Spawn { slot, generation } => self.spawn(slot, generation, queue).await,
            Action::Kill { pid } => {
                // Through the worker's pidfd, held by its link until its
                // exit is handled: never to a reaped pid.
                if let Some(l) = self.pids.get(&pid).and_then(|k| self.links.get(k)) {
                    l.signal(Signal::SIGKILL);
                }
            }
            Action::Publish(list) => {
                let links: Vec<_> = list
                    .iter()
                    .filter_map(|k| self.links.get(k).cloned())
                    .collect();
                let room: usize = links.iter().map(|l| l.free_room()).sum();
                self.handle.publish(links);
                // Waiting requests go to the workers that have room now.
                self.handle.room.freed(room);
            }
            Action::Log(log) => {
                use crate::pool::core::FollowUp;
                match log.follow_up() {
                    FollowUp::TimedOut(pid) => self.timed_out(pid, queue),
                    FollowUp::Reload => {
                        let cause = crate::pool::version::Cause::Swap;
                        self.handle.versions.deploy_unless_loading(cause);
                    }
                    FollowUp::Nothing => {}
                }
                crate::pool::emit::log(&self.handle.name, &log)
            }
            Action::Count(c) => self.count(c),
            Action::HeapReport {
                slot,
                generation,
                pid,
                report,
                growth,
            } => {
                if let Some(reply) = self.walks.remove(&(slot, generation)) {
                    super::command::answer_walk(
                        reply,
                        HeapAnswer {
                            pool: self.handle.name.to_string(),
                            worker: slot,
                            pid: pid.as_raw() as u32,
                            generation,
                            report: *report,
                            growth,
                        },
                    );
                }
            }
            Action::Stopped => self.stopped = true,
            Action::Died {
                slot,
                generation,
                own_fault: true,
            } => {
                self.canary_crash((slot, generation));
                self.on_link(action);
            }
            on_link => self.on_link(on_link),
        }
    }

    /// An action on one process's link (if it still has one).
    fn on_link(&self, action: Action) {
        let link = |slot, generation| self.links.get(&(slot, generation));
        match action {
            Action::Drain { slot, generation } => {
                if let Some(l) = link(slot, generation) {
                    l.drain();
                }
            }
            Action::Accept {
                slot,
                generation,
                open,
            } => {
                if let Some(l) = link(slot, generation) {
                    l.set_accepting(open);
                }
            }
            Action::RotateAfter {
                slot,
                generation,
                served,
            } => {
                if let Some(l) = link(slot, generation) {
                    l.rotate_after.store(served, Ordering::Relaxed);
                    // A lifted cap (a worker serving past its limit) is
                    // room for the requests waiting in the queue.
                    self.handle.room.freed(l.free_room());
                }
            }
            Action::RunMaint {
                slot,
                generation,
                work,
            } => {
                if let Some(l) = link(slot, generation) {
                    l.send_untracked(match work {
                        Work::Maint(data) => MasterToWorker::Maint { data_json: data },
                        Work::Walk(limits) => MasterToWorker::HeapWalk(limits),
                    });
                }
            }
            Action::RunSwap {
                slot,
                generation,
                changes,
            } => {
                if let Some(l) = link(slot, generation) {
                    l.send_untracked(MasterToWorker::Swap {
                        changes_json: changes,
                    });
                }
            }
            Action::Died {
                slot,
                generation,
                own_fault,
            } => {
                if let Some(l) = link(slot, generation) {
                    l.set_death(own_fault);
                }
            }
            _ => {}
        }
    }

    fn count(&self, c: Counter) {
        let m = &self.handle.metrics;
        match c {
            Counter::Restart => m.restarts.inc(),
            Counter::Failure => m.failures.inc(),
            Counter::IllegalTransition => m.illegal_transitions.inc(),
            Counter::Swapped => m.swapped.inc(),
            Counter::SwapReplaced => m.swap_replaced.inc(),
        };
    }

    /// Sends `message(data)` to every process that still takes work.
    pub(super) fn broadcast(&self, data_json: &str) -> u32 {
        let mut n = 0;
        for s in self.core.slots() {
            for p in s.procs.iter().filter(|p| p.state.is_live()) {
                let frame = MasterToWorker::Message {
                    data_json: data_json.to_string(),
                };
                if self
                    .links
                    .get(&(s.id, p.generation))
                    .is_some_and(|l| l.send_untracked(frame))
                {
                    n += 1;
                }
            }
        }
        n
    }
}
