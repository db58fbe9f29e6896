//! ECMA-402's date components as ICU4C's DateTimePatternGenerator reads
//! them: a text month (`long`, `short`, `narrow`) takes the locale's long
//! pattern for those fields with the month's and weekday's widths changed
//! (de's `{ day, month: "short", year }` is "3. Nov. 2024", where ICU4X's
//! medium length is the numeric "03.11.2024"); a numeric month takes the
//! short pattern with its day and month padded as CLDR's `yMd` and `Md`
//! skeletons pad them (de's "3.11.2024", fr's "03/11/2024").

use icu_datetime::fieldsets::enums::CompositeFieldSet;
use icu_datetime::pattern::DateTimePattern;

/// The widths asked for, as pattern letters count them (`None`: leave the
/// pattern's own).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Widths {
    pub month: Option<usize>,
    pub weekday: Option<usize>,
    pub day: Option<usize>,
}

/// What components need besides their field set: the widths, the medium
/// length's date pattern's fields (for a short weekday's brackets, and
/// with a time for the date part to replace) and, with a time and a text
/// month, the long date's fields.
pub(crate) struct Components {
    pub widths: Widths,
    pub medium: Option<CompositeFieldSet>,
    pub date_long: Option<CompositeFieldSet>,
}

/// The pattern for components: `base` (ICU4X's for the field set)
/// adjusted; with `date_long` (a date with a time), `base`'s date part,
/// `medium`, becomes the long date adjusted ("3. Nov. 2024, 01:30": the
/// medium length's glue, ICU's for an abbreviated month). `None`: `base`
/// as it is.
pub(crate) fn components_pattern(
    base: &DateTimePattern,
    medium: Option<&DateTimePattern>,
    date_long: Option<&DateTimePattern>,
    locale: &str,
    widths: Widths,
    with_year: bool,
) -> Option<DateTimePattern> {
    let Some(long) = date_long else {
        return adjust(base, medium, locale, widths, with_year);
    };
    let text = |p: &DateTimePattern| writeable::Writeable::write_to_string(p).into_owned();
    let (base, medium_date) = (text(base), text(medium?));
    if !base.contains(&medium_date) {
        return None;
    }
    let date = adjust(long, Some(medium?), locale, widths, with_year)
        .map_or_else(|| text(long), |p| text(&p));
    base.replacen(&medium_date, &date, 1).parse().ok()
}

/// The pattern letters' count for an option's value.
pub(crate) fn width(value: Option<&str>) -> Option<usize> {
    match value? {
        "numeric" => Some(1),
        "2-digit" => Some(2),
        "short" => Some(3),
        "long" => Some(4),
        "narrow" => Some(5),
        _ => None,
    }
}

/// Whether a numeric date's day and month are padded in `locale` (CLDR's
/// `yMd` with a year, `Md` without), as Node 20's ICU has them; locales not
/// listed pad neither.
fn numeric_padding(locale: &str, with_year: bool) -> (bool, bool) {
    const PADS: &[(&str, [u8; 4])] = &[
        ("af", [1, 1, 1, 1]),
        ("as", [1, 1, 1, 1]),
        ("az", [1, 1, 1, 1]),
        ("bg", [0, 1, 0, 1]),
        ("en-AU", [1, 1, 0, 0]),
        ("en-CA", [1, 1, 1, 1]),
        ("en-GB", [1, 1, 1, 1]),
        ("en-IE", [1, 1, 1, 1]),
        ("en-IN", [0, 0, 1, 1]),
        ("en-NZ", [0, 1, 0, 0]),
        ("en-ZA", [1, 1, 1, 1]),
        ("fa", [1, 0, 1, 0]),
        ("fr", [1, 1, 1, 1]),
        ("ga", [1, 1, 1, 1]),
        ("hr", [1, 1, 1, 1]),
        ("hu", [1, 1, 0, 0]),
        ("hy", [1, 1, 1, 1]),
        ("it", [1, 1, 1, 1]),
        ("kk", [1, 1, 1, 1]),
        ("ky", [1, 1, 1, 1]),
        ("lt", [1, 1, 0, 1]),
        ("lv", [0, 1, 1, 1]),
        ("mn", [1, 1, 1, 0]),
        ("ne", [1, 1, 1, 1]),
        ("pl", [0, 1, 0, 1]),
        ("ps", [1, 0, 1, 0]),
        ("pt", [1, 1, 1, 1]),
        ("ro", [1, 1, 1, 1]),
        ("ru", [1, 1, 1, 1]),
        ("sv", [1, 1, 0, 0]),
        ("tk", [1, 1, 1, 1]),
        ("tr", [1, 1, 0, 0]),
        ("uk", [1, 1, 1, 1]),
        ("uz", [1, 1, 1, 1]),
        ("zu", [1, 1, 1, 1]),
    ];
    let base = locale.split("-u-").next().unwrap_or(locale);
    let mut subtags = base.split('-');
    let language = subtags.next().unwrap_or_default();
    let region =
        subtags.find(|s| s.len() == 2 || s.len() == 3 && s.bytes().all(|b| b.is_ascii_digit()));
    let with_region = region.map(|r| format!("{language}-{}", r.to_ascii_uppercase()));
    let find = |key: &str| PADS.iter().find(|(k, _)| *k == key).map(|(_, p)| *p);
    let pads = with_region
        .as_deref()
        .and_then(&find)
        .or_else(|| find(language))
        .unwrap_or([0; 4]);
    let at = if with_year { 0 } else { 2 };
    (pads[at] == 1, pads[at + 1] == 1)
}

