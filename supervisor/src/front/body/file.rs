//! A static file's body, counted as it goes out, holding its place under
//! the open-file bound until it ends or is dropped (the client went away).
//!
//! A whole file is read here ([`Chunks`]): each chunk read by `pread` on
//! the blocking pool straight into the buffer hyper sends, when hyper asks
//! for it (it asks only when the connection can take more: back-pressure).
//! That is one copy in user space fewer than tokio's `File`, which reads
//! into its own buffer and copies out of it. A range is ServeFile's body.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use bytes::Bytes;
use hyper::body::{Body, Frame, SizeHint};
use prometheus_client::metrics::counter::Counter;
use tokio::sync::OwnedSemaphorePermit;
use tokio::task::JoinHandle;
use tower_http::services::fs::ServeFileSystemResponseBody;

/// Bytes read from a file at a time.
pub const READ_CHUNK: u64 = 256 * 1024;

pub struct FileBody {
    inner: Inner,
    bytes: Counter,
    _open: Option<OwnedSemaphorePermit>,
}

enum Inner {
    Served(ServeFileSystemResponseBody),
    /// Boxed: every response body is as large as its largest kind.
    Read(Box<Chunks>),
}

impl std::fmt::Debug for FileBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileBody").finish_non_exhaustive()
    }
}

impl FileBody {
    /// ServeFile's body (a range).
    pub fn new(
        inner: ServeFileSystemResponseBody,
        bytes: Counter,
        open: Option<OwnedSemaphorePermit>,
    ) -> FileBody {
        FileBody {
            inner: Inner::Served(inner),
            bytes,
            _open: open,
        }
    }

    /// The first `len` bytes of `file`, read here.
    pub fn whole(
        file: std::fs::File,
        len: u64,
        bytes: Counter,
        open: Option<OwnedSemaphorePermit>,
    ) -> FileBody {
        FileBody {
            inner: Inner::Read(Box::new(Chunks {
                file: Arc::new(file),
                offset: 0,
                left: len,
                reading: None,
            })),
            bytes,
            _open: open,
        }
    }
}

/// A file read chunk by chunk from its start.
struct Chunks {
    file: Arc<std::fs::File>,
    offset: u64,
    left: u64,
    reading: Option<JoinHandle<io::Result<Vec<u8>>>>,
}

impl Chunks {
    fn poll_chunk(&mut self, cx: &mut Context<'_>) -> Poll<Option<io::Result<Bytes>>> {
        if self.left == 0 {
            return Poll::Ready(None);
        }
        let reading = self.reading.get_or_insert_with(|| {
            let (file, at) = (self.file.clone(), self.offset);
            let n = self.left.min(READ_CHUNK) as usize;
            tokio::task::spawn_blocking(move || read_at(&file, at, n))
        });
        let got = ready!(Pin::new(reading).poll(cx));
        self.reading = None;
        let buf = match got {
            Ok(Ok(buf)) if !buf.is_empty() => buf,
            failed => {
                // Nothing more is read; hyper ends the response unfinished.
                self.left = 0;
                return Poll::Ready(Some(Err(match failed {
                    Ok(Err(e)) => e,
                    Err(e) => io::Error::other(e),
                    Ok(Ok(_)) => io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the file shrank while it was sent",
                    ),
                })));
            }
        };
        self.offset += buf.len() as u64;
        self.left -= buf.len() as u64;
        Poll::Ready(Some(Ok(buf.into())))
    }
}

/// Up to `n` bytes of `file` from `at`, fewer only at its end; read into
/// a buffer never zeroed first.
fn read_at(file: &std::fs::File, at: u64, n: usize) -> io::Result<Vec<u8>> {
    let mut buf = Vec::with_capacity(n);
    while buf.len() < n {
        let from = at + buf.len() as u64;
        let got = rustix::io::pread(file, rustix::buffer::spare_capacity(&mut buf), from)?;
        if got == 0 {
            break;
        }
    }
    buf.truncate(n);
    Ok(buf)
}

impl Body for FileBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let polled = match &mut self.inner {
            Inner::Served(b) => Pin::new(b).poll_frame(cx),
            Inner::Read(c) => c.poll_chunk(cx).map(|c| c.map(|c| c.map(Frame::data))),
        };
        if let Poll::Ready(Some(Ok(frame))) = &polled
            && let Some(data) = frame.data_ref()
        {
            self.bytes.inc_by(data.len() as u64);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        match &self.inner {
            Inner::Served(b) => b.is_end_stream(),
            Inner::Read(c) => c.left == 0,
        }
    }

    fn size_hint(&self) -> SizeHint {
        match &self.inner {
            Inner::Served(b) => b.size_hint(),
            Inner::Read(c) => SizeHint::with_exact(c.left),
        }
    }
}
