//! The Encoding standard for `TextEncoder` and `TextDecoder`: every WHATWG
//! encoding and its labels, one-shot and streaming decode, from
//! `encoding_rs`.
//!
//! A one-shot `decode()` keeps no state. A streaming one (`{stream: true}`)
//! needs the decoder's state between calls (bytes of a character cut
//! across chunks, ISO-2022-JP's mode): it lives here in a table, by an id
//! the JS `TextDecoder` holds, until its last call (or the object is
//! collected: the prelude closes it from a `FinalizationRegistry`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use encoding_rs::{CoderResult, Decoder, DecoderResult, Encoding};
use rquickjs::{Ctx, Exception, Function, Object, Result, TypedArray, Value};

use super::bytes_of;
use super::text::Text;

#[derive(Default)]
struct Streams {
    next: u32,
    open: HashMap<u32, Decoder>,
}

/// Adds `utf8Encode`, `utf8Decode`, `encodingOf`, `textDecode`,
/// `sniffDecode`, `decoderOpen`, `decoderRun` and `decoderClose` to `host`.
pub(super) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    let c = ctx.clone();
    host.set(
        "utf8Encode",
        Function::new(c.clone(), |ctx: Ctx<'js>, s: Text| {
            TypedArray::<u8>::new(ctx, s.0.into_bytes())
        })?,
    )?;
    host.set(
        "utf8Decode",
        Function::new(
            c.clone(),
            |ctx: Ctx<'js>, bytes: Value<'js>, fatal: bool, ignore_bom: bool| {
                decode(
                    &ctx,
                    encoding_rs::UTF_8,
                    &bytes_of(&bytes)?,
                    fatal,
                    ignore_bom,
                )
            },
        )?,
    )?;
    host.set(
        "encodingOf",
        Function::new(c.clone(), |label: Text| encoding_of(&label).map(name_of))?,
    )?;
    host.set(
        "textDecode",
        Function::new(
            c.clone(),
            |ctx: Ctx<'js>, name: Text, bytes: Value<'js>, fatal: bool, ignore_bom: bool| {
                let enc = named(&ctx, &name)?;
                decode(&ctx, enc, &bytes_of(&bytes)?, fatal, ignore_bom)
            },
        )?,
    )?;
    // The Encoding standard's "decode": a BOM picks the encoding (FileReader).
    host.set(
        "sniffDecode",
        Function::new(c, |ctx: Ctx<'js>, name: Text, bytes: Value<'js>| {
            let enc = named(&ctx, &name)?;
            Ok::<_, rquickjs::Error>(enc.decode(&bytes_of(&bytes)?).0.into_owned())
        })?,
    )?;
    install_streams(ctx, host)
}

fn install_streams<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    let streams = Rc::new(RefCell::new(Streams::default()));
    let s = streams.clone();
    host.set(
        "decoderOpen",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, name: Text, ignore_bom: bool| -> Result<u32> {
                let enc = named(&ctx, &name)?;
                let decoder = if ignore_bom {
                    enc.new_decoder_without_bom_handling()
                } else {
                    enc.new_decoder_with_bom_removal()
                };
                let mut s = s.borrow_mut();
                s.next = s.next.wrapping_add(1).max(1);
                let id = s.next;
                s.open.insert(id, decoder);
                Ok(id)
            },
        )?,
    )?;
    let s = streams.clone();
    host.set(
        "decoderRun",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, id: u32, bytes: Value<'js>, fatal: bool, last: bool| {
                let bytes = bytes_of(&bytes)?;
                let mut s = s.borrow_mut();
                let Some(decoder) = s.open.get_mut(&id) else {
                    return Err(Exception::throw_type(
                        &ctx,
                        "TextDecoder: the stream is closed",
                    ));
                };
                let out = decode_some(decoder, &bytes, fatal, last);
                if last || out.is_none() {
                    s.open.remove(&id);
                }
                out.ok_or_else(|| malformed(&ctx, "the input"))
            },
        )?,
    )?;
    host.set(
        "decoderClose",
        Function::new(ctx.clone(), move |id: u32| {
            streams.borrow_mut().open.remove(&id);
        })?,
    )?;
    Ok(())
}

/// The encoding a label names, as `TextDecoder` knows it: the label
/// trimmed of ASCII whitespace only (not `\v`, not U+00A0), any case; the
/// "replacement" labels name none.
pub fn encoding_of(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label_no_replacement(label.as_bytes())
}

/// The name `TextDecoder.encoding` shows: lower case.
fn name_of(enc: &'static Encoding) -> String {
    enc.name().to_ascii_lowercase()
}

