//! One socket's relay between its client and its worker, on its own
//! task: whole messages each way (fragments joined, UTF-8 checked, the
//! worker's credited), pings and the idle limit, and the close codes (see
//! `websocket.rs` for the rules).

use std::sync::Arc;
use std::time::Duration;

use futures_util::SinkExt;
use tokio::io::AsyncReadExt;
use tokio::time::{Instant, sleep_until};
use yawc::close::CloseCode;
use yawc::streaming::Streaming;
use yawc::{Frame, HttpStream, OpCode, UpgradeFut, WebSocketError};

use super::joining::{Joining, Step};
use crate::config::WebSocket as Limits;
use crate::front::conn::Held;
use crate::pool::link::{SocketEvent, WorkerLink};

type Socket = Streaming<HttpStream>;

/// How long bextd waits for a client's answer to its close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Messages from the worker written together at most.
const BATCH: usize = 64;

/// One socket's relay between its client and its worker.
pub(super) struct Relay {
    pub(super) link: Arc<WorkerLink>,
    pub(super) id: u64,
    pub(super) limits: Limits,
    pub(super) held: Option<Held>,
}

/// How a relay ended: the code and reason the worker's `close` event gets,
/// and whether the client broke the protocol (and may still be sending).
struct End {
    code: u16,
    reason: String,
    breach: bool,
}

impl End {
    fn new(code: u16, reason: &str) -> End {
        End {
            code,
            reason: reason.to_owned(),
            breach: false,
        }
    }

    /// The connection ended without a close frame.
    fn abnormal() -> End {
        End::new(1006, "")
    }
}

impl Relay {
    pub(super) async fn run(
        self,
        upgrade: UpgradeFut,
        events: tokio::sync::mpsc::UnboundedReceiver<SocketEvent>,
    ) {
        let mut ws = match upgrade.await {
            // Frames, not messages: yawc's message layer reports some
            // breaches without a close frame; `joining` does its part.
            Ok(ws) => ws.into_streaming(),
            Err(e) => {
                tracing::debug!(error = %e, "a WebSocket upgrade failed");
                return self.link.socket_ended(self.id, 1006, String::new());
            }
        };
        let end = self.relay(&mut ws, events).await;
        self.link.socket_ended(self.id, end.code, end.reason);
        if end.breach {
            drain(ws).await;
        }
    }

