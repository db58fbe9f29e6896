//! `Intl.DateTimeFormat`: ECMA-402's components or styles as an ICU4X
//! field set (date fields, a length, the time's precision, a zone style),
//! the instant's local date and time in its IANA zone from `chrono-tz`
//! (every zone of the tz database, with its history), formatted by
//! `icu_datetime` into the parts of `formatToParts`.

use std::cell::RefCell;
use std::str::FromStr;

use chrono::Offset;
use icu_calendar::{AnyCalendarKind, Date, Gregorian, Iso};
use icu_datetime::fieldsets::builder::{DateFields, FieldSetBuilder, ZoneStyle};
use icu_datetime::fieldsets::enums::CompositeFieldSet;
use icu_datetime::options::{Alignment, Length, SubsecondDigits, TimePrecision, YearStyle};
use icu_datetime::pattern::{DateTimePattern, FixedCalendarDateTimeNames};
use icu_datetime::{DateTimeFormatter, DateTimeFormatterPreferences};
use icu_locale_core::Locale;
use icu_time::zone::{IanaParser, UtcOffset};
use icu_time::{DateTime, Time, ZonedDateTime};
use rquickjs::{Array, Ctx, Exception, Function, Object, Result};
use writeable::Writeable;

use super::datetime_parts::{Sink, civil_from_days, split_fraction};
use super::skeleton::{self, Components, Widths};
use super::{Cache, data_error, lookup, with_cache};

thread_local! {
    static FORMATS: RefCell<Cache<DateFormat>> = RefCell::default();
}

/// A zone: one of the tz database's, or a fixed offset (`+05:30`).
#[derive(Clone, Copy)]
enum Zone {
    Iana(chrono_tz::Tz),
    Fixed(i32),
}

pub(crate) struct DateFormat {
    formatter: DateTimeFormatter<CompositeFieldSet>,
    /// The formatter's pattern with the widths the components ask for, and
    /// the names it needs, where that differs from ICU4X's own pattern.
    pattern: Option<(
        DateTimePattern,
        FixedCalendarDateTimeNames<Gregorian, CompositeFieldSet>,
    )>,
    zone: Zone,
    /// The zone's ICU4X id (for its names).
    zone_id: icu_time::TimeZone,
}

/// The tz database's name for `name` (any case), `UTC` for its aliases, or
/// an offset zone as ECMA-402 writes it (`+05:30`); `None` when unknown.
pub(crate) fn zone_name(name: &str) -> Option<String> {
    if let Some(minutes) = offset_minutes(name) {
        let sign = if minutes < 0 { '-' } else { '+' };
        let m = minutes.unsigned_abs();
        return Some(format!("{sign}{:02}:{:02}", m / 60, m % 60));
    }
    let tz = chrono_tz::Tz::from_str_insensitive(name).ok()?;
    let canonical = tz.name();
    Some(match canonical {
        "Etc/UTC" | "Etc/GMT" | "GMT" | "Etc/Universal" | "Etc/Zulu" | "Universal" | "Zulu"
        | "UCT" | "Etc/UCT" | "Etc/Greenwich" | "Greenwich" | "GMT0" | "GMT+0" | "GMT-0"
        | "Etc/GMT0" | "Etc/GMT+0" | "Etc/GMT-0" => "UTC".to_string(),
        other => other.to_string(),
    })
}

/// `±HH:MM` or `±HHMM` or `±HH` as minutes east of UTC.
fn offset_minutes(s: &str) -> Option<i32> {
    let sign = match s.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let rest = &s[1..];
    let digits: String = rest.chars().filter(|c| *c != ':').collect();
    let valid = match rest.len() {
        2 | 4 => rest.bytes().all(|b| b.is_ascii_digit()),
        5 => {
            rest.as_bytes()[2] == b':'
                && digits.len() == 4
                && digits.bytes().all(|b| b.is_ascii_digit())
        }
        _ => false,
    };
    if !valid {
        return None;
    }
    let h: i32 = digits[..2].parse().ok()?;
    let m: i32 = if digits.len() == 4 {
        digits[2..].parse().ok()?
    } else {
        0
    };
    (h <= 23 && m <= 59).then_some(sign * (h * 60 + m))
}

fn string(o: &Object<'_>, key: &str) -> Result<Option<String>> {
    o.get::<_, Option<String>>(key)
}

