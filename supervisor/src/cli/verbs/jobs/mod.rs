//! `bext jobs …`: background jobs over the control socket, and the text
//! shown for them (pure functions of the replies, unit-tested).

use std::path::Path;

use clap::Subcommand;
use protocol::control::{ControlReply, ControlRequest, JobInfo, JobSpec, JobState, JobStats};

use crate::cli::client::{ClientError, request};
use crate::cli::format::{duration, megabytes};
use crate::logging::escape;

#[derive(Debug, Subcommand)]
pub enum JobsCommand {
    /// Start a background job (queued until it fits the limits and the
    /// memory budget); prints its id.
    Spawn {
        /// The job's ES module (exporting run(job)); a relative path is
        /// looked for in the folder of the pool's script, then here.
        script: String,
        /// The owner pool [default: the default pool].
        #[arg(long, value_name = "POOL")]
        pool: Option<String>,
        /// Restart it after a crash (with backoff), and when bextd starts.
        #[arg(long)]
        daemon: bool,
        /// Memory to reserve from the budget, e.g. 64MB [default: [jobs]
        /// default_memory_mb].
        #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
        memory: Option<u64>,
        /// Kill it after this many milliseconds.
        #[arg(long, value_name = "MS")]
        timeout: Option<u64>,
        /// JSON given to the job as job.data.
        #[arg(long, value_name = "JSON")]
        data: Option<String>,
        /// If bextd dies while it runs, queue it again at the next start
        /// (else it is marked failed, "interrupted").
        #[arg(long)]
        retry_on_restart: bool,
        /// Attempts before a failing job is discarded [default: [jobs]
        /// max_attempts].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
        max_attempts: Option<u32>,
        /// Delay before the first retry, in milliseconds, doubled each
        /// attempt with jitter [default: [jobs] retry_backoff_ms].
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
        backoff: Option<u64>,
        /// Run it not before this many milliseconds from now.
        #[arg(long, value_name = "MS")]
        delay: Option<u64>,
        /// Run it not before this Unix time, in milliseconds.
        #[arg(long, value_name = "UNIX_MS")]
        run_at: Option<u64>,
        /// Its place among waiting jobs: 0 (first, the default) to 9.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=9))]
        priority: Option<u8>,
        /// While a job of this key is queued, running or retryable, print
        /// its id instead of starting another.
        #[arg(long, value_name = "KEY")]
        unique: Option<String>,
        /// With --unique: only a job of the key created within this many
        /// milliseconds counts.
        #[arg(long, value_name = "MS", requires = "unique")]
        unique_for: Option<u64>,
    },
    /// List jobs: running, queued, and the latest finished.
    Ls {
        /// Print the list as JSON, as GET /__bext/jobs does.
        #[arg(long)]
        json: bool,
    },
    /// Show one job: state, progress, result or error, checkpoint.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// Cancel a job: job.cancelled turns true, its JS is interrupted after
    /// [jobs] cancel_grace_ms, and it is killed after kill_grace_ms more.
    Cancel { id: String },
    /// Run a failed, discarded or cancelled job again (with one more
    /// attempt if it had used them all).
    Retry { id: String },
    /// Give up on a queued or retryable job: it is discarded, kept for
    /// inspection and `bext jobs retry`.
    Discard { id: String },
    /// Print a job's log (its job.log and console lines).
    Logs { id: String },
    /// List the recurring jobs of every pool ([[POOL.schedules]]) with
    /// their next run.
    Schedules {
        /// Print them as JSON, as GET /__bext/jobs/schedules does.
        #[arg(long)]
        json: bool,
    },
}

fn parse_memory(s: &str) -> Result<u64, String> {
    match protocol::size::parse_size(s)? {
        0 => Err("memory must be more than 0 bytes".into()),
        n => Ok(n),
    }
}

