use super::*;

fn keep(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| (*n).to_owned()).collect()
}

#[test]
fn query_values_are_redacted_but_the_kept_ones() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("token=secret&page=2", &[], "token=REDACTED&page=REDACTED"),
        ("token=secret&page=2", &["page"], "token=REDACTED&page=2"),
        (
            "token=secret&page=2",
            &["page", "token"],
            "token=secret&page=2",
        ),
        ("page=2&page=3", &["page"], "page=2&page=3"),
        ("q=a%20b&sig=x%3Dy", &["q"], "q=a%20b&sig=REDACTED"),
        ("flag&x=1", &[], "flag&x=REDACTED"),
        ("empty=&x=", &[], "empty=&x="),
        ("a=b=c", &[], "a=REDACTED"),
        ("", &[], ""),
        ("&&x=1&", &[], "&&x=REDACTED&"),
        ("pag%65=2&so+rt=x", &["page", "so rt"], "pag%65=2&so+rt=x"),
        ("Page=2", &["page"], "Page=REDACTED"),
        ("bad%zz=1&%=2", &["bad%zz", "%"], "bad%zz=1&%=2"),
        ("p%2=1", &["p%2"], "p%2=1"),
    ];
    for (q, kept, want) in cases {
        assert_eq!(query(q, &keep(kept)), *want, "{q:?} keeping {kept:?}");
    }
}

#[test]
fn a_query_with_nothing_to_hide_is_not_copied() {
    for q in ["", "flag", "page=2", "a=&b"] {
        assert!(
            matches!(query(q, &keep(&["page"])), Cow::Borrowed(_)),
            "{q:?}"
        );
    }
}

#[test]
fn full_urls_lose_their_credentials_and_query_values() {
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "https://api.example/v1?token=secret&page=2",
            &["page"],
            "https://api.example/v1?token=REDACTED&page=2",
        ),
        (
            "https://user:pass@api.example/v1",
            &[],
            "https://REDACTED:REDACTED@api.example/v1",
        ),
        (
            "https://user@api.example/",
            &[],
            "https://REDACTED@api.example/",
        ),
        (
            "https://u:p@h:8443?k=v#frag",
            &[],
            "https://REDACTED:REDACTED@h:8443?k=REDACTED#frag",
        ),
        (
            "http://u:p%40x@h/path@not-userinfo?a=1",
            &["a"],
            "http://REDACTED:REDACTED@h/path@not-userinfo?a=1",
        ),
        ("http://h/p#frag?x=1", &[], "http://h/p#frag?x=1"),
        ("http://h/p?", &[], "http://h/p?"),
        ("/relative?token=x", &[], "/relative?token=REDACTED"),
        ("http://h/mail@box", &[], "http://h/mail@box"),
    ];
    for (url, kept, want) in cases {
        assert_eq!(
            url_full(url, &keep(kept)),
            *want,
            "{url:?} keeping {kept:?}"
        );
    }
    assert!(matches!(
        url_full("https://h/p?page=1#x", &keep(&["page"])),
        Cow::Borrowed(_)
    ));
}
