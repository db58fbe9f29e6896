//! `Intl.DisplayNames`: CLDR's names of languages (with their dialects),
//! regions and scripts from ICU4X. Currencies, calendars and date fields
//! have no names in ICU4X's data yet: those answer `None`, and JS falls
//! back to the code as the spec's `fallback` option says.

use std::cell::RefCell;

use icu_experimental::displaynames::{
    DisplayNamesOptions, LanguageDisplay, LocaleDisplayNamesFormatter, RegionDisplayNames,
    ScriptDisplayNames, Style,
};
use icu_locale_core::Locale;
use icu_locale_core::subtags::{Region, Script};
use rquickjs::{Ctx, Function, Object, Result};

use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static NAMES: RefCell<Cache<Names>> = RefCell::default();
}

enum Names {
    Language(Box<LocaleDisplayNamesFormatter>),
    Region(RegionDisplayNames),
    Script(ScriptDisplayNames),
    /// A type ICU4X has no names for.
    None,
}

fn names(ctx: &Ctx<'_>, locale: &str, kind: &str, style: &str, dialect: bool) -> Result<Names> {
    let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
    let mut options = DisplayNamesOptions::default();
    options.style = Some(match style {
        "narrow" => Style::Narrow,
        "short" => Style::Short,
        _ => Style::Long,
    });
    options.language_display = if dialect {
        LanguageDisplay::Dialect
    } else {
        LanguageDisplay::Standard
    };
    let prefs = (&loc).into();
    Ok(match kind {
        "language" => Names::Language(Box::new(
            LocaleDisplayNamesFormatter::try_new(prefs, options).map_err(|e| data_error(ctx, e))?,
        )),
        "region" => Names::Region(
            RegionDisplayNames::try_new(prefs, options).map_err(|e| data_error(ctx, e))?,
        ),
        "script" => Names::Script(
            ScriptDisplayNames::try_new(prefs, options).map_err(|e| data_error(ctx, e))?,
        ),
        _ => Names::None,
    })
}

impl Names {
    /// The name of `code` (already checked and canonical), if CLDR has one.
    fn of(&self, code: &str) -> Option<String> {
        match self {
            Names::Language(f) => {
                let locale = Locale::try_from_str(code).ok()?;
                let name = f.of(&locale).into_owned();
                // ICU4X answers the code itself when it has no name.
                (name != code).then_some(name)
            }
            Names::Region(f) => f.of(Region::try_from_str(code).ok()?).map(str::to_string),
            Names::Script(f) => f.of(Script::try_from_str(code).ok()?).map(str::to_string),
            Names::None => None,
        }
    }
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlDisplayNames",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, locale: String, kind: String, style: String, dialect: bool| {
                let key = format!("{locale}|{kind}|{style}|{dialect}");
                with_cache(&NAMES, |c| {
                    c.handle(key, || names(&ctx, &locale, &kind, &style, dialect))
                })
            },
        )?,
    )?;
    host.set(
        "intlDisplayName",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, handle: u32, code: String| {
            Ok::<_, rquickjs::Error>(lookup(&ctx, &NAMES, handle)?.of(&code))
        })?,
    )?;
    Ok(())
}
