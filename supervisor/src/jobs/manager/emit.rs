//! One log line per [`Log`] the jobs core reports.

use protocol::control::JobState;
use protocol::size::format_size;
use protocol::worker::LogLevel;

use crate::jobs::core::Log;
use crate::jobs::core::state::KillReason;

pub fn log(log: &Log) {
    report(log);
    match log {
        Log::Queued {
            id,
            pool,
            script,
            daemon,
            memory,
        } => tracing::info!(job = %id, pool = %pool, script = %script, daemon,
            memory = %format_size(*memory), "job queued"),
        Log::Started {
            id,
            pool,
            pid,
            restarts,
        } => tracing::info!(job = %id, pool = %pool, pid = pid.as_raw(), restarts, "job started"),
        Log::CancelAsked { id, pid } => {
            tracing::info!(job = %id, pid = pid.map(|p| p.as_raw()), "job cancelled: asking it to stop")
        }
        Log::CancelledBeforeRun { id } => tracing::info!(job = %id, "job cancelled before it ran"),
        Log::StoppingAll { jobs } => tracing::info!(
            jobs,
            "stopping jobs: cancelled, then killed at the shutdown deadline"
        ),
        Log::MemoryWarn {
            id,
            pid,
            rss,
            reserved,
            pct,
        } => tracing::warn!(job = %id, pid = pid.map(|p| p.as_raw()),
            rss = %format_size(*rss), reserved = %format_size(*reserved),
            "job is using {pct}% or more of its memory reservation"),
        Log::Killing { id, pid, reason } => killing(id, pid.map(|p| p.as_raw()), reason),
        Log::DaemonCrashed {
            id,
            pool,
            restarts,
            delay_ms,
            error,
        } => tracing::warn!(job = %id, pool = %pool, restarts, delay_ms, error = %error,
            "daemon crashed; restarting it after its backoff"),
        Log::Failed { id, pool, error } => {
            tracing::warn!(job = %id, pool = %pool, error = %error, "job failed")
        }
        Log::Retrying {
            id,
            pool,
            attempt,
            max_attempts,
            delay_ms,
            error,
        } => tracing::warn!(job = %id, pool = %pool, attempt, max_attempts, delay_ms,
            error = %error, "job attempt failed; retrying it after its backoff"),
        Log::OutOfAttempts {
            id,
            pool,
            attempts,
            error,
        } => tracing::warn!(job = %id, pool = %pool, attempts, error = %error,
            "job failed its last attempt; discarded (bext jobs retry runs it again)"),
        Log::RetriedByHand { id, was } => {
            tracing::info!(job = %id, was = %was, "job queued again by hand")
        }
        Log::Ended { id, pool, state } => ended(id, pool, *state),
        Log::Line {
            id,
            pool,
            level,
            text,
        } => line(id, pool, *level, text),
        Log::Restored {
            jobs,
            queued,
            daemons,
            requeued,
            interrupted,
        } => tracing::info!(
            jobs,
            queued,
            daemons,
            requeued,
            interrupted,
            "jobs restored"
        ),
        Log::Illegal { id, from, to } => tracing::error!(job = %id, from = %from, to = %to,
            "illegal job state change refused (a bug in bextd)"),
        Log::Claimed { ids } => {
            tracing::info!(jobs = %ids.join(","), "jobs claimed from the shared store")
        }
        Log::LeasesExpired { jobs, ttl_ms } => tracing::error!(
            jobs,
            ttl_ms,
            "job leases not renewed within their TTL: killing every job process of this node"
        ),
        Log::Released { ids } => tracing::info!(jobs = %ids.join(","), "job leases released"),
    }
}

fn killing(id: &str, pid: Option<i32>, reason: &KillReason) {
    match reason {
        KillReason::Timeout { .. } => {
            tracing::warn!(job = %id, pid, "job ran past its timeout; killing it")
        }
        KillReason::Memory { .. } => tracing::warn!(job = %id, pid,
            "job over its memory reservation past the grace; killing it"),
        KillReason::Protocol(why) => tracing::error!(job = %id, pid, error = %why,
            "job process broke the protocol; killing it"),
        KillReason::StopOverdue { .. } | KillReason::LeaseLost { .. } => {
            tracing::warn!(job = %id, pid, reason = %reason, "killing job")
        }
    }
}

fn ended(id: &str, pool: &str, state: JobState) {
    tracing::info!(job = %id, pool = %pool, state = %state, "job ended")
}

/// A line the job itself logged, at its own level.
fn line(id: &str, pool: &str, level: LogLevel, text: &str) {
    match level {
        LogLevel::Error => tracing::error!(target: "bext::job", job = %id, pool = %pool, "{text}"),
        LogLevel::Warn => tracing::warn!(target: "bext::job", job = %id, pool = %pool, "{text}"),
        LogLevel::Info => tracing::info!(target: "bext::job", job = %id, pool = %pool, "{text}"),
        LogLevel::Debug => tracing::debug!(target: "bext::job", job = %id, pool = %pool, "{text}"),
    }
}

/// A job's state changes, as events of the history's feed.
fn report(log: &Log) {
    use crate::history::{NewEvent, report};
    let (id, pool, level, text, detail) = match log {
        Log::Queued { id, pool, .. } => (id, pool, "info", "job queued".to_string(), None),
        Log::Started {
            id,
            pool,
            pid,
            restarts,
        } => (
            id,
            pool,
            "info",
            format!("job started (pid {pid}, restarts {restarts})"),
            None,
        ),
        Log::DaemonCrashed {
            id,
            pool,
            restarts,
            delay_ms,
            error,
        } => (
            id,
            pool,
            "warn",
            format!("daemon crashed; restart {restarts} in {delay_ms} ms"),
            Some(serde_json::json!({ "error": error })),
        ),
        Log::Retrying {
            id,
            pool,
            attempt,
            max_attempts,
            delay_ms,
            error,
        } => (
            id,
            pool,
            "warn",
            format!("attempt {attempt} of {max_attempts} failed; retry in {delay_ms} ms"),
            Some(serde_json::json!({ "error": error })),
        ),
        Log::Failed { id, pool, error } => (
            id,
            pool,
            "warn",
            "job failed".to_string(),
            Some(serde_json::json!({ "error": error })),
        ),
        Log::Ended { id, pool, state } => (id, pool, "info", format!("job {state}"), None),
        // No event of their own: the log line says them, and the state
        // they lead to (ended, failed, queued again) is the event.
        Log::CancelAsked { .. }
        | Log::CancelledBeforeRun { .. }
        | Log::StoppingAll { .. }
        | Log::MemoryWarn { .. }
        | Log::Killing { .. }
        | Log::OutOfAttempts { .. }
        | Log::RetriedByHand { .. }
        | Log::Line { .. } => return,
        // Of the store or of many jobs at once, not of one job: the log
        // says them.
        Log::Restored { .. }
        | Log::Illegal { .. }
        | Log::Claimed { .. }
        | Log::LeasesExpired { .. }
        | Log::Released { .. } => return,
    };
    let mut e = NewEvent::new("job", level, text).pool(pool).job(id);
    if let Some(d) = detail {
        e = e.detail(d);
    }
    report(e);
}
