//! Language tags: their canonical form (ECMA-402's CanonicalizeUnicodeLocaleId
//! is UTS #35's canonicalization, which ICU4X's `LocaleCanonicalizer` does,
//! aliases included), likely subtags (`Intl.Locale`'s `maximize` and
//! `minimize`), and which locales bext has data for.

use icu_locale::{LocaleCanonicalizer, LocaleExpander};
use icu_locale_core::{LanguageIdentifier, Locale};
use icu_provider::prelude::*;
use rquickjs::{Ctx, Function, Object, Result};

/// `tag` in canonical form, or `None` when it is not a well-formed Unicode
/// BCP 47 locale identifier.
pub(crate) fn canonical(tag: &str) -> Option<String> {
    // The Unicode identifier syntax ICU4X also reads would take `_` and
    // a leading `root`; BCP 47's does not.
    if tag.is_empty() || tag.contains('_') || !tag.is_ascii() {
        return None;
    }
    // BCP 47 keeps language subtags of 5 to 8 letters for registration
    // ("posix"); ICU4X's hold at most 3: such a tag is canonicalized as
    // `und` and given its language back.
    let first = tag.split('-').next().unwrap_or_default();
    let long = (5..=8).contains(&first.len()) && first.bytes().all(|b| b.is_ascii_alphabetic());
    let parsed = if long {
        Locale::try_from_str(&format!("und{}", &tag[first.len()..]))
    } else {
        Locale::try_from_str(tag)
    };
    let mut locale = parsed.ok()?;
    if locale.id.language.as_str() == "root" {
        return None;
    }
    LocaleCanonicalizer::new_extended().canonicalize(&mut locale);
    canonical_values(&mut locale);
    let out = locale.to_string();
    if long {
        let rest = out.split_once('-').map_or("", |(_, rest)| rest);
        let language = first.to_ascii_lowercase();
        return Some(if rest.is_empty() {
            language
        } else {
            format!("{language}-{rest}")
        });
    }
    Some(out)
}

/// CLDR's aliases of -u- keyword values (its bcp47/*.xml: a deprecated
/// value's preferred one, or the value an alias names), which UTS #35's
/// canonicalization applies and ICU4X's canonicalizer leaves.
const VALUE_ALIASES: &[(&str, &str, &str)] = &[
    ("ca", "islamicc", "islamic-civil"),
    ("ca", "ethiopic-amete-alem", "ethioaa"),
    ("ks", "primary", "level1"),
    ("ks", "tertiary", "level3"),
    ("ms", "imperial", "uksystem"),
    ("tz", "aqams", "nzakl"),
    ("tz", "cnckg", "cnsha"),
    ("tz", "cnhrb", "cnsha"),
    ("tz", "cnkhg", "cnurc"),
    ("tz", "cuba", "cuhav"),
    ("tz", "egypt", "egcai"),
    ("tz", "eire", "iedub"),
    ("tz", "est", "papty"),
    ("tz", "gmt0", "gmt"),
    ("tz", "greenwich", "gmt"),
    ("tz", "hongkong", "hkhkg"),
    ("tz", "iceland", "isrey"),
    ("tz", "iran", "irthr"),
    ("tz", "israel", "jeruslm"),
    ("tz", "jamaica", "jmkin"),
    ("tz", "japan", "jptyo"),
    ("tz", "libya", "lytip"),
    ("tz", "navajo", "usden"),
    ("tz", "poland", "plwaw"),
    ("tz", "portugal", "ptlis"),
    ("tz", "prc", "cnsha"),
    ("tz", "roc", "twtpe"),
    ("tz", "rok", "krsel"),
    ("tz", "singapore", "sgsin"),
    ("tz", "turkey", "trist"),
    ("tz", "uct", "utc"),
    ("tz", "universal", "utc"),
    ("tz", "zulu", "utc"),
];

