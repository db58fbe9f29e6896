//! `Intl.Collator` and `String.prototype.localeCompare` (UCA with CLDR's
//! tailorings, from ICU4X), and the locale-dependent case mappings of
//! `toLocaleUpperCase`/`toLocaleLowerCase` (Turkish dotted i, Lithuanian,
//! Greek).

use std::cell::RefCell;
use std::collections::HashMap;

use icu_casemap::CaseMapper;
use icu_collator::options::{AlternateHandling, CaseLevel, CollatorOptions, Strength};
use icu_collator::{CollatorBorrowed, CollatorPreferences};
use icu_locale_core::{LanguageIdentifier, Locale};
use rquickjs::{Ctx, Function, Object, Result, Value};

use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static COLLATORS: RefCell<Cache<CollatorBorrowed<'static>>> = RefCell::default();
    /// `localeCompare`'s collators by its locales argument (`""` for none,
    /// `"=" + locales` for a string), entered by `internal/intl` once it
    /// has built one: a later call with strings skips the JS built-in.
    static BY_LOCALES: RefCell<HashMap<String, u32>> = RefCell::default();
}

/// `a.localeCompare(b)` and `a.localeCompare(b, "sv")` with strings, once
/// `internal/intl` has built that collator: its answer, else `None` (the
/// JS built-in then does the spec's steps).
pub(crate) fn fast_locale_compare<'js>(
    ctx: &Ctx<'js>,
    this: &Value<'js>,
    args: &[Value<'js>],
) -> Result<Option<i32>> {
    let (Some(a), Some(b)) = (this.as_string(), args.first().and_then(Value::as_string)) else {
        return Ok(None);
    };
    if args.get(2).is_some_and(|o| !o.is_undefined()) {
        return Ok(None);
    }
    let handle = match args.get(1).filter(|l| !l.is_undefined()) {
        None => BY_LOCALES.with(|m| m.borrow().get("").copied()),
        Some(l) => match l.as_string() {
            Some(l) => {
                let l = l.to_string()?;
                BY_LOCALES.with(|m| m.borrow().get(&format!("={l}")).copied())
            }
            None => None,
        },
    };
    let Some(handle) = handle else {
        return Ok(None);
    };
    let c = lookup(ctx, &COLLATORS, handle)?;
    Ok(Some(compare_strings(&c, a, b)? as i32))
}

/// A collator for `locale` (whose `-u-co`, `-u-kn` and `-u-kf` carry the
/// collation, numeric and caseFirst options) with ECMA-402's sensitivity
/// and ignorePunctuation.
fn collator(
    ctx: &Ctx<'_>,
    locale: &str,
    sensitivity: &str,
    ignore_punctuation: bool,
) -> Result<CollatorBorrowed<'static>> {
    let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
    let mut options = CollatorOptions::default();
    let (strength, case_level) = match sensitivity {
        "base" => (Strength::Primary, CaseLevel::Off),
        "accent" => (Strength::Secondary, CaseLevel::Off),
        "case" => (Strength::Primary, CaseLevel::On),
        _ => (Strength::Tertiary, CaseLevel::Off),
    };
    options.strength = Some(strength);
    options.case_level = Some(case_level);
    if ignore_punctuation {
        options.alternate_handling = Some(AlternateHandling::Shifted);
    }
    let prefs = CollatorPreferences::from(&loc);
    CollatorBorrowed::try_new(prefs, options).map_err(|e| data_error(ctx, e))
}

