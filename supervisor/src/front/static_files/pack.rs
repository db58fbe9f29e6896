//! Compression on the fly (`compress = true`): a text file without
//! precompressed siblings is compressed once per version and encoding
//! (brotli, else gzip, as `Accept-Encoding` weighs them) and the result
//! kept in memory, as its lookup keeps its bytes (`cache`).
//!
//! * **Which files.** A text type ([`compressible`]: `text/*`,
//!   JavaScript, JSON, XML, SVG, WebAssembly, fonts without their own
//!   compression) of [`MIN_BYTES`] to [`MAX_BYTES`]. Larger files, and
//!   zstd, are for precompressed siblings made at build time.
//! * **When.** A whole GET or HEAD: never a `Range` (nor an
//!   `If-Unmodified-Since`), which gets the file itself, so that a range's
//!   offsets are the file's. Every answer for such a file says
//!   `Vary: accept-encoding`.
//! * **Once.** The first request of a version compresses it on a
//!   blocking thread, and the requests arriving meanwhile wait for the same
//!   result; a 304 compresses nothing (its ETag is known beforehand). A
//!   version that does not get smaller, or changed while it was read, is
//!   sent as it is until the file changes.
//! * **Bounds.** All compressed bytes together, across entries, at most
//!   [`MAX_PACKED_BYTES`]; a compression reserves the file's size first
//!   and gives back what it saved. Past the bound the file is sent as it
//!   is, and tried again by a later request once bytes are given back
//!   (a lookup dropped from the cache or made again for a changed file
//!   drops its compressed versions).

use std::io::Write as _;
use std::path::Path;
use std::sync::Arc;

use bytes::Bytes;
use hyper::header::HeaderValue;
use tokio::sync::OnceCell;

use super::negotiate::{Encoding, Validators};
use super::version::{Budget, Reservation, Stamp, read_version};

/// The encodings made on the fly, in the order preferred when a client
/// weighs them the same.
pub const ENCODINGS: [Encoding; 2] = [Encoding::Br, Encoding::Gzip];
/// Smaller files are sent as they are (a header costs more than it saves).
pub const MIN_BYTES: u64 = 256;
/// Larger files are sent as they are: precompress them.
pub const MAX_BYTES: u64 = 4 << 20;
/// All compressed versions held, across entries.
pub const MAX_PACKED_BYTES: u64 = 32 << 20;
/// brotli's quality (0..=11): nginx's brotli module's default, about
/// gzip's time for a smaller result.
const BROTLI_QUALITY: i32 = 6;
/// gzip's level (0..=9): zlib's default.
const GZIP_LEVEL: u32 = 6;

/// Whether a file of type `content_type` and `len` bytes is compressed.
pub fn fits(content_type: &HeaderValue, len: u64) -> bool {
    (MIN_BYTES..=MAX_BYTES).contains(&len) && compressible(content_type.as_bytes())
}

/// Text types and others that compress well (not images, audio, video,
/// archives or WOFF fonts, which are compressed already).
pub fn compressible(content_type: &[u8]) -> bool {
    let t = content_type.split(|b| *b == b';').next().unwrap_or(b"");
    let t = t.trim_ascii();
    t.starts_with(b"text/")
        || t.ends_with(b"+json")
        || t.ends_with(b"+xml")
        || matches!(
            t,
            b"application/javascript"
                | b"application/json"
                | b"application/xml"
                | b"application/wasm"
                | b"application/x-javascript"
                | b"image/svg+xml"
                | b"image/x-icon"
                | b"image/vnd.microsoft.icon"
                | b"font/ttf"
                | b"font/otf"
                | b"application/vnd.ms-fontobject"
        )
}

/// What a file's versions are made from: its path, its length, its bytes
/// when the open-file cache holds them, and the version they must be.
#[derive(Debug)]
pub struct Source<'a> {
    pub path: &'a Path,
    pub len: u64,
    pub held: Option<Bytes>,
    pub stamp: Stamp,
}

