use super::*;

/// Values of `traceparent`, of `tracestate`, what is kept, and why.
type CheckCase<'a> = (Vec<Option<&'a str>>, Vec<Option<&'a str>>, Checked, &'a str);
/// A request's headers, what they become (`None`: unchanged), and why.
type CleanCase<'a> = (Headers, Option<Headers>, &'a str);
type Headers = Vec<(String, String)>;

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT: &str = "00f067aa0ba902b7";

fn tp(version: &str, trace: &str, parent: &str, flags: &str) -> String {
    format!("{version}-{trace}-{parent}-{flags}")
}

#[test]
fn traceparents_by_the_specification() {
    let zeros32 = "0".repeat(32);
    let zeros16 = "0".repeat(16);
    let cases: Vec<(String, bool, &str)> = vec![
        (tp("00", TRACE, PARENT, "01"), true, "sampled"),
        (tp("00", TRACE, PARENT, "00"), true, "unsampled"),
        (tp("00", TRACE, PARENT, "ff"), true, "unknown flags kept"),
        (tp("01", TRACE, PARENT, "01"), true, "a later version"),
        (
            format!("{}-what-comes-next", tp("cc", TRACE, PARENT, "01")),
            true,
            "a later version with more fields",
        ),
        (
            format!("{}x", tp("cc", TRACE, PARENT, "01")),
            false,
            "a later version, no dash after the flags",
        ),
        (
            format!("{}-x", tp("00", TRACE, PARENT, "01")),
            false,
            "version 00 longer than 55",
        ),
        (tp("ff", TRACE, PARENT, "01"), false, "version ff"),
        (tp("0g", TRACE, PARENT, "01"), false, "version not hex"),
        (tp("0A", TRACE, PARENT, "01"), false, "version upper case"),
        (tp("00", &zeros32, PARENT, "01"), false, "zero trace id"),
        (tp("00", TRACE, &zeros16, "01"), false, "zero parent id"),
        (
            tp("00", &TRACE.to_uppercase(), PARENT, "01"),
            false,
            "upper-case trace id",
        ),
        (
            tp("00", TRACE, &PARENT.to_uppercase(), "01"),
            false,
            "upper-case parent id",
        ),
        (tp("00", &TRACE[1..], PARENT, "01"), false, "short trace id"),
        (
            tp("00", &format!("{TRACE}0"), &PARENT[1..], "01"),
            false,
            "fields shifted",
        ),
        (tp("00", TRACE, PARENT, "0x"), false, "flags not hex"),
        (tp("00", TRACE, PARENT, "1"), false, "one flag digit"),
        (
            tp("00", TRACE, PARENT, "01").replace('-', "_"),
            false,
            "wrong separator",
        ),
        (
            format!(" {}", tp("00", TRACE, PARENT, "01")),
            false,
            "a space before",
        ),
        (String::new(), false, "empty"),
        ("garbage".into(), false, "garbage"),
        (
            format!("00-{}-{PARENT}-01", "é".repeat(16)),
            false,
            "not ASCII",
        ),
    ];
    for (value, ok, why) in cases {
        assert_eq!(traceparent_ok(&value), ok, "{why}: {value:?}");
    }
}

