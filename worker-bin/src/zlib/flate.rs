//! Deflate and its zlib and gzip wrappers, both ways, on zlib-rs, with
//! what Node's native handle adds around zlib (see the module above).

use zlib_rs::{
    Deflate, DeflateConfig, DeflateError, DeflateFlush, Inflate, InflateError, InflateFlush,
    Method, Status, Strategy,
};

use super::{Error, Mode, Options};

/// zlib's `Z_FINISH`.
pub const Z_FINISH: i32 = 4;
/// Output is made this much at a time (Node's default `chunkSize`).
const CHUNK: usize = 16 * 1024;

/// CRC-32 (gzip's) of `data`, continuing from `value` (`zlib.crc32`).
pub fn crc32(data: &[u8], value: u32) -> u32 {
    zlib_rs::crc32::crc32(value, data)
}

fn init_failed() -> Error {
    Error::new(
        "Initialization failed",
        "ERR_ZLIB_INITIALIZATION_FAILED",
        -2,
    )
}

/// zlib's error as Node reports it: zlib's own message when it has one.
fn zlib_error(errno: i32, msg: Option<&str>) -> Error {
    let code = match errno {
        2 => "Z_NEED_DICT",
        -2 => "Z_STREAM_ERROR",
        -3 => "Z_DATA_ERROR",
        -4 => "Z_MEM_ERROR",
        -5 => "Z_BUF_ERROR",
        _ => "Z_ERRNO",
    };
    Error::new(msg.unwrap_or("Zlib error"), code, errno)
}

/// Appends up to [`CHUNK`] bytes to `out` with `step`, which writes into
/// the slice it is given and says how many bytes it wrote; then checks
/// `limit`.
fn produce<T>(
    out: &mut Vec<u8>,
    limit: usize,
    step: impl FnOnce(&mut [u8]) -> (T, usize),
) -> Result<(T, usize), Error> {
    let start = out.len();
    out.resize(start + CHUNK, 0);
    let (value, written) = step(&mut out[start..]);
    out.truncate(start + written);
    if out.len() > limit {
        return Err(Error::too_large(limit));
    }
    Ok((value, written))
}

/// A deflate, zlib or gzip compressor.
///
/// `params()` (a new level or strategy mid-stream) cannot go through
/// zlib-rs's `set_level` (it refuses whenever the match finder changes) and
/// has no strategy at all; so after a flush has emptied the compressor,
/// the stream goes on in a new raw deflater with the new settings, and this
/// side writes the wrapper's trailer from the checksum and length it keeps
/// of everything taken in.
pub struct Compressor {
    deflate: Deflate,
    /// The settings the stream was made with (its format, and the level
    /// and strategy of a `reset()`).
    config: DeflateConfig,
    dictionary: Option<Vec<u8>>,
    mode: Mode,
    /// Adler-32 (zlib) or CRC-32 (gzip) of the input so far.
    sum: u32,
    /// The input's length so far, modulo 2^32 (gzip's ISIZE).
    len: u32,
    /// `params()` was called: a raw deflater carries on, and the trailer
    /// is written here.
    continued: bool,
    /// The level and strategy now (the last `params()`'s).
    current: (i32, Strategy),
}

impl Compressor {
    pub fn new(mode: Mode, opts: &Options) -> Result<Compressor, Error> {
        let Options {
            level,
            window_bits,
            mem_level,
            strategy,
            ..
        } = *opts;
        if !(-1..=9).contains(&level)
            || !(1..=9).contains(&mem_level)
            || !(8..=15).contains(&window_bits)
        {
            return Err(init_failed());
        }
        let strategy = Strategy::try_from(strategy).map_err(|()| init_failed())?;
        // zlib makes a window of 8 bits 9 for the zlib format and refuses
        // it for the others; Node passes 8 for raw deflate, which zlib
        // (Chromium's) takes as 9.
        let wb = window_bits.max(9);
        let window_bits = match mode {
            Mode::Deflate => window_bits,
            Mode::Gzip => wb + 16,
            Mode::DeflateRaw => -wb,
            _ => return Err(init_failed()),
        };
        let config = DeflateConfig {
            level,
            method: Method::Deflated,
            window_bits,
            mem_level,
            strategy,
        };
        // A dictionary is for the zlib and raw formats (Node ignores it
        // for gzip).
        let dictionary = opts.dictionary.clone().filter(|_| mode != Mode::Gzip);
        let mut c = Compressor {
            deflate: Deflate::new_with_config(config),
            config,
            dictionary,
            mode,
            sum: 0,
            len: 0,
            continued: false,
            current: (level, strategy),
        };
        c.sum = c.initial_sum();
        c.load_dictionary()?;
        Ok(c)
    }

