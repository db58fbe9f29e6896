//! Bytes in and out of JS: copying a `Uint8Array` out ([`bytes_of`]),
//! base64 of Latin-1 strings for
//! `btoa`/`atob`, random bytes for `crypto.getRandomValues`, and the split
//! of a `multipart/form-data` body for `FormData`.

use base64::Engine as _;
use rquickjs::{Array, Ctx, Exception, Function, Object, Result, TypedArray, Value};

use super::text::Text;

/// Copies the bytes out of a `Uint8Array` (the prelude passes nothing else).
pub fn bytes_of(value: &Value<'_>) -> Result<Vec<u8>> {
    let ta = TypedArray::<u8>::from_value(value.clone())?;
    // SAFETY: the slice is copied before any JS can run again, so the buffer
    // can be neither detached nor resized while it is borrowed.
    let bytes = unsafe { ta.as_bytes() };
    Ok(bytes.map(<[u8]>::to_vec).unwrap_or_default())
}

/// Adds `btoa`, `atob`, `randomBytes` and
/// `multipartParse` to `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    let c = ctx.clone();
    host.set(
        "btoa",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: Text| {
            latin1_to_base64(&ctx, &s)
        })?,
    )?;
    host.set(
        "atob",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: Text| {
            base64_to_latin1(&ctx, &s)
        })?,
    )?;
    host.set("randomBytes", Function::new(c.clone(), random_bytes)?)?;
    host.set("multipartParse", Function::new(c, multipart_parse)?)?;
    Ok(())
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

/// HTML's forgiving-base64 decode: ASCII whitespace is dropped; one or two
/// `=` may end it only when they make its length a multiple of 4; a
/// length of 1 modulo 4 or any other character is an error.
fn base64_to_latin1(ctx: &Ctx<'_>, s: &str) -> Result<String> {
    forgiving_base64(s)
        .map(|bytes| bytes.into_iter().map(char::from).collect())
        .ok_or_else(|| {
            Exception::throw_dom(
                ctx,
                "InvalidCharacterError",
                "atob: the string to be decoded is not correctly encoded",
            )
        })
}

fn forgiving_base64(s: &str) -> Option<Vec<u8>> {
    let mut data: Vec<u8> = s
        .bytes()
        .filter(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\x0c' | b'\r'))
        .collect();
    if data.len() % 4 == 0 {
        for _ in 0..2 {
            if data.last() == Some(&b'=') {
                data.pop();
            }
        }
    }
    if data.len() % 4 == 1 {
        return None;
    }
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::RequireNone)
            .with_decode_allow_trailing_bits(true),
    );
    engine.decode(&data).ok()
}

#[cfg(test)]
mod tests {
    use super::forgiving_base64;

    #[test]
    fn base64_is_forgiving_only_where_html_says() {
        assert_eq!(forgiving_base64(" YW Jj\n").unwrap(), b"abc");
        assert_eq!(forgiving_base64("YQ==").unwrap(), b"a");
        assert_eq!(forgiving_base64("YQ").unwrap(), b"a");
        assert_eq!(forgiving_base64("ab").unwrap(), [0x69]);
        assert!(forgiving_base64("ab=").is_none());
        assert!(forgiving_base64("YQ===").is_none());
        assert!(forgiving_base64("abcde").is_none());
        assert!(forgiving_base64("YQ=a").is_none());
        assert!(forgiving_base64("é").is_none());
    }
}
