//! `Intl.ListFormat`: ICU4X's list patterns (conjunction, disjunction,
//! unit; long, short, narrow) with the parts of `formatToParts`.

use std::cell::RefCell;

use icu_list::options::{ListFormatterOptions, ListLength};
use icu_list::{ListFormatter, parts};
use icu_locale_core::Locale;
use rquickjs::{Array, Ctx, Function, Object, Result};
use writeable::{Part, PartsWrite, Writeable};

use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static LISTS: RefCell<Cache<ListFormatter>> = RefCell::default();
}

fn list(ctx: &Ctx<'_>, locale: &str, kind: &str, style: &str) -> Result<ListFormatter> {
    let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
    let length = match style {
        "short" => ListLength::Short,
        "narrow" => ListLength::Narrow,
        _ => ListLength::Wide,
    };
    let options = ListFormatterOptions::default().with_length(length);
    match kind {
        "disjunction" => ListFormatter::try_new_or((&loc).into(), options),
        "unit" => ListFormatter::try_new_unit((&loc).into(), options),
        _ => ListFormatter::try_new_and((&loc).into(), options),
    }
    .map_err(|e| data_error(ctx, e))
}

/// The parts of a list: elements and literals.
#[derive(Default)]
struct Sink {
    parts: Vec<(&'static str, String)>,
}

impl std::fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if !s.is_empty() {
            self.parts.push(("literal", s.to_string()));
        }
        Ok(())
    }
}

impl PartsWrite for Sink {
    type SubPartsWrite = Sink;
    fn with_part(
        &mut self,
        part: Part,
        mut f: impl FnMut(&mut Self::SubPartsWrite) -> std::fmt::Result,
    ) -> std::fmt::Result {
        let mut inner = Sink::default();
        f(&mut inner)?;
        let text: String = inner.parts.into_iter().map(|(_, s)| s).collect();
        let kind = if part == parts::ELEMENT {
            "element"
        } else {
            "literal"
        };
        if !text.is_empty() {
            match self.parts.last_mut() {
                Some((t, s)) if *t == "literal" && kind == "literal" => s.push_str(&text),
                _ => self.parts.push((kind, text)),
            }
        }
        Ok(())
    }
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlListFormat",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, key: String, locale: String, kind: String, style: String| {
                with_cache(&LISTS, |c| {
                    c.handle(key, || list(&ctx, &locale, &kind, &style))
                })
            },
        )?,
    )?;
    host.set(
        "intlListParts",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, handle: u32, items: Vec<String>| {
                let f = lookup(&ctx, &LISTS, handle)?;
                let mut sink = Sink::default();
                let _ = f
                    .format(items.iter().map(String::as_str))
                    .write_to_parts(&mut sink);
                let a = Array::new(ctx.clone())?;
                for (i, (t, s)) in sink.parts.into_iter().enumerate() {
                    a.set(2 * i, t)?;
                    a.set(2 * i + 1, s)?;
                }
                Ok::<_, rquickjs::Error>(a)
            },
        )?,
    )?;
    Ok(())
}
