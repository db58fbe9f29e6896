//! `Intl.Collator` and `String.prototype.localeCompare` (UCA with CLDR's
//! tailorings, from ICU4X), and the locale-dependent case mappings of
//! `toLocaleUpperCase`/`toLocaleLowerCase` (Turkish dotted i, Lithuanian,
//! Greek).

use std::cell::RefCell;

use icu_casemap::CaseMapper;
use icu_collator::options::{AlternateHandling, CaseLevel, CollatorOptions, Strength};
use icu_collator::{CollatorBorrowed, CollatorPreferences};
use icu_locale_core::{LanguageIdentifier, Locale};
use rquickjs::{Ctx, Function, Object, Result};

use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static COLLATORS: RefCell<Cache<CollatorBorrowed<'static>>> = RefCell::default();
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

fn utf16(s: &rquickjs::String<'_>) -> Result<Vec<u16>> {
    Ok(s.to_string()?.encode_utf16().collect())
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
                Ok::<_, rquickjs::Error>(c.compare_utf16(&utf16(&a)?, &utf16(&b)?) as i32)
            },
        )?,
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
