//! The built-ins' precompiled QuickJS bytecode, as the prelude has its own
//! (`crate::prelude`). Compiling a built-in's source at its first import
//! cost most of that import (node:stream's 77 KB of vendored
//! readable-stream, node:buffer's vendored buffer); reading its bytecode
//! costs a fraction of it.
//!
//! `js/builtins.bc` holds one image per source of [`SOURCES`], each the
//! compiled script `(function (module, exports, require, host) {…})` that
//! `super::compile` would otherwise compile, under the same file name
//! (`node:X`), so stacks and messages are the same. As the prelude's, it is
//! written without the source text but with line numbers. It is generated,
//! checked in and kept current by the test `builtins_bytecode_is_current`
//! (regenerate with `BEXT_BLESS=1 cargo test -p bext-worker --lib
//! builtins_bytecode`).
//!
//! Nothing of it is read until a built-in is first required, and then only
//! the index and that built-in's image: a worker that imports none boots
//! and weighs as before. Each image carries the hash of the source it was
//! made from: when a source changed and the bytecode was not regenerated,
//! or QuickJS refuses the image (another version), that built-in is
//! compiled from its source instead, so only speed is ever at stake.
//!
//! Layout: `BUILTINS_BC_MAGIC` (u64), the number of images (u32), then for
//! each image its name's length (u8), its name, its source's hash (u64) and
//! its length (u32), then the images in that order; integers little endian.

use rquickjs::{Ctx, Function, Value, qjs};
#[cfg(test)]
use rquickjs::{Error, Result};

use super::catalogue::SOURCES;
use crate::prelude::source_hash;

const BYTECODE: &[u8] = include_bytes!("js/builtins.bc");

/// Marks the layout above; changing the layout changes it.
const BUILTINS_BC_MAGIC: u64 = 0x6265_7874_6263_0001;

/// Each source's hash, in the order of [`SOURCES`]; computed when the worker
/// is compiled.
const HASHES: [u64; SOURCES.len()] = {
    let mut out = [0; SOURCES.len()];
    let mut i = 0;
    while i < SOURCES.len() {
        out[i] = source_hash(SOURCES[i].1);
        i += 1;
    }
    out
};

/// The script a built-in's source is compiled as.
pub fn wrap(src: &str) -> String {
    format!("(function (module, exports, require, host) {{\n{src}\n}})")
}

/// The file name a built-in's frames carry.
pub fn file_name(bare: &str) -> String {
    format!("node:{bare}")
}

/// Compiles every source of [`SOURCES`] to the bytes `js/builtins.bc` holds
/// (by the test that keeps it current).
#[cfg(test)]
fn compile(ctx: &Ctx<'_>) -> Result<Vec<u8>> {
    let mut index = BUILTINS_BC_MAGIC.to_le_bytes().to_vec();
    index.extend_from_slice(&(SOURCES.len() as u32).to_le_bytes());
    let mut images = Vec::new();
    for (i, (name, src)) in SOURCES.iter().enumerate() {
        let image = compile_one(ctx, name, src)?;
        index.push(u8::try_from(name.len()).map_err(|_| Error::Unknown)?);
        index.extend_from_slice(name.as_bytes());
        index.extend_from_slice(&HASHES[i].to_le_bytes());
        index.extend_from_slice(&(image.len() as u32).to_le_bytes());
        images.extend_from_slice(&image);
    }
    index.extend_from_slice(&images);
    Ok(index)
}

/// The bytecode of the script `wrap(src)`, compiled as `super::compile`
/// evaluates it (global, not strict), without its source text.
#[cfg(test)]
fn compile_one(ctx: &Ctx<'_>, bare: &str, src: &str) -> Result<Vec<u8>> {
    let script = std::ffi::CString::new(wrap(src))?;
    let name = std::ffi::CString::new(file_name(bare))?;
    let raw = ctx.as_raw().as_ptr();
    // SAFETY: `raw` is the live context of `ctx`; the script and name are
    // NUL-terminated; every value made here is freed here, and the buffer
    // QuickJS returns is copied and then freed with its allocator.
    unsafe {
        let len = script.as_bytes().len();
        let flags = qjs::JS_EVAL_TYPE_GLOBAL | qjs::JS_EVAL_FLAG_COMPILE_ONLY;
        let func = qjs::JS_Eval(raw, script.as_ptr(), len as _, name.as_ptr(), flags as i32);
        if qjs::JS_IsException(func) {
            return Err(Error::Exception);
        }
        let mut size = 0;
        let flags = qjs::JS_WRITE_OBJ_BYTECODE | qjs::JS_WRITE_OBJ_STRIP_SOURCE;
        let buf = qjs::JS_WriteObject(raw, &mut size, func, flags as i32);
        qjs::JS_FreeValue(raw, func);
        if buf.is_null() {
            return Err(Error::Exception);
        }
        let out = std::slice::from_raw_parts(buf, size as usize).to_vec();
        qjs::js_free(raw, buf.cast());
        Ok(out)
    }
}

