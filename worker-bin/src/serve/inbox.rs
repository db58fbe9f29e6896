//! Frames from the master, read without waiting.
//!
//! Two readers fill one [`Inbox`]: the loop, through tokio (so its
//! readiness is kept), and the engine's poll hook, which runs while a
//! handler holds the thread and reads the socket directly (a `recv` that
//! never blocks). So a `Cancel` for a handler that spins is seen while it
//! spins, not once it is done. Whole frames wait in arrival order until
//! the loop takes them; the end of the stream (EOF, or a frame that cannot
//! be decoded) is kept and reported after the frames before it.

use std::collections::VecDeque;
use std::io;
use std::os::fd::RawFd;

use bytes::BytesMut;
use protocol::FrameError;
use protocol::codec::decode;
use protocol::worker::MasterToWorker;

/// How the stream from the master ended.
#[derive(Debug)]
pub(super) enum End {
    /// EOF between frames: the master is gone.
    Closed,
    Broken(FrameError),
}

#[derive(Debug)]
pub(super) struct Inbox {
    max: u32,
    buf: BytesMut,
    frames: VecDeque<MasterToWorker>,
    end: Option<End>,
}

impl Inbox {
    pub fn new(max: u32, leftover: BytesMut) -> Inbox {
        let mut inbox = Inbox {
            max,
            buf: leftover,
            frames: VecDeque::new(),
            end: None,
        };
        inbox.decode_all();
        inbox
    }

    /// Reads with `read` until it would block, then decodes every whole
    /// frame. `read` appends to the buffer and returns how many bytes it
    /// added (0 at EOF).
    pub fn fill(&mut self, mut read: impl FnMut(&mut BytesMut) -> io::Result<usize>) {
        while self.end.is_none() {
            self.buf.reserve(64 * 1024);
            match read(&mut self.buf) {
                Ok(0) => {
                    self.decode_all();
                    if self.end.is_none() {
                        self.end = Some(match self.buf.len() {
                            0 => End::Closed,
                            n => End::Broken(FrameError::Truncated(n)),
                        });
                    }
                }
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => self.end = Some(End::Broken(FrameError::Io(e))),
            }
        }
        self.decode_all();
    }

    fn decode_all(&mut self) {
        while self.end.is_none() {
            match decode::<MasterToWorker>(&mut self.buf, self.max) {
                Ok(Some(frame)) => self.frames.push_back(frame),
                Ok(None) => break,
                Err(e) => self.end = Some(End::Broken(e)),
            }
        }
    }

    /// The next frame, then the end of the stream once the frames are out.
    pub fn next(&mut self) -> Option<Result<MasterToWorker, End>> {
        match self.frames.pop_front() {
            Some(frame) => Some(Ok(frame)),
            None => self.end.take().map(Err),
        }
    }

    /// The grace of a `CancelJob` waiting, if one is.
    pub fn cancel_job(&self) -> Option<u64> {
        self.frames.iter().find_map(|f| match f {
            MasterToWorker::CancelJob { interrupt_after_ms } => Some(*interrupt_after_ms),
            _ => None,
        })
    }

    /// Whether a `Cancel` for `id` is waiting.
    pub fn has_cancel(&self, id: u64) -> bool {
        self.frames
            .iter()
            .any(|f| matches!(f, MasterToWorker::Cancel { id: c } if *c == id))
    }
}

/// One `recv` that never blocks, for the poll hook.
pub(super) fn recv_now(fd: RawFd, buf: &mut BytesMut) -> io::Result<usize> {
    use nix::sys::socket::{MsgFlags, recv};
    let mut chunk = [0u8; 16 * 1024];
    let n = recv(fd, &mut chunk, MsgFlags::MSG_DONTWAIT).map_err(io::Error::from)?;
    buf.extend_from_slice(&chunk[..n]);
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::codec::encode;

    fn wire(frames: &[MasterToWorker]) -> Vec<u8> {
        let mut b = BytesMut::new();
        for f in frames {
            encode(f, 1 << 20, &mut b).unwrap();
        }
        b.to_vec()
    }

    /// A reader that hands out `chunks` one per call, then would block.
    fn feed(chunks: Vec<Vec<u8>>) -> impl FnMut(&mut BytesMut) -> io::Result<usize> {
        let mut chunks = VecDeque::from(chunks);
        move |buf| match chunks.pop_front() {
            Some(c) => {
                buf.extend_from_slice(&c);
                Ok(c.len())
            }
            None => Err(io::ErrorKind::WouldBlock.into()),
        }
    }

    #[test]
    fn split_frames_come_out_whole_and_in_order() {
        let bytes = wire(&[
            MasterToWorker::Cancel { id: 1 },
            MasterToWorker::Cancel { id: 2 },
        ]);
        let (a, b) = bytes.split_at(3);
        let mut inbox = Inbox::new(1 << 20, BytesMut::from(a));
        assert!(inbox.next().is_none());
        inbox.fill(feed(vec![b.to_vec()]));
        assert!(inbox.has_cancel(2) && !inbox.has_cancel(3));
        assert!(matches!(
            inbox.next(),
            Some(Ok(MasterToWorker::Cancel { id: 1 }))
        ));
        assert!(matches!(
            inbox.next(),
            Some(Ok(MasterToWorker::Cancel { id: 2 }))
        ));
        assert!(inbox.next().is_none());
    }

    #[test]
    fn eof_comes_after_the_frames_and_mid_frame_is_an_error() {
        let bytes = wire(&[MasterToWorker::Cancel { id: 9 }]);
        let mut inbox = Inbox::new(1 << 20, BytesMut::new());
        inbox.fill(feed(vec![bytes.clone(), vec![]]));
        assert!(matches!(inbox.next(), Some(Ok(_))));
        assert!(matches!(inbox.next(), Some(Err(End::Closed))));

        let mut inbox = Inbox::new(1 << 20, BytesMut::new());
        inbox.fill(feed(vec![bytes[..4].to_vec(), vec![]]));
        assert!(matches!(
            inbox.next(),
            Some(Err(End::Broken(FrameError::Truncated(4))))
        ));
    }

    #[test]
    fn an_oversized_length_ends_the_stream() {
        let mut inbox = Inbox::new(1024, BytesMut::new());
        inbox.fill(feed(vec![vec![0xff, 0xff, 0xff, 0xf0, 1, 2]]));
        assert!(matches!(
            inbox.next(),
            Some(Err(End::Broken(FrameError::TooLarge { .. })))
        ));
    }
}
