//! The canary rollout (`[POOL.deploy] canary = true`), the actor's side.
//!
//! A deploy's rolling restart of every slot becomes, when the pool runs a
//! version and has more serving workers than `canary_workers`, a restart of
//! the first `canary_workers` serving slots only; the other slots are kept
//! for the verdict. When the canary's first worker is ready its load is the
//! running version (`pool/version.rs`) and the window begins: every link
//! gets a [`Side`] (the canary's, or the old version's, by the load its
//! worker runs; a link started later gets one too), and each answer is
//! tallied on its side as the link completes it. The verdict
//! (`core::canary::judge`, a pure function) is asked on every canary
//! answer (a `Tallied` link event), when a canary worker crashes, and at
//! the time it last said to look again. Promote restarts the other slots
//! (they start the running version, the new one). Rollback makes the
//! previous version the running one again, restarts the canary slots from
//! it (kept compiled: no file is read), marks the new version failed, and
//! says so in an ALERT line, a history event and
//! `bext_deploy_rollbacks_total{pool,reason}`.
//!
//! A config reload that rolls the workers is not a canary deploy (it
//! changes settings, not code, and rolls every worker as before).

use std::sync::Arc;
use std::time::Instant;

use serde_json::json;

use super::Actor;
use crate::history::{NewEvent, report as feed};
use crate::pool::core::canary::{Figures, Limits, Verdict, judge};
use crate::pool::core::{Command, Phase, ProcState, Reason, Restart, Stopped};
use crate::pool::link::Side;
use crate::pool::version::{Load, RolloutError};
use protocol::rollout::Rollout;

/// What `bext deploy status|promote|rollback` asks of a pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RolloutOp {
    Status,
    Promote,
    /// To the kept previous version (`Some`: its id, checked).
    Rollback(Option<String>),
}

impl Command for RolloutOp {
    type Answer = RolloutAnswer;
    type Error = RolloutError;
}

impl From<Stopped> for RolloutError {
    fn from(_: Stopped) -> RolloutError {
        RolloutError::Stopping
    }
}

/// A pool's answer to a [`RolloutOp`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RolloutAnswer {
    /// The canary under way, if any.
    Status(Option<Rollout>),
    /// Workers to replace.
    Workers(u32),
}

/// A canary under way.
#[derive(Debug)]
pub(super) struct Run {
    load: Arc<Load>,
    /// The slots that start the new version first.
    slots: Vec<u32>,
    /// The slots a promotion restarts.
    rest: Vec<u32>,
    reason: Reason,
    limits: Limits,
    /// When its first worker was ready: the window's start.
    started: Option<Instant>,
    canary: Arc<Side>,
    old: Arc<Side>,
    /// When to ask for the verdict again without an answer.
    pub(super) wake: Option<Instant>,
}

impl Actor {
    /// A restart of every slot for `reason`: when it is a deploy that goes
    /// to a canary first, restarts the canary slots and returns how many
    /// slots the deploy will replace; else `None` (a rolling restart).
    pub(super) async fn begin_canary(&mut self, reason: &Reason) -> Option<u32> {
        let cfg = self.handle.config();
        let c = cfg.settings.deploy.canary?;
        let load = self.handle.versions.loading()?;
        if !reason.is_deploy() || self.handle.versions.kept().0.is_none() {
            return None;
        }
        let slots = self
            .core
            .slots()
            .iter()
            .filter(|s| s.phase != Phase::Retiring);
        let all: Vec<u32> = slots.clone().map(|s| s.id).collect();
        let serving: Vec<u32> = slots
            .filter(|s| s.phase == Phase::Serving)
            .filter(|s| {
                s.primary()
                    .is_some_and(|p| matches!(p.state, ProcState::Active { .. }))
            })
            .map(|s| s.id)
            .collect();
        if serving.len() <= c.workers as usize {
            tracing::warn!(pool = %self.handle.name, serving = serving.len(),
                "canary: too few serving workers to compare with, the deploy rolls every worker");
            return None;
        }
        self.end_canary();
        let canary: Vec<u32> = serving[..c.workers as usize].to_vec();
        let rest = all
            .iter()
            .copied()
            .filter(|s| !canary.contains(s))
            .collect();
        tracing::info!(pool = %self.handle.name, workers = ?canary,
            "canary: {} of {} workers start the new code first", canary.len(), all.len());
        let old = Side::old();
        self.canary = Some(Run {
            load,
            slots: canary.clone(),
            rest,
            reason: reason.clone(),
            limits: Limits::of(&c),
            started: None,
            canary: Side::canary(&old),
            old,
            wake: None,
        });
        self.restart_slots(&canary, reason).await;
        Some(all.len() as u32)
    }