/// A field set, and what components need to adjust its pattern.
type FieldSet = (Option<CompositeFieldSet>, Option<Components>);

/// ECMA-402's options as an ICU4X field set, and the widths of the fields
/// the components ask for (none for styles).
fn field_set(o: &Object<'_>) -> Result<FieldSet> {
    let mut b = FieldSetBuilder::new();
    let date_style = string(o, "dateStyle")?;
    let time_style = string(o, "timeStyle")?;
    if date_style.is_some() || time_style.is_some() {
        if let Some(d) = &date_style {
            b.date_fields = Some(if d == "full" {
                DateFields::YMDE
            } else {
                DateFields::YMD
            });
            b.length = Some(match d.as_str() {
                "full" | "long" => Length::Long,
                "medium" => Length::Medium,
                _ => Length::Short,
            });
        }
        if let Some(t) = &time_style {
            b.time_precision = Some(if t == "short" {
                TimePrecision::Minute
            } else {
                TimePrecision::Second
            });
            b.zone_style = match t.as_str() {
                "full" => Some(ZoneStyle::SpecificLong),
                "long" => Some(ZoneStyle::SpecificShort),
                _ => None,
            };
            if b.length.is_none() {
                b.length = Some(Length::Medium);
            }
        }
        return Ok((b.build_composite().ok(), None));
    }
    let weekday = string(o, "weekday")?;
    let era = string(o, "era")?;
    let year = string(o, "year")?;
    let month = string(o, "month")?;
    let day = string(o, "day")?;
    let (y, m, d, e) = (
        year.is_some() || era.is_some(),
        month.is_some(),
        day.is_some(),
        weekday.is_some(),
    );
    b.date_fields = match (y, m, d, e) {
        (false, false, false, false) => None,
        (false, false, true, false) => Some(DateFields::D),
        (false, true, true, false) => Some(DateFields::MD),
        (true, _, true, false) => Some(DateFields::YMD),
        (false, false, true, true) => Some(DateFields::DE),
        (false, true, true, true) => Some(DateFields::MDE),
        (true, _, _, true) => Some(DateFields::YMDE),
        (false, false, false, true) => Some(DateFields::E),
        (false, true, false, _) => Some(DateFields::M),
        (true, true, false, false) => Some(DateFields::YM),
        (true, false, false, false) => Some(DateFields::Y),
    };
    let has_time = ["hour", "minute", "second", "fractionalSecondDigits"]
        .iter()
        .map(|k| o.get::<_, rquickjs::Value>(*k).map(|v| !v.is_undefined()))
        .collect::<Result<Vec<bool>>>()?
        .contains(&true);
    // A text month starts from the long pattern, a numeric one from the
    // short, as CLDR's skeletons do; the widths are set afterwards.
    let style = month.as_deref().or(weekday.as_deref()).or(era.as_deref());
    b.length = Some(match style {
        Some("long") => Length::Long,
        // With a time, the long length's glue differs from ICU's for a
        // short month ("Nov 3, 2024 at 5:30 AM"): the medium length stays.
        Some("short") | Some("narrow") if has_time => Length::Medium,
        Some("short") | Some("narrow") => Length::Long,
        _ => Length::Short,
    });
    let widths = Widths {
        month: skeleton::width(month.as_deref()),
        weekday: skeleton::width(weekday.as_deref()),
        day: skeleton::width(day.as_deref()),
    };
    if b.date_fields.is_some() {
        b.year_style = Some(match (era.is_some(), year.as_deref()) {
            (true, _) => YearStyle::WithEra,
            (false, Some("2-digit")) => YearStyle::Auto,
            _ => YearStyle::Full,
        });
        if !y {
            b.year_style = None;
        }
    }
    let hour = string(o, "hour")?;
    let minute = string(o, "minute")?;
    let second = string(o, "second")?;
    let fraction = o.get::<_, Option<f64>>("fractionalSecondDigits")?;
    b.time_precision = match fraction {
        Some(f) => Some(TimePrecision::Subsecond(match f as u8 {
            1 => SubsecondDigits::S1,
            2 => SubsecondDigits::S2,
            _ => SubsecondDigits::S3,
        })),
        None if second.is_some() => Some(TimePrecision::Second),
        None if minute.is_some() => Some(TimePrecision::Minute),
        None if hour.is_some() => Some(TimePrecision::Hour),
        None => None,
    };
    // (A minute is two digits in every pattern: it pads nothing else.)
    let two_digit = [&hour, &day, &month]
        .iter()
        .any(|v| v.as_deref() == Some("2-digit"));
    if two_digit {
        b.alignment = Some(Alignment::Column);
    }
    b.zone_style = match string(o, "timeZoneName")?.as_deref() {
        Some("long") => Some(ZoneStyle::SpecificLong),
        Some("short") => Some(ZoneStyle::SpecificShort),
        Some("shortOffset") => Some(ZoneStyle::LocalizedOffsetShort),
        Some("longOffset") => Some(ZoneStyle::LocalizedOffsetLong),
        Some("shortGeneric") => Some(ZoneStyle::GenericShort),
        Some("longGeneric") => Some(ZoneStyle::GenericLong),
        _ => None,
    };
    if b.date_fields.is_none() && b.time_precision.is_none() {
        b.length = None;
    }
    // A short or narrow weekday also looks at the medium pattern (see
    // skeleton::adjust); with a time and a short or narrow month, the date
    // part of the medium pattern is replaced by the long date's.
    let date_only = |length| {
        let mut d = b.clone();
        d.length = Some(length);
        d.time_precision = None;
        d.zone_style = None;
        d.build_composite().ok()
    };
    let text_month = matches!(widths.month, Some(3 | 5));
    let components = match () {
        _ if b.date_fields.is_none() || !(m || e) => None,
        _ if has_time && text_month => Some(Components {
            widths,
            medium: date_only(Length::Medium),
            date_long: date_only(Length::Long),
        }),
        _ if has_time => None,
        _ => Some(Components {
            widths,
            medium: match widths.weekday {
                Some(3 | 5) if b.length == Some(Length::Long) => date_only(Length::Medium),
                _ => None,
            },
            date_long: None,
        }),
    };
    Ok((b.build_composite().ok(), components))
}

