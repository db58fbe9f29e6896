//! What `Intl.DateTimeFormat` does around ICU4X's formatting: the civil
//! date of a day count, and the parts `icu_datetime` writes collected as
//! ECMA-402 types them.

use writeable::{Part, PartsWrite};

/// The proleptic Gregorian (year, month, day) of a count of days since
/// 1970-01-01 (Howard Hinnant's civil_from_days).
pub(crate) fn civil_from_days(days: i64) -> (i32, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year as i32, month as u8, day as u8)
}

/// Collects the parts `icu_datetime` writes, typed by ECMA-402's names.
#[derive(Default)]
pub(crate) struct Sink {
    pub(crate) parts: Vec<(String, String)>,
    /// The type the text written now takes (inside a part).
    current: Option<&'static str>,
}

impl Sink {
    fn push(&mut self, kind: &str, s: &str) {
        if s.is_empty() {
            return;
        }
        match self.parts.last_mut() {
            Some((t, text)) if t == kind && kind == "literal" => text.push_str(s),
            _ => self.parts.push((kind.to_string(), s.to_string())),
        }
    }
}

impl std::fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let kind = self.current.unwrap_or("literal");
        self.push(kind, s);
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
        if part.category != "datetime" || self.current.is_some() {
            return f(self);
        }
        let mut inner = Sink {
            current: Some(part.value),
            ..Sink::default()
        };
        f(&mut inner)?;
        let text: String = inner.parts.iter().map(|(_, s)| s.as_str()).collect();
        // A zone with no name of that width is written as an empty
        // part, then its offset ("GMT+5:45") as another: no empty parts.
        if !text.is_empty() {
            self.parts.push((part.value.to_string(), text));
        }
        Ok(())
    }
}

/// A second's fraction arrives inside the second's part ("05.123"): ECMA-402
/// gives it parts of its own.
pub(crate) fn split_fraction(parts: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut out = Vec::with_capacity(parts.len());
    for (t, s) in parts {
        if t == "second" {
            if let Some(at) = s.find(|c: char| !c.is_numeric()) {
                let (whole, rest) = s.split_at(at);
                let sep_len = rest.chars().next().map_or(0, char::len_utf8);
                out.push((t, whole.to_string()));
                out.push(("literal".into(), rest[..sep_len].to_string()));
                out.push(("fractionalSecond".into(), rest[sep_len..].to_string()));
                continue;
            }
        }
        out.push((t, s));
    }
    out
}