    /// The deploy of `load` runs now (its first worker is ready): the
    /// canary's window begins, or, for the same code as before, there is
    /// nothing to judge.
    pub(super) fn canary_ready(&mut self, load: &Load, new_version: bool) {
        let Some(run) = self.canary.as_mut().filter(|r| r.load.seq == load.seq) else {
            return;
        };
        if !new_version {
            self.end_canary();
            return;
        }
        let now = Instant::now();
        run.started = Some(now);
        run.wake = Some(now + run.limits.min_time);
        self.handle.versions.judging(load);
        let keys: Vec<(u32, u64)> = self.links.keys().copied().collect();
        for key in keys {
            self.give_side(key);
        }
    }

    /// The load a new worker of `slot` starts (see `Versions::for_spawn`
    /// and `for_spawn_beside`).
    pub(super) fn load_for(&self, slot: u32) -> Arc<Load> {
        let versions = &self.handle.versions;
        match self.canary.as_ref().filter(|r| !r.slots.contains(&slot)) {
            Some(run) => versions.for_spawn_beside(&run.load),
            None => versions.for_spawn(),
        }
    }

    /// Tells the link of `key` which side its answers count for.
    pub(super) fn give_side(&self, key: (u32, u64)) {
        let Some(run) = self.canary.as_ref().filter(|r| r.started.is_some()) else {
            return;
        };
        let Some(link) = self.links.get(&key) else {
            return;
        };
        let on_canary = self.loads.get(&key).is_some_and(|l| l.seq == run.load.seq);
        let side = if on_canary { &run.canary } else { &run.old };
        link.set_side(Some(side.clone()));
    }

    /// A worker of `key` died by its own fault: a canary's is a rollback.
    pub(super) fn canary_crash(&mut self, key: (u32, u64)) {
        let side = self.links.get(&key).and_then(|l| l.side());
        if let (Some(side), Some(run)) = (side, self.canary.as_mut()) {
            side.tally.lock().unwrap().crashed();
            run.wake = Some(Instant::now());
        }
    }

    /// Asks for the verdict and carries it out.
    pub(super) async fn judge_canary(&mut self) {
        let Some(run) = self.canary.as_mut() else {
            return;
        };
        let Some(started) = run.started else {
            return;
        };
        let (canary, old) = (run.canary.figures(), run.old.figures());
        match judge(&run.limits, started, canary, old, Instant::now()) {
            Verdict::Wait { until } => run.wake = until,
            Verdict::Promote { canary, old } => self.promote(canary, old).await,
            Verdict::Rollback {
                reason,
                canary,
                old,
            } => self.roll_back(reason.as_str(), canary, old).await,
        }
    }

    async fn promote(&mut self, canary: Figures, old: Figures) {
        let Some(run) = self.end_canary() else {
            return;
        };
        let id = run.load.id().unwrap_or("?").to_string();
        let pool = self.handle.name.clone();
        self.handle.versions.promoted(&run.load);
        tracing::info!(pool = %pool, version = %id,
            "canary: {id} promoted, rolling the other workers (canary: {canary}; old version: {old})");
        feed(
            NewEvent::new("deploy", "info", format!("canary {id} promoted"))
                .detail(
                    json!({ "version": id, "canary": canary.to_string(), "old": old.to_string() }),
                )
                .pool(&pool),
        );
        self.restart_slots(&run.rest, &run.reason).await;
    }

