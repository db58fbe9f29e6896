//! The Rust side of `bext.jobs` (in request handlers) and of the `job`
//! object a job's `run(job)` receives (in a job process).
//!
//! `bext.jobs.spawn` returns the new job's id at once: the worker names the
//! job and checks what it can check alone (the script exists, its memory
//! fits the whole budget), so a mistake throws where it was made; bextd
//! then queues or starts it. `get` and `cancel` are calls the master
//! answers (a Promise, settled by [`MasterToWorker::JobReply`]).
//!
//! [`MasterToWorker::JobReply`]: protocol::worker::MasterToWorker::JobReply

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use protocol::worker::{JobCall, JobSpawn};
use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Exception, Function, Object, Result, Value};

use super::{HostEvent, HostState};

/// What the job functions share with the serve loop.
#[derive(Debug, Default)]
pub struct JobHost {
    /// Folder of the pool's script: relative job scripts are found from it.
    pub script_dir: RefCell<PathBuf>,
    /// `[jobs] memory_budget_mb`, in bytes.
    pub budget_bytes: Cell<u64>,
    /// `[jobs] default_memory_mb`, in bytes.
    pub default_memory_bytes: Cell<u64>,
    /// The master cancelled the job this process runs.
    pub cancelled: Cell<bool>,
    /// Largest checkpoint, in bytes of JSON.
    pub max_checkpoint_bytes: Cell<usize>,
    next_query: Cell<u64>,
}

impl JobHost {
    fn query(&self) -> u64 {
        let q = self.next_query.get() + 1;
        self.next_query.set(q);
        q
    }
}

/// The job's module: absolute, or relative to the pool script's folder.
fn resolve_script(dir: &Path, script: &str) -> PathBuf {
    let p = dir.join(script);
    p.canonicalize().unwrap_or(p)
}

/// The memory a spawn asks for, in bytes: `""` for the default.
fn memory_of(text: &str, default: u64) -> std::result::Result<u64, String> {
    if text.is_empty() {
        return Ok(default);
    }
    match protocol::size::parse_size(text)? {
        0 => Err("memory must be more than 0 bytes".into()),
        n => Ok(n),
    }
}

fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

fn new_id() -> String {
    let mut r = [0u8; 4];
    // A failure leaves zeros: the time part still tells jobs apart.
    let _ = getrandom::fill(&mut r);
    protocol::worker::new_job_id(unix_ms(), u32::from_le_bytes(r))
}

/// Adds the job functions to the prelude's `host` object: `jobSpawn` and
/// `jobCall` (for `bext.jobs`), `jobProgress`, `jobCheckpoint` and
/// `jobCancelled` (for the `job` object).
pub(super) fn install<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    install_jobs_api(ctx, host, state)?;
    install_job_object(ctx, host, state)
}

/// `jobSpawn` and `jobCall`, behind `bext.jobs`.
fn install_jobs_api<'js>(ctx: &Ctx<'js>, host: &Object<'js>, state: &Rc<HostState>) -> Result<()> {
    let s = state.clone();
    host.set(
        "jobSpawn",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>,
                  script: String,
                  daemon: bool,
                  memory: String,
                  timeout_ms: f64,
                  data_json: String,
                  rest: Rest<Value<'js>>|
                  -> Result<String> {
                // (queue options as JSON, traceparent?): past the arguments
                // a host function may take one by one.
                let text = |i: usize| {
                    rest.get(i)
                        .and_then(|v| v.as_string())
                        .and_then(|v| v.to_string().ok())
                };
                let queue_json = text(0).unwrap_or_default();
                let traceparent = text(1);
                let (path, memory_bytes) =
                    check_spawn(&ctx, &s.jobs, &script, &memory, timeout_ms)?;
                let queue = queue_options(&queue_json)
                    .map_err(|e| Exception::throw_type(&ctx, &format!("bext.jobs.spawn: {e}")))?;
                let id = new_id();
                let query = s.jobs.query();
                let spawn = JobSpawn {
                    id: id.clone(),
                    script: path.to_string_lossy().into_owned(),
                    daemon,
                    memory_bytes,
                    timeout_ms: timeout_ms.min(1e15) as u64,
                    data_json,
                    retry_on_restart: queue.retry_on_restart,
                    max_attempts: queue.max_attempts.unwrap_or(0),
                    backoff_ms: queue.backoff.unwrap_or(0),
                    run_at_ms: queue.run_at.unwrap_or(0),
                    delay_ms: queue.delay.unwrap_or(0),
                    priority: queue.priority,
                    unique_key: queue.unique.as_ref().map(|u| u.0.clone()),
                    unique_for_ms: queue.unique.map_or(0, |u| u.1),
                };
                // Spawned in a sampled request: its run links to that span.
                let call = match traceparent {
                    Some(traceparent) => JobCall::SpawnLinked { spawn, traceparent },
                    None => JobCall::Spawn(spawn),
                };
                s.push(HostEvent::JobCall { query, call });
                // "QUERY ID": the glue awaits bextd's answer to QUERY for a
                // unique job (the existing job's id may come back).
                Ok(format!("{query} {id}"))
            },
        )?,
    )?;

    let s = state.clone();
    host.set(
        "jobCall",
        Function::new(ctx.clone(), move |kind: String, id: String| -> f64 {
            let query = s.jobs.query();
            let call = match kind.as_str() {
                "cancel" => JobCall::Cancel { id },
                _ => JobCall::Get { id },
            };
            s.push(HostEvent::JobCall { query, call });
            query as f64
        })?,
    )?;
    Ok(())
}

