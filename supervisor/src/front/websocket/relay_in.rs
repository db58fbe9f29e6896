//! What comes from the client: its frames read, checked and joined, its
//! messages batched for the worker (what one read held, in one frame), a
//! breach turned into the close that names it. A child of `relay`, whose
//! state it shares.

use bytes::BytesMut;
use protocol::worker::{SOCKET_BATCH_BYTES, SOCKET_BATCH_EACH, SocketData};
use tokio::io::{AsyncRead, ReadBuf, ReadHalf};
use tokio::time::Instant;

use super::super::frame::{self, Breach, Op, Skimmer, breach};
use super::super::joining::Step;
use super::{Io, OUT_HIGH, PING_FLOOD, PING_HEARD_EVERY, READ_CHUNK, Relay, State};

impl Relay {
    /// The client broke the protocol: closed with the code that names it.
    fn breached(&self, st: &mut State, b: Breach) {
        tracing::debug!(
            code = b.code,
            why = b.why,
            "closing a WebSocket whose client broke RFC 6455"
        );
        if st.end.is_none() {
            self.closing(st, b.code, b.why, false);
        }
        // A text frame refused half-way: its rest is skimmed first.
        st.skimmer = Skimmer::skipping(st.decoder.abandon());
    }

    /// Frames the client sent, as far as they are whole.
    pub(super) fn client_sent(&self, st: &mut State) {
        loop {
            if st.end.is_some() {
                // Closing: only the client's close frame matters now.
                if st.skimmer.skim(&mut st.inbuf) {
                    st.client_closed = true;
                }
                return;
            }
            let frame = match st.decoder.decode(&mut st.inbuf) {
                Ok(Some(f)) => f,
                Ok(None) => return,
                Err(b) => {
                    self.breached(st, b);
                    continue;
                }
            };
            let now = Instant::now();
            match frame.op {
                Op::Text | Op::Binary | Op::Continuation => {
                    st.heard = now;
                    match st.joining.push(frame) {
                        Step::Message { text, data } => {
                            self.for_worker(st, SocketData { text, data })
                        }
                        Step::More => {}
                        Step::Breach(b) => self.breached(st, b),
                    }
                }
                Op::Close => {
                    st.client_closed = true;
                    let (code, reason) = match frame::close_of(&frame.payload) {
                        Ok(c) => c,
                        Err(b) => {
                            self.breached(st, b);
                            continue;
                        }
                    };
                    // The close is answered with its own code (1000 for none).
                    let echo = if code == 1005 { 1000 } else { code };
                    self.closing(st, echo, &reason, false);
                    if let Some(e) = st.end.as_mut() {
                        e.code = code;
                    }
                }
                Op::Ping => {
                    if now.duration_since(st.ping_heard) >= PING_HEARD_EVERY {
                        st.heard = now;
                        st.ping_heard = now;
                    }
                    if st.out.len() < OUT_HIGH {
                        frame::encode(&mut st.out, Op::Pong, false, &frame.payload);
                    } else {
                        st.pong = Some(frame.payload);
                        st.unanswered += 1;
                        if st.unanswered > PING_FLOOD {
                            self.breached(st, breach(1008, "ping flood"));
                        }
                    }
                }
                Op::Pong => st.heard = now,
            }
            if st.inbuf.is_empty() {
                // An idle socket holds no read buffer.
                st.inbuf = BytesMut::new();
            }
        }
    }

    /// A client's message joins the batch for the worker; a batch that
    /// would pass `SOCKET_BATCH_BYTES` goes first, a message as large goes
    /// alone.
    fn for_worker(&self, st: &mut State, m: SocketData) {
        st.untaken += m.data.len();
        let n = m.data.len() + SOCKET_BATCH_EACH;
        if st.batch_bytes + n > SOCKET_BATCH_BYTES {
            self.send_batch(st);
        }
        st.batch.push(m);
        st.batch_bytes += n;
        if st.batch_bytes >= SOCKET_BATCH_BYTES {
            self.send_batch(st);
        }
    }

    pub(super) fn send_batch(&self, st: &mut State) {
        if !st.batch.is_empty() {
            st.batch_bytes = 0;
            self.link
                .socket_send(self.id, std::mem::take(&mut st.batch));
        }
    }
}

/// Reads what the client sent onto `inbuf`, `want` bytes at least when a
/// large frame is under way (straight into `inbuf`), else up to
/// `READ_CHUNK` through a buffer on the stack: a socket waiting for its
/// client holds no read buffer.
pub(super) fn read_some<'a>(
    rd: &'a mut ReadHalf<Io>,
    inbuf: &'a mut BytesMut,
    want: usize,
) -> impl Future<Output = std::io::Result<usize>> + 'a {
    std::future::poll_fn(move |cx| {
        if want > READ_CHUNK {
            inbuf.reserve(want);
            return tokio_util::io::poll_read_buf(std::pin::Pin::new(&mut *rd), cx, inbuf);
        }
        // Not zeroed: the read fills what is used.
        let mut chunk = [std::mem::MaybeUninit::<u8>::uninit(); READ_CHUNK];
        let mut buf = ReadBuf::uninit(&mut chunk);
        std::task::ready!(std::pin::Pin::new(&mut *rd).poll_read(cx, &mut buf))?;
        inbuf.extend_from_slice(buf.filled());
        std::task::Poll::Ready(Ok(buf.filled().len()))
    })
}
