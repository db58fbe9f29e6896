//! The framed socket of a process bextd started (a pool worker or a job):
//! the versioned hello exchange, and a writer that batches queued frames
//! into one flush. What is read after the hello is the owner's business
//! (`pool::link` for a pool worker, `jobs::run` for a job).

use futures_util::{SinkExt, StreamExt};
use protocol::sock::{ReadHalf, WriteHalf};
use protocol::worker::{MasterToWorker, WorkerToMaster};
use protocol::{FrameCodec, Hello};
use tokio::sync::mpsc;
use tokio_util::codec::{FramedRead, FramedWrite};

pub type Writer = FramedWrite<WriteHalf, FrameCodec<WorkerToMaster, MasterToWorker>>;
pub type Reader = FramedRead<ReadHalf, FrameCodec<WorkerToMaster, MasterToWorker>>;

/// How the hello exchange with a new process failed.
#[derive(Debug)]
pub enum HelloFailed {
    /// It closed its socket (it died).
    Closed,
    /// It sent a bad hello, or one of another protocol version.
    Broken(Breach),
}

/// How a process bextd started broke the protocol on its socket: it is
/// killed, and this is what its end says.
#[derive(Debug, thiserror::Error)]
pub enum Breach {
    /// Its first frame was not a hello.
    #[error("bad hello: {0}")]
    BadHello(protocol::FrameError),
    /// A hello of another protocol version, or of another build.
    #[error(transparent)]
    Hello(#[from] protocol::hello::HelloError),
    /// A frame that does not decode (too big, garbage, cut short).
    #[error(transparent)]
    Frame(#[from] protocol::FrameError),
    /// More of a streamed answer than the client credited.
    #[error(
        "it sent {unacked} bytes of request {id}'s streamed answer without credit, over the window of {window}"
    )]
    StreamOverrun { id: u64, unacked: u64, window: u32 },
    /// A WebSocket message while the client's credit was spent.
    #[error(
        "it sent a message on WebSocket {id} with {unacked} bytes uncredited, at or over the window of {window}"
    )]
    SocketOverrun { id: u64, unacked: u64, window: u32 },
}

/// The master's side of the hello exchange with a process it started
/// (a pool worker or a job), on the two sides of its socket
/// (`protocol::sock::split`); returns the socket framed for what follows.
pub async fn hello(
    (rd, wr): (ReadHalf, WriteHalf),
    max: u32,
) -> Result<(Reader, Writer), HelloFailed> {
    let mut hello_rd = FramedRead::new(rd, FrameCodec::<Hello, Hello>::new(max));
    let mut hello_wr = FramedWrite::new(wr, FrameCodec::<Hello, Hello>::new(max));
    let theirs = match hello_rd.next().await {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err(HelloFailed::Broken(Breach::BadHello(e))),
        None => return Err(HelloFailed::Closed),
    };
    theirs.check().map_err(|e| HelloFailed::Broken(e.into()))?;
    if hello_wr.send(Hello::new(std::process::id())).await.is_err() {
        return Err(HelloFailed::Closed);
    }
    let reader = hello_rd.map_decoder(|_| FrameCodec::<WorkerToMaster, MasterToWorker>::new(max));
    let writer = hello_wr.map_encoder(|_| FrameCodec::<WorkerToMaster, MasterToWorker>::new(max));
    Ok((reader, writer))
}

/// Writes queued frames, flushing once per batch.
pub async fn write_loop(mut writer: Writer, mut rx: mpsc::UnboundedReceiver<MasterToWorker>) {
    while let Some(frame) = rx.recv().await {
        if writer.feed(frame).await.is_err() {
            return;
        }
        // Let the other tasks of this tick queue their frames first: a
        // woken task runs right after its waker, so without this the
        // writer flushed one request per write(2) under load. Alone, it
        // only goes round the run queue once.
        tokio::task::yield_now().await;
        while let Ok(frame) = rx.try_recv() {
            if writer.feed(frame).await.is_err() {
                return;
            }
        }
        if writer.flush().await.is_err() {
            return;
        }
        release(writer.write_buffer_mut());
    }
}

/// Past this a link's read or write buffer, once empty, is given back: a
/// single large message (a 16 MiB WebSocket message, a big response)
/// would otherwise keep its size for the link's life.
pub const KEPT_BUFFER: usize = 1 << 20;

/// Replaces `buf` by a small one if it grew past [`KEPT_BUFFER`] and holds
/// little now (what it holds is kept).
pub fn release(buf: &mut bytes::BytesMut) {
    if buf.capacity() > KEPT_BUFFER && buf.len() < 64 * 1024 {
        let mut small = bytes::BytesMut::with_capacity(buf.len().max(8 * 1024));
        small.extend_from_slice(buf);
        *buf = small;
    }
}