/// Runs one `bext jobs` command; returns what to print.
pub fn run(socket: &Path, cmd: &JobsCommand) -> Result<String, ClientError> {
    match cmd {
        JobsCommand::Spawn { .. } => match request(socket, &spawn_request(cmd)?)? {
            ControlReply::JobSpawned { id, .. } => Ok(format!("{id}\n")),
            other => Err(unexpected(other)),
        },
        JobsCommand::Ls { json } => match request(socket, &ControlRequest::JobsList)? {
            ControlReply::Jobs { jobs, stats } if *json => {
                let v = serde_json::json!({ "jobs": jobs, "stats": stats });
                Ok(serde_json::to_string_pretty(&v).unwrap_or_default() + "\n")
            }
            ControlReply::Jobs { jobs, stats } => Ok(jobs_table(&jobs, &stats, now_ms())),
            other => Err(unexpected(other)),
        },
        JobsCommand::Show { id, json } => {
            match request(socket, &ControlRequest::JobsShow { id: id.clone() })? {
                ControlReply::Job { job } if *json => {
                    Ok(serde_json::to_string_pretty(&job).unwrap_or_default() + "\n")
                }
                ControlReply::Job { job } => Ok(job_text(&job, now_ms())),
                other => Err(unexpected(other)),
            }
        }
        JobsCommand::Cancel { id } => {
            match request(socket, &ControlRequest::JobsCancel { id: id.clone() })? {
                ControlReply::JobCancelling { id, status } => Ok(match status {
                    JobState::Queued => format!("Job {id} cancelled (it had not started)\n"),
                    JobState::Running => {
                        format!("Job {id} is cancelling (see bext jobs show {id})\n")
                    }
                    done => format!("Job {id} had already ended ({done})\n"),
                }),
                other => Err(unexpected(other)),
            }
        }
        JobsCommand::Retry { id } => moved(socket, ControlRequest::JobsRetry { id: id.clone() }),
        JobsCommand::Discard { id } => {
            moved(socket, ControlRequest::JobsDiscard { id: id.clone() })
        }
        JobsCommand::Schedules { json } => match request(socket, &ControlRequest::JobsSchedules)? {
            ControlReply::JobSchedules { schedules } if *json => {
                let v = serde_json::json!({ "schedules": schedules });
                Ok(serde_json::to_string_pretty(&v).unwrap_or_default() + "\n")
            }
            ControlReply::JobSchedules { schedules } => {
                Ok(crate::cli::schedules::schedules_table(&schedules, now_ms()))
            }
            other => Err(unexpected(other)),
        },
        JobsCommand::Logs { id } => {
            match request(socket, &ControlRequest::JobsLogs { id: id.clone() })? {
                ControlReply::JobLogs { logs, .. } => Ok(escape_lines(&logs)),
                other => Err(unexpected(other)),
            }
        }
    }
}

/// `bext jobs retry|discard`: the state the job is in now.
fn moved(socket: &Path, req: ControlRequest) -> Result<String, ClientError> {
    match request(socket, &req)? {
        ControlReply::JobMoved { id, status } => Ok(format!("Job {id} is {status}\n")),
        other => Err(unexpected(other)),
    }
}

/// The request of `bext jobs spawn`; the job runs in this folder.
fn spawn_request(cmd: &JobsCommand) -> Result<ControlRequest, ClientError> {
    let JobsCommand::Spawn {
        script,
        pool,
        daemon,
        memory,
        timeout,
        data,
        retry_on_restart,
        max_attempts,
        backoff,
        delay,
        run_at,
        priority,
        unique,
        unique_for,
    } = cmd
    else {
        unreachable!("only called for `bext jobs spawn`");
    };
    let data = match data {
        Some(d) => Some(
            serde_json::from_str(d)
                .map_err(|e| ClientError::Usage(format!("--data is not JSON: {e}: {d}")))?,
        ),
        None => None,
    };
    Ok(ControlRequest::JobsSpawn(Box::new(JobSpec {
        id: None,
        script: script.clone(),
        pool: pool.clone(),
        daemon: *daemon,
        memory_bytes: *memory,
        timeout_ms: *timeout,
        data,
        retry_on_restart: *retry_on_restart,
        max_attempts: *max_attempts,
        backoff_ms: *backoff,
        run_at_ms: *run_at,
        delay_ms: *delay,
        priority: *priority,
        unique_key: unique.clone(),
        unique_for_ms: *unique_for,
        cwd: std::env::current_dir()
            .ok()
            .map(|d| d.to_string_lossy().into_owned()),
    })))
}

fn unexpected(reply: ControlReply) -> ClientError {
    ClientError::BadReply(format!("{reply:?}"))
}

fn now_ms() -> u64 {
    crate::process::memory::unix_ms()
}

/// Each line of worker text with its control characters escaped.
fn escape_lines(text: &str) -> String {
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
pub fn jobs_table(jobs: &[JobInfo], stats: &JobStats, now: u64) -> String {
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
pub fn job_text(j: &JobInfo, now: u64) -> String {
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