fn named(ctx: &Ctx<'_>, name: &str) -> Result<&'static Encoding> {
    encoding_of(name).ok_or_else(|| {
        Exception::throw_range(ctx, &format!("The \"{name}\" encoding is not supported"))
    })
}

fn malformed(ctx: &Ctx<'_>, what: &str) -> rquickjs::Error {
    Exception::throw_type(
        ctx,
        &format!("TextDecoder: {what} is not valid in this encoding"),
    )
}

/// A whole decode: a BOM of this very encoding is dropped unless
/// `ignore_bom`; malformed input throws if `fatal`, else is U+FFFD. Valid
/// UTF-8 (and ASCII in the ASCII-compatible encodings) is copied once, with
/// no worst-case buffer.
fn decode(
    ctx: &Ctx<'_>,
    enc: &'static Encoding,
    bytes: &[u8],
    fatal: bool,
    ignore_bom: bool,
) -> Result<String> {
    let body = if ignore_bom {
        bytes
    } else {
        without_bom(enc, bytes)
    };
    if fatal {
        enc.decode_without_bom_handling_and_without_replacement(body)
            .map(std::borrow::Cow::into_owned)
            .ok_or_else(|| malformed(ctx, "the input"))
    } else {
        Ok(enc.decode_without_bom_handling(body).0.into_owned())
    }
}

/// `bytes` without the BOM of `enc` (only UTF-8 and UTF-16 have one).
fn without_bom<'a>(enc: &'static Encoding, bytes: &'a [u8]) -> &'a [u8] {
    let bom: &[u8] = if enc == encoding_rs::UTF_8 {
        &[0xef, 0xbb, 0xbf]
    } else if enc == encoding_rs::UTF_16LE {
        &[0xff, 0xfe]
    } else if enc == encoding_rs::UTF_16BE {
        &[0xfe, 0xff]
    } else {
        &[]
    };
    bytes.strip_prefix(bom).unwrap_or(bytes)
}

/// Feeds `bytes` to `decoder`; `last` flushes what it holds. None if
/// `fatal` and the input is malformed.
fn decode_some(decoder: &mut Decoder, bytes: &[u8], fatal: bool, last: bool) -> Option<String> {
    let cap = decoder
        .max_utf8_buffer_length(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3).saturating_add(16));
    let mut out = String::with_capacity(cap);
    if fatal {
        let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, last);
        match result {
            DecoderResult::InputEmpty => Some(out),
            DecoderResult::Malformed(..) => None,
            DecoderResult::OutputFull => finish_fatal(decoder, &bytes[read..], out, last),
        }
    } else {
        let (result, read, _) = decoder.decode_to_string(bytes, &mut out, last);
        match result {
            CoderResult::InputEmpty => Some(out),
            CoderResult::OutputFull => {
                let mut rest = bytes[read..].to_vec();
                loop {
                    out.reserve(rest.len() * 3 + 16);
                    let (r, n, _) = decoder.decode_to_string(&rest, &mut out, last);
                    if r == CoderResult::InputEmpty {
                        return Some(out);
                    }
                    rest.drain(..n);
                }
            }
        }
    }
}

fn finish_fatal(
    decoder: &mut Decoder,
    mut rest: &[u8],
    mut out: String,
    last: bool,
) -> Option<String> {
    loop {
        out.reserve(rest.len() * 3 + 16);
        let (r, n) = decoder.decode_to_string_without_replacement(rest, &mut out, last);
        match r {
            DecoderResult::InputEmpty => return Some(out),
            DecoderResult::Malformed(..) => return None,
            DecoderResult::OutputFull => rest = &rest[n..],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(label: &str, bytes: &[u8], fatal: bool) -> Option<String> {
        let mut d = encoding_of(label).unwrap().new_decoder_with_bom_removal();
        decode_some(&mut d, bytes, fatal, true)
    }

    #[test]
    fn labels_follow_the_encoding_standard() {
        assert_eq!(
            encoding_of(" \t\n\x0c\rUTF8 ").map(name_of).as_deref(),
            Some("utf-8")
        );
        assert_eq!(
            encoding_of("latin1").map(name_of).as_deref(),
            Some("windows-1252")
        );
        assert_eq!(encoding_of("\x0butf-8"), None);
        assert_eq!(encoding_of("\u{a0}utf-8"), None);
        assert_eq!(encoding_of("iso-2022-kr"), None, "a replacement label");
        assert_eq!(
            encoding_of("x-user-defined").map(name_of).as_deref(),
            Some("x-user-defined")
        );
    }

    #[test]
    fn decodes_utf16_and_legacy_encodings() {
        assert_eq!(
            whole(
                "utf-16le",
                &[0xff, 0xfe, 0x41, 0, 0x3d, 0xd8, 0, 0xde],
                false
            )
            .unwrap(),
            "A\u{1f600}"
        );
        assert_eq!(
            whole("utf-16be", &[0, 0x41, 0xd8], false).unwrap(),
            "A\u{fffd}"
        );
        assert_eq!(whole("utf-16be", &[0, 0x41, 0xd8], true), None);
        assert_eq!(whole("shift_jis", &[0x82, 0xa0], false).unwrap(), "あ");
        assert_eq!(whole("windows-1252", &[0x80], false).unwrap(), "€");
    }

    #[test]
    fn a_whole_decode_drops_only_its_own_bom() {
        let d = |label: &str, bytes: &[u8]| {
            let enc = encoding_of(label).unwrap();
            enc.decode_without_bom_handling(without_bom(enc, bytes))
                .0
                .into_owned()
        };
        assert_eq!(d("utf-8", &[0xef, 0xbb, 0xbf, 0x61]), "a");
        assert_eq!(d("utf-16le", &[0xff, 0xfe, 0x61, 0]), "a");
        assert_eq!(d("utf-16be", &[0xff, 0xfe, 0, 0x61]), "\u{fffe}a");
        assert_eq!(d("windows-1252", &[0xef, 0xbb, 0xbf]), "ï»¿");
    }

    #[test]
    fn a_character_split_across_chunks_is_whole() {
        let mut d = encoding_rs::UTF_8.new_decoder_with_bom_removal();
        let a = decode_some(&mut d, &[0x61, 0xe2, 0x82], false, false).unwrap();
        let b = decode_some(&mut d, &[0xac], false, false).unwrap();
        let c = decode_some(&mut d, &[0xe2], false, true).unwrap();
        assert_eq!((a.as_str(), b.as_str(), c.as_str()), ("a", "€", "\u{fffd}"));
    }
}
