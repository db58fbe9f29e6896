//! `Intl` through the real bextd and workers: a pool's `locale` and
//! `timezone` are its workers' defaults (what `toLocaleString` and a bare
//! `Intl.DateTimeFormat` use), and without them the worker takes `LANG`
//! and `TZ`, else en-US and UTC.

use bext_e2e::{Daemon, Setup};

const WORKER: &str = r#"
export default {
  fetch() {
    const t = Date.UTC(2024, 0, 15, 15, 4, 5);
    const dtf = new Intl.DateTimeFormat().resolvedOptions();
    return new Response([
      (1234.5).toLocaleString(),
      new Date(t).toLocaleDateString(undefined, { dateStyle: "long" }),
      new Date(t).toLocaleTimeString(undefined, { hour: "numeric", minute: "numeric", hourCycle: "h23" }),
      dtf.locale,
      dtf.timeZone,
    ].join("|"));
  },
};
"#;

fn answer(config: &str, env: &[(&str, &str)]) -> String {
    let d = Daemon::start_with(Setup {
        config,
        files: &[("worker.js", WORKER)],
        env,
        ..Setup::default()
    });
    let r = d.get("/");
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

#[test]
fn a_pools_locale_and_timezone_are_its_workers_defaults() {
    let config =
        "[render]\nscript = \"worker.js\"\nlocale = \"de-DE\"\ntimezone = \"Asia/Kolkata\"\n";
    assert_eq!(
        answer(
            config,
            &[("LANG", "fr_FR.UTF-8"), ("TZ", "America/New_York")]
        ),
        "1.234,5|15. Januar 2024|20:34|de-DE|Asia/Kolkata"
    );
}

#[test]
fn without_them_the_environment_then_en_us_and_utc() {
    let config = "[render]\nscript = \"worker.js\"\nenv_pass = [\"LANG\", \"TZ\"]\n";
    assert_eq!(
        answer(
            config,
            &[("LANG", "fr_FR.UTF-8"), ("TZ", "America/New_York")]
        ),
        "1\u{202f}234,5|15 janvier 2024|10:04|fr-FR|America/New_York"
    );
    let bare = "[render]\nscript = \"worker.js\"\n";
    assert_eq!(
        answer(bare, &[("LANG", "C"), ("TZ", "")]),
        "1,234.5|January 15, 2024|15:04|en-US|UTC"
    );
}