/// Compares two JS strings as the collator orders them, from QuickJS's
/// UTF-8 of them (no copy into Rust strings). A lone surrogate comes out
/// of QuickJS as its three-byte code (WTF-8), which UTF-8 decoders read as
/// three errors: such a string goes through UTF-16, where it is one
/// U+FFFD as ECMA-402 has it.
pub(crate) fn compare_strings(
    c: &CollatorBorrowed<'_>,
    a: &rquickjs::String<'_>,
    b: &rquickjs::String<'_>,
) -> Result<std::cmp::Ordering> {
    let (a, b) = (a.clone().to_cstring()?, b.clone().to_cstring()?);
    // SAFETY: QuickJS's buffer of `len()` bytes, alive while the CString
    // is; read as bytes, never as `str` (it may hold a lone surrogate).
    let bytes = |s: &rquickjs::CString<'_>| unsafe {
        std::slice::from_raw_parts(s.as_ptr().cast::<u8>(), s.len())
    };
    let (x, y) = (bytes(&a), bytes(&b));
    if has_surrogate(x) || has_surrogate(y) {
        return Ok(c.compare_utf16(&wtf8_to_utf16(x), &wtf8_to_utf16(y)));
    }
    Ok(c.compare_utf8(x, y))
}

/// Whether WTF-8 `s` holds a surrogate's code (ED A0..BF ..).
fn has_surrogate(s: &[u8]) -> bool {
    s.windows(2).any(|w| w[0] == 0xED && w[1] >= 0xA0)
}

/// WTF-8 (as QuickJS writes a string) back to its UTF-16 code units.
fn wtf8_to_utf16(s: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let b = u32::from(s[i]);
        let (len, init) = match b {
            0..=0x7F => (1, b),
            0xC0..=0xDF => (2, b & 0x1F),
            0xE0..=0xEF => (3, b & 0x0F),
            _ => (4, b & 0x07),
        };
        let end = (i + len).min(s.len());
        let cp = s[i + 1..end]
            .iter()
            .fold(init, |acc, &c| (acc << 6) | (u32::from(c) & 0x3F));
        if cp >= 0x1_0000 {
            let v = cp - 0x1_0000;
            out.push(0xD800 | (v >> 10) as u16);
            out.push(0xDC00 | (v & 0x3FF) as u16);
        } else {
            out.push(cp as u16);
        }
        i = end;
    }
    out
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlCollator",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, key: String, locale: String, sensitivity: String, ignore: bool| {
                with_cache(&COLLATORS, |c| {
                    c.handle(key, || collator(&ctx, &locale, &sensitivity, ignore))
                })
            },
        )?,
    )?;
    host.set(
        "intlCompare",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, handle: u32, a: rquickjs::String<'js>, b: rquickjs::String<'js>| {
                let c = lookup(&ctx, &COLLATORS, handle)?;
                Ok::<_, rquickjs::Error>(compare_strings(&c, &a, &b)? as i32)
            },
        )?,
    )?;
    host.set(
        "intlCompareFor",
        Function::new(ctx.clone(), |key: String, handle: u32| {
            BY_LOCALES.with(|m| {
                let mut m = m.borrow_mut();
                if m.len() >= 64 {
                    m.clear();
                }
                m.insert(key, handle);
            })
        })?,
    )?;
    host.set(
        "intlCaseMap",
        Function::new(ctx.clone(), |s: String, lang: String, upper: bool| {
            let id = LanguageIdentifier::try_from_str(&lang).unwrap_or(LanguageIdentifier::UNKNOWN);
            let cm = CaseMapper::new();
            if upper {
                cm.uppercase_to_string(&s, &id).into_owned()
            } else {
                cm.lowercase_to_string(&s, &id).into_owned()
            }
        })?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wtf8_comes_back_as_its_code_units() {
        // "a", U+00E4, a lone high surrogate, U+1F600, a lone low one.
        let units: Vec<u16> = vec![0x61, 0xE4, 0xD800, 0xD83D, 0xDE00, 0xDC00];
        let wtf8 = [
            0x61, 0xC3, 0xA4, 0xED, 0xA0, 0x80, 0xF0, 0x9F, 0x98, 0x80, 0xED, 0xB0, 0x80,
        ];
        assert!(has_surrogate(&wtf8));
        assert!(!has_surrogate("aä😀\u{D7FF}".as_bytes()));
        assert_eq!(wtf8_to_utf16(&wtf8), units);
    }
}
