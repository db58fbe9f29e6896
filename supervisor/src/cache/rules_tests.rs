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
    let shared = Keying {
        shared_across_hosts: true,
        ..Keying::default()
    };
    let with = Keying {
        with_credentials: true,
        ..Keying::default()
    };
    assert_eq!(
        request_key("GET", "/a?x=1", &[], shared).as_deref(),
        Some("GET /a?x=1")
    );
    assert_eq!(
        request_key("HEAD", "/a", &[], shared).as_deref(),
        Some("HEAD /a")
    );
    assert_eq!(request_key("POST", "/a", &[], shared), None);
    let cookie = h(&[("cookie", "sid=1")]);
    let auth = h(&[("authorization", "Bearer x")]);
    assert_eq!(request_key("GET", "/a", &cookie, Keying::default()), None);
    assert_eq!(request_key("GET", "/a", &auth, Keying::default()), None);
    assert!(request_key("GET", "/a", &cookie, with).is_some());
}

#[test]
fn the_key_holds_the_scheme_and_host_the_worker_builds_its_url_from() {
    let k = |headers: &[(&str, &str)]| request_key("GET", "/p?q=1", &h(headers), Keying::default());
    let site = k(&[("host", "shop.example")]);
    assert_eq!(site.as_deref(), Some("GET http://shop.example/p?q=1"));
    // A poisoning request's Host is a key of its own.
    assert_ne!(k(&[("host", "evil.example")]), site);
    // Host names are case-insensitive; ports are part of the origin.
    assert_eq!(k(&[("host", "Shop.Example")]), site);
    assert_ne!(k(&[("host", "shop.example:8080")]), site);
    // What the worker reads as https is another origin.
    let https = k(&[("host", "shop.example"), ("x-forwarded-proto", "HTTPS")]);
    assert_eq!(https.as_deref(), Some("GET https://shop.example/p?q=1"));
    assert_eq!(
        k(&[("host", "shop.example"), ("x-forwarded-proto", "gopher")]),
        site
    );
    // Shared across hosts by the pool's rule: one key for all.
    let shared = Keying {
        shared_across_hosts: true,
        ..Keying::default()
    };
    let one = |host| request_key("GET", "/p", &h(&[("host", host)]), shared);
    assert_eq!(one("a.example"), one("b.example"));
}

#[test]
fn a_key_over_the_limit_is_never_stored() {
    let host = h(&[("host", "shop.example")]);
    let long = format!("/p?q={}", "x".repeat(MAX_KEY_BYTES));
    assert_eq!(request_key("GET", &long, &host, Keying::default()), None);
    let fits = format!("/p?q={}", "x".repeat(MAX_KEY_BYTES - 100));
    assert!(request_key("GET", &fits, &host, Keying::default()).is_some());
}

#[test]
fn a_keys_path_is_found_with_or_without_its_origin() {
    assert_eq!(key_path("GET http://h.example:3000/a/b?x=1"), "/a/b");
    assert_eq!(key_path("GET https://h.example"), "/");
    assert_eq!(key_path("HEAD /a/b?x=1"), "/a/b");
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
