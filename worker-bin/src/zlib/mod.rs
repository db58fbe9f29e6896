//! The compressors behind `node:zlib`: deflate, its zlib and gzip wrappers
//! and their inverses (zlib-rs, the zlib port `flate2` already uses), and
//! brotli (the `brotli` crate, as response compression uses it). Pure Rust
//! over bytes, with no knowledge of JavaScript: `host/zlib.rs` binds it.
//!
//! Theory of operation. A [`Codec`] is one of Node's nine stream kinds
//! ([`Mode`], numbered as `zlib.constants.DEFLATE` … `BROTLI_ENCODE`), made
//! from Node's options ([`Options`]) and fed with [`Codec::write`]: input
//! and one of Node's flush values in, output appended to a `Vec`, exactly
//! as Node's native handle does with its chunked output buffer. What Node
//! decides around zlib is decided here too, so answers match: a gunzip
//! that finds another gzip member after the first goes on with it
//! (trailing zero bytes are padding); an unzip picks gzip or zlib from the
//! first two bytes; a finishing write that leaves an inflater short of its
//! end is "unexpected end of file"; a zlib stream that asks for a preset
//! dictionary gets the one in the options, or fails with "Missing
//! dictionary" / "Bad dictionary". [`run`] is the one-shot form behind
//! `gzipSync` and friends, with Node's `maxOutputLength`.
//!
//! Errors ([`Error`]) carry what Node's carry: the message (zlib's own
//! text, such as "incorrect header check"), the `code` (`Z_DATA_ERROR`,
//! `ERR__ERROR_FORMAT_PADDING_1`, …) and the `errno`.
//!
//! The bytes a compressor writes are valid for every decoder, and Node's
//! own at level 0 and with `Z_HUFFMAN_ONLY` or `Z_RLE` (output is made in
//! Node's 16 KiB pieces, which is what decides stored blocks), but not
//! otherwise: Node bundles Chromium's zlib, whose match finder hashes four
//! bytes with its own function, and C brotli 1.1.0, of which the `brotli`
//! crate is a separate port (README, "Node's built-ins", has the numbers).
//! Decompression has one right answer and gives it.

mod br;
mod flate;
#[cfg(test)]
mod tests;

pub use flate::crc32;

/// Node's stream kinds, numbered as `zlib.constants` numbers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Deflate = 1,
    Inflate = 2,
    Gzip = 3,
    Gunzip = 4,
    DeflateRaw = 5,
    InflateRaw = 6,
    Unzip = 7,
    BrotliDecode = 8,
    BrotliEncode = 9,
}

impl Mode {
    /// The mode of Node's number `n`.
    pub fn from_node(n: u32) -> Option<Mode> {
        Some(match n {
            1 => Mode::Deflate,
            2 => Mode::Inflate,
            3 => Mode::Gzip,
            4 => Mode::Gunzip,
            5 => Mode::DeflateRaw,
            6 => Mode::InflateRaw,
            7 => Mode::Unzip,
            8 => Mode::BrotliDecode,
            9 => Mode::BrotliEncode,
            _ => return None,
        })
    }

    /// The flush value that ends a stream of this mode (`Z_FINISH`, or
    /// brotli's `BROTLI_OPERATION_FINISH`).
    pub fn finish_flush(self) -> i32 {
        match self {
            Mode::BrotliDecode | Mode::BrotliEncode => br::FINISH,
            _ => flate::Z_FINISH,
        }
    }
}

/// Node's options, already checked against Node's ranges by the caller
/// (`level` -1..=9, `window_bits` 8..=15 or 0 for an inflater,
/// `mem_level` 1..=9, `strategy` 0..=4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub level: i32,
    pub window_bits: i32,
    pub mem_level: i32,
    pub strategy: i32,
    /// `dictionary`: the preset dictionary of deflate/inflate streams.
    pub dictionary: Option<Vec<u8>>,
    /// `params` of a brotli stream: (`BROTLI_PARAM_*`, value) pairs.
    pub brotli: Vec<(u32, u32)>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            level: -1,
            window_bits: 15,
            mem_level: 8,
            strategy: 0,
            dictionary: None,
            brotli: Vec::new(),
        }
    }
}

/// A failure as Node reports it: `message`, `code`, `errno`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} ({code})")]
pub struct Error {
    pub message: String,
    pub code: String,
    pub errno: i32,
}

impl Error {
    fn new(message: impl Into<String>, code: impl Into<String>, errno: i32) -> Error {
        Error {
            message: message.into(),
            code: code.into(),
            errno,
        }
    }

    /// A finishing write that left a decoder short of its stream's end.
    fn unexpected_end() -> Error {
        Error::new("unexpected end of file", "Z_BUF_ERROR", -5)
    }

    /// Bytes after the end of a single stream (the Compression Streams
    /// standard's error; Node 22's code).
    /// Bytes after the end of a single-stream decoder's stream.
    pub fn is_trailing_junk(&self) -> bool {
        self.code == "ERR_TRAILING_JUNK_AFTER_STREAM_END"
    }

    fn trailing_junk() -> Error {
        Error::new(
            "Trailing junk found after the end of the compressed stream",
            "ERR_TRAILING_JUNK_AFTER_STREAM_END",
            0,
        )
    }

