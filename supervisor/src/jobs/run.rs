//! The master's side of one job process's socket: the hello, `RunJob`,
//! then a reader turning each frame into a [`RunEvent`] for the manager
//! and a writer for `CancelJob` and replies.

use futures_util::{SinkExt, StreamExt};
use protocol::worker::{JobCall, JobOutcome, JobStart, LogLevel, MasterToWorker, WorkerToMaster};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use crate::process::link::{self, HelloFailed};

/// What a job process reported.
#[derive(Debug)]
pub enum Report {
    Progress(f64),
    Checkpoint(String),
    Log(LogLevel, String),
    Finished(JobOutcome),
    Call {
        query: u64,
        call: JobCall,
    },
    /// The socket closed; with why, if the process broke the protocol.
    Closed(Option<String>),
}

/// A report tagged with its job and run.
#[derive(Debug)]
pub struct RunEvent {
    pub id: String,
    /// Which start of the job (a daemon restarts).
    pub run: u64,
    pub report: Report,
}

/// The job a process runs now: what its reports are tagged with.
#[derive(Debug)]
struct Tag {
    id: String,
    run: u64,
    traced: crate::otel::jobs::JobRun,
}

impl Tag {
    /// Starts run `run`'s span, and hands the job its context in the
    /// environment `start` carries.
    fn new(start: &mut JobStart, run: u64) -> Tag {
        let traced =
            crate::otel::jobs::JobRun::start(&start.id, &start.pool, start.restart_count, run);
        let handed = traced.env();
        if !handed.is_empty() {
            // The run's context replaces any the pool's env set.
            start
                .env
                .retain(|(k, _)| k != "TRACEPARENT" && k != "TRACESTATE");
            start.env.extend(handed);
        }
        Tag {
            id: start.id.clone(),
            run,
            traced,
        }
    }
}

/// A job process's socket, as the manager holds it: frames to send, and
/// (a pooled job worker) the next job to run on it.
#[derive(Debug, Clone)]
pub struct JobLink {
    tx: mpsc::UnboundedSender<MasterToWorker>,
    tag: Arc<Mutex<Option<Tag>>>,
}

impl JobLink {
    pub fn send(&self, frame: MasterToWorker) {
        let _ = self.tx.send(frame);
    }

    /// The process is kept for another job: what it says until then is
    /// no job's (its close, if it dies, included).
    pub fn idle(&self) {
        lock(&self.tag).take();
    }

    /// Hands run `run` of a job to this idle process.
    pub fn run(&self, mut start: JobStart, run: u64) {
        *lock(&self.tag) = Some(Tag::new(&mut start, run));
        let _ = self.tx.send(MasterToWorker::RunJob(start));
    }
}

fn lock(tag: &Mutex<Option<Tag>>) -> std::sync::MutexGuard<'_, Option<Tag>> {
    tag.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts the tasks of a new job process's socket; returns how to reach
/// it. Dropping every clone of the link closes the socket, which ends the
/// process once it is between jobs.
pub fn connect(
    socket: std::os::unix::net::UnixStream,
    start: JobStart,
    run: u64,
    events: mpsc::UnboundedSender<RunEvent>,
) -> std::io::Result<JobLink> {
    let socket = protocol::sock::split(socket)?;
    let (tx, rx) = mpsc::unbounded_channel();
    let tag = Arc::new(Mutex::new(None));
    tokio::spawn(talk(socket, start, run, rx, tag.clone(), events));
    Ok(JobLink { tx, tag })
}

async fn talk(
    socket: (protocol::sock::ReadHalf, protocol::sock::WriteHalf),
    start: JobStart,
    run: u64,
    rx: mpsc::UnboundedReceiver<MasterToWorker>,
    tag: Arc<Mutex<Option<Tag>>>,
    events: mpsc::UnboundedSender<RunEvent>,
) {
    let pool = start.pool.clone();
    let first = (start.id.clone(), run);
    let (mut reader, mut writer) = match link::hello(socket, start.max_frame_bytes).await {
        Ok(halves) => halves,
        Err(e) => {
            let why = match e {
                HelloFailed::Closed => None,
                HelloFailed::Broken(why) => Some(why.to_string()),
            };
            let (id, run) = first;
            let _ = events.send(RunEvent {
                id,
                run,
                report: Report::Closed(why),
            });
            return;
        }
    };
    let mut start = start;
    *lock(&tag) = Some(Tag::new(&mut start, run));
    if writer.send(MasterToWorker::RunJob(start)).await.is_err() {
        let (id, run) = first;
        let report = Report::Closed(None);
        let _ = events.send(RunEvent { id, run, report });
        return;
    }
    tokio::spawn(link::write_loop(writer, rx));
    loop {
        let Some(report) = read(&mut reader, &pool).await else {
            continue;
        };
        let closed = matches!(report, Report::Closed(_));
        let mut now = lock(&tag);
        let Some(t) = now.as_mut() else {
            // Between jobs: the process has nothing to report; its exit
            // reaches the manager through the reaper.
            drop(now);
            if closed {
                return;
            }
            continue;
        };
        let (id, run) = (t.id.clone(), t.run);
        if let Report::Finished(outcome) = &report {
            t.traced.finish(Some(outcome));
        }
        if closed {
            now.take();
        }
        drop(now);
        let _ = events.send(RunEvent { id, run, report });
        if closed {
            return;
        }
    }
}

/// The next report of the process; None for a frame handled here.
async fn read(reader: &mut link::Reader, pool: &str) -> Option<Report> {
    Some(match reader.next().await {
        None => Report::Closed(None),
        Some(Err(protocol::FrameError::Io(e)))
            if matches!(
                e.kind(),
                std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::BrokenPipe
            ) =>
        {
            Report::Closed(None)
        }
        Some(Err(e)) => Report::Closed(Some(e.to_string())),
        Some(Ok(frame)) => match frame {
            WorkerToMaster::JobProgress { progress } => Report::Progress(progress),
            WorkerToMaster::JobCheckpoint { json } => Report::Checkpoint(json),
            WorkerToMaster::JobFinished(outcome) => Report::Finished(outcome),
            WorkerToMaster::JobCall { query, call } => Report::Call { query, call },
            WorkerToMaster::Log { level, message } => Report::Log(level, message),
            WorkerToMaster::FetchRefused { reason } => {
                crate::metrics::fetch_refused(pool, reason);
                return None;
            }
            WorkerToMaster::Spans(spans) => {
                crate::otel::worker::export(spans, pool, None);
                return None;
            }
            WorkerToMaster::Message { data_json } => {
                Report::Log(LogLevel::Info, format!("bext.sendMessage: {data_json}"))
            }
            // Pool-worker frames mean nothing here.
            _ => return None,
        },
    })
}
