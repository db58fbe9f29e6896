//! yawc's settings for a socket: the limits of its pool, small buffers,
//! and permessage-deflate without context takeover (deflate states pooled
//! across sockets, so an idle socket holds none).

use std::sync::LazyLock;

use yawc::{CompressionLevel, DeflateOptions, DeflatePool, Options};

use crate::config::WebSocket as Limits;

/// Bytes yawc reads at once (and buffers before a write): its read buffer
/// is allocated up front, so this is most of an idle socket's memory.
const READ_BUFFER: usize = 8 * 1024;

/// bextd's messages shorter than this go uncompressed: without context
/// takeover deflate gains little on them, and costs a deflate state.
const COMPRESS_FROM: usize = 256;

/// Deflate and inflate states kept for reuse (each of a few hundred KiB),
/// shared by every socket of bextd.
static DEFLATE_POOL: LazyLock<DeflatePool> = LazyLock::new(|| DeflatePool::new(16));

/// yawc's settings for one socket under `limits`.
pub(super) fn options(limits: &Limits) -> Options {
    // yawc's bounds are exclusive; ws_max_message_bytes is the largest
    // message allowed, for a raw frame, an inflated one and a joined one.
    let max = limits.max_message_bytes + 1;
    let options = Options::default()
        .with_limits(max, max)
        .with_read_buffer_capacity(READ_BUFFER)
        .with_write_buffer_capacity(READ_BUFFER)
        .with_utf8();
    if !limits.compression {
        return options;
    }
    Options {
        compression: Some(DeflateOptions {
            // A relay on the hot path: fast over small.
            level: CompressionLevel::fast(),
            server_no_context_takeover: true,
            client_no_context_takeover: true,
            compression_threshold: COMPRESS_FROM,
            pool: Some(DEFLATE_POOL.clone()),
            // A client that leaves the window to bextd keeps the largest
            // (yawc would pick the smallest, 512 bytes): the inflate state
            // is pooled, not kept per socket.
            client_max_window_bits: Some(15),
            server_max_window_bits: None,
        }),
        ..options
    }
}
