//! The text `bext jobs` shows: pure functions of the control socket's
//! replies, unit-tested.

use std::path::Path;

use protocol::control::{JobInfo, JobState, JobStats};

use crate::cli::format::{duration, megabytes};
use crate::logging::escape;

/// Each line of worker text with its control characters escaped.
pub(super) fn escape_lines(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(&escape(line));
        out.push('\n');
    }
    out
}

fn state_cell(j: &JobInfo, now: u64) -> String {
    match (j.status, j.pid, j.restart_at) {
        (JobState::Running, None, Some(at)) => {
            format!("restarting in {}", duration(at.saturating_sub(now)))
        }
        (JobState::Running, None, None) => "starting".into(),
        (JobState::Queued, _, _) if j.run_at.is_some_and(|t| t > now) => {
            format!("delayed {}", duration(j.run_at.unwrap_or(now) - now))
        }
        (JobState::Retryable, _, _) => match j.retry_at {
            Some(at) => format!("retryable in {}", duration(at.saturating_sub(now))),
            None => "retryable".into(),
        },
        (s, _, _) => s.to_string(),
    }
}

/// The `bext jobs ls` table.
pub(super) fn jobs_table(jobs: &[JobInfo], stats: &JobStats, now: u64) -> String {
    let mut out = format!(
        "Jobs ({} running, {} queued; memory budget {} of {} reserved)\n",
        stats.running,
        stats.queued,
        protocol::size::format_size(stats.budget_used_bytes),
        protocol::size::format_size(stats.budget_total_bytes)
    );
    if jobs.is_empty() {
        out.push_str("  No job.\n");
        return out;
    }
    // A shared store (`[jobs] store`): which bextd node owns each job.
    let shared = jobs.iter().any(|j| j.node.is_some());
    let mut header = vec![
        "ID", "POOL", "State", "Progress", "RSS", "Memory", "Restarts", "Age", "Script",
    ];
    if shared {
        header.insert(2, "NODE");
    }
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for j in jobs {
        let kind = if j.daemon { " (daemon)" } else { "" };
        let mut row = vec![
            j.id.clone(),
            j.pool.clone(),
            format!("{}{kind}", state_cell(j, now)),
            format!("{:.0}%", j.progress * 100.0),
            j.rss_bytes.map_or("-".into(), megabytes),
            megabytes(j.memory_bytes),
            j.restart_count.to_string(),
            duration(now.saturating_sub(j.created_at)),
            script_name(&j.script),
        ];
        if shared {
            row.insert(2, j.node.clone().unwrap_or_else(|| "-".into()));
        }
        rows.push(row);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for r in &rows {
        let mut line = String::from(" ");
        for (c, cell) in r.iter().enumerate() {
            line.push(' ');
            line.push_str(&escape(cell));
            if c + 1 < r.len() {
                line.push_str(&" ".repeat(widths[c] - cell.chars().count() + 1));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn script_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// `bext jobs show ID`.
pub(super) fn job_text(j: &JobInfo, now: u64) -> String {
    let mut out = format!("Job {}{}\n", j.id, if j.daemon { " (daemon)" } else { "" });
    let mut field = |k: &str, v: String| out.push_str(&format!("  {k:<11} {}\n", escape(&v)));
    field("state", state_cell(j, now));
    field("pool", j.pool.clone());
    field("script", j.script.clone());
    field("progress", format!("{:.0}%", j.progress * 100.0));
    field(
        "memory",
        format!(
            "{} reserved{}",
            megabytes(j.memory_bytes),
            j.rss_bytes
                .map_or(String::new(), |r| format!(", {} RSS", megabytes(r)))
        ),
    );
    if let Some(pid) = j.pid {
        field("pid", pid.to_string());
    }
    if j.timeout_ms > 0 {
        field("timeout", format!("{} ms", j.timeout_ms));
    }
    field("restarts", j.restart_count.to_string());
    if !j.daemon {
        field("attempt", format!("{} of {}", j.attempt, j.max_attempts));
    }
    field(
        "created",
        format!("{} ago", duration(now.saturating_sub(j.created_at))),
    );
    if let Some(t) = j.completed_at {
        field("ended", format!("{} ago", duration(now.saturating_sub(t))));
    }
    field("data", j.data.to_string());
    if let Some(r) = &j.result {
        field("result", r.to_string());
    }
    if let Some(c) = &j.checkpoint {
        field("checkpoint", c.to_string());
    }
    if let Some(e) = &j.error {
        out.push_str("  error\n");
        for line in e.lines() {
            out.push_str(&format!("    {}\n", escape(line)));
        }
    }
    // Each earlier attempt's error, its first line (the last is above).
    if j.errors.len() > 1 {
        out.push_str("  attempts\n");
        for a in &j.errors {
            let first = a.error.lines().next().unwrap_or_default();
            out.push_str(&format!("    {:>3}  {}\n", a.attempt, escape(first)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(status: JobState) -> JobInfo {
        JobInfo {
            id: "193f2a4b5c60a1b2c3d".into(),
            pool: "render".into(),
            script: "/srv/app/jobs/report.js".into(),
            status,
            daemon: false,
            memory_bytes: 64 << 20,
            timeout_ms: 0,
            retry_on_restart: false,
            data: serde_json::json!({"month": 11}),
            progress: 0.5,
            result: None,
            error: None,
            checkpoint: None,
            checkpoint_bytes: 0,
            restart_count: 0,
            created_at: 1_000,
            started_at: Some(2_000),
            completed_at: None,
            pid: Some(4242),
            rss_bytes: Some(12 << 20),
            restart_at: None,
            node: None,
            attempt: 1,
            max_attempts: 1,
            errors: Vec::new(),
            retry_at: None,
            run_at: None,
            priority: 0,
            unique_key: None,
        }
    }

    #[test]
    fn a_shared_store_adds_the_owning_node() {
        let stats = JobStats::default();
        let mut j = job(JobState::Running);
        assert!(!jobs_table(&[j.clone()], &stats, 5_000).contains("NODE"));
        j.node = Some("n0123456789ab-77".into());
        let queued = job(JobState::Queued);
        let t = jobs_table(&[j, queued], &stats, 5_000);
        assert!(t.contains("NODE"), "{t}");
        assert!(t.contains("n0123456789ab-77"), "{t}");
    }

    #[test]
    fn the_table_shows_progress_rss_and_restarts() {
        let stats = JobStats {
            running: 1,
            queued: 0,
            budget_used_bytes: 64 << 20,
            budget_total_bytes: 256 << 20,
            max_running: 20,
            max_running_per_pool: 5,
        };
        let t = jobs_table(&[job(JobState::Running)], &stats, 61_000);
        assert!(
            t.starts_with("Jobs (1 running, 0 queued; memory budget 64 MB of 256 MB reserved)"),
            "{t}"
        );
        let row = t.lines().nth(2).unwrap();
        for cell in [
            "193f2a4b5c60a1b2c3d",
            "running",
            "50%",
            "12 MB",
            "64 MB",
            "1m 0s",
            "report.js",
        ] {
            assert!(row.contains(cell), "{cell} missing in {row}");
        }
    }

    #[test]
    fn a_daemon_in_backoff_says_when_it_restarts() {
        let mut j = job(JobState::Running);
        j.daemon = true;
        j.pid = None;
        j.restart_at = Some(9_000);
        j.error = Some("Error: boom\n    at run (job.js:1:1)\x1b[2J".into());
        assert_eq!(state_cell(&j, 5_000), "restarting in 4s");
        let text = job_text(&j, 5_000);
        assert!(text.contains("Job 193f2a4b5c60a1b2c3d (daemon)"), "{text}");
        assert!(text.contains("    at run (job.js:1:1)"), "{text}");
        assert!(
            !text.contains('\x1b'),
            "control characters are escaped: {text:?}"
        );
    }
}
