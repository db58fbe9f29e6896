//! `Intl.Locale`'s information methods: the data behind `getHourCycles`
//! (the clock the locale's own time pattern uses), `getWeekInfo` (CLDR's
//! first day and weekend by region), `getTimeZones` (the IANA zones of a
//! region) and `getTextInfo` (the script's direction), from ICU4X. Which
//! region a locale's data comes from (`rg`, the region subtag, `sd`,
//! likely subtags, `001`) is decided in `js/intl_locale.js`.

use icu_calendar::types::Weekday;
use icu_calendar::week::WeekInformation;
use icu_datetime::NoCalendarFormatter;
use icu_datetime::fieldsets::T;
use icu_locale::LocaleDirectionality;
use icu_locale_core::Locale;
use icu_time::Time;
use icu_time::zone::iana::IanaParserExtended;
use rquickjs::{Ctx, Function, Object, Result};

use super::data_error;

fn locale(ctx: &Ctx<'_>, tag: &str) -> Result<Locale> {
    Locale::try_from_str(tag).map_err(|e| data_error(ctx, e))
}

/// The hour cycle of `tag`'s hour-and-minute time pattern: the hour it
/// shows at 00:30 (12, 24 or 0) and at 13:30 (13 or 1) tell h12, h24, h23
/// and h11 apart.
fn hour_cycle(ctx: &Ctx<'_>, tag: &str) -> Result<&'static str> {
    let mut loc = locale(ctx, tag)?;
    loc.extensions.unicode.keywords.set(
        icu_locale_core::extensions::unicode::key!("nu"),
        icu_locale_core::extensions::unicode::value!("latn"),
    );
    let f = NoCalendarFormatter::try_new((&loc).into(), T::hm()).map_err(|e| data_error(ctx, e))?;
    let hour = |h: u8| -> Result<u32> {
        let t = Time::try_new(h, 30, 0, 0).map_err(|e| data_error(ctx, e))?;
        let text = f.format(&t).to_string();
        let digits: String = text
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        Ok(digits.parse().unwrap_or(0))
    };
    Ok(match (hour(0)?, hour(13)?) {
        (12, _) => "h12",
        (24, _) => "h24",
        (_, 13) => "h23",
        _ => "h11",
    })
}

/// `[firstDay, ...weekend]` of `tag` (1 is Monday, 7 Sunday), the weekend
/// in ascending order.
fn week_info(ctx: &Ctx<'_>, tag: &str) -> Result<Vec<u8>> {
    let loc = locale(ctx, tag)?;
    let info = WeekInformation::try_new((&loc).into()).map_err(|e| data_error(ctx, e))?;
    let mut out = vec![info.first_weekday as u8];
    let mut weekend: Vec<u8> = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ]
    .into_iter()
    .filter(|d| info.weekend.contains(*d))
    .map(|d| d as u8)
    .collect();
    weekend.sort_unstable();
    out.append(&mut weekend);
    Ok(out)
}

/// The canonical IANA names of the zones of `region` (upper case), sorted:
/// CLDR's BCP 47 zone ids begin with their region's code (`usnyc`,
/// `gblon`); the zones without a region (`Etc/…`, `EST5EDT`) have no `/`
/// in their name or begin with `Etc/`.
fn time_zones(region: &str) -> Vec<String> {
    let prefix = region.to_ascii_lowercase();
    let mut out: Vec<String> = IanaParserExtended::new()
        .iter()
        .filter(|z| z.time_zone.as_str().starts_with(&prefix))
        .filter(|z| z.canonical.contains('/') && !z.canonical.starts_with("Etc/"))
        .map(|z| z.canonical.to_string())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlHourCycle",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, tag: String| {
            hour_cycle(&ctx, &tag)
        })?,
    )?;
    host.set(
        "intlWeekInfo",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, tag: String| {
            week_info(&ctx, &tag)
        })?,
    )?;
    host.set(
        "intlRegionTimeZones",
        Function::new(ctx.clone(), |region: String| time_zones(&region))?,
    )?;
    host.set(
        "intlRightToLeft",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, tag: String| {
            let loc = locale(&ctx, &tag)?;
            Ok::<_, rquickjs::Error>(LocaleDirectionality::new_extended().is_right_to_left(&loc.id))
        })?,
    )?;
    Ok(())
}
