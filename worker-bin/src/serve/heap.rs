//! The worker's heap reports: the census after its idle collection, and
//! the heap walk bextd asks for (`bext heap`) while it is out of rotation.

use std::time::{Duration, Instant};

use protocol::worker::{LogLevel, WorkerToMaster};

use super::worker::Worker;

impl Worker {
    /// Collects and sends QuickJS's census: the loop calls it once the
    /// worker has been idle a moment (see `idle_gc`). `BEXT_HEAP_CENSUS=off`
    /// in the environment leaves the census out (to measure what it costs).
    pub fn collect_and_count(&mut self) {
        self.engine.run_gc();
        if self.census_off {
            return;
        }
        let census = self.engine.census(self.received);
        self.send(WorkerToMaster::Census(census));
    }

    /// Walks the heap for `bext heap`. The walk keeps its own time budget;
    /// the interrupt is its backstop, a second later.
    pub(super) fn heap_walk(&mut self, limits: protocol::heap::WalkLimits) {
        let backstop = Duration::from_millis(limits.budget_ms) + Duration::from_secs(1);
        self.engine.set_deadline(Some(Instant::now() + backstop));
        let report = self.engine.heap_walk(limits, self.received);
        if let Some(e) = &report.error {
            self.log(LogLevel::Warn, format!("heap walk failed: {e}"));
        }
        // A heartbeat first: no beat left while JS walked, and bextd looks
        // for beats again once the report puts the worker back ACTIVE.
        let now = Instant::now();
        self.next_beat = now;
        self.beat_if_due(now);
        self.send(WorkerToMaster::HeapReport(report));
    }
}
