use super::*;

fn h(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

#[test]
fn only_get_and_head_without_credentials_are_looked_up() {
    assert_eq!(
        request_key("GET", "/a?x=1", &[], false).as_deref(),
        Some("GET /a?x=1")
    );
    assert_eq!(
        request_key("HEAD", "/a", &[], false).as_deref(),
        Some("HEAD /a")
    );
    assert_eq!(request_key("POST", "/a", &[], false), None);
    let cookie = h(&[("cookie", "sid=1")]);
    let auth = h(&[("authorization", "Bearer x")]);
    assert_eq!(request_key("GET", "/a", &cookie, false), None);
    assert_eq!(request_key("GET", "/a", &auth, false), None);
    assert!(request_key("GET", "/a", &cookie, true).is_some());
}

#[test]
fn s_maxage_and_stale_while_revalidate_give_the_lifetime() {
    let cc = h(&[(
        "cache-control",
        "public, s-maxage=5, stale-while-revalidate=30",
    )]);
    assert_eq!(
        lifetime(200, &cc, None),
        Some(Lifetime {
            fresh: secs(5),
            stale: secs(30)
        })
    );
    // s-maxage wins over the route's ttl; max-age alone is the browser's.
    let cc = h(&[("cache-control", "s-maxage=2")]);
    assert_eq!(lifetime(200, &cc, Some(secs(9))).unwrap().fresh, secs(2));
    let browser = h(&[("cache-control", "public, max-age=60")]);
    assert_eq!(lifetime(200, &browser, None), None);
    assert_eq!(
        lifetime(200, &browser, Some(secs(9))).unwrap().fresh,
        secs(9)
    );
    assert_eq!(lifetime(200, &[], None), None);
    assert_eq!(
        lifetime(200, &h(&[("cache-control", "s-maxage=0")]), None),
        None
    );
}

#[test]
fn private_no_store_set_cookie_and_other_statuses_are_never_stored() {
    let route = Some(secs(5));
    for cc in [
        "private, s-maxage=5",
        "no-store",
        "s-maxage=5, no-cache",
        "PRIVATE",
    ] {
        assert_eq!(
            lifetime(200, &h(&[("cache-control", cc)]), route),
            None,
            "{cc}"
        );
    }
    let cookie = h(&[("cache-control", "s-maxage=5"), ("set-cookie", "sid=1")]);
    assert_eq!(lifetime(200, &cookie, route), None);
    for status in [201, 301, 404, 500] {
        assert_eq!(lifetime(status, &[], route), None, "{status}");
    }
}

#[test]
fn vary_names_are_normalised_and_star_is_never_stored() {
    let v = h(&[
        ("vary", "Accept-Language, accept-encoding"),
        ("Vary", "Accept-Language"),
    ]);
    assert_eq!(
        vary(&v),
        Some(vec![
            "accept-encoding".to_string(),
            "accept-language".to_string()
        ])
    );
    let star = h(&[("vary", "*"), ("cache-control", "s-maxage=5")]);
    assert_eq!(vary(&star), None);
    assert_eq!(lifetime(200, &star, None), None);
    let req = h(&[("accept-language", "fr"), ("x", "y")]);
    let names = vec!["accept-encoding".to_string(), "accept-language".to_string()];
    assert_eq!(
        vary_values(&req, &names),
        vec!["".to_string(), "fr".to_string()]
    );
}

#[test]
fn expiry_and_stale_while_revalidate_follow_the_clock() {
    let life = Lifetime {
        fresh: secs(1),
        stale: secs(10),
    };
    let at = |ms| state(life, Duration::from_millis(ms));
    assert_eq!(at(0), State::Fresh);
    assert_eq!(at(999), State::Fresh);
    assert_eq!(at(1000), State::Stale);
    assert_eq!(at(10_999), State::Stale);
    assert_eq!(at(11_000), State::Gone);
    let no_swr = Lifetime {
        fresh: secs(1),
        stale: Duration::ZERO,
    };
    assert_eq!(state(no_swr, secs(1)), State::Gone);
}

#[test]
fn tags_come_from_either_header() {
    let t = h(&[("cache-tag", "a, b"), ("x-bext-cache-tags", "c,,")]);
    assert_eq!(tags(&t), vec!["a", "b", "c"]);
    assert!(is_internal("Cache-Tag") && !is_internal("etag"));
}