    fn initial_sum(&self) -> u32 {
        if self.mode == Mode::Deflate { 1 } else { 0 }
    }

    fn load_dictionary(&mut self) -> Result<(), Error> {
        if let Some(d) = &self.dictionary {
            self.deflate
                .set_dictionary(d)
                .map_err(|e| deflate_error(e, None))?;
        }
        Ok(())
    }

    pub fn write(
        &mut self,
        input: &[u8],
        flush: i32,
        out: &mut Vec<u8>,
        limit: usize,
    ) -> Result<(), Error> {
        let flush = DeflateFlush::try_from(flush).map_err(|()| zlib_error(-2, None))?;
        match self.mode {
            Mode::Deflate => self.sum = zlib_rs::adler32::adler32(self.sum, input),
            Mode::Gzip => self.sum = zlib_rs::crc32::crc32(self.sum, input),
            _ => {}
        }
        self.len = self.len.wrapping_add(input.len() as u32);
        let mut pos = 0;
        loop {
            let (in0, out0) = (self.deflate.total_in(), self.deflate.total_out());
            let deflate = &mut self.deflate;
            let (status, written) = produce(out, limit, |buf| {
                let status = deflate.compress(&input[pos..], buf, flush);
                (status, (deflate.total_out() - out0) as usize)
            })?;
            let consumed = (self.deflate.total_in() - in0) as usize;
            pos += consumed;
            let status = status.map_err(|e| deflate_error(e, self.deflate.error_message()))?;
            let stuck = status == Status::BufError && consumed == 0 && written == 0;
            if status == Status::StreamEnd && self.continued {
                self.trailer(out);
                return Ok(());
            }
            if status == Status::StreamEnd || stuck || (pos == input.len() && written < CHUNK) {
                return Ok(());
            }
        }
    }

    /// The wrapper's end after a continued stream: zlib's Adler-32 (big
    /// endian), gzip's CRC-32 and length (little endian).
    fn trailer(&mut self, out: &mut Vec<u8>) {
        match self.mode {
            Mode::Deflate => out.extend(self.sum.to_be_bytes()),
            Mode::Gzip => {
                out.extend(self.sum.to_le_bytes());
                out.extend(self.len.to_le_bytes());
            }
            _ => {}
        }
    }

    /// A new level and strategy, after a flush has emptied the compressor
    /// (Node's `params()` makes one first): the stream goes on in a raw
    /// deflater with them (see [`Compressor`]).
    pub fn params(&mut self, level: i32, strategy: i32) -> Result<(), Error> {
        if !(-1..=9).contains(&level) {
            return Err(zlib_error(-2, None));
        }
        let strategy = Strategy::try_from(strategy).map_err(|()| zlib_error(-2, None))?;
        let bits = self.config.window_bits;
        let bits = if bits < 0 {
            -bits
        } else if bits > 15 {
            bits - 16
        } else {
            bits.max(9)
        };
        self.deflate = Deflate::new_with_config(DeflateConfig {
            level,
            strategy,
            window_bits: -bits,
            ..self.config
        });
        self.continued = true;
        self.current = (level, strategy);
        Ok(())
    }

    /// `reset()`: a new stream of the same format, at the level and
    /// strategy it has now (as zlib's `deflateReset` keeps them).
    pub fn reset(&mut self) -> Result<(), Error> {
        let (level, strategy) = self.current;
        self.config = DeflateConfig {
            level,
            strategy,
            ..self.config
        };
        self.deflate = Deflate::new_with_config(self.config);
        self.continued = false;
        self.sum = self.initial_sum();
        self.len = 0;
        self.load_dictionary()
    }
}

fn deflate_error(e: DeflateError, msg: Option<&str>) -> Error {
    zlib_error(e as i32, msg)
}

fn inflate_errno(e: InflateError) -> i32 {
    match e {
        InflateError::NeedDict { .. } => 2,
        InflateError::StreamError => -2,
        InflateError::DataError => -3,
        InflateError::MemError => -4,
    }
}

/// An inflater of the zlib, gzip or raw format, or of either wrapper
/// (unzip).
pub struct Decompressor {
    inflate: Inflate,
    /// Node's `windowBits` as zlib-rs takes it (with the format's offset).
    window_bits: u8,
    header: bool,
    /// A gzip stream (gunzip, or an unzip that found gzip's magic bytes),
    /// where another member may follow the first.
    gzip: bool,
    /// Unzip: the first bytes seen so far, until they say which format.
    sniff: Option<Vec<u8>>,
    dictionary: Option<Vec<u8>>,
    ended: bool,
    /// One stream only (`DecompressionStream`): a byte after its end is an
    /// error, not another gzip member nor ignored.
    pub(super) single: bool,
}

