//! The binding of `node:zlib` (`node/js/zlib.js`), and of
//! `CompressionStream`/`DecompressionStream` (`js/compression.js`, given
//! the prelude's `host` when the web module loads), to the zlib room
//! ([`crate::zlib`]): a one-shot run for `gzipSync` and the callback forms,
//! and a table of open streams, by an id the JS stream object holds, for
//! `createGzip()` and the other stream classes (closed by the stream, or
//! from a `FinalizationRegistry` when it is collected unclosed).
//!
//! A failure comes back to JS as `[message, code, errno]`, which zlib.js
//! turns into the error Node would throw or emit; a write that reached its
//! stream's end before trailing bytes adds what it decoded (`zlibWrite`'s
//! 4th item, which `DecompressionStream` enqueues before erroring).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use rquickjs::{Array, Ctx, Exception, Function, IntoJs, Object, Result, TypedArray, Value};

use super::bytes_of;
use crate::zlib::{Codec, Error, Mode, Options, crc32, run};

#[derive(Default)]
struct Streams {
    next: u32,
    open: HashMap<u32, Codec>,
}

/// The options object zlib.js passes: `mode` (Node's number), `level`,
/// `windowBits`, `memLevel`, `strategy`, `dictionary` (a Uint8Array or
/// undefined) and `params` (brotli's, flattened `[key, value, …]`), all
/// already checked as Node checks them.
fn options(ctx: &Ctx<'_>, o: &Object<'_>) -> Result<(Mode, Options)> {
    let mode = Mode::from_node(o.get("mode")?)
        .ok_or_else(|| Exception::throw_range(ctx, "zlib: unknown mode"))?;
    let dictionary = match o.get::<_, Value>("dictionary")? {
        v if v.is_undefined() || v.is_null() => None,
        v => Some(bytes_of(&v)?),
    };
    let flat: Vec<f64> = o.get::<_, Option<Vec<f64>>>("params")?.unwrap_or_default();
    let brotli = flat
        .chunks_exact(2)
        .map(|kv| (kv[0] as u32, kv[1].clamp(0.0, u32::MAX as f64) as u32))
        .collect();
    let opts = Options {
        level: o.get("level")?,
        window_bits: o.get("windowBits")?,
        mem_level: o.get("memLevel")?,
        strategy: o.get("strategy")?,
        dictionary,
        brotli,
    };
    Ok((mode, opts))
}

/// `[message, code, errno]` for zlib.js to throw.
fn failure<'js>(ctx: &Ctx<'js>, e: Error) -> Result<Value<'js>> {
    let a = Array::new(ctx.clone())?;
    a.set(0, e.message)?;
    a.set(1, e.code)?;
    a.set(2, e.errno)?;
    Ok(a.into_value())
}

fn answer<'js>(ctx: &Ctx<'js>, r: std::result::Result<Vec<u8>, Error>) -> Result<Value<'js>> {
    match r {
        Ok(bytes) => TypedArray::<u8>::new(ctx.clone(), bytes)?.into_js(ctx),
        Err(e) => failure(ctx, e),
    }
}

/// `single: true` in `zlibOpen`'s options makes a decoder take one
/// stream only (`DecompressionStream`, see [`Codec::single_stream`]).
///
/// Adds `zlibRun`, `zlibOpen`, `zlibWrite`, `zlibParams`, `zlibReset`,
/// `zlibClose` and `crc32` to `host` (the built-ins', or the prelude's).
pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "zlibRun",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, o: Object<'js>, input: Value<'js>, finish: i32, max: f64| {
                let (mode, opts) = options(&ctx, &o)?;
                let max = if max >= usize::MAX as f64 {
                    usize::MAX
                } else {
                    max as usize
                };
                answer(&ctx, run(mode, &opts, &bytes_of(&input)?, finish, max))
            },
        )?,
    )?;
    let streams = Rc::new(RefCell::new(Streams::default()));
    let s = streams.clone();
    host.set(
        "zlibOpen",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, o: Object<'js>| {
            let (mode, opts) = options(&ctx, &o)?;
            let single = o.get::<_, Option<bool>>("single")?.unwrap_or(false);
            match Codec::new(mode, &opts) {
                Ok(mut codec) => {
                    if single {
                        codec.single_stream();
                    }
                    let mut s = s.borrow_mut();
                    s.next = s.next.wrapping_add(1).max(1);
                    let id = s.next;
                    s.open.insert(id, codec);
                    id.into_js(&ctx)
                }
                Err(e) => failure(&ctx, e),
            }
        })?,
    )?;
    let s = streams.clone();
    host.set(
        "zlibWrite",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, id: u32, input: Value<'js>, flush: i32| {
                let input = bytes_of(&input)?;
                let mut s = s.borrow_mut();
                let Some(codec) = s.open.get_mut(&id) else {
                    return failure(&ctx, closed());
                };
                let mut out = Vec::new();
                match codec.write(&input, flush, &mut out) {
                    Ok(()) => answer(&ctx, Ok(out)),
                    // The stream ended within this input: what it decoded
                    // up to its end goes with the failure, as a 4th item.
                    Err(e) if e.is_trailing_junk() && !out.is_empty() => {
                        let a = failure(&ctx, e)?;
                        let bytes = TypedArray::<u8>::new(ctx.clone(), out)?;
                        a.as_array().map(|a| a.set(3, bytes)).transpose()?;
                        Ok(a)
                    }
                    Err(e) => failure(&ctx, e),
                }
            },
        )?,
    )?;
    let s = streams.clone();
    host.set(
        "zlibParams",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, id: u32, level: i32, strategy: i32| {
                let mut s = s.borrow_mut();
                let r = match s.open.get_mut(&id) {
                    Some(codec) => codec.params(level, strategy),
                    None => Err(closed()),
                };
                r.map_or_else(
                    |e| failure(&ctx, e),
                    |()| Ok(Value::new_undefined(ctx.clone())),
                )
            },
        )?,
    )?;
    let s = streams.clone();
    host.set(
        "zlibReset",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, id: u32| {
            let mut s = s.borrow_mut();
            let r = match s.open.get_mut(&id) {
                Some(codec) => codec.reset(),
                None => Err(closed()),
            };
            r.map_or_else(
                |e| failure(&ctx, e),
                |()| Ok(Value::new_undefined(ctx.clone())),
            )
        })?,
    )?;
    host.set(
        "zlibClose",
        Function::new(ctx.clone(), move |id: u32| {
            streams.borrow_mut().open.remove(&id);
        })?,
    )?;
    host.set(
        "crc32",
        Function::new(ctx.clone(), |data: Value<'js>, value: f64| {
            Ok::<_, rquickjs::Error>(crc32(&bytes_of(&data)?, value as u32) as f64)
        })?,
    )?;
    Ok(())
}

/// A stream used after `close()` (Node's `ERR_ZLIB_BINDING_CLOSED`).
fn closed() -> Error {
    Error {
        message: "zlib binding closed".into(),
        code: "ERR_ZLIB_BINDING_CLOSED".into(),
        errno: 0,
    }
}
