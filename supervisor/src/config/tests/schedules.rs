//! `[[POOL.schedules]]`: values read, and a bad expression, zone or policy
//! named with its file, key and line.

use super::{dir_with_script, parse_in};
use crate::config::Missed;
use crate::config::Problem;

/// A folder with the pool's script and the jobs `a.js` and `b.js`.
fn dir_with_jobs() -> tempfile::TempDir {
    let d = dir_with_script();
    for job in ["a.js", "b.js"] {
        std::fs::write(d.path().join(job), "export function run() {}").unwrap();
    }
    d
}

fn problems(src: &str) -> Vec<Problem> {
    let d = dir_with_jobs();
    parse_in(d.path(), src).unwrap_err().problems
}

#[test]
fn schedules_are_read_with_their_zone_data_and_policy() {
    let d = dir_with_jobs();
    let src = "[render]\nscript = \"w.js\"\n\
               [[render.schedules]]\ncron = \"*/5 * * * *\"\nscript = \"a.js\"\n\
               [[render.schedules]]\ncron = \"*/10 * * * * *\"\nscript = \"b.js\"\ntz = \"Europe/Paris\"\nmissed = \"once\"\ndata = { n = 1 }\n";
    let c = parse_in(d.path(), src).unwrap();
    let s = &c.pools[0].settings.schedules;
    assert_eq!(s.len(), 2);
    assert_eq!((s[0].tz, s[0].missed), (chrono_tz::UTC, Missed::Skip));
    assert_eq!(s[0].data, serde_json::Value::Null);
    assert_eq!(s[1].tz, chrono_tz::Europe::Paris);
    assert_eq!(s[1].missed, Missed::Once);
    assert_eq!(s[1].data, serde_json::json!({"n": 1}));
}

#[test]
fn a_bad_cron_zone_or_policy_names_file_key_and_line() {
    let src = "[render]\nscript = \"w.js\"\n\
               [[render.schedules]]\ncron = \"*/5 * * * *\"\nscript = \"a.js\"\n\
               [[render.schedules]]\ncron = \"61 * * * *\"\nscript = \"b.js\"\ntz = \"Mars/Olympus\"\nmissed = \"twice\"\n";
    let p = problems(src);
    let got: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
    assert_eq!(
        got,
        [
            ("render.schedules.1.cron", Some(7)),
            ("render.schedules.1.tz", Some(9)),
            ("render.schedules.1.missed", Some(10)),
        ]
    );
    assert!(
        p[0].message.contains("cron expression of 5 fields"),
        "{}",
        p[0].message
    );
    assert_eq!(p[0].value.as_deref(), Some("\"61 * * * *\""));
    assert!(p[1].message.contains("IANA time zone"));
    let d = dir_with_jobs();
    let e = parse_in(d.path(), src).unwrap_err().to_string();
    assert!(
        e.contains(
            "bext.toml:7: render.schedules.1.cron = \"61 * * * *\": must be a cron expression"
        ),
        "{e}"
    );
}

#[test]
fn an_unknown_key_in_a_schedule_is_named_with_its_line() {
    let p = problems(
        "[render]\nscript = \"w.js\"\n[[render.schedules]]\ncron = \"* * * * *\"\nscript = \"a.js\"\nzone = \"UTC\"\n",
    );
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].key, "render.schedules.0.zone");
    assert_eq!(p[0].line, Some(6));
    // Seven fields (a year) are not taken.
    let p = problems(
        "[render]\nscript = \"w.js\"\n[[render.schedules]]\ncron = \"0 0 0 * * * 2030\"\nscript = \"a.js\"\n",
    );
    assert_eq!(p[0].key, "render.schedules.0.cron");
    // A job script that is not there.
    let p = problems(
        "[render]\nscript = \"w.js\"\n[[render.schedules]]\ncron = \"* * * * *\"\nscript = \"gone.js\"\n",
    );
    assert_eq!(
        (p[0].key.as_str(), p[0].line),
        ("render.schedules.0.script", Some(5))
    );
    assert!(p[0].message.contains("a file"), "{}", p[0].message);
}