    async fn relay(
        &self,
        ws: &mut Socket,
        mut events: tokio::sync::mpsc::UnboundedReceiver<SocketEvent>,
    ) -> End {
        let far = Instant::now() + Duration::from_secs(86_400 * 365);
        let every = self.limits.ping_interval;
        let mut ping_at = every.map_or(far, |e| Instant::now() + e);
        let mut heard = Instant::now();
        let mut drain_at = far;
        // An event read while batching messages, handled next.
        let mut held = None;
        let mut joining = Joining::new(self.limits.max_message_bytes);
        let stopping = async {
            match &self.held {
                Some(h) => h.watcher.stopping().await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(stopping);
        loop {
            let idle_at = self.limits.idle_timeout.map_or(far, |t| heard + t);
            tokio::select! {
                msg = ws.next_frame() => {
                    heard = Instant::now();
                    if let Err(end) = self.client_sent(ws, msg, &mut joining).await {
                        return end;
                    }
                }
                event = async { match held.take() {
                    Some(e) => Some(e),
                    None => events.recv().await,
                } } => match self.worker_event(ws, event, &mut held, &mut events).await {
                    Ok(Some(at)) => drain_at = drain_at.min(at),
                    Ok(None) => {}
                    Err(end) => return end,
                },
                _ = sleep_until(ping_at) => {
                    ping_at = every.map_or(far, |e| Instant::now() + e);
                    if !self.write(ws, Frame::ping(bytes::Bytes::new())).await {
                        return End::abnormal();
                    }
                }
                _ = sleep_until(idle_at) => return close(ws, 1001, "idle timeout").await,
                _ = sleep_until(drain_at) => return close(ws, 1012, "service restart").await,
                _ = &mut stopping => return close(ws, 1001, "going away").await,
            }
        }
    }

    /// What the worker's side did: go on (with the drain's deadline, if it
    /// began), or the end of the socket.
    async fn worker_event(
        &self,
        ws: &mut Socket,
        event: Option<SocketEvent>,
        held: &mut Option<SocketEvent>,
        events: &mut tokio::sync::mpsc::UnboundedReceiver<SocketEvent>,
    ) -> Result<Option<Instant>, End> {
        match event {
            Some(SocketEvent::Message { text, data }) => {
                // What else waits goes in the same write, credited once.
                let mut batch = vec![(text, data)];
                while batch.len() < BATCH {
                    match events.try_recv() {
                        Ok(SocketEvent::Message { text, data }) => batch.push((text, data)),
                        Ok(other) => {
                            *held = Some(other);
                            break;
                        }
                        Err(_) => break,
                    }
                }
                let n = batch.iter().map(|(_, d)| d.len()).sum();
                if !self.write_all(ws, batch).await {
                    return Err(End::abnormal());
                }
                self.link.socket_credit(self.id, n);
                Ok(None)
            }
            Some(SocketEvent::Close { code, reason }) => Err(close(ws, code, &reason).await),
            Some(SocketEvent::Drain) => Ok(Some(Instant::now() + self.limits.drain)),
            // The link closed: the worker died.
            None => Err(close(ws, 1011, "worker died").await),
        }
    }

    /// What the client sent: relayed, or the end of the socket.
    async fn client_sent(
        &self,
        ws: &mut Socket,
        msg: yawc::Result<Frame>,
        joining: &mut Joining,
    ) -> Result<(), End> {
        let frame = match msg {
            Ok(frame) => frame,
            Err(e) => return Err(refused(ws, &e).await),
        };
        match frame.opcode() {
            op @ (OpCode::Text | OpCode::Binary | OpCode::Continuation) => {
                let fin = frame.is_fin();
                match joining.push(op, fin, frame.into_payload()) {
                    Step::Message { text, data } => self.link.socket_send(self.id, text, data),
                    Step::More => {}
                    Step::Breach(code, why) => {
                        tracing::debug!(
                            code,
                            why,
                            "closing a WebSocket whose client broke RFC 6455"
                        );
                        let end = close(ws, code, why).await;
                        return Err(End {
                            breach: true,
                            ..end
                        });
                    }
                }
            }
            OpCode::Close => {
                let code = frame.close_code().map_or(1005, u16::from);
                let reason = frame.close_reason().ok().flatten().unwrap_or_default();
                let end = End::new(code, reason);
                // yawc queued the answer to the close; the next read sends
                // it (and reads no more). Then bextd closes the connection
                // first, as RFC 6455 §7.1.1 asks.
                let _ = tokio::time::timeout(CLOSE_WAIT, ws.next_frame()).await;
                return Err(end);
            }
            // yawc answers pings; pongs only show the client is there.
            _ => {}
        }
        Ok(())
    }

    /// Writes the worker's messages with one flush; false if the client
    /// took nothing for the idle timeout (or the connection broke).
    async fn write_all(&self, ws: &mut Socket, batch: Vec<(bool, bytes::Bytes)>) -> bool {
        let send = async {
            for (text, data) in batch {
                ws.feed(message(text, data)).await?;
            }
            ws.flush().await
        };
        matches!(
            tokio::time::timeout(self.write_wait(), send).await,
            Ok(Ok(()))
        )
    }

    /// Writes `frame`; false if the client took nothing for the idle
    /// timeout (or the connection broke).
    async fn write(&self, ws: &mut Socket, frame: Frame) -> bool {
        let send = ws.send(frame);
        matches!(
            tokio::time::timeout(self.write_wait(), send).await,
            Ok(Ok(()))
        )
    }

    /// How long a write may wait for a client that takes nothing.
    fn write_wait(&self) -> Duration {
        self.limits
            .idle_timeout
            .unwrap_or(Duration::from_secs(86_400))
    }
}

/// A message of the worker's as a frame. The worker sends text as UTF-8
/// (its strings, lossily); anything else is made valid.
fn message(text: bool, data: bytes::Bytes) -> Frame {
    if !text {
        return Frame::binary(data);
    }
    match std::str::from_utf8(&data) {
        Ok(_) => Frame::text(data),
        Err(_) => Frame::text(String::from_utf8_lossy(&data).into_owned()),
    }
}

/// The close code yawc's frame layer sent for what the client did wrong,
/// if it did (yawc's own mapping, so the worker hears what the client
/// heard).
fn refusal(e: &WebSocketError) -> Option<(u16, &'static str)> {
    use WebSocketError as E;
    match e {
        E::FrameTooLarge => Some((1009, "message too big")),
        E::InvalidUTF8 => Some((1007, "invalid UTF-8")),
        E::InvalidOpCode(_) => Some((1003, "unknown opcode")),
        E::ReservedBitsNotZero
        | E::ControlFrameFragmented
        | E::PingFrameTooLarge
        | E::InvalidFragment
        | E::InvalidCloseFrame
        | E::InvalidCloseCode
        | E::FragmentTimeout
        | E::InvalidContinuationFrame
        | E::CompressionNotSupported => Some((1002, "protocol error")),
        _ => None,
    }
}

/// The end of a socket whose read failed: a breach (yawc queued the close
/// frame that names it; the next read sends it), or a broken connection.
async fn refused(ws: &mut Socket, e: &WebSocketError) -> End {
    let Some((code, why)) = refusal(e) else {
        return End::abnormal();
    };
    tracing::debug!(error = %e, code, "closing a WebSocket whose client broke RFC 6455");
    let _ = tokio::time::timeout(CLOSE_WAIT, ws.next_frame()).await;
    End {
        breach: true,
        ..End::new(code, why)
    }
}

/// Sends a close frame and waits (briefly) for the client's answer, which
/// ends the handshake: then bextd closes the connection first (RFC 6455
/// §7.1.1), which the client waits for.
async fn close(ws: &mut Socket, code: u16, reason: &str) -> End {
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        if ws
            .send(Frame::close(CloseCode::from(code), reason))
            .await
            .is_err()
        {
            return;
        }
        while let Ok(frame) = ws.next_frame().await {
            if frame.opcode() == OpCode::Close {
                return;
            }
        }
    })
    .await;
    End::new(code, reason)
}

/// After a breach yawc reads no more, but the client may still be sending
/// (the rest of a message over the limit): read and drop it until the
/// client closes (or `CLOSE_WAIT`), for a socket closed with unread bytes
/// sends a reset that can overtake the close frame.
async fn drain(ws: Socket) {
    // SAFETY: split_stream is unsafe only because the parts bypass the
    // protocol's bookkeeping; the socket is done with, and its bytes are
    // read and dropped, never parsed.
    let (mut framed, _, _) = unsafe { ws.split_stream() };
    let mut sink = vec![0u8; 64 * 1024];
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        while matches!(framed.get_mut().read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
}
