//! The parts of `formatToParts`: what `icu_decimal` writes, typed by its
//! parts, and the text a formatter puts around the digits, split into
//! literals (spaces) and one part of the style's type.

use icu_decimal::parts;
use writeable::{Part, PartsWrite};

/// A list of parts: (type, text).
pub(crate) type Parts = Vec<(&'static str, String)>;

/// `text` (a formatter's output) around `digits`: the parts before and
/// after them, spaces as literals and the rest as one part of type `kind`.
pub(crate) fn split(text: &str, digits: &str, kind: &'static str) -> (Parts, Parts) {
    let Some(at) = text.find(digits) else {
        return (vec![(kind, text.to_string())], Vec::new());
    };
    (
        affix_parts(&text[..at], kind),
        affix_parts(&text[at + digits.len()..], kind),
    )
}

fn is_space(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{a0}' | '\u{202f}' | '\u{200e}' | '\u{200f}' | '\u{61c}'
        )
}

fn affix_parts(s: &str, kind: &'static str) -> Parts {
    let core = s.trim_matches(is_space);
    if core.is_empty() {
        return if s.is_empty() {
            Vec::new()
        } else {
            vec![("literal", s.to_string())]
        };
    }
    let start = s.find(core).unwrap_or(0);
    let mut out = Vec::new();
    if start > 0 {
        out.push(("literal", s[..start].to_string()));
    }
    out.push((kind, core.to_string()));
    if start + core.len() < s.len() {
        out.push(("literal", s[start + core.len()..].to_string()));
    }
    out
}

/// A currency's symbol in `text` replaced by its ISO code, kept apart from
/// the digits by a no-break space.
pub(crate) fn with_code(text: &str, digits: &str, iso: &str) -> String {
    let Some(at) = text.find(digits) else {
        return text.to_string();
    };
    let (before, after) = (&text[..at], &text[at + digits.len()..]);
    let swap = |s: &str, before: bool| -> String {
        let core = s.trim_matches(is_space);
        if core.is_empty() {
            return s.to_string();
        }
        let replaced = s.replacen(core, iso, 1);
        let spaced = if before {
            replaced.ends_with(is_space)
        } else {
            replaced.starts_with(is_space)
        };
        match (spaced, before) {
            (true, _) => replaced,
            (false, true) => format!("{replaced}\u{a0}"),
            (false, false) => format!("\u{a0}{replaced}"),
        }
    };
    format!("{}{digits}{}", swap(before, true), swap(after, false))
}

/// Collects the parts `icu_decimal` writes.
#[derive(Default)]
pub(crate) struct PartsSink {
    pub(crate) parts: Parts,
}

impl std::fmt::Write for PartsSink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if s.is_empty() {
            return Ok(());
        }
        match self.parts.last_mut() {
            Some((t, text)) if *t == "literal" => text.push_str(s),
            _ => self.parts.push(("literal", s.to_string())),
        }
        Ok(())
    }
}

impl PartsWrite for PartsSink {
    type SubPartsWrite = PartsSink;
    fn with_part(
        &mut self,
        part: Part,
        mut f: impl FnMut(&mut Self::SubPartsWrite) -> std::fmt::Result,
    ) -> std::fmt::Result {
        let kind = match part {
            p if p == parts::INTEGER => "integer",
            p if p == parts::FRACTION => "fraction",
            p if p == parts::GROUP => "group",
            p if p == parts::DECIMAL => "decimal",
            p if p == parts::MINUS_SIGN => "minusSign",
            p if p == parts::PLUS_SIGN => "plusSign",
            _ => return f(self),
        };
        let mut inner = PartsSink::default();
        f(&mut inner)?;
        // A part holds others (an integer, its group separators): its own
        // text between them takes its type.
        for (t, text) in inner.parts {
            let t = if t == "literal" { kind } else { t };
            if text.is_empty() {
                continue;
            }
            match self.parts.last_mut() {
                Some((last, s)) if *last == t && t != "group" => s.push_str(&text),
                _ => self.parts.push((t, text)),
            }
        }
        Ok(())
    }
}
