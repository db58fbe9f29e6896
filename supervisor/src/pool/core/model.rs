//! The core's vocabulary: what it learns ([`Input`]), what it decides
//! ([`Action`]), and what it keeps of each slot and process.

use std::time::Instant;

use nix::unistd::Pid;

use super::{Log, Phase, ProcState, Reason};
use crate::process::reaper::ExitKind;

/// The live counters of one worker process, read from its link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Load {
    pub in_flight: u32,
    pub served: u64,
    /// When it last said it is alive (its start, before its first heartbeat).
    pub last_beat: Instant,
    /// While it runs a request within that request's deadline, it is alive
    /// even if it sends no heartbeat (JS runs on the worker's only thread).
    pub busy_until: Option<Instant>,
}

/// Where the core reads the live counters of a process.
pub trait Probe {
    fn load(&self, slot: u32, generation: u64) -> Load;
}

/// What happened, as the core learns it.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// Time passed: deadlines, heartbeats, uptime, healthy reset.
    Tick,
    /// The autoscaling and automatic-maintenance tick.
    PoolTick,
    /// A process asked for with [`Action::Spawn`] started at `at`.
    Spawned {
        slot: u32,
        generation: u64,
        pid: Pid,
        at: Instant,
    },
    /// It could not be started. `transient`: for lack of resources (file
    /// descriptors, memory, processes), which is not the script's fault.
    SpawnFailed {
        slot: u32,
        generation: u64,
        error: String,
        transient: bool,
    },
    /// Something a worker's link reported.
    Link {
        slot: u32,
        generation: u64,
        event: LinkEvent,
    },
    /// A process exited.
    Exit(Exit),
    /// RSS samples: (slot, generation, bytes).
    Memory(Vec<(u32, u64, u64)>),
    /// New settings from a config reload: size, autoscaling and admission
    /// apply to the running workers; `roll`: something else changed too,
    /// so every worker is replaced (a rolling restart).
    Reconfigure {
        settings: Box<crate::config::Settings>,
        min_workers: u32,
        max_workers: u32,
        roll: bool,
    },
    /// Stop: drain (graceful) or kill every worker.
    Shutdown { graceful: bool },
    /// Kill a process that stopped answering.
    Kill {
        slot: u32,
        generation: u64,
        reason: String,
    },
    /// A deploy's first worker failed to load: the rollout stops (every
    /// rotation a deploy asked for is dropped, the old workers keep their
    /// slots) and `stop`, the deploy's other booting workers, are stopped.
    DeployFailed { stop: Vec<(u32, u64)> },
}

/// A process that exited, with the facts the actor gathered.
#[derive(Debug, Clone, PartialEq)]
pub struct Exit {
    pub pid: Pid,
    pub status: ExitKind,
    /// How it broke the protocol, if its link saw that first.
    pub broken: Option<String>,
    /// The cgroup's OOM-kill count rose since the last exit.
    pub oom: bool,
    /// The requests it held when its socket closed (`GET /x (1200 ms)`).
    pub held: Vec<String>,
}

/// The last unplanned end of a slot's process, for status.
#[derive(Debug, Clone, PartialEq)]
pub struct LastExit {
    pub pid: Pid,
    pub label: String,
    pub uptime: std::time::Duration,
    pub served: u64,
    pub held: Vec<String>,
}

/// What a worker's link reports (see `link.rs`).
#[derive(Debug, Clone, PartialEq)]
pub enum LinkEvent {
    /// The script loaded and `startup()` returned; how many modules came
    /// from the pool's bytecode and how many were compiled.
    Ready { cached: u32, compiled: u32 },
    /// The script failed to load or `startup()` threw.
    BootFailed(String),
    /// The worker reached its `max_requests` threshold.
    RequestLimit,
    /// The worker answered out of memory; it should be rotated.
    OutOfMemory,
    /// The worker broke the protocol (garbage, oversized frame, bad hello);
    /// the link killed it.
    ProtocolError(String),
    /// `maint()` finished (with its error, if it threw).
    MaintDone(Option<String>),
    /// QuickJS's counters after an idle collection.
    Census(protocol::heap::Census),
    /// The heap walk ended.
    HeapReport(Box<protocol::heap::HeapReport>),
    /// `swap()` ended: `error` if it threw, or is `missing`.
    SwapDone {
        error: Option<String>,
        missing: bool,
    },
    /// The socket closed.
    Closed,
    /// A canary worker answered: time to judge the canary again (the
    /// actor's, never stepped).
    Tallied,
}

