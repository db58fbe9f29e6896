//! A pool's `locale` and `timezone`: the default locale and time zone of
//! `Intl` (and of `toLocaleString` and its kin) in its workers and jobs.
//! Checked here; handed to the workers in their environment as
//! `BEXT_LOCALE` and `BEXT_TZ`, which the worker reads before `LANG`,
//! `LC_ALL` and `TZ` (worker-bin/src/intl/mod.rs).

use std::collections::BTreeMap;

use super::PoolSection;
use super::checker::{Checker, Named, path};

/// The variables that carry the pool's locale and time zone.
pub(super) const LOCALE_VAR: &str = "BEXT_LOCALE";
pub(super) const TZ_VAR: &str = "BEXT_TZ";

/// `locale` is a BCP 47 language tag; `timezone` an IANA zone of the tz
/// database (or an offset such as `+05:30`).
pub(super) fn check_intl(c: &mut Checker<'_>, n: &Named<'_>) {
    let p = n.section;
    if let Some(tag) = &p.locale {
        c.rule(
            is_language_tag(tag),
            &path(&n.prefix, &["locale"]),
            format!("{tag:?}"),
            || "must be a BCP 47 language tag such as \"en-US\", \"de-DE\" or \"pt-BR\"".into(),
        );
    }
    if let Some(zone) = &p.timezone {
        c.rule(
            is_zone(zone),
            &path(&n.prefix, &["timezone"]),
            format!("{zone:?}"),
            || "must be an IANA time zone such as \"Europe/Paris\" or \"UTC\", or an offset such as \"+05:30\"".into(),
        );
    }
}

fn is_language_tag(tag: &str) -> bool {
    !tag.contains('_')
        && icu_locale_core::Locale::try_from_str(tag).is_ok_and(|l| !l.id.language.is_unknown())
}

fn is_zone(zone: &str) -> bool {
    if let Some(rest) = zone.strip_prefix(['+', '-']) {
        let digits: String = rest.chars().filter(|c| *c != ':').collect();
        let shaped = matches!(rest.len(), 2 | 4) || (rest.len() == 5 && rest.as_bytes()[2] == b':');
        return shaped
            && digits.bytes().all(|b| b.is_ascii_digit())
            && digits[..2].parse::<u8>().is_ok_and(|h| h <= 23)
            && digits
                .get(2..)
                .is_none_or(|m| m.is_empty() || m.parse::<u8>().is_ok_and(|m| m <= 59));
    }
    chrono_tz::Tz::from_str_insensitive(zone).is_ok()
}

/// The pool's environment for its workers: `env`, with the locale and time
/// zone keys when set.
pub(super) fn worker_env(p: &PoolSection) -> BTreeMap<String, String> {
    let mut env = p.env.clone();
    if let Some(tag) = &p.locale {
        env.insert(LOCALE_VAR.into(), tag.clone());
    }
    if let Some(zone) = &p.timezone {
        env.insert(TZ_VAR.into(), zone.clone());
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_zones() {
        for ok in ["en-US", "de", "pt-BR", "zh-Hant-TW", "en-US-u-nu-latn"] {
            assert!(is_language_tag(ok), "{ok}");
        }
        for bad in ["en_US", "", "english!", "und", "x-private"] {
            assert!(!is_language_tag(bad), "{bad}");
        }
        for ok in [
            "UTC",
            "Europe/Berlin",
            "america/new_york",
            "+05:30",
            "-08",
            "+0100",
        ] {
            assert!(is_zone(ok), "{ok}");
        }
        for bad in ["Mars/Olympus", "", "+25:00", "+5:30", "EST5EDTX"] {
            assert!(!is_zone(bad), "{bad}");
        }
    }
}
