//! `Intl` in a real worker engine against Node 20: each case in `intl/`
//! runs in Node and in a worker and must print the same lines. Where
//! ICU4X's CLDR and Node 20's ICU differ in data, the case says so and
//! compares what both agree on.

mod harness;

use std::path::Path;

use harness::differ;

fn case(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/intl/{name}.mjs"));
    let want = differ::in_node(&path, None);
    let src = std::fs::read_to_string(&path).unwrap();
    differ::assert_same(name, &want, &differ::in_bext(name, &src, |_| {}));
}

#[test]
fn numbers_and_plurals_answer_as_node_does() {
    case("numbers");
}

#[test]
fn locales_answer_as_node_does() {
    case("locales");
}

#[test]
fn collation_answers_as_node_does() {
    case("collation");
}

#[test]
fn dates_in_zones_answer_as_node_does() {
    case("dates");
}

#[test]
fn relative_times_lists_and_segments_answer_as_node_does() {
    case("text");
}

/// Node 20 has no `Intl.DurationFormat`: the worker's output is checked
/// against `intl/durations.expected`, what ECMA-402's
/// PartitionDurationFormatPattern makes of CLDR's data (unit patterns, unit
/// lists, durationUnit separators), read through once by hand
/// (`BEXT_BLESS=1` rewrites it).
#[test]
fn durations_format_as_ecma402_says() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/intl");
    let src = std::fs::read_to_string(dir.join("durations.mjs")).unwrap();
    let got = differ::in_bext("durations", &src, |_| {});
    let expected = dir.join("durations.expected");
    if std::env::var_os("BEXT_BLESS").is_some() {
        std::fs::write(&expected, &got).unwrap();
    }
    let want = std::fs::read_to_string(&expected).unwrap();
    differ::assert_same("durations", &want, &got);
}

#[test]
fn locale_information_answers_as_node_does() {
    case("locale_info");
}
