//! The job system's rules against a fake clock: every test drives
//! [`Core::step`] with inputs at chosen instants and asserts on the
//! actions and the jobs, never on time that really passed.

mod admission;
mod daemons;
mod ends;
mod leases;
mod restart;
mod retries;
mod stops;
mod when;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::unistd::Pid;
use protocol::control::{JobSpec, JobState};
use protocol::worker::{FetchPolicy, JobOutcome};

use super::*;
use crate::config::Jobs;
use crate::jobs::error::{JobsError, Rule, SpecError};
use crate::jobs::memory::MemoryStore;
use crate::jobs::store::JobStore;
use crate::process::reaper::ExitKind;

pub(super) const MB: u64 = 1 << 20;

pub(super) fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// `[jobs]` as the defaults have it, with round numbers.
pub(super) fn config() -> Jobs {
    Jobs {
        state_file: PathBuf::from("/nonexistent/jobs.db"),
        store: None,
        lease_ttl: ms(15_000),
        claim_interval: ms(1_000),
        max_running: 20,
        max_running_per_pool: 5,
        budget_bytes: 256 * MB,
        default_memory_bytes: 8 * MB,
        memory_warn_pct: 80,
        memory_grace: ms(500),
        sample_interval: ms(100),
        cancel_grace: ms(5_000),
        kill_grace: ms(2_000),
        max_checkpoint_bytes: 1 << 20,
        daemon_backoff_initial: ms(1_000),
        daemon_backoff_max: ms(60_000),
        daemon_healthy: ms(300_000),
        max_attempts: 1,
        retry_backoff: ms(1_000),
        retry_backoff_max: ms(600_000),
        keep_finished: 1000,
        log_bytes: 64 * 1024,
        nice: 0,
    }
}

pub(super) fn pool(name: &str) -> PoolInfo {
    PoolInfo {
        name: name.into(),
        dir: PathBuf::from("/app"),
        env: Default::default(),
        env_pass: Vec::new(),
        uid: None,
        gid: None,
        spawn: crate::config::Spawn::Exec,
        fetch: FetchPolicy {
            allow: Vec::new(),
            timeout_ms: 30_000,
            max_response_bytes: 16 << 20,
        },
        max_attempts: 0,
        retry_backoff_ms: 0,
        worker_max_jobs: 0,
        schedules: Vec::new(),
        read: protocol::worker::ReadPolicy {
            root: "/app".into(),
            read_roots: Vec::new(),
        },
        tmp_max_bytes: 64 << 20,
    }
}

/// A job of pool `pool` as the manager hands it over (id, pool and
/// script filled in); change what the test needs.
pub(super) fn job(id: &str, pool: &str) -> JobSpec {
    JobSpec {
        id: Some(id.into()),
        pool: Some(pool.into()),
        script: "/app/job.js".into(),
        data: Some(serde_json::json!({"n": 1})),
        ..JobSpec::default()
    }
}

/// A core with a fake clock, the processes it asked for, and the
/// in-memory store its saves go to.
pub(super) struct Harness {
    pub core: Core,
    /// What the core saved, as a store of this bextd keeps it.
    pub store: MemoryStore,
    t0: Instant,
    pub now: Clock,
    next_pid: i32,
    /// job id → (run, pid) of its current process.
    pub procs: HashMap<String, (u64, Pid)>,
    /// Every action so far, in order.
    pub seen: Vec<Action>,
}

impl Harness {
    pub fn new() -> Harness {
        Harness::with(config(), &["render", "b", "c", "d", "e"])
    }

    pub fn with(cfg: Jobs, pools: &[&str]) -> Harness {
        let t0 = Instant::now();
        Harness {
            core: Core::new(
                Arc::new(cfg),
                pools.iter().map(|p| pool(p)).collect(),
                Holding::All,
            ),
            store: MemoryStore::default(),
            t0,
            now: Clock {
                at: t0,
                unix_ms: 1_700_000_000_000,
            },
            next_pid: 1000,
            procs: HashMap::new(),
            seen: Vec::new(),
        }
    }

    /// A core of node `n1` of a shared store.
    pub fn shared(cfg: Jobs) -> Harness {
        let mut h = Harness::with(cfg, &["render", "b"]);
        let pools = ["render", "b"].iter().map(|p| pool(p)).collect();
        let n1 = Holding::Claimed { node: "n1".into() };
        h.core = Core::new(Arc::new(h.core_cfg()), pools, n1);
        h
    }

