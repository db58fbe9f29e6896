//! Brotli both ways (the `brotli` crate), with Node's operations
//! (`BROTLI_OPERATION_PROCESS`, `FLUSH`, `FINISH`, `EMIT_METADATA`) and
//! Node's errors.

use brotli::enc::StandardAlloc;
use brotli::enc::encode::{
    BrotliEncoderOperation, BrotliEncoderParameter, BrotliEncoderStateStruct,
};
use brotli::enc::interface::{PredictionModeContextMap, StaticCommand};
use brotli::{BrotliDecompressStream, BrotliResult, BrotliState, InputPair, InputReferenceMut};

use super::Error;

/// `BROTLI_OPERATION_FINISH`.
pub const FINISH: i32 = 2;
/// Output is made this much at a time (Node's default `chunkSize`).
const CHUNK: usize = 16 * 1024;

fn init_failed() -> Error {
    Error::new(
        "Initialization failed",
        "ERR_ZLIB_INITIALIZATION_FAILED",
        -2,
    )
}

/// The encoder's parameter for Node's `BROTLI_PARAM_*` number; `None` for
/// `NPOSTFIX` and `NDIRECT` (7, 8), tuning knobs the Rust encoder chooses
/// itself (any stream it writes is valid whatever they say).
fn parameter(key: u32) -> Result<Option<BrotliEncoderParameter>, Error> {
    use BrotliEncoderParameter::*;
    Ok(Some(match key {
        0 => BROTLI_PARAM_MODE,
        1 => BROTLI_PARAM_QUALITY,
        2 => BROTLI_PARAM_LGWIN,
        3 => BROTLI_PARAM_LGBLOCK,
        4 => BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING,
        5 => BROTLI_PARAM_SIZE_HINT,
        6 => BROTLI_PARAM_LARGE_WINDOW,
        7 | 8 => return Ok(None),
        _ => return Err(init_failed()),
    }))
}

/// A brotli compressor.
pub struct Encoder {
    state: BrotliEncoderStateStruct<StandardAlloc>,
    params: Vec<(u32, u32)>,
}

impl Encoder {
    pub fn new(params: &[(u32, u32)]) -> Result<Encoder, Error> {
        let mut state = BrotliEncoderStateStruct::new(StandardAlloc::default());
        for &(key, value) in params {
            if let Some(p) = parameter(key)? {
                // Out-of-range values are clamped by the encoder, as C
                // brotli's are.
                if !state.set_parameter(p, value) {
                    return Err(init_failed());
                }
            }
        }
        Ok(Encoder {
            state,
            params: params.to_vec(),
        })
    }

    pub fn reset(&mut self) -> Result<(), Error> {
        *self = Encoder::new(&self.params)?;
        Ok(())
    }

    pub fn write(
        &mut self,
        input: &[u8],
        flush: i32,
        out: &mut Vec<u8>,
        limit: usize,
    ) -> Result<(), Error> {
        use BrotliEncoderOperation::*;
        let op = match flush {
            0 => BROTLI_OPERATION_PROCESS,
            1 => BROTLI_OPERATION_FLUSH,
            2 => BROTLI_OPERATION_FINISH,
            3 => BROTLI_OPERATION_EMIT_METADATA,
            _ => return Err(failed()),
        };
        let mut nop = |_: &mut PredictionModeContextMap<InputReferenceMut>,
                       _: &mut [StaticCommand],
                       _: InputPair,
                       _: &mut StandardAlloc| ();
        let mut in_off = 0;
        loop {
            let start = out.len();
            out.resize(start + CHUNK, 0);
            let in_before = in_off;
            let mut avail_in = input.len() - in_off;
            let mut avail_out = CHUNK;
            let mut out_off = start;
            let ok = self.state.compress_stream(
                op,
                &mut avail_in,
                input,
                &mut in_off,
                &mut avail_out,
                out,
                &mut out_off,
                &mut None,
                &mut nop,
            );
            out.truncate(out_off);
            if !ok {
                return Err(failed());
            }
            if out.len() > limit {
                return Err(Error::too_large(limit));
            }
            let more =
                self.state.has_more_output() || (flush == FINISH && !self.state.is_finished());
            let progress = in_off > in_before || out_off > start;
            if (avail_in == 0 && !more) || !progress {
                return Ok(());
            }
        }
    }
}

fn failed() -> Error {
    Error::new("Compression failed", "ERR_BROTLI_COMPRESSION_FAILED", -2)
}

/// A brotli decompressor.
pub struct Decoder {
    state: BrotliState<StandardAlloc, StandardAlloc, StandardAlloc>,
    ended: bool,
    /// One stream only (`DecompressionStream`): bytes after its end fail
    /// (see `Codec::single_stream`) instead of being dropped.
    pub(super) single: bool,
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder {
            state: BrotliState::new(
                StandardAlloc::default(),
                StandardAlloc::default(),
                StandardAlloc::default(),
            ),
            ended: false,
            single: false,
        }
    }

    pub fn write(
        &mut self,
        input: &[u8],
        flush: i32,
        out: &mut Vec<u8>,
        limit: usize,
    ) -> Result<(), Error> {
        let mut in_off = 0;
        while !self.ended {
            let start = out.len();
            out.resize(start + CHUNK, 0);
            let mut avail_in = input.len() - in_off;
            let mut avail_out = CHUNK;
            let mut out_off = start;
            let mut total = 0;
            let result = BrotliDecompressStream(
                &mut avail_in,
                &mut in_off,
                input,
                &mut avail_out,
                &mut out_off,
                out,
                &mut total,
                &mut self.state,
            );
            out.truncate(out_off);
            if out.len() > limit {
                return Err(Error::too_large(limit));
            }
            match result {
                BrotliResult::ResultSuccess => self.ended = true,
                BrotliResult::NeedsMoreOutput => {}
                BrotliResult::NeedsMoreInput => break,
                BrotliResult::ResultFailure => {
                    let code = self.state.error_code;
                    // Node's code is "ERR_" and C brotli's name of the
                    // error without its `BROTLI_DECODER` prefix.
                    let name = format!("{code:?}");
                    let name = name.strip_prefix("BROTLI_DECODER").unwrap_or(&name);
                    return Err(Error::new(
                        "Decompression failed",
                        format!("ERR_{name}"),
                        code as i32,
                    ));
                }
            }
        }
        if self.ended && self.single && in_off < input.len() {
            return Err(Error::trailing_junk());
        }
        if flush == FINISH && !self.ended {
            return Err(Error::unexpected_end());
        }
        Ok(())
    }
}