    /// Output past `maxOutputLength` (`ERR_BUFFER_TOO_LARGE`, a RangeError).
    pub fn too_large(max: usize) -> Error {
        Error::new(
            format!("Cannot create a Buffer larger than {max} bytes"),
            "ERR_BUFFER_TOO_LARGE",
            0,
        )
    }
}

/// One compression or decompression stream.
pub struct Codec {
    inner: Inner,
    /// Output one write may produce before it fails ([`Error::too_large`]).
    limit: usize,
}

enum Inner {
    Deflate(flate::Compressor),
    Inflate(flate::Decompressor),
    BrotliEncode(Box<br::Encoder>),
    BrotliDecode(Box<br::Decoder>),
}

impl std::fmt::Debug for Codec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.inner {
            Inner::Deflate(_) => "deflate",
            Inner::Inflate(_) => "inflate",
            Inner::BrotliEncode(_) => "brotli encoder",
            Inner::BrotliDecode(_) => "brotli decoder",
        };
        write!(f, "Codec({kind})")
    }
}

impl Codec {
    /// A stream of `mode` with `opts`; an option zlib or brotli refuses is
    /// Node's "Initialization failed" (`ERR_ZLIB_INITIALIZATION_FAILED`).
    pub fn new(mode: Mode, opts: &Options) -> Result<Codec, Error> {
        let inner = match mode {
            Mode::Deflate | Mode::Gzip | Mode::DeflateRaw => {
                Inner::Deflate(flate::Compressor::new(mode, opts)?)
            }
            Mode::Inflate | Mode::Gunzip | Mode::InflateRaw | Mode::Unzip => {
                Inner::Inflate(flate::Decompressor::new(mode, opts)?)
            }
            Mode::BrotliEncode => Inner::BrotliEncode(Box::new(br::Encoder::new(&opts.brotli)?)),
            Mode::BrotliDecode => Inner::BrotliDecode(Box::new(br::Decoder::new())),
        };
        Ok(Codec {
            inner,
            limit: usize::MAX,
        })
    }

    /// Makes a write fail once `out` holds more than `max` bytes
    /// (`maxOutputLength`), so a small input that inflates to gigabytes
    /// stops there.
    pub fn set_limit(&mut self, max: usize) {
        self.limit = max;
    }

    /// Feeds `input` with Node's `flush` value and appends what comes out
    /// to `out`. All the input is taken (a decoder past its stream's end
    /// drops the rest, as zlib does).
    pub fn write(&mut self, input: &[u8], flush: i32, out: &mut Vec<u8>) -> Result<(), Error> {
        let limit = self.limit;
        match &mut self.inner {
            Inner::Deflate(c) => c.write(input, flush, out, limit),
            Inner::Inflate(d) => d.write(input, flush, out, limit),
            Inner::BrotliEncode(e) => e.write(input, flush, out, limit),
            Inner::BrotliDecode(d) => d.write(input, flush, out, limit),
        }
    }

    /// Makes a decoder take one stream only, as `DecompressionStream`
    /// does: input after its end fails with "Trailing junk found after the
    /// end of the compressed stream" instead of starting another gzip
    /// member or being dropped. No effect on an encoder.
    pub fn single_stream(&mut self) {
        match &mut self.inner {
            Inner::Inflate(d) => d.single = true,
            Inner::BrotliDecode(d) => d.single = true,
            _ => {}
        }
    }

    /// `params(level, strategy)` of a deflate stream (after a flush, as
    /// Node does before calling it).
    pub fn params(&mut self, level: i32, strategy: i32) -> Result<(), Error> {
        match &mut self.inner {
            Inner::Deflate(c) => c.params(level, strategy),
            _ => Err(Error::new(
                "params is only for deflate streams",
                "ERR_ZLIB_INITIALIZATION_FAILED",
                -2,
            )),
        }
    }

    /// `reset()`: the stream starts again with its options.
    pub fn reset(&mut self) -> Result<(), Error> {
        match &mut self.inner {
            Inner::Deflate(c) => c.reset(),
            Inner::Inflate(d) => d.reset(),
            Inner::BrotliEncode(e) => e.reset(),
            Inner::BrotliDecode(d) => {
                let single = d.single;
                **d = br::Decoder::new();
                d.single = single;
                Ok(())
            }
        }
    }
}

/// The one-shot form (`gzipSync(buf, opts)`): all of `input` with
/// `finish_flush`, failing with [`Error::too_large`] once the output passes
/// `max_output` bytes.
pub fn run(
    mode: Mode,
    opts: &Options,
    input: &[u8],
    finish_flush: i32,
    max_output: usize,
) -> Result<Vec<u8>, Error> {
    let mut codec = Codec::new(mode, opts)?;
    codec.set_limit(max_output);
    let mut out = Vec::with_capacity(match mode {
        Mode::Deflate | Mode::Gzip | Mode::DeflateRaw | Mode::BrotliEncode => input.len() / 2 + 64,
        _ => input.len().saturating_mul(3).clamp(64, max_output.max(64)),
    });
    codec.write(input, finish_flush, &mut out)?;
    Ok(out)
}