    /// bextd started again on what the store holds: a new core restores
    /// it, an hour later (no process of the old one is left).
    pub fn restarted(&self) -> (Harness, Vec<Action>) {
        let pools: Vec<String> = self.core.pools.iter().map(|p| p.name.clone()).collect();
        let pools: Vec<&str> = pools.iter().map(String::as_str).collect();
        let mut h = Harness::with(self.core_cfg(), &pools);
        h.store = self.store.clone();
        h.at(3_600_000);
        let a = h.step(Input::Restore(self.store.load()));
        (h, a)
    }

    fn core_cfg(&self) -> Jobs {
        (*self.core.cfg).clone()
    }

    /// Moves the fake clock to `t` ms after the start.
    pub fn at(&mut self, t: u64) {
        self.now = Clock {
            at: self.t0 + ms(t),
            unix_ms: 1_700_000_000_000 + t,
        };
    }

    /// Steps the core; every launch it asks for succeeds at once (a new
    /// pid), as the manager would report it.
    pub fn step(&mut self, input: Input) -> Vec<Action> {
        let mut all = Vec::new();
        let mut inputs = vec![input];
        while let Some(input) = inputs.pop() {
            for a in self.core.step(input, self.now) {
                if let Action::Launch { id, run, .. } = &a {
                    self.next_pid += 1;
                    let pid = Pid::from_raw(self.next_pid);
                    self.procs.insert(id.clone(), (*run, pid));
                    inputs.push(Input::Launched {
                        id: id.clone(),
                        run: *run,
                        pid,
                        at: self.now.at,
                    });
                }
                if let Action::Save(s) = &a {
                    self.store.save(s.clone());
                }
                all.push(a);
            }
        }
        self.seen.extend(all.iter().cloned());
        all
    }

    pub fn queue(&mut self, new: JobSpec) -> Vec<Action> {
        self.step(Input::Queue(Box::new(new)))
    }

    pub fn report(&mut self, id: &str, report: Report) -> Vec<Action> {
        let run = self.procs[id].0;
        self.step(Input::Report {
            id: id.into(),
            run,
            report,
        })
    }

    /// Its process exits with `status` and its socket closes.
    pub fn end(&mut self, id: &str, status: ExitKind) -> Vec<Action> {
        let pid = self.procs[id].1;
        let mut a = self.step(Input::Exit { pid, status });
        a.extend(self.report(id, Report::Closed(None)));
        a
    }

    /// It returns `result` from `run(job)` and exits 0.
    pub fn complete(&mut self, id: &str, result: &str) -> Vec<Action> {
        let done = JobOutcome::Completed {
            result_json: result.into(),
        };
        let mut a = self.report(id, Report::Finished(done));
        a.extend(self.end(id, ExitKind::Code(0)));
        a
    }

    pub fn tick(&mut self, rss: &[(&str, u64)]) -> Vec<Action> {
        let rss = rss
            .iter()
            .map(|(id, b)| (id.to_string(), self.procs[*id].0, *b))
            .collect();
        self.step(Input::Tick { rss })
    }

    pub fn status(&self, id: &str) -> JobState {
        self.core.job(id).expect("a job").row.status
    }

    pub fn error(&self, id: &str) -> String {
        self.core
            .job(id)
            .and_then(|j| j.row.error.clone())
            .unwrap_or_default()
    }
}

pub(super) const KILLED: ExitKind = ExitKind::Signal(9);

pub(super) fn launched(actions: &[Action]) -> Vec<String> {
    let mut ids: Vec<String> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Launch { id, .. } => Some(id.clone()),
            _ => None,
        })
        .collect();
    ids.sort();
    ids
}

/// The run of the one launch among `actions`.
pub(super) fn run_launched(actions: &[Action]) -> u64 {
    actions
        .iter()
        .find_map(|a| match a {
            Action::Launch { run, .. } => Some(*run),
            _ => None,
        })
        .expect("a launch")
}

pub(super) fn killed(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Kill { id, .. } => Some(id.clone()),
            _ => None,
        })
        .collect()
}

pub(super) fn counted(actions: &[Action], c: Counter) -> usize {
    actions.iter().filter(|a| **a == Action::Count(c)).count()
}

pub(super) fn reply(actions: &[Action]) -> Option<Reply> {
    actions.iter().find_map(|a| match a {
        Action::Reply(r) => Some(r.clone()),
        _ => None,
    })
}
