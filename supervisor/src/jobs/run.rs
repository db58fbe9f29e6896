//! The master's side of one job process's socket: the hello, `RunJob`,
//! then a reader turning each frame into a [`RunEvent`] for the manager
//! and a writer for `CancelJob` and replies.

use futures_util::{SinkExt, StreamExt};
use protocol::worker::{JobCall, JobOutcome, JobStart, LogLevel, MasterToWorker, WorkerToMaster};
use tokio::net::UnixStream;
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

/// Starts the tasks of a new job process's socket; returns where to queue
/// frames for it.
pub fn connect(
    socket: std::os::unix::net::UnixStream,
    start: JobStart,
    run: u64,
    events: mpsc::UnboundedSender<RunEvent>,
) -> std::io::Result<mpsc::UnboundedSender<MasterToWorker>> {
    socket.set_nonblocking(true)?;
    let socket = UnixStream::from_std(socket)?;
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(talk(socket, start, run, rx, events));
    Ok(tx)
}

async fn talk(
    socket: UnixStream,
    start: JobStart,
    run: u64,
    rx: mpsc::UnboundedReceiver<MasterToWorker>,
    events: mpsc::UnboundedSender<RunEvent>,
) {
    let id = start.id.clone();
    let pool = start.pool.clone();
    let send = |report| {
        let _ = events.send(RunEvent {
            id: id.clone(),
            run,
            report,
        });
    };
    let (mut reader, mut writer) = match link::hello(socket, start.max_frame_bytes).await {
        Ok(halves) => halves,
        Err(HelloFailed::Closed) => return send(Report::Closed(None)),
        Err(HelloFailed::Broken(why)) => return send(Report::Closed(Some(why))),
    };
    let mut traced = crate::otel::jobs::JobRun::start(&id, &pool, start.restart_count, run);
    let mut start = start;
    let handed = traced.env();
    if !handed.is_empty() {
        // The run's context replaces any the pool's env set.
        start
            .env
            .retain(|(k, _)| k != "TRACEPARENT" && k != "TRACESTATE");
        start.env.extend(handed);
    }
    if writer.send(MasterToWorker::RunJob(start)).await.is_err() {
        return send(Report::Closed(None));
    }
    tokio::spawn(link::write_loop(writer, rx));
    loop {
        let report = match reader.next().await {
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
                WorkerToMaster::JobFinished(outcome) => {
                    traced.finish(Some(&outcome));
                    Report::Finished(outcome)
                }
                WorkerToMaster::JobCall { query, call } => Report::Call { query, call },
                WorkerToMaster::Log { level, message } => Report::Log(level, message),
                WorkerToMaster::FetchRefused { reason } => {
                    crate::metrics::fetch_refused(&pool, reason);
                    continue;
                }
                WorkerToMaster::Spans(spans) => {
                    crate::otel::worker::export(spans, &pool, None);
                    continue;
                }
                WorkerToMaster::Message { data_json } => {
                    Report::Log(LogLevel::Info, format!("bext.sendMessage: {data_json}"))
                }
                // Pool-worker frames mean nothing here.
                _ => continue,
            },
        };
        let closed = matches!(report, Report::Closed(_));
        send(report);
        if closed {
            return;
        }
    }
}