/// What to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Start a process for this slot and generation, then report
    /// [`Input::Spawned`] or [`Input::SpawnFailed`].
    Spawn {
        slot: u32,
        generation: u64,
    },
    /// SIGKILL it.
    Kill {
        pid: Pid,
    },
    /// Drain its link: no new requests, SIGTERM once its requests are answered.
    Drain {
        slot: u32,
        generation: u64,
    },
    /// Open or close its link to new requests.
    Accept {
        slot: u32,
        generation: u64,
        open: bool,
    },
    /// Report [`LinkEvent::RequestLimit`] once it has served this many.
    RotateAfter {
        slot: u32,
        generation: u64,
        served: u64,
    },
    /// Send it `maint(data)`, or the heap walk.
    RunMaint {
        slot: u32,
        generation: u64,
        work: super::Work,
    },
    /// A heap walk's report, for whoever asked for it.
    HeapReport {
        slot: u32,
        generation: u64,
        pid: Pid,
        report: Box<protocol::heap::HeapReport>,
        growth: Option<protocol::heap::HeapGrowth>,
    },
    RunSwap {
        slot: u32,
        generation: u64,
        changes: String,
    },
    /// The ACTIVE processes (slot, generation), in slot order, changed.
    Publish(Vec<(u32, u64)>),
    Log(Log),
    Count(Counter),
    /// A process is gone; whether by its own fault (for the requests it
    /// held: a query of death, or a victim).
    Died {
        slot: u32,
        generation: u64,
        own_fault: bool,
    },
    /// Every process is gone after a shutdown.
    Stopped,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    Restart,
    Failure,
    IllegalTransition,
    /// A worker swapped in place.
    Swapped,
    /// A swap that ended in a replacement.
    SwapReplaced,
}

/// One worker process.
#[derive(Debug, Clone, PartialEq)]
pub struct Proc {
    pub pid: Pid,
    pub generation: u64,
    pub state: ProcState,
    pub spawned_at: Instant,
    pub rss: u64,
    pub peak_rss: u64,
    /// Requests served and time at its last maintenance (or its start).
    pub maint_served: u64,
    pub maint_at: Instant,
    /// Hot-swaps this process went through.
    pub swaps: u64,
    /// Its censuses, and what they say of its growth (see `pool::growth`).
    pub census: crate::pool::growth::Series,
    pub growth: Option<protocol::heap::HeapGrowth>,
    /// Figures the link reported for [`super::triggers::due`]: its request
    /// cap served, QuickJS out of its heap.
    pub request_cap: bool,
    pub heap_exhausted: bool,
}

/// A pending replacement of a slot's worker.
#[derive(Debug, Clone, PartialEq)]
pub struct Rotation {
    pub reason: Reason,
    /// After a failed replacement, the next try waits until then.
    pub not_before: Option<Instant>,
}

/// A slot: a stable place in the pool whose process is replaced over time.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    pub id: u32,
    pub phase: Phase,
    /// Oldest first; at most one is live (booting, active, maintenance),
    /// except while a replacement boots beside the worker it replaces.
    pub procs: Vec<Proc>,
    pub generation: u64,
    pub failures: u32,
    pub restarts: u32,
    pub rotation: Option<Rotation>,
    /// An operator's or a deploy's order to replace its worker, held until
    /// the trigger function turns it into a rotation (see
    /// [`super::triggers`]): at once when its worker is ACTIVE and no
    /// replacement of it is under way, else once the new one is ACTIVE.
    pub order: Option<Reason>,
    pub last_error: Option<String>,
    /// Its last unplanned exit.
    pub last_exit: Option<LastExit>,
    /// Spawns in a row that failed for lack of resources (not failures).
    pub spawn_retries: u32,
    /// A spawn was asked for and its result (spawned or failed) is not in
    /// yet: the actor reports it after stepping what else the same step
    /// asked for, so until then the slot counts as rotating.
    pub spawning: bool,
    /// Its worker serves past the limit it reached (this reason) because
    /// its replacement could not start.
    pub overstaying: Option<Reason>,
}

impl Slot {
    pub(super) fn new(id: u32, now: Instant) -> Slot {
        Slot {
            id,
            phase: Phase::Backoff { until: now },
            procs: Vec::new(),
            generation: 0,
            failures: 0,
            restarts: 0,
            rotation: None,
            order: None,
            last_error: None,
            last_exit: None,
            spawn_retries: 0,
            spawning: false,
            overstaying: None,
        }
    }

    /// The process that is (or is becoming) the slot's server.
    pub fn primary(&self) -> Option<&Proc> {
        self.procs.iter().rev().find(|p| p.state.is_live())
    }

    /// A spawn is pending, a replacement boots, or an old process drains.
    pub(super) fn rotating(&self) -> bool {
        self.spawning
            || self
                .procs
                .iter()
                .any(|p| matches!(p.state, ProcState::Draining { .. }))
            || (self.procs.len() > 1
                && self
                    .procs
                    .iter()
                    .any(|p| matches!(p.state, ProcState::Booting { .. })))
    }

    pub(super) fn proc_mut(&mut self, generation: u64) -> Option<&mut Proc> {
        self.procs.iter_mut().find(|p| p.generation == generation)
    }
}
