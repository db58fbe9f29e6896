//! What `navigator` says (`js/prelude.js` builds it on first use): the
//! user agent `bext/VERSION`, the CPUs the container may use (counted as
//! bextd's `jsc_workers = "auto"` and `os.availableParallelism()` count
//! them) and the language of the worker's locale (`LC_ALL`, else
//! `LC_MESSAGES`, else `LANG`, as POSIX picks it) as a BCP 47 tag.

use rquickjs::{Array, Ctx, Function, Object, Result};

/// `fr_FR.UTF-8@euro` -> `fr-FR`, `de` -> `de`; `C`, `POSIX`, an empty
/// value or one that is not `ll[_RR]` gives `None`.
pub fn bcp47(locale: &str) -> Option<String> {
    let base = locale.split(['.', '@']).next()?;
    let mut parts = base.split(['_', '-']);
    let lang = parts.next()?;
    let region = parts.next();
    if parts.next().is_some()
        || !(2..=3).contains(&lang.len())
        || !lang.bytes().all(|b| b.is_ascii_alphabetic())
    {
        return None;
    }
    let mut tag = lang.to_ascii_lowercase();
    if let Some(r) = region {
        let alpha = r.len() == 2 && r.bytes().all(|b| b.is_ascii_alphabetic());
        let digits = r.len() == 3 && r.bytes().all(|b| b.is_ascii_digit());
        if !(alpha || digits) {
            return None;
        }
        tag.push('-');
        tag.push_str(&r.to_ascii_uppercase());
    }
    Some(tag)
}

/// The language of the locale `var` reads (the first of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` that is set and not empty), else `en-US`.
pub fn language(var: impl Fn(&str) -> Option<String>) -> String {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| var(k).filter(|v| !v.is_empty()))
        .and_then(|l| bcp47(&l))
        .unwrap_or_else(|| "en-US".into())
}

/// Adds `navigator()` -> `[userAgent, hardwareConcurrency, language,
/// platform]` to the prelude's `host`.
pub fn install<'js>(ctx: &Ctx<'js>, host: &Object<'js>) -> Result<()> {
    host.set(
        "navigator",
        Function::new(ctx.clone(), |ctx: Ctx<'js>| {
            let a = Array::new(ctx)?;
            a.set(0, concat!("bext/", env!("CARGO_PKG_VERSION")))?;
            a.set(
                1,
                crate::node::os::cpus_available(&crate::node::os::cgroup()),
            )?;
            a.set(2, language(|k| std::env::var(k).ok()))?;
            a.set(3, format!("Linux {}", std::env::consts::ARCH))?;
            Ok::<_, rquickjs::Error>(a)
        })?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_become_bcp47_tags() {
        assert_eq!(bcp47("fr_FR.UTF-8").as_deref(), Some("fr-FR"));
        assert_eq!(bcp47("de_DE.UTF-8@euro").as_deref(), Some("de-DE"));
        assert_eq!(bcp47("pt_br").as_deref(), Some("pt-BR"));
        assert_eq!(bcp47("es_419.UTF-8").as_deref(), Some("es-419"));
        assert_eq!(bcp47("ja").as_deref(), Some("ja"));
        for not in ["C", "C.UTF-8", "POSIX", "", "en_US_x", "english"] {
            assert_eq!(bcp47(not), None, "{not}");
        }
    }

    #[test]
    fn lc_all_wins_then_lc_messages_then_lang() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            language(env(&[("LANG", "fr_FR.UTF-8"), ("LC_ALL", "de_AT.UTF-8")])),
            "de-AT"
        );
        assert_eq!(
            language(env(&[("LANG", "fr_FR.UTF-8"), ("LC_ALL", "")])),
            "fr-FR"
        );
        assert_eq!(
            language(env(&[("LANG", "it_IT"), ("LC_MESSAGES", "nl_NL")])),
            "nl-NL"
        );
        assert_eq!(language(env(&[("LANG", "C.UTF-8")])), "en-US");
        assert_eq!(language(env(&[])), "en-US");
    }
}
