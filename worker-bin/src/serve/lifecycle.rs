//! The lifecycle hooks' answers and the end of a worker: what `maint()` and
//! `swap()` returned, the drain that SIGTERM begins and the shutdown that
//! ends it.

use std::time::Instant;

use protocol::worker::{HttpResponse, LogLevel, WorkerToMaster};

use super::WorkerError;
use super::worker::{Pending, Phase, Worker};
use crate::host::JsFailure;

impl Worker {
    pub(super) fn maint_done(&mut self, result: Result<HttpResponse, JsFailure>) {
        let error = match result {
            // No maint() export: the default is a garbage collection.
            Ok(r) if r.status == 204 => {
                self.engine.run_gc();
                None
            }
            Ok(_) => None,
            Err(f) => {
                self.log(LogLevel::Error, format!("maint() threw: {}", f.describe()));
                Some(f.message)
            }
        };
        self.out.push(WorkerToMaster::MaintDone { error });
    }

    /// `swap(changes)` ended. No `swap` export (the hook answers 204) or a
    /// throw: the master replaces this worker instead.
    pub(super) fn swap_done(&mut self, result: Result<HttpResponse, JsFailure>) {
        let frame = match result {
            Ok(r) if r.status == 204 => WorkerToMaster::SwapDone {
                error: Some("the script does not export swap()".into()),
                missing: true,
            },
            Ok(_) => WorkerToMaster::SwapDone {
                error: None,
                missing: false,
            },
            Err(f) => {
                self.log(LogLevel::Error, format!("swap() threw: {}", f.describe()));
                WorkerToMaster::SwapDone {
                    error: Some(f.message),
                    missing: false,
                }
            }
        };
        self.out.push(frame);
    }

    pub(super) fn lifecycle(&mut self, p: Pending, result: Result<HttpResponse, JsFailure>) {
        match (p, result) {
            (Pending::Load, Ok(_)) => {
                let t = self.token(Pending::Startup);
                self.engine.start_hook(t, "startup", None);
            }
            (Pending::Startup, Ok(_)) => {
                let t = self.token(Pending::ReadyCheck);
                self.engine.start_hook(t, "ready", None);
            }
            (Pending::ReadyCheck, Ok(_)) => {
                self.phase = Phase::Serving;
                // Offered before Ready, so the master holds them by the
                // time it may boot the next worker.
                for module in self.modules.take_fresh() {
                    self.out.push(WorkerToMaster::Compiled(module));
                }
                let (modules_cached, modules_compiled) = self.modules.counts();
                self.out.push(WorkerToMaster::Ready {
                    modules_cached,
                    modules_compiled,
                });
            }
            // Reported once, in BootFailed: the master logs it.
            (Pending::Load | Pending::Startup | Pending::ReadyCheck, Err(f)) => {
                let error = f.describe();
                self.out.push(WorkerToMaster::BootFailed {
                    error: error.clone(),
                });
                self.exit = Some(Err(WorkerError::BootFailed(error)));
            }
            (_, result) => {
                if let Err(f) = result {
                    self.log(
                        LogLevel::Error,
                        format!("shutdown() threw: {}", f.describe()),
                    );
                }
                self.exit = Some(Ok(()));
            }
        }
    }

    pub fn begin_drain(&mut self) {
        if self.phase == Phase::Draining {
            return;
        }
        if self.phase == Phase::Booting {
            // Nothing to drain and no startup() to pair a shutdown() with.
            self.exit = Some(Ok(()));
        }
        self.phase = Phase::Draining;
        self.pump();
    }

    /// Starts `shutdown()` once draining has nothing left in flight.
    pub(super) fn maybe_shutdown(&mut self) -> bool {
        let started = self
            .pending
            .values()
            .any(|p| matches!(p, Pending::Shutdown));
        if self.phase != Phase::Draining
            || self.in_flight > 0
            || self.background > 0
            || started
            || self.exit.is_some()
        {
            return false;
        }
        let t = self.token(Pending::Shutdown);
        self.arm_interrupt(Instant::now(), None);
        self.engine.start_hook(t, "shutdown", None);
        true
    }
}
