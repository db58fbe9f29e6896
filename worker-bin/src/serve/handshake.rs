//! The hello exchange and the `Init` frame that follows it.

use bytes::BytesMut;
use futures_util::{SinkExt, StreamExt};
use protocol::worker::{CompiledModule, JobStart, MasterToWorker, WorkerIdentity, WorkerSettings};
use protocol::{FrameCodec, Hello};
use tokio_util::codec::{FramedRead, FramedWrite};

use super::{WorkerError, Writer};
use crate::fault::Faults;
use protocol::sock::{ReadHalf, WriteHalf};

/// What the master told the worker in `Init`, and the socket after it.
pub(super) struct Started {
    pub identity: WorkerIdentity,
    pub settings: WorkerSettings,
    pub modules: Vec<CompiledModule>,
    pub reader: ReadHalf,
    /// Bytes read past `Init` (the first requests may come with it).
    pub leftover: BytesMut,
    pub writer: Writer,
}

/// A process started for one background job, and its socket.
pub(super) struct JobStarted {
    pub job: JobStart,
    pub reader: ReadHalf,
    pub leftover: BytesMut,
    pub writer: Writer,
}

/// What the master asked of this process.
pub(super) enum Start {
    Serve(Started),
    Job(JobStarted),
}

pub(super) async fn handshake(
    rd: ReadHalf,
    wr: WriteHalf,
    faults: &Faults,
) -> Result<Start, WorkerError> {
    let max = protocol::DEFAULT_MAX_FRAME_BYTES;
    let mut hello_rd = FramedRead::new(rd, FrameCodec::<Hello, Hello>::new(max));
    let mut hello_wr = FramedWrite::new(wr, FrameCodec::<Hello, Hello>::new(max));
    if faults.hang_handshake {
        std::future::pending::<()>().await;
    }
    hello_wr.send(Hello::new(std::process::id())).await?;
    let theirs = hello_rd.next().await.ok_or_else(|| {
        WorkerError::Handshake("bextd closed the socket before its hello".into())
    })??;
    theirs
        .check()
        .map_err(|e| WorkerError::Handshake(e.to_string()))?;
    let mut reader = hello_rd.map_decoder(|_| FrameCodec::<MasterToWorker, ()>::new(max));
    match reader.next().await {
        Some(Ok(MasterToWorker::Init {
            identity,
            settings,
            modules,
        })) => {
            let max = settings.max_frame_bytes;
            let writer = hello_wr.map_encoder(|_| FrameCodec::new(max));
            let leftover = reader.read_buffer().clone();
            Ok(Start::Serve(Started {
                identity,
                settings,
                modules,
                reader: reader.into_inner(),
                leftover,
                writer,
            }))
        }
        Some(Ok(MasterToWorker::RunJob(job))) => {
            let writer = hello_wr.map_encoder(|_| FrameCodec::new(job.max_frame_bytes));
            let leftover = reader.read_buffer().clone();
            Ok(Start::Job(JobStarted {
                job,
                reader: reader.into_inner(),
                leftover,
                writer,
            }))
        }
        Some(Ok(other)) => Err(WorkerError::Handshake(format!(
            "expected Init after the hello, got {other:?}"
        ))),
        Some(Err(e)) => Err(e.into()),
        None => Err(WorkerError::Handshake(
            "bextd closed the socket before Init".into(),
        )),
    }
}
