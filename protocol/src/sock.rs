//! Either end of the socket between bextd and one of its processes,
//! watched by the runtime for reading only.
//!
//! Why not tokio's `UnixStream`: it asks epoll for writability too, for as
//! long as the socket lives, and a Unix stream socket reports "writable"
//! each time its peer reads from it (the kernel's `unix_write_space` does
//! not wait, as TCP's does, for a writer that found the buffer full). So
//! each batch of answers bextd read woke an idle worker for nothing (on
//! hello with 8 workers, about half of a worker's epoll wake-ups came with
//! nothing to read), and each batch of requests a worker read woke bextd.
//! Here a write goes straight to the socket; only a write that finds the
//! buffer full waits, on a registration for writability made for that wait
//! and dropped once the write went through.
//!
//! As with tokio's owned halves, dropping the write side shuts the socket
//! for writing, so the peer reads its end even while this side still reads:
//! bextd tells a job worker there is no more work that way.

use std::io::{self, Write};
use std::mem::MaybeUninit;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::net::UnixStream;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use bytes::{BufMut, BytesMut};
use tokio::io::unix::AsyncFd;
use tokio::io::{AsyncRead, AsyncWrite, Interest, ReadBuf};

/// The read side: what tokio watches.
#[derive(Debug)]
pub struct ReadHalf(Arc<AsyncFd<UnixStream>>);

/// The write side: the same socket, written without a registration.
#[derive(Debug)]
pub struct WriteHalf {
    sock: Arc<AsyncFd<UnixStream>>,
    /// While a write waits for room: a registration of a copy of the
    /// socket for writability.
    waiting: Option<AsyncFd<UnixStream>>,
}

/// Splits a connected socket (made non-blocking here) into its two sides.
pub fn split(stream: UnixStream) -> io::Result<(ReadHalf, WriteHalf)> {
    stream.set_nonblocking(true)?;
    let sock = Arc::new(register(stream, Interest::READABLE)?);
    let write = WriteHalf {
        sock: sock.clone(),
        waiting: None,
    };
    Ok((ReadHalf(sock), write))
}

/// `s` watched by the runtime for `interest`.
fn register(s: UnixStream, interest: Interest) -> io::Result<AsyncFd<UnixStream>> {
    // SAFETY: the stream owns its descriptor, which stays open and the same
    // for as long as the `AsyncFd` holds the stream.
    Ok(unsafe { AsyncFd::register_with_interest(s, interest) }?)
}

impl ReadHalf {
    /// Waits until the socket may have something to read (or its end).
    pub async fn readable(&self) -> io::Result<()> {
        self.0.readable().await?.retain_ready();
        Ok(())
    }

    /// Reads what is there into `buf` without waiting: `WouldBlock` when
    /// nothing is (and then `readable` waits for more), 0 at the end.
    pub fn try_read_buf(&self, buf: &mut BytesMut) -> io::Result<usize> {
        self.0.try_io(Interest::READABLE, |s| read_into(s, buf))
    }
}

fn read_into(s: &UnixStream, buf: &mut BytesMut) -> io::Result<usize> {
    if buf.capacity() == buf.len() {
        buf.reserve(64 * 1024);
    }
    let n = read_uninit(s, buf.spare_capacity_mut())?;
    // SAFETY: `read_uninit` wrote (initialized) these `n` bytes.
    unsafe { buf.advance_mut(n) };
    Ok(n)
}

/// One read into memory that need not be initialized first (the buffers
/// given are their owners' spare capacity: zeroing it for every read would
/// be work for nothing).
fn read_uninit(s: &UnixStream, dst: &mut [MaybeUninit<u8>]) -> io::Result<usize> {
    // SAFETY: the pointer and length are those of `dst`, which `read` only
    // writes into.
    let n = unsafe { libc::read(s.as_raw_fd(), dst.as_mut_ptr().cast(), dst.len()) };
    if n < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(n as usize)
}

impl AsRawFd for ReadHalf {
    fn as_raw_fd(&self) -> RawFd {
        self.0.as_raw_fd()
    }
}

impl AsRawFd for WriteHalf {
    fn as_raw_fd(&self) -> RawFd {
        self.sock.as_raw_fd()
    }
}

impl AsyncRead for ReadHalf {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        loop {
            let mut guard = ready!(self.0.poll_read_ready(cx))?;
            // SAFETY: no byte is de-initialized: `read_uninit` only writes.
            let unfilled = unsafe { buf.unfilled_mut() };
            match guard.try_io(|s| read_uninit(s.get_ref(), unfilled)) {
                Ok(Ok(n)) => {
                    // SAFETY: the read wrote these `n` bytes.
                    unsafe { buf.assume_init(n) };
                    buf.advance(n);
                    return Poll::Ready(Ok(()));
                }
                Ok(Err(e)) => return Poll::Ready(Err(e)),
                Err(_would_block) => continue,
            }
        }
    }
}

impl AsyncWrite for WriteHalf {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        loop {
            match self.sock.get_ref().write(data) {
                Ok(n) => {
                    self.waiting = None;
                    return Poll::Ready(Ok(n));
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Poll::Ready(Err(e)),
            }
            if self.waiting.is_none() {
                // Registered now, epoll reports at once if there is room
                // already: room made since the write cannot be missed.
                let copy = self.sock.get_ref().try_clone()?;
                self.waiting = Some(register(copy, Interest::WRITABLE)?);
            }
            let waiting = self.waiting.as_ref().expect("registered above");
            ready!(waiting.poll_write_ready(cx))?.clear_ready();
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(self.sock.get_ref().shutdown(std::net::Shutdown::Write))
    }
}

impl Drop for WriteHalf {
    fn drop(&mut self) {
        // Fails only if the peer is gone already, when there is no one to tell.
        let _ = self.sock.get_ref().shutdown(std::net::Shutdown::Write);
    }
}

#[cfg(test)]
#[path = "sock_tests.rs"]
mod tests;