    /// Rolls the canary back; `reason`: the threshold broken, or `command`.
    async fn roll_back(&mut self, reason: &str, canary: Figures, old: Figures) {
        let Some(run) = self.end_canary() else {
            return;
        };
        let id = run.load.id().unwrap_or("?").to_string();
        let pool = self.handle.name.clone();
        let why = format!("{reason} (canary: {canary}; old version: {old})");
        let settings = super::code_settings(&self.handle.config());
        let Some(back) = self.handle.versions.rolled_back(&run.load, &why, &settings) else {
            tracing::error!(pool = %pool, version = %id,
                "ALERT: canary {id} failed {why}, but no previous version is kept to roll back to");
            return;
        };
        tracing::error!(pool = %pool, version = %id, running = %back, reason,
            "ALERT: canary {id} rolled back: {why}; its workers go back to {back}");
        feed(
            NewEvent::new(
                "deploy",
                "error",
                format!("canary {id} rolled back: {}", reason),
            )
            .detail(json!({ "version": id, "running": back, "reason": reason,
                    "canary": canary.to_string(), "old": old.to_string() }))
            .pool(&pool),
        );
        self.handle.metrics.rollbacks.inc(reason);
        // The canary slots, and any other slot a routine replacement
        // started on the new version during the window.
        let mut slots = run.slots.clone();
        for (&(slot, _), load) in &self.loads {
            if load.seq == run.load.seq && !slots.contains(&slot) {
                slots.push(slot);
            }
        }
        let reason = Reason::Rollback(back.to_string());
        self.restart_slots(&slots, &reason).await;
    }

    /// Ends the canary under way (its links stop tallying).
    pub(super) fn end_canary(&mut self) -> Option<Run> {
        let run = self.canary.take()?;
        for link in self.links.values() {
            link.set_side(None);
        }
        Some(run)
    }

    /// Carries out an operator's [`RolloutOp`].
    pub(super) async fn rollout(&mut self, op: RolloutOp) -> Result<RolloutAnswer, RolloutError> {
        let judged = self.canary.as_ref().filter(|r| r.started.is_some());
        let figures = judged.map(|r| (r.canary.figures(), r.old.figures()));
        match (op, judged, figures) {
            (RolloutOp::Status, ..) => Ok(RolloutAnswer::Status(self.canary_status())),
            (RolloutOp::Promote, Some(run), Some((c, o))) => {
                let n = run.rest.len() as u32;
                self.promote(c, o).await;
                Ok(RolloutAnswer::Workers(n))
            }
            (RolloutOp::Promote, ..) => Err(RolloutError::NoCanary),
            (RolloutOp::Rollback(want), Some(run), Some((c, o)))
                if want.is_none() || want.as_deref() == run.load.id() =>
            {
                let n = run.slots.len() as u32;
                self.roll_back("command", c, o).await;
                Ok(RolloutAnswer::Workers(n))
            }
            (RolloutOp::Rollback(want), ..) => self.revert(want.as_deref()).await,
        }
    }

    /// Every worker goes back to the kept previous version.
    async fn revert(&mut self, want: Option<&str>) -> Result<RolloutAnswer, RolloutError> {
        if self.core.is_stopping() {
            return Err(RolloutError::Stopping);
        }
        self.end_canary();
        let (from, to) = self.handle.versions.revert(want)?;
        let pool = self.handle.name.clone();
        tracing::warn!(pool = %pool, from = %from, to = %to,
            "rollback by command: every worker goes back from {from} to {to}");
        feed(
            NewEvent::new(
                "deploy",
                "warn",
                format!("rollback by command from {from} to {to}"),
            )
            .detail(json!({ "from": from, "to": to }))
            .pool(&pool),
        );
        let slots: Vec<u32> = self
            .core
            .slots()
            .iter()
            .filter(|s| s.phase != Phase::Retiring)
            .map(|s| s.id)
            .collect();
        self.restart_slots(&slots, &Reason::Rollback(to.to_string()))
            .await;
        Ok(RolloutAnswer::Workers(slots.len() as u32))
    }

    fn canary_status(&self) -> Option<Rollout> {
        let run = self.canary.as_ref()?;
        Some(Rollout {
            pool: self.handle.name.to_string(),
            version: run.load.id().map(String::from),
            previous: self
                .handle
                .versions
                .kept()
                .1
                .filter(|_| run.started.is_some()),
            canary_workers: run.slots.clone(),
            elapsed_ms: run.started.map_or(0, |t| t.elapsed().as_millis() as u64),
            window_ms: run.limits.min_time.as_millis() as u64,
            window_requests: run.limits.min_requests,
            canary: run.canary.figures().to_string(),
            old: run.old.figures().to_string(),
        })
    }

    async fn restart_slots(&mut self, slots: &[u32], reason: &Reason) {
        for &slot in slots {
            let restart = Restart {
                slot: Some(slot),
                reason: reason.clone(),
            };
            // The slot exists: the count is not asked for.
            let _ = self.apply(restart).await;
        }
    }
}