impl Decompressor {
    pub fn new(mode: Mode, opts: &Options) -> Result<Decompressor, Error> {
        let wb = opts.window_bits;
        if !(wb == 0 || (8..=15).contains(&wb)) {
            return Err(init_failed());
        }
        // zlib-rs takes 0 (the size in the header) for the zlib format
        // only; a gzip header has no size, and 15 takes every zlib one.
        let sized = if wb == 0 { 15 } else { wb as u8 };
        let (header, window_bits) = match mode {
            Mode::Inflate => (true, wb as u8),
            Mode::Gunzip => (true, sized + 16),
            Mode::Unzip => (true, sized + 32),
            Mode::InflateRaw => (false, sized),
            _ => return Err(init_failed()),
        };
        let mut d = Decompressor {
            inflate: Inflate::new(header, window_bits),
            window_bits,
            header,
            gzip: mode == Mode::Gunzip,
            sniff: (mode == Mode::Unzip).then(Vec::new),
            dictionary: opts.dictionary.clone(),
            ended: false,
            single: false,
        };
        d.load_raw_dictionary()?;
        Ok(d)
    }

    /// A raw stream has no header to ask for its dictionary: it is set at
    /// the start, as Node does.
    fn load_raw_dictionary(&mut self) -> Result<(), Error> {
        if let (false, Some(d)) = (self.header, &self.dictionary) {
            self.inflate
                .set_dictionary(d)
                .map_err(|e| zlib_error(inflate_errno(e), None))?;
        }
        Ok(())
    }

    pub fn reset(&mut self) -> Result<(), Error> {
        self.inflate = Inflate::new(self.header, self.window_bits);
        self.ended = false;
        if self.sniff.is_some() {
            self.sniff = Some(Vec::new());
            self.gzip = false;
        }
        self.load_raw_dictionary()
    }

    /// Unzip learns its format from gzip's magic bytes (`1f 8b`).
    fn sniff(&mut self, input: &[u8]) {
        if let Some(seen) = &mut self.sniff {
            seen.extend(input.iter().take(2 - seen.len().min(2)));
            if seen.len() >= 2 || seen.first().is_some_and(|&b| b != 0x1f) {
                self.gzip = seen.starts_with(&[0x1f, 0x8b]);
                self.sniff = None;
            }
        }
    }

    pub fn write(
        &mut self,
        input: &[u8],
        flush: i32,
        out: &mut Vec<u8>,
        limit: usize,
    ) -> Result<(), Error> {
        let kind = match flush {
            0 => InflateFlush::NoFlush,
            1..=3 => InflateFlush::SyncFlush,
            4 => InflateFlush::Finish,
            5 => InflateFlush::Block,
            _ => return Err(zlib_error(-2, None)),
        };
        self.sniff(input);
        let mut pos = 0;
        loop {
            if self.ended && self.single {
                if pos < input.len() {
                    return Err(Error::trailing_junk());
                }
                break;
            }
            if self.ended {
                // Another gzip member follows the first; zero bytes after
                // a member are padding (and, like anything after a zlib or
                // raw stream's end, ignored).
                if !(self.gzip && input.get(pos).is_some_and(|&b| b != 0)) {
                    break;
                }
                self.inflate = Inflate::new(true, self.window_bits);
                self.ended = false;
            }
            let (in0, out0) = (self.inflate.total_in(), self.inflate.total_out());
            let inflate = &mut self.inflate;
            let (result, written) = produce(out, limit, |buf| {
                let r = inflate.decompress(&input[pos..], buf, kind);
                (r, (inflate.total_out() - out0) as usize)
            })?;
            let consumed = (self.inflate.total_in() - in0) as usize;
            pos += consumed;
            match result {
                Ok(Status::StreamEnd) => self.ended = true,
                Ok(status) => {
                    let stuck = status == Status::BufError && consumed == 0 && written == 0;
                    if stuck || (pos == input.len() && written < CHUNK) {
                        break;
                    }
                }
                Err(InflateError::NeedDict { .. }) => self.need_dictionary()?,
                Err(e) => return Err(zlib_error(inflate_errno(e), self.inflate.error_message())),
            }
        }
        if flush == Z_FINISH && !self.ended {
            return Err(Error::unexpected_end());
        }
        Ok(())
    }

    /// The stream asked for its preset dictionary: "Missing dictionary"
    /// without one, "Bad dictionary" when it is not the one.
    fn need_dictionary(&mut self) -> Result<(), Error> {
        let Some(d) = &self.dictionary else {
            return Err(zlib_error(2, Some("Missing dictionary")));
        };
        self.inflate
            .set_dictionary(d)
            .map(drop)
            .map_err(|_| zlib_error(2, Some("Bad dictionary")))
    }
}
