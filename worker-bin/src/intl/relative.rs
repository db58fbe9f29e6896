//! `Intl.RelativeTimeFormat`: ICU4X's relative time patterns ("in 3 days",
//! "yesterday") for each unit and width, the number shown by this
//! worker's NumberFormat so its parts are the same.

use std::cell::RefCell;

use fixed_decimal::{Decimal, FloatPrecision, Sign};
use icu_experimental::relativetime::options::Numeric;
use icu_experimental::relativetime::{RelativeTimeFormatter, RelativeTimeFormatterOptions};
use icu_locale_core::Locale;
use rquickjs::{Ctx, Exception, Function, Object, Result};
use writeable::Writeable;

use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static FORMATS: RefCell<Cache<RelativeTimeFormatter>> = RefCell::default();
}

fn formatter(
    ctx: &Ctx<'_>,
    locale: &str,
    style: &str,
    numeric: &str,
    unit: &str,
) -> Result<RelativeTimeFormatter> {
    let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
    let options = RelativeTimeFormatterOptions {
        numeric: if numeric == "auto" {
            Numeric::Auto
        } else {
            Numeric::Always
        },
    };
    let prefs = (&loc).into();
    type New = fn(
        icu_experimental::relativetime::RelativeTimeFormatterPreferences,
        RelativeTimeFormatterOptions,
    ) -> std::result::Result<RelativeTimeFormatter, icu_provider::DataError>;
    let make: New = match (style, unit) {
        ("short", "second") => RelativeTimeFormatter::try_new_short_second,
        ("short", "minute") => RelativeTimeFormatter::try_new_short_minute,
        ("short", "hour") => RelativeTimeFormatter::try_new_short_hour,
        ("short", "day") => RelativeTimeFormatter::try_new_short_day,
        ("short", "week") => RelativeTimeFormatter::try_new_short_week,
        ("short", "month") => RelativeTimeFormatter::try_new_short_month,
        ("short", "quarter") => RelativeTimeFormatter::try_new_short_quarter,
        ("short", _) => RelativeTimeFormatter::try_new_short_year,
        ("narrow", "second") => RelativeTimeFormatter::try_new_narrow_second,
        ("narrow", "minute") => RelativeTimeFormatter::try_new_narrow_minute,
        ("narrow", "hour") => RelativeTimeFormatter::try_new_narrow_hour,
        ("narrow", "day") => RelativeTimeFormatter::try_new_narrow_day,
        ("narrow", "week") => RelativeTimeFormatter::try_new_narrow_week,
        ("narrow", "month") => RelativeTimeFormatter::try_new_narrow_month,
        ("narrow", "quarter") => RelativeTimeFormatter::try_new_narrow_quarter,
        ("narrow", _) => RelativeTimeFormatter::try_new_narrow_year,
        (_, "second") => RelativeTimeFormatter::try_new_long_second,
        (_, "minute") => RelativeTimeFormatter::try_new_long_minute,
        (_, "hour") => RelativeTimeFormatter::try_new_long_hour,
        (_, "day") => RelativeTimeFormatter::try_new_long_day,
        (_, "week") => RelativeTimeFormatter::try_new_long_week,
        (_, "month") => RelativeTimeFormatter::try_new_long_month,
        (_, "quarter") => RelativeTimeFormatter::try_new_long_quarter,
        _ => RelativeTimeFormatter::try_new_long_year,
    };
    make(prefs, options).map_err(|e| data_error(ctx, e))
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlRelativeFormat",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>,
             key: String,
             locale: String,
             style: String,
             numeric: String,
             unit: String| {
                with_cache(&FORMATS, |c| {
                    c.handle(key, || formatter(&ctx, &locale, &style, &numeric, &unit))
                })
            },
        )?,
    )?;
    host.set(
        "intlRelativeText",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, handle: u32, x: f64| {
            let f = lookup(&ctx, &FORMATS, handle)?;
            let mut d = Decimal::try_from_f64(x, FloatPrecision::RoundTrip)
                .map_err(|_| Exception::throw_range(&ctx, "Invalid value"))?;
            if x.is_sign_negative() {
                d.sign = Sign::Negative;
            }
            Ok::<_, rquickjs::Error>(f.format(d).write_to_string().into_owned())
        })?,
    )?;
    Ok(())
}