use super::jobs_queue::queue_options;

/// What `bext.jobs.spawn` checks before it names the job: the script
/// exists in the pool's folders, the memory fits the whole budget, the
/// timeout is a number.
/// Returns the script's path and the job's memory in bytes.
fn check_spawn(
    ctx: &Ctx<'_>,
    j: &JobHost,
    script: &str,
    memory: &str,
    timeout_ms: f64,
) -> Result<(PathBuf, u64)> {
    let fail = |msg: String| Exception::throw_type(ctx, &format!("bext.jobs.spawn: {msg}"));
    if script.trim().is_empty() {
        return Err(fail("the first argument is the job's script path".into()));
    }
    let dir = j.script_dir.borrow().clone();
    let path = resolve_script(&dir, script);
    // A job runs with its pool's folders: its script must be in them
    // (asked first, so a refusal does not tell whether a file is there).
    crate::loader::confine::check_read(&path.to_string_lossy()).map_err(|e| fail(e.to_string()))?;
    if !path.is_file() {
        return Err(fail(format!(
            "no job script at {} (a relative path is taken from {}, the folder of the pool's script)",
            path.display(),
            dir.display()
        )));
    }
    let memory_bytes = memory_of(memory, j.default_memory_bytes.get())
        .map_err(|e| fail(format!("memory: {e}")))?;
    let budget = j.budget_bytes.get();
    if memory_bytes > budget {
        return Err(Exception::throw_range(
            ctx,
            &format!(
                "bext.jobs.spawn: the job asks for {} of memory, more than the whole job budget of {} ([jobs] memory_budget_mb)",
                protocol::size::format_size(memory_bytes),
                protocol::size::format_size(budget)
            ),
        ));
    }
    if !(timeout_ms.is_finite() && timeout_ms >= 0.0) {
        return Err(fail(
            "timeout must be a number of milliseconds (0 or none: no limit)".into(),
        ));
    }
    Ok((path, memory_bytes))
}

/// `jobProgress`, `jobCheckpoint` and `jobCancelled`, behind the `job`
/// object a job's `run(job)` receives.
fn install_job_object<'js>(
    ctx: &Ctx<'js>,
    host: &Object<'js>,
    state: &Rc<HostState>,
) -> Result<()> {
    let s = state.clone();
    host.set(
        "jobProgress",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, p: f64| -> Result<()> {
            if !p.is_finite() {
                return Err(Exception::throw_type(
                    &ctx,
                    "job.progress: give a number from 0 to 1",
                ));
            }
            s.push(HostEvent::JobProgress(p.clamp(0.0, 1.0)));
            Ok(())
        })?,
    )?;

    let s = state.clone();
    host.set(
        "jobCheckpoint",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, json: String| -> Result<()> {
            let max = s.jobs.max_checkpoint_bytes.get();
            if json.len() > max {
                return Err(Exception::throw_range(
                    &ctx,
                    &format!(
                        "job.checkpoint: the checkpoint is {} bytes of JSON; the limit is {max} bytes ({}). Keep a cursor, not the data.",
                        json.len(),
                        protocol::size::format_size(max as u64)
                    ),
                ));
            }
            s.push(HostEvent::JobCheckpoint(json));
            Ok(())
        })?,
    )?;

    let s = state.clone();
    host.set(
        "jobCancelled",
        Function::new(ctx.clone(), move || s.jobs.cancelled.get())?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_defaults_and_parses() {
        assert_eq!(memory_of("", 64 << 20), Ok(64 << 20));
        assert_eq!(memory_of("200MB", 64 << 20), Ok(200 << 20));
        assert!(memory_of("0", 1).is_err());
        assert!(memory_of("lots", 1).is_err());
    }

    #[test]
    fn ids_sort_by_time() {
        let a = protocol::worker::new_job_id(1_700_000_000_000, u32::MAX);
        let b = protocol::worker::new_job_id(1_700_000_000_001, 0);
        assert!(a < b, "{a} {b}");
        assert_eq!(a.len(), 19);
        assert!(protocol::worker::is_job_id(&a));
    }
}
