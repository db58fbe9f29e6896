//! `bext jobs …`: background jobs over the control socket; the text shown
//! for their replies is text.rs.

use std::path::Path;

use clap::Subcommand;
use protocol::control::{ControlReply, ControlRequest, JobSpec, JobState};

use crate::cli::client::{ClientError, request};

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

mod text;
use text::{escape_lines, job_text, jobs_table};