impl DateFormat {
    fn new(ctx: &Ctx<'_>, locale: &str, o: &Object<'_>) -> Result<DateFormat> {
        let loc = Locale::try_from_str(locale).map_err(|e| data_error(ctx, e))?;
        let (set, components) = field_set(o)?;
        let set = set.ok_or_else(|| {
            Exception::throw_type(ctx, "Intl.DateTimeFormat: no pattern for these options")
        })?;
        let prefs = DateTimeFormatterPreferences::from(&loc);
        let formatter = DateTimeFormatter::try_new(prefs, set).map_err(|e| data_error(ctx, e))?;
        let name: String = o.get("timeZone")?;
        let zone = match offset_minutes(&name) {
            Some(m) => Zone::Fixed(m * 60),
            None => Zone::Iana(
                chrono_tz::Tz::from_str(&name)
                    .or_else(|_| chrono_tz::Tz::from_str_insensitive(&name))
                    .map_err(|_| {
                        Exception::throw_range(ctx, &format!("Invalid time zone specified: {name}"))
                    })?,
            ),
        };
        let zone_id = match zone {
            Zone::Iana(tz) => IanaParser::new().parse(tz.name()),
            Zone::Fixed(_) => icu_time::TimeZone::UNKNOWN,
        };
        let mut format = DateFormat {
            formatter,
            pattern: None,
            zone,
            zone_id,
        };
        // Components' widths apply to the Gregorian calendar's patterns
        // (other calendars keep ICU4X's lengths).
        if let Some(components) = components
            && format.formatter.calendar().kind() == AnyCalendarKind::Gregorian
            && let Some(zdt) = format.zoned(0.0)
        {
            let with_year = string(o, "year")?.is_some() || string(o, "era")?.is_some();
            let base = format.formatter.format(&zdt).pattern();
            let pattern_of = |set| {
                DateTimeFormatter::try_new(prefs, set)
                    .map(|f| f.format(&zdt).pattern())
                    .map_err(|e| data_error(ctx, e))
            };
            let medium = components.medium.map(pattern_of).transpose()?;
            let date_long = components.date_long.map(pattern_of).transpose()?;
            let adjusted = skeleton::components_pattern(
                &base,
                medium.as_ref(),
                date_long.as_ref(),
                locale,
                components.widths,
                with_year,
            );
            if let Some(pattern) = adjusted {
                let mut names =
                    FixedCalendarDateTimeNames::try_new(prefs).map_err(|e| data_error(ctx, e))?;
                names
                    .include_for_pattern(&pattern)
                    .map_err(|e| data_error(ctx, e))?;
                format.pattern = Some((pattern, names));
            }
        }
        Ok(format)
    }

