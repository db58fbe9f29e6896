//! The locale-taking methods keep the formatter they make when called
//! without options: `x.toLocaleString("de-DE")`, `a.localeCompare(b,
//! "sv")`, `d.toLocaleDateString("en-US")` in a loop cost a format, not a
//! constructor each (as in V8). With options each call reads them, in the
//! spec's order, and asks for its formatter (built once all the same).

mod harness;

use bext_worker::intl::formatters_asked;
use harness::{Harness, body};

const SCRIPT: &str = r#"
const day = 86400000;
function each(n, options) {
  let sink = 0;
  for (let i = 0; i < n; i++) {
    sink += (i * 1.5).toLocaleString("de-DE", options).length;
    sink += (i * 1.5).toLocaleString(undefined, options).length;
    sink += BigInt(i).toLocaleString("en", options).length;
    sink += "ä".localeCompare("z" + i, "sv", options);
    sink += new Date(i * day).toLocaleString("en-US", options).length;
    sink += new Date(i * day).toLocaleDateString("fr", options).length;
    sink += new Date(i * day).toLocaleTimeString(undefined, options).length;
  }
  return sink;
}
export function handler(req) {
  const url = new URL(req.url, "http://x");
  const n = Number(url.searchParams.get("n"));
  const options = url.searchParams.has("options") ? { numeric: true, hour12: false, minimumIntegerDigits: 2 } : undefined;
  return { status: 200, body: String(each(n, options)) };
}
"#;

fn asked_by(h: &mut Harness, url: &str) -> u64 {
    let before = formatters_asked();
    let r = h.get(url).unwrap();
    assert_eq!(r.status, 200, "{}", body(&r));
    formatters_asked() - before
}

#[test]
fn locale_methods_keep_the_formatters_they_make_without_options() {
    let mut h = Harness::new(SCRIPT);
    // The first calls make the seven formatters (and load Intl).
    assert!(asked_by(&mut h, "/?n=1") >= 7);
    assert_eq!(
        asked_by(&mut h, "/?n=1000"),
        0,
        "a formatter asked for per call"
    );
    // With options, every call reads them and asks (control: the count
    // sees the calls).
    assert_eq!(asked_by(&mut h, "/?n=10&options"), 70);
}