/// `pattern` (ICU4X's, for the same fields) with the widths ECMA-402's
/// options ask for; `None` when it needs no change. `medium` is the medium
/// length's pattern when a short or narrow weekday is asked: where it
/// brackets the weekday and the long one does not (ja's "2024年11月3日(日)",
/// ko's "(일)"), the weekday is bracketed the same.
fn adjust(
    pattern: &DateTimePattern,
    medium: Option<&DateTimePattern>,
    locale: &str,
    widths: Widths,
    with_year: bool,
) -> Option<DateTimePattern> {
    let text = writeable::Writeable::write_to_string(pattern).into_owned();
    let (mut day, mut month) = (widths.day, widths.month);
    if matches!(month, Some(1 | 2)) {
        let (pad_day, pad_month) = numeric_padding(locale, with_year);
        if day == Some(1) && pad_day {
            day = Some(2);
        }
        if month == Some(1) && pad_month {
            month = Some(2);
        }
    }
    let mut out = String::with_capacity(text.len() + 4);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut quoted = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            quoted = !quoted;
            out.push(c);
            i += 1;
            continue;
        }
        let mut run = 1;
        while !quoted && i + run < chars.len() && chars[i + run] == c {
            run += 1;
        }
        let wanted = if quoted {
            None
        } else {
            match c {
                // A month the locale writes as a number in this pattern
                // (ja's 11月) stays one; a text month takes the width asked.
                'M' | 'L' => month.filter(|w| (*w >= 3) == (run >= 3)),
                'E' | 'c' => widths.weekday.filter(|w| *w >= 3),
                'd' => day,
                _ => None,
            }
        };
        for _ in 0..wanted.unwrap_or(run) {
            out.push(c);
        }
        i += run;
    }
    if let Some(medium) = medium {
        let medium = writeable::Writeable::write_to_string(medium).into_owned();
        for (open, close) in [('(', ')'), ('（', '）')] {
            let bracketed =
                |p: &str| p.contains(&format!("{open}E")) || p.contains(&format!("{open}c"));
            if bracketed(&medium) && !bracketed(&out) {
                if let Some(at) = out.find(['E', 'c']) {
                    let end = out[at..]
                        .find(|c| c != 'E' && c != 'c')
                        .map_or(out.len(), |e| at + e);
                    out = format!(
                        "{}{open}{}{close}{}",
                        &out[..at],
                        &out[at..end],
                        &out[end..]
                    );
                }
                break;
            }
        }
    }
    if out == text {
        return None;
    }
    out.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adjusted(pattern: &str, locale: &str, widths: Widths, with_year: bool) -> String {
        let p: DateTimePattern = pattern.parse().unwrap();
        adjust(&p, None, locale, widths, with_year)
            .map(|p| writeable::Writeable::write_to_string(&p).into_owned())
            .unwrap_or_else(|| pattern.to_string())
    }

    #[test]
    fn text_months_take_the_width_asked() {
        let w = Widths {
            month: Some(3),
            weekday: Some(3),
            day: Some(1),
        };
        assert_eq!(
            adjusted("EEEE, d. MMMM y", "de-DE", w, true),
            "EEE, d. MMM y"
        );
        assert_eq!(adjusted("y年M月d日", "ja-JP", w, true), "y年M月d日");
        assert_eq!(adjusted("d 'de' MMMM", "es", w, false), "d 'de' MMM");
        let long: DateTimePattern = "y年M月d日EEEE".parse().unwrap();
        let medium: DateTimePattern = "y/MM/dd(EEE)".parse().unwrap();
        let got = adjust(&long, Some(&medium), "ja", w, true).unwrap();
        assert_eq!(
            writeable::Writeable::write_to_string(&got),
            "y年M月d日(EEE)"
        );
    }

    #[test]
    fn numeric_dates_pad_as_the_locales_skeletons_do() {
        let w = Widths {
            month: Some(1),
            weekday: None,
            day: Some(1),
        };
        assert_eq!(adjusted("dd.MM.y", "de-DE", w, true), "d.M.y");
        assert_eq!(adjusted("dd/MM/y", "fr-FR", w, true), "dd/MM/y");
        assert_eq!(adjusted("d.M.y", "pl", w, true), "d.MM.y");
        assert_eq!(
            adjusted("dd/MM/y", "en-GB-u-ca-gregory", w, true),
            "dd/MM/y"
        );
        assert_eq!(adjusted("M/d/y", "en-US", w, true), "M/d/y");
    }
}
