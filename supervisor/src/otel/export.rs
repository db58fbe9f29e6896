//! The export path: a bounded queue in front of the SDK's batch processor,
//! and an exporter that counts what it sent and what it lost.
//!
//! `Span::end` runs on the request path, so it must never wait: the SDK's
//! `BatchSpanProcessor` hands the span to its own thread with a `try_send`,
//! and that thread posts batches with a blocking HTTP client bounded by
//! `export_timeout_ms`. What the SDK does not give is a count of the spans
//! it drops, so [`Bounded`] keeps its own count of the spans waiting
//! (`pending`: ended, not yet taken for export) and drops a span past
//! `max_queue_size` itself, counting it; the SDK's own queue is made
//! larger than that, so it never drops one first. [`Counting`] takes
//! spans out of `pending` as each batch leaves and counts a failed or
//! timed-out batch as dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use opentelemetry::Context;
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::resource::Resource;
use opentelemetry_sdk::trace::{Span, SpanData, SpanExporter, SpanProcessor};

use crate::metrics::traces as count;

/// Spans ended and not yet taken for export.
#[derive(Debug, Default)]
pub struct Pending(AtomicUsize);

/// Drops (and counts) spans past `cap` waiting, then hands the rest on.
#[derive(Debug)]
pub struct Bounded<P> {
    pub inner: P,
    pub pending: Arc<Pending>,
    pub cap: usize,
}

impl<P: SpanProcessor> SpanProcessor for Bounded<P> {
    fn on_start(&self, span: &mut Span, cx: &Context) {
        self.inner.on_start(span, cx);
    }

    fn on_end(&self, span: SpanData) {
        if self.pending.0.fetch_add(1, Ordering::AcqRel) >= self.cap {
            self.pending.0.fetch_sub(1, Ordering::AcqRel);
            count::dropped(1);
            return;
        }
        self.inner.on_end(span);
    }

    fn force_flush(&self) -> OTelSdkResult {
        self.inner.force_flush()
    }

    fn shutdown_with_timeout(&self, timeout: Duration) -> OTelSdkResult {
        self.inner.shutdown_with_timeout(timeout)
    }

    fn set_resource(&mut self, resource: &Resource) {
        self.inner.set_resource(resource);
    }
}

/// Counts each batch: exported, or dropped when the export failed.
#[derive(Debug)]
pub struct Counting<E> {
    pub inner: E,
    pub pending: Arc<Pending>,
}

impl<E: SpanExporter> SpanExporter for Counting<E> {
    async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
        let n = batch.len();
        self.pending.0.fetch_sub(n, Ordering::AcqRel);
        let result = self.inner.export(batch).await;
        match &result {
            Ok(()) => count::exported(n as u64),
            Err(e) => {
                count::dropped(n as u64);
                tracing::debug!(spans = n, error = %e, "trace export failed; its spans are dropped");
            }
        }
        result
    }

    fn shutdown_with_timeout(&self, timeout: Duration) -> OTelSdkResult {
        self.inner.shutdown_with_timeout(timeout)
    }

    fn force_flush(&self) -> OTelSdkResult {
        self.inner.force_flush()
    }

    fn set_resource(&mut self, resource: &Resource) {
        self.inner.set_resource(resource);
    }
}
