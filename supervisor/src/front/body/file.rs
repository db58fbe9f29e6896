//! A static file's body as ServeFile reads it, counted as it goes out,
//! holding its place under the open-file bound until it ends or is
//! dropped (the client went away).

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use hyper::body::{Body, Frame, SizeHint};
use prometheus_client::metrics::counter::Counter;
use tokio::sync::OwnedSemaphorePermit;
use tower_http::services::fs::ServeFileSystemResponseBody;

pub struct FileBody {
    inner: ServeFileSystemResponseBody,
    bytes: Counter,
    _open: Option<OwnedSemaphorePermit>,
}

impl std::fmt::Debug for FileBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileBody").finish_non_exhaustive()
    }
}

impl FileBody {
    pub fn new(
        inner: ServeFileSystemResponseBody,
        bytes: Counter,
        open: Option<OwnedSemaphorePermit>,
    ) -> FileBody {
        FileBody {
            inner,
            bytes,
            _open: open,
        }
    }
}

impl Body for FileBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if let Poll::Ready(Some(Ok(frame))) = &polled
            && let Some(data) = frame.data_ref()
        {
            self.bytes.inc_by(data.len() as u64);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
