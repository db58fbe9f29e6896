//! `[POOL] locale` and `timezone`: handed to the workers as `BEXT_LOCALE`
//! and `BEXT_TZ`, and a bad tag or zone named with its key and line.

use super::{dir_with_script, parse_in};

#[test]
fn locale_and_timezone_reach_the_workers_environment() {
    let d = dir_with_script();
    let src = "[render]\nscript = \"w.js\"\nlocale = \"de-DE\"\ntimezone = \"Europe/Berlin\"\nenv = { A = \"1\" }\n";
    let c = parse_in(d.path(), src).unwrap();
    let env = &c.pools[0].settings.env;
    assert_eq!(env.get("BEXT_LOCALE").map(String::as_str), Some("de-DE"));
    assert_eq!(
        env.get("BEXT_TZ").map(String::as_str),
        Some("Europe/Berlin")
    );
    assert_eq!(env.get("A").map(String::as_str), Some("1"));
    let plain = parse_in(d.path(), "[render]\nscript = \"w.js\"\n").unwrap();
    assert!(plain.pools[0].settings.env.is_empty());
}

#[test]
fn a_bad_locale_or_timezone_names_key_line_and_rule() {
    let d = dir_with_script();
    let src = "[render]\nscript = \"w.js\"\nlocale = \"de_DE\"\ntimezone = \"Mars/Olympus\"\n";
    let p = parse_in(d.path(), src).unwrap_err().problems;
    let got: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        got,
        [("render.locale", Some(3)), ("render.timezone", Some(4))]
    );
    assert!(
        p[0].message.contains("BCP 47 language tag"),
        "{}",
        p[0].message
    );
    assert_eq!(p[0].value.as_deref(), Some("\"de_DE\""));
    assert!(p[1].message.contains("IANA time zone"), "{}", p[1].message);
}