/// The image of `bare` in `js/builtins.bc`, if it was made from its source.
fn image(bare: &str) -> Option<&'static [u8]> {
    let at = SOURCES.iter().position(|(n, _)| *n == bare)?;
    let (magic, rest) = BYTECODE.split_at_checked(8)?;
    if u64::from_le_bytes(magic.try_into().ok()?) != BUILTINS_BC_MAGIC {
        return None;
    }
    let (count, mut rest) = rest.split_at_checked(4)?;
    let count = u32::from_le_bytes(count.try_into().ok()?);
    let (mut offset, mut found) = (0usize, None);
    for _ in 0..count {
        let (&len, r) = rest.split_first()?;
        let (name, r) = r.split_at_checked(usize::from(len))?;
        let (hash, r) = r.split_at_checked(8)?;
        let (size, r) = r.split_at_checked(4)?;
        rest = r;
        let size = u32::from_le_bytes(size.try_into().ok()?) as usize;
        if name == bare.as_bytes() {
            let current = u64::from_le_bytes(hash.try_into().ok()?) == HASHES[at];
            found = current.then_some((offset, size));
        }
        offset += size;
    }
    let (offset, size) = found?;
    rest.get(offset..offset.checked_add(size)?)
}

/// Built-in `bare`'s function, from its bytecode when that is current and
/// QuickJS takes it; `None` to compile its source instead.
pub fn load<'js>(ctx: &Ctx<'js>, bare: &str) -> Option<Function<'js>> {
    let code = image(bare)?;
    let raw = ctx.as_raw().as_ptr();
    // SAFETY: the bytes were produced by `compile` from this very source
    // (`image` checked its hash) and are part of this binary; QuickJS checks
    // its bytecode version and refuses bytes of another version. The value
    // read is handed to `JS_EvalFunction`, which frees it; its result is
    // owned by the `Value` made of it.
    let value = unsafe {
        let func = qjs::JS_ReadObject(
            raw,
            code.as_ptr(),
            code.len() as _,
            qjs::JS_READ_OBJ_BYTECODE as i32,
        );
        if qjs::JS_IsException(func) {
            drop(ctx.catch());
            return None;
        }
        let value = qjs::JS_EvalFunction(raw, func);
        if qjs::JS_IsException(value) {
            drop(ctx.catch());
            return None;
        }
        Value::from_raw(ctx.clone(), value)
    };
    value.into_function()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_bytecode_is_current() {
        let rt = rquickjs::Runtime::new().unwrap();
        let ctx = rquickjs::Context::full(&rt).unwrap();
        let fresh = ctx.with(|ctx| compile(&ctx)).unwrap();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/node/js/builtins.bc");
        if std::env::var_os("BEXT_BLESS").is_some() {
            std::fs::write(path, &fresh).unwrap();
            return;
        }
        assert!(
            fresh == BYTECODE,
            "src/node/js/builtins.bc is stale: run BEXT_BLESS=1 cargo test -p bext-worker --lib builtins_bytecode"
        );
        ctx.with(|ctx| {
            for (name, _) in SOURCES {
                assert!(
                    load(&ctx, name).is_some(),
                    "node:{name}'s bytecode does not load"
                );
            }
        });
    }

    #[test]
    fn builtins_compile_deterministically() {
        let compile_fresh = || {
            let rt = rquickjs::Runtime::new().unwrap();
            rquickjs::Context::full(&rt)
                .unwrap()
                .with(|ctx| compile(&ctx))
                .unwrap()
        };
        assert_eq!(compile_fresh(), compile_fresh());
    }

    #[test]
    fn a_stale_or_unknown_builtin_has_no_image() {
        assert!(image("nope").is_none());
        assert!(
            image("http").is_none(),
            "refused built-ins compile their stub"
        );
    }
}