#[test]
fn tracestates_by_the_specification() {
    let members = |n: usize| {
        (0..n)
            .map(|i| format!("k{i}=v"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let cases: Vec<(String, bool, &str)> = vec![
        ("congo=t61rcWkgMzE".into(), true, "one member"),
        (
            "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE".into(),
            true,
            "two",
        ),
        ("rojo=1 , \tcongo=2".into(), true, "spaces and tabs around"),
        ("rojo=1,,congo=2".into(), true, "an empty member"),
        ("a=b c".into(), true, "a space inside a value"),
        ("a= b".into(), true, "a value may begin with a space"),
        ("fw529a3039@dt=x".into(), true, "a multi-tenant key"),
        (
            "0tenant@sys=x".into(),
            true,
            "a tenant id may begin with a digit",
        ),
        ("a_-*/9=x".into(), true, "every key character"),
        (
            "a=!\"#$%&'()*+-./:;<>?@[]^_`{|}~".into(),
            true,
            "every value punctuation",
        ),
        (members(32), true, "32 members"),
        (members(33), false, "33 members"),
        ("Rojo=1".into(), false, "upper-case key"),
        (
            "1rojo=1".into(),
            false,
            "a simple key beginning with a digit",
        ),
        ("rojo".into(), false, "no ="),
        ("rojo=".into(), false, "empty value"),
        ("=1".into(), false, "empty key"),
        ("rojo=a=b".into(), false, "= in a value"),
        ("rojo=1,rojo=2".into(), false, "a key twice"),
        ("rojo=é".into(), false, "not ASCII"),
        ("rojo=a\u{7f}".into(), false, "a control character"),
        ("tenant@=x".into(), false, "empty system id"),
        ("tenant@Sys=x".into(), false, "upper-case system id"),
        (
            format!("t@{}=x", "s".repeat(15)),
            false,
            "system id over 14",
        ),
        (
            format!("a={}", "v".repeat(256)),
            true,
            "a 256-character value",
        ),
        (
            format!("a={}", "v".repeat(257)),
            false,
            "a 257-character value",
        ),
        (
            format!("{}=v", "k".repeat(257)),
            false,
            "a 257-character key",
        ),
        (
            format!("a={},b={}", "v".repeat(255), "w".repeat(255)),
            false,
            "over 512 characters",
        ),
    ];
    for (value, ok, why) in cases {
        assert_eq!(tracestate_ok(&value), ok, "{why}: {value:?}");
    }
}

#[test]
fn a_broken_traceparent_takes_the_tracestate_with_it() {
    let good = tp("00", TRACE, PARENT, "01");
    let bad = tp("00", &"0".repeat(32), PARENT, "01");
    let both = |tp: Option<&str>, ts: Option<&str>| Checked {
        traceparent: tp.map(str::to_owned),
        tracestate: ts.map(str::to_owned),
    };
    let cases: Vec<CheckCase> = vec![
        (vec![], vec![], both(None, None), "none"),
        (
            vec![Some(&good)],
            vec![],
            both(Some(&good), None),
            "traceparent alone",
        ),
        (
            vec![Some(&good)],
            vec![Some("a=1")],
            both(Some(&good), Some("a=1")),
            "both valid",
        ),
        (
            vec![Some(&bad)],
            vec![Some("a=1")],
            both(None, None),
            "a broken traceparent",
        ),
        (
            vec![],
            vec![Some("a=1")],
            both(None, None),
            "tracestate alone",
        ),
        (
            vec![Some(&good), Some(&good)],
            vec![Some("a=1")],
            both(None, None),
            "two traceparents",
        ),
        (vec![None], vec![], both(None, None), "traceparent not text"),
        (
            vec![Some(&good)],
            vec![Some("A=1")],
            both(Some(&good), None),
            "a broken tracestate",
        ),
        (
            vec![Some(&good)],
            vec![Some("a=1"), Some("b=2")],
            both(Some(&good), Some("a=1,b=2")),
            "two tracestates are one list",
        ),
        (
            vec![Some(&good)],
            vec![Some("a=1"), Some("a=2")],
            both(Some(&good), None),
            "one key in two tracestates",
        ),
        (
            vec![Some(&good)],
            vec![Some("a=1"), None],
            both(Some(&good), None),
            "a tracestate not text",
        ),
        (
            vec![Some(&good)],
            vec![Some(" , ")],
            both(Some(&good), None),
            "an empty list",
        ),
    ];
    for (tps, tss, want, why) in cases {
        assert_eq!(check(&tps, &tss), want, "{why}");
    }
}

#[test]
fn a_request_keeps_its_headers_unless_its_context_is_broken() {
    let good = tp("00", TRACE, PARENT, "01");
    let bad = tp("00", TRACE, &"0".repeat(16), "01");
    let h = |pairs: &[(&str, &str)]| -> Headers {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    };
    let cases: Vec<CleanCase> = vec![
        (h(&[("accept", "*/*")]), None, "no trace header"),
        (
            h(&[("traceparent", &good), ("tracestate", "a=1"), ("x", "y")]),
            None,
            "valid",
        ),
        (
            h(&[("traceparent", &bad), ("tracestate", "a=1"), ("x", "y")]),
            Some(h(&[("x", "y")])),
            "a broken traceparent",
        ),
        (
            h(&[
                ("tracestate", "a=1,B=2"),
                ("traceparent", &good),
                ("x", "y"),
            ]),
            Some(h(&[("x", "y"), ("traceparent", &good)])),
            "a broken tracestate",
        ),
        (
            h(&[
                ("traceparent", &good),
                ("tracestate", "a=1"),
                ("tracestate", "b=2"),
            ]),
            Some(h(&[("traceparent", &good), ("tracestate", "a=1,b=2")])),
            "two tracestates joined",
        ),
        (
            h(&[("tracestate", "a=1"), ("x", "y")]),
            Some(h(&[("x", "y")])),
            "a tracestate without a traceparent",
        ),
    ];
    for (headers, want, why) in cases {
        assert_eq!(clean(&headers), want, "{why}");
    }
}