/// A version compressed on the fly.
#[derive(Debug)]
pub struct Packed {
    pub bytes: Bytes,
    _counted: Reservation,
}

/// A file's versions compressed on the fly, one slot per encoding of
/// [`ENCODINGS`], with their validators.
#[derive(Debug)]
pub struct Packs {
    slots: [OnceCell<Option<Arc<Packed>>>; ENCODINGS.len()],
    validators: [Validators; ENCODINGS.len()],
    etags: [Option<HeaderValue>; ENCODINGS.len()],
}

/// Why a version was not made this time (and may be by a later request).
#[derive(Debug)]
struct Full;

impl Packs {
    /// The slots of a file whose own validators are `file`.
    pub fn new(file: &Validators) -> Packs {
        let validators = ENCODINGS.map(|e| file.encoded(e));
        Packs {
            etags: std::array::from_fn(|i| HeaderValue::from_str(&validators[i].etag).ok()),
            validators,
            slots: Default::default(),
        }
    }

    fn slot(enc: Encoding) -> usize {
        ENCODINGS.iter().position(|e| *e == enc).unwrap_or(0)
    }

    /// The validators of the version compressed with `enc`.
    pub fn validators(&self, enc: Encoding) -> &Validators {
        &self.validators[Self::slot(enc)]
    }

    pub fn etag(&self, enc: Encoding) -> Option<&HeaderValue> {
        self.etags[Self::slot(enc)].as_ref()
    }

    /// `file` compressed with `enc`: made by the first request of this
    /// version (the others wait for it), `None` if it is not to be had.
    pub async fn get(
        &self,
        enc: Encoding,
        file: Source<'_>,
        budget: &Arc<Budget>,
    ) -> Option<Arc<Packed>> {
        let made = self.slots[Self::slot(enc)]
            .get_or_try_init(|| make(enc, file, budget))
            .await;
        made.ok().cloned().flatten()
    }
}

/// Compresses `file` with `enc` on a blocking thread.
async fn make(
    enc: Encoding,
    file: Source<'_>,
    budget: &Arc<Budget>,
) -> Result<Option<Arc<Packed>>, Full> {
    let len = file.len;
    let mut counted = budget.reserve(len).ok_or(Full)?;
    let held = file.held;
    let (path, stamp) = (file.path.to_path_buf(), file.stamp);
    let started = std::time::Instant::now();
    let out = tokio::task::spawn_blocking(move || {
        let read;
        let src: &[u8] = match &held {
            Some(b) => b,
            None => {
                read = read_version(&path, stamp)?;
                &read
            }
        };
        compress(enc, src).ok()
    })
    .await
    .ok()
    .flatten();
    let Some(out) = out.filter(|o| (o.len() as u64) < len) else {
        return Ok(None);
    };
    tracing::debug!(
        path = %file.path.display(),
        encoding = enc.token(),
        from = len,
        to = out.len(),
        ms = started.elapsed().as_millis() as u64,
        "static file compressed"
    );
    counted.shrink(out.len() as u64);
    Ok(Some(Arc::new(Packed {
        bytes: out.into(),
        _counted: counted,
    })))
}

/// `src` compressed with `enc`.
pub fn compress(enc: Encoding, src: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(src.len() / 3 + 64);
    match enc {
        Encoding::Br => {
            let params = brotli::enc::BrotliEncoderParams {
                quality: BROTLI_QUALITY,
                size_hint: src.len(),
                ..Default::default()
            };
            brotli::BrotliCompress(&mut &src[..], &mut out, &params)?;
        }
        Encoding::Gzip => {
            let mut gz = flate2::write::GzEncoder::new(out, flate2::Compression::new(GZIP_LEVEL));
            gz.write_all(src)?;
            out = gz.finish()?;
        }
        Encoding::Zstd => {
            return Err(std::io::Error::other("zstd is not made on the fly"));
        }
    }
    Ok(out)
}

#[cfg(test)]
#[path = "pack_tests.rs"]
mod tests;
