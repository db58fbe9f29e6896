//! What a handler's result becomes, for both handler shapes: a value that
//! is no answer (undefined, a function, a symbol) is a 500 with one warning
//! per worker for each kind, never a `200 null`.

mod harness;

use harness::{Harness, body};

/// Answers `/undefined`, `/function` and `/symbol` with what they name,
/// directly and through a promise (`/async/...`).
fn results(shape_fetch: bool) -> Harness {
    let pick = r#"
        const kinds = { undefined: undefined, function: () => "a page", symbol: Symbol("page") };
        function pick(path) {
            const kind = path.split("/").pop();
            const v = kinds[kind];
            return path.startsWith("/async/") ? Promise.resolve(v) : v;
        }"#;
    let src = if shape_fetch {
        format!(
            "{pick}\nexport default {{ fetch(request) {{ return pick(new URL(request.url).pathname); }} }};"
        )
    } else {
        format!("{pick}\nexport function handler(req) {{ return pick(req.path); }}")
    };
    Harness::new(&src)
}

fn check(shape_fetch: bool) {
    let mut h = results(shape_fetch);
    let who = if shape_fetch {
        "fetch(request)"
    } else {
        "handler(req)"
    };
    for (kind, what, answer) in [
        ("undefined", "undefined", "no response"),
        ("function", "a function", "a function, not a response"),
        ("symbol", "a symbol", "a symbol, not a response"),
    ] {
        for path in [
            format!("/{kind}"),
            format!("/async/{kind}"),
            format!("/{kind}"),
        ] {
            let r = h.get(&path).unwrap();
            assert_eq!(
                (r.status, body(&r)),
                (500, format!("500 the handler returned {answer}\n")),
                "{who} {path}"
            );
        }
        let warned: Vec<&String> = h
            .logs
            .iter()
            .filter(|l| l.starts_with(&format!("{who} returned {what} for GET /{kind}")))
            .collect();
        assert_eq!(warned.len(), 1, "one warning per worker: {:?}", h.logs);
        assert!(warned[0].contains("answered 500"), "{}", warned[0]);
    }
    assert_eq!(h.logs.len(), 3, "{:?}", h.logs);
}

#[test]
fn a_plain_handler_returning_no_answer_gets_500_and_one_warning_per_kind() {
    check(false);
}

#[test]
fn a_fetch_handler_returning_no_answer_gets_500_and_one_warning_per_kind() {
    check(true);
}
