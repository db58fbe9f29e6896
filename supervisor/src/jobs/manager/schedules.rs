//! The recurring jobs of the pools this node runs: each schedule waits for
//! its next due time, then the node spawns that time's job under the key
//! that makes it one job across every node (`jobs/schedule.rs`).

use protocol::control::{JobSpec, ScheduleInfo};

use super::Manager;
use crate::config::Schedule;
use crate::jobs::core::EVER;
use crate::jobs::{PoolInfo, schedule};
use crate::process::memory::unix_ms;

/// How long a schedule whose spawn failed (the store out) waits before it
/// tries that due time again (ms).
const RETRY_MS: u64 = 1_000;

/// One schedule of one pool, and where this node is with it.
#[derive(Debug, Clone)]
pub(super) struct Timer {
    pool: String,
    id: String,
    s: Schedule,
    /// The first due time not handled yet (Unix ms); None: no more.
    pending: Option<u64>,
    /// After a failed spawn: not before this (Unix ms).
    not_before: u64,
}

/// The timers of `pools` at `now`; a schedule that `old` had keeps its
/// place (a reload that left it alone changes nothing).
pub(super) fn timers(pools: &[PoolInfo], old: &[Timer], now: u64) -> Vec<Timer> {
    let mut out = Vec::new();
    for p in pools {
        for s in &p.schedules {
            let id = schedule::id(&p.name, s);
            let kept = old.iter().find(|t| t.id == id).cloned();
            out.push(kept.unwrap_or_else(|| Timer {
                pool: p.name.clone(),
                pending: schedule::first(s, now),
                id,
                s: s.clone(),
                not_before: 0,
            }));
        }
    }
    out
}

impl Manager {
    /// When a schedule is next due here (Unix ms).
    pub(super) fn next_due(&self) -> Option<u64> {
        let at = |t: &Timer| t.pending.map(|p| p.max(t.not_before));
        self.timers.iter().filter_map(at).min()
    }

    /// Spawns the job of every schedule due now.
    pub(super) async fn fire_schedules(&mut self) {
        let now = unix_ms();
        for i in 0..self.timers.len() {
            let t = &mut self.timers[i];
            let Some(pending) = t.pending.filter(|p| *p <= now && t.not_before <= now) else {
                continue;
            };
            let due = schedule::at(&t.s, pending, now);
            t.pending = due.next;
            if let Some(at) = due.skipped {
                tracing::info!(schedule = %t.id, pool = %t.pool, due = at, "schedule: missed runs dropped (missed = \"skip\")");
            }
            for at in due.run {
                if !self.spawn_due(i, at, now).await {
                    break;
                }
            }
        }
    }

    /// Spawns due time `at` of timer `i`; false if it could not (the
    /// timer tries that time again a little later).
    async fn spawn_due(&mut self, i: usize, at: u64, now: u64) -> bool {
        let (req, id) = request(&self.timers[i], at);
        let t = &self.timers[i];
        let (schedule, pool) = (t.id.clone(), t.pool.clone());
        match self.spawn(req).await {
            Ok((job, _)) => {
                if job == id {
                    tracing::info!(schedule = %schedule, pool = %pool, due = at, job = %job, "schedule: job enqueued");
                }
                // Else another node (or this one, before) enqueued it.
                true
            }
            Err(e) => {
                tracing::warn!(schedule = %schedule, pool = %pool, due = at, error = %e, "schedule: cannot enqueue its job; trying again in 1 s");
                let t = &mut self.timers[i];
                t.pending = Some(at);
                t.not_before = now + RETRY_MS;
                false
            }
        }
    }

    /// What `bext jobs schedules` shows.
    pub(super) fn schedule_infos(&self) -> Vec<ScheduleInfo> {
        let now = unix_ms();
        self.timers
            .iter()
            .map(|t| ScheduleInfo {
                id: t.id.clone(),
                pool: t.pool.clone(),
                cron: t.s.cron.pattern.to_string(),
                tz: t.s.tz.name().to_string(),
                script: t.s.script.clone(),
                missed: t.s.missed.name().to_string(),
                next_run: schedule::next_after(&t.s, now.saturating_sub(1)),
            })
            .collect()
    }
}

/// The spawn of due time `due` of `t`, and the id its job gets if this
/// spawn makes it.
fn request(t: &Timer, due: u64) -> (JobSpec, String) {
    let id = protocol::worker::new_job_id(unix_ms(), rand::random());
    let req = JobSpec {
        id: Some(id.clone()),
        pool: Some(t.pool.clone()),
        script: t.s.script.clone(),
        data: Some(t.s.data.clone()),
        unique_key: Some(schedule::key(&t.id, due)),
        unique_for_ms: Some(EVER),
        ..JobSpec::default()
    };
    (req, id)
}