fn canonical_values(locale: &mut Locale) {
    use icu_locale_core::extensions::unicode::{Key, Value};
    // The -t- extension's one deprecated value CLDR keeps an alias for.
    let m0 = icu_locale_core::extensions::transform::key!("m0");
    if locale
        .extensions
        .transform
        .fields
        .get(&m0)
        .is_some_and(|v| v.to_string() == "names")
    {
        if let Ok(v) = icu_locale_core::extensions::transform::Value::try_from_str("prprname") {
            locale.extensions.transform.fields.set(m0, v);
        }
    }
    for &(key, alias, preferred) in VALUE_ALIASES {
        let Ok(key) = Key::try_from_str(key) else {
            continue;
        };
        let matches = locale
            .extensions
            .unicode
            .keywords
            .get(&key)
            .is_some_and(|v| v.to_string() == alias);
        if !matches {
            continue;
        }
        if let Ok(v) = Value::try_from_str(preferred) {
            locale.extensions.unicode.keywords.set(key, v);
        }
    }
}

/// Whether bext has data for `tag`'s language (the same rule for every
/// service: ICU4X's data covers CLDR's modern locales for all of them).
/// `tag` is a language identifier (no extensions).
pub(crate) fn has_data(tag: &str) -> bool {
    let Ok(id) = LanguageIdentifier::try_from_str(tag) else {
        return false;
    };
    if id.language.is_unknown() {
        return false;
    }
    let only_language = LanguageIdentifier::from((id.language, None, None));
    let locale = DataLocale::from(&only_language);
    // Plural rules alone would not do: the languages with one plural form
    // (ja, zh, ko, …) share the root's rules. List patterns differ by
    // language nearly always; between them they name every language.
    let found = |l: Option<DataLocale>| l.is_none_or(|l| l.language == id.language);
    let plurals: std::result::Result<DataResponse<icu_plurals::provider::PluralsCardinalV1>, _> =
        icu_plurals::provider::Baked.load(DataRequest {
            id: DataIdentifierBorrowed::for_locale(&locale),
            ..Default::default()
        });
    if plurals.is_ok_and(|r| found(r.metadata.locale)) {
        return true;
    }
    let lists: std::result::Result<DataResponse<icu_list::provider::ListAndV1>, _> =
        icu_list::provider::Baked.load(DataRequest {
            id: DataIdentifierBorrowed::for_marker_attributes_and_locale(
                icu_list::provider::ListFormatterPatterns::WIDE,
                &locale,
            ),
            ..Default::default()
        });
    lists.is_ok_and(|r| found(r.metadata.locale))
}

/// ECMA-402's LookupMatcher for one requested tag without its extensions:
/// the longest prefix (dropping subtags from the end, and a singleton with
/// the subtag before it) that has data.
pub(crate) fn lookup(tag: &str) -> Option<String> {
    let mut candidate = tag.to_string();
    loop {
        if has_data(&candidate) {
            return Some(candidate);
        }
        let cut = candidate.rfind('-')?;
        candidate.truncate(cut);
        // A cut leaving a one-letter subtag at the end drops it too.
        if candidate.len() >= 2 && candidate.as_bytes()[candidate.len() - 2] == b'-' {
            candidate.truncate(candidate.len() - 2);
        }
    }
}

/// `tag` with its likely subtags added (`maximize`) or removed.
fn likely(tag: &str, add: bool) -> Option<String> {
    let Ok(mut locale) = Locale::try_from_str(tag) else {
        // A language of 5 to 8 letters (see `canonical`) has no likely
        // subtags: the tag stays as it is.
        let first = tag.split('-').next().unwrap_or_default();
        return ((5..=8).contains(&first.len()) && canonical(tag).is_some())
            .then(|| tag.to_string());
    };
    let expander = LocaleExpander::new_extended();
    if add {
        expander.maximize(&mut locale.id);
    } else {
        expander.minimize(&mut locale.id);
    }
    Some(locale.to_string())
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlCanonical",
        Function::new(ctx.clone(), |tag: String| canonical(&tag))?,
    )?;
    host.set(
        "intlLookup",
        Function::new(ctx.clone(), |tag: String| lookup(&tag))?,
    )?;
    host.set(
        "intlMaximize",
        Function::new(ctx.clone(), |tag: String| likely(&tag, true))?,
    )?;
    host.set(
        "intlMinimize",
        Function::new(ctx.clone(), |tag: String| likely(&tag, false))?,
    )?;
    Ok(())
}
