//! Bytes in and out of JS: copying a `Uint8Array` out ([`bytes_of`]),
//! UTF-8 for `TextEncoder`/`TextDecoder`, base64 of Latin-1 strings for
//! `btoa`/`atob`, random bytes for `crypto.getRandomValues`, and the split
//! of a `multipart/form-data` body for `FormData`.

use base64::Engine as _;
use rquickjs::{Array, Ctx, Exception, Function, Object, Result, TypedArray, Value};

/// Copies the bytes out of a `Uint8Array` (the prelude passes nothing else).
pub fn bytes_of(value: &Value<'_>) -> Result<Vec<u8>> {
    let ta = TypedArray::<u8>::from_value(value.clone())?;
    // SAFETY: the slice is copied before any JS can run again, so the buffer
    // can be neither detached nor resized while it is borrowed.
    let bytes = unsafe { ta.as_bytes() };
    Ok(bytes.map(<[u8]>::to_vec).unwrap_or_default())
}

/// Adds `utf8Encode`, `utf8Decode`, `btoa`, `atob`, `randomBytes` and
/// `multipartParse` to `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    let c = ctx.clone();
    host.set(
        "utf8Encode",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: String| {
            TypedArray::<u8>::new(ctx, s.into_bytes())
        })?,
    )?;
    host.set("utf8Decode", Function::new(c.clone(), utf8_decode)?)?;
    host.set(
        "btoa",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: String| {
            latin1_to_base64(&ctx, &s)
        })?,
    )?;
    host.set(
        "atob",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: String| {
            base64_to_latin1(&ctx, &s)
        })?,
    )?;
    host.set("randomBytes", Function::new(c.clone(), random_bytes)?)?;
    host.set("multipartParse", Function::new(c, multipart_parse)?)?;
    Ok(())
}

/// `TextDecoder.decode`: a BOM is skipped unless `ignore_bom`; bad UTF-8
/// throws if `fatal`, else becomes U+FFFD.
fn utf8_decode<'js>(
    ctx: Ctx<'js>,
    bytes: Value<'js>,
    fatal: bool,
    ignore_bom: bool,
) -> Result<String> {
    let bytes = bytes_of(&bytes)?;
    let body = if !ignore_bom && bytes.starts_with(&[0xef, 0xbb, 0xbf]) {
        &bytes[3..]
    } else {
        &bytes[..]
    };
    if fatal {
        std::str::from_utf8(body)
            .map(str::to_owned)
            .map_err(|_| Exception::throw_type(&ctx, "The encoded data was not valid utf-8"))
    } else {
        Ok(String::from_utf8_lossy(body).into_owned())
    }
}

/// Up to 64 KiB of random bytes.
fn random_bytes<'js>(ctx: Ctx<'js>, n: usize) -> Result<TypedArray<'js, u8>> {
    let mut buf = vec![0u8; n.min(65536)];
    getrandom::fill(&mut buf)
        .map_err(|e| Exception::throw_internal(&ctx, &format!("no randomness: {e}")))?;
    TypedArray::<u8>::new(ctx, buf)
}

/// The parts of a multipart body, flattened as `[name, filename,
/// content type, bytes, …]`; null if the body does not parse.
fn multipart_parse<'js>(ctx: Ctx<'js>, body: Value<'js>, boundary: String) -> Result<Value<'js>> {
    let body = bytes_of(&body)?;
    let Some(parts) = crate::multipart::parse(&body, &boundary) else {
        return Ok(Value::new_null(ctx));
    };
    let flat = Array::new(ctx.clone())?;
    for (i, p) in parts.into_iter().enumerate() {
        flat.set(4 * i, p.name)?;
        flat.set(4 * i + 1, p.filename)?;
        flat.set(4 * i + 2, p.content_type)?;
        flat.set(4 * i + 3, TypedArray::<u8>::new(ctx.clone(), p.data)?)?;
    }
    Ok(flat.into_value())
}

fn latin1_to_base64(ctx: &Ctx<'_>, s: &str) -> Result<String> {
    let mut bytes = Vec::with_capacity(s.len());
    for c in s.chars() {
        let n = c as u32;
        if n > 0xff {
            return Err(Exception::throw_dom(
                ctx,
                "InvalidCharacterError",
                "btoa: the string contains characters outside of the Latin1 range",
            ));
        }
        bytes.push(n as u8);
    }
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

fn base64_to_latin1(ctx: &Ctx<'_>, s: &str) -> Result<String> {
    let cleaned: String = s
        .chars()
        .filter(|c| !matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r'))
        .collect();
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    match engine.decode(cleaned.as_bytes()) {
        Ok(bytes) => Ok(bytes.into_iter().map(char::from).collect()),
        Err(_) => Err(Exception::throw_dom(
            ctx,
            "InvalidCharacterError",
            "atob: the string to be decoded is not correctly encoded",
        )),
    }
}
