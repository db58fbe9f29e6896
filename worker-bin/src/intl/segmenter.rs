//! `Intl.Segmenter`: ICU4X's grapheme, word (with dictionaries and LSTM
//! models for Chinese, Japanese, Thai and the other scripts without
//! spaces) and sentence segmenters. JS gets a string's boundaries in
//! UTF-16 code units at once, and for words whether each segment is
//! word-like.

use icu_segmenter::options::{SentenceBreakInvariantOptions, WordBreakInvariantOptions};
use icu_segmenter::{GraphemeClusterSegmenter, SentenceSegmenter, WordSegmenter};
use rquickjs::{Ctx, Function, Object, Result};

/// `[boundaries…]` of `text` for `granularity`; for words, each boundary
/// after the first is followed by 1 when the segment before it is
/// word-like, else 0 (`[0, b1, w1, b2, w2, …]`).
fn segment(text: &[u16], granularity: &str) -> Vec<u32> {
    match granularity {
        "word" => {
            let seg = WordSegmenter::new_auto(WordBreakInvariantOptions::default());
            let mut out = Vec::new();
            let mut start = 0;
            for (at, kind) in seg.segment_utf16(text).iter_with_word_type() {
                out.push(at as u32);
                if at > 0 {
                    // A word the dictionaries found (Japanese "です") can
                    // come back typed as none: ICU counts it a word, as any
                    // segment with a letter or digit in it.
                    let letters = char::decode_utf16(text[start..at].iter().copied())
                        .any(|c| c.is_ok_and(char::is_alphanumeric));
                    out.push(u32::from(kind.is_word_like() || letters));
                }
                start = at;
            }
            out
        }
        "sentence" => SentenceSegmenter::new(SentenceBreakInvariantOptions::default())
            .segment_utf16(text)
            .map(|b| b as u32)
            .collect(),
        _ => GraphemeClusterSegmenter::new()
            .segment_utf16(text)
            .map(|b| b as u32)
            .collect(),
    }
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlSegment",
        Function::new(
            ctx.clone(),
            |s: rquickjs::String<'js>, granularity: String| -> Result<Vec<u32>> {
                let text: Vec<u16> = s.to_string()?.encode_utf16().collect();
                Ok(segment(&text, &granularity))
            },
        )?,
    )?;
    Ok(())
}