    /// The instant `ms` (milliseconds since the epoch) in the zone.
    fn zoned(
        &self,
        ms: f64,
    ) -> Option<ZonedDateTime<Iso, icu_time::TimeZoneInfo<icu_time::zone::models::AtTime>>> {
        let ms = ms as i64;
        // chrono's range ends some 262,000 years out, ECMAScript's at
        // 275,760: the offset beyond it is the one at its end (a zone's
        // first or last rule), the date is computed here.
        let utc = chrono::DateTime::from_timestamp_millis(ms).unwrap_or(if ms < 0 {
            chrono::DateTime::<chrono::Utc>::MIN_UTC
        } else {
            chrono::DateTime::<chrono::Utc>::MAX_UTC
        });
        let offset = match self.zone {
            Zone::Iana(tz) => utc.with_timezone(&tz).offset().fix().local_minus_utc(),
            Zone::Fixed(secs) => secs,
        };
        let local = ms + i64::from(offset) * 1000;
        let (year, month, day) = civil_from_days(local.div_euclid(86_400_000));
        let second_of_day = local.rem_euclid(86_400_000) / 1000;
        let date = Date::try_new_iso(year, month, day).ok()?;
        let time = Time::try_new(
            (second_of_day / 3600) as u8,
            (second_of_day / 60 % 60) as u8,
            (second_of_day % 60) as u8,
            (ms.rem_euclid(1000) as u32) * 1_000_000,
        )
        .ok()?;
        let zone = self
            .zone_id
            .with_offset(UtcOffset::try_from_seconds(offset).ok())
            .at_date_time_iso(DateTime { date, time });
        Some(ZonedDateTime { date, time, zone })
    }

    /// The parts of the instant `ms` (milliseconds since the epoch).
    fn format(&self, ms: f64) -> Option<Vec<(String, String)>> {
        let zdt = self.zoned(ms)?;
        let mut sink = Sink::default();
        match &self.pattern {
            Some((pattern, names)) => {
                let zdt = ZonedDateTime {
                    date: zdt.date.to_calendar(Gregorian),
                    time: zdt.time,
                    zone: zdt.zone,
                };
                let formatted = names.with_pattern_unchecked(pattern).format(&zdt);
                writeable::TryWriteable::try_write_to_parts(&formatted, &mut sink)
                    .ok()?
                    .ok()?;
            }
            None => self.formatter.format(&zdt).write_to_parts(&mut sink).ok()?,
        }
        Some(sink.parts)
    }
}

pub(crate) fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "intlDateFormat",
        Function::new(
            ctx.clone(),
            |ctx: Ctx<'js>, key: String, locale: String, o: Object<'js>| {
                with_cache(&FORMATS, |c| {
                    c.handle(key, || DateFormat::new(&ctx, &locale, &o))
                })
            },
        )?,
    )?;
    host.set(
        "intlDateParts",
        Function::new(ctx.clone(), |ctx: Ctx<'js>, handle: u32, ms: f64| {
            let f = lookup(&ctx, &FORMATS, handle)?;
            let parts = f
                .format(ms)
                .ok_or_else(|| Exception::throw_range(&ctx, "Invalid time value"))?;
            let a = Array::new(ctx.clone())?;
            for (i, (t, s)) in split_fraction(parts).into_iter().enumerate() {
                a.set(2 * i, t)?;
                a.set(2 * i + 1, s)?;
            }
            Ok::<_, rquickjs::Error>(a)
        })?,
    )?;
    host.set(
        "intlTimeZone",
        Function::new(ctx.clone(), |name: String| zone_name(&name))?,
    )?;
    host.set(
        "intlTimeZones",
        Function::new(ctx.clone(), || {
            let mut names: Vec<&'static str> = chrono_tz::TZ_VARIANTS
                .iter()
                .map(|tz| tz.name())
                .filter(|n| n.contains('/') && !n.starts_with("Etc/"))
                .collect();
            names.push("UTC");
            names.sort_unstable();
            names
        })?,
    )?;
    Ok(())
}
