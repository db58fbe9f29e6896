//! The response cache and the request's origin, attacked from outside as
//! the issue that found them did: a poisoning `Host`, forwarded headers
//! from a peer that is no proxy, a flood of long keys, and a client
//! without `Accept-Encoding` replacing the compressed copy.

use std::time::Duration;

use bext_e2e::{Daemon, Setup, wait_for};

/// A page that writes absolute links from its own URL, as every SSR
/// framework does (canonical link, script URLs), and says it may be shared.
const PAGE: &str = r#"
export default {
  fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/seen") {
      const h = {};
      for (const [k, v] of request.headers) h[k] = v;
      return Response.json({ url: request.url, headers: h });
    }
    const body = `<link rel="canonical" href="${url.origin}${url.pathname}">` +
      `<script src="${url.origin}/static/app.js"></script>` + "x".repeat(2000);
    return new Response(body, {
      headers: { "content-type": "text/html", "cache-control": "public, s-maxage=300" },
    });
  },
};
"#;

fn start(server: &str, pool: &str) -> Daemon {
    let config = format!(
        "[server]\n{server}\n[render]\nscript = \"worker.js\"\njsc_workers = 1\n{pool}\n\
         [render.cache]\nmax_bytes = 1048576\nroutes = [\"^/flood\"]\nttl_ms = 60000\n"
    );
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &[("worker.js", PAGE)],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

fn get(d: &Daemon, path: &str, headers: &[(&str, &str)]) -> bext_e2e::Reply {
    d.request("GET", path, headers, b"")
}

#[test]
fn a_foreign_host_cannot_poison_what_other_visitors_get() {
    let d = start("", "");
    let own = d.addr.to_string();
    // The attacker's request is rendered and stored under its own origin.
    let evil = get(&d, "/", &[("host", "evil.example")]);
    assert_eq!(evil.status, 200);
    assert!(
        evil.body
            .contains("<script src=\"http://evil.example/static/app.js\">")
    );
    assert_eq!(evil.header("x-bext-cache"), Some("miss"));
    // The victim's is not that answer: a miss of its own, then hits.
    for label in ["miss", "hit"] {
        let victim = get(&d, "/", &[("host", &own)]);
        assert_eq!(
            victim.header("x-bext-cache"),
            Some(label),
            "{}",
            victim.body
        );
        assert!(
            victim
                .body
                .contains(&format!("<script src=\"http://{own}/static/app.js\">")),
            "{}",
            victim.body
        );
        assert!(!victim.body.contains("evil.example"));
    }
    // The worker builds https links only when a proxy says so, and the
    // cache keeps that page apart too.
    let https = get(&d, "/", &[("host", &own), ("x-forwarded-proto", "https")]);
    assert_eq!(https.header("x-bext-cache"), Some("miss"));
    assert!(https.body.contains(&format!("https://{own}/static/app.js")));
}

#[test]
fn allowed_hosts_answer_400_to_any_other_host() {
    let d = start("allowed_hosts = [\"127.0.0.1\", \".shop.example\"]", "");
    let evil = get(&d, "/", &[("host", "evil.example")]);
    assert_eq!(evil.status, 400, "{}", evil.body);
    assert!(evil.body.contains("not one this server answers for"));
    let own = d.addr.to_string();
    assert_eq!(get(&d, "/", &[("host", &own)]).status, 200);
    assert_eq!(get(&d, "/", &[("host", "shop.example")]).status, 200);
    assert_eq!(
        get(&d, "/", &[("host", "www.shop.example:8080")]).status,
        200
    );
    assert_eq!(get(&d, "/", &[("host", "shop.example.evil")]).status, 400);
    // An absolute target names the host, whatever Host says.
    let raw = raw_request(
        &d,
        "GET http://evil.example/ HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n",
    );
    assert!(raw.starts_with("HTTP/1.1 400"), "{raw}");
    // The admin paths keep their own rule (admin_hosts).
    assert_eq!(
        get(&d, "/__bext/health", &[("host", "evil.example")]).status,
        200
    );
    // Nothing refused reached the worker.
    let served: u64 = d.get("/__bext/workers").json()[0]["requests_served"]
        .as_u64()
        .unwrap();
    assert_eq!(served, 3);
}

fn raw_request(d: &Daemon, text: &str) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(d.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(text.as_bytes()).unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

#[test]
fn forwarded_headers_reach_the_worker_only_from_a_trusted_proxy() {
    let forged = [
        ("x-forwarded-proto", "https"),
        ("x-forwarded-for", "203.0.113.7"),
        ("x-forwarded-host", "evil.example"),
        ("forwarded", "for=203.0.113.7;proto=https"),
        ("x-real-ip", "203.0.113.7"),
    ];
    // Loopback is no proxy here: the headers go before the worker sees them.
    let d = start("forwarded_allow_ips = [\"10.0.0.0/8\"]", "");
    let seen = get(&d, "/seen", &forged).json();
    assert!(
        seen["url"].as_str().unwrap().starts_with("http://"),
        "{seen}"
    );
    for (name, _) in forged {
        assert!(
            seen["headers"][name].is_null(),
            "{name} reached the worker: {seen}"
        );
    }
    drop(d);
    // The default trusts loopback, as gunicorn's does.
    let d = start("", "");
    let seen = get(&d, "/seen", &forged).json();
    assert!(
        seen["url"].as_str().unwrap().starts_with("https://"),
        "{seen}"
    );
    assert_eq!(seen["headers"]["x-forwarded-for"], "203.0.113.7");
    drop(d);
    let d = start("forwarded_allow_ips = [\"*\"]", "");
    assert_eq!(
        get(&d, "/seen", &forged).json()["headers"]["x-real-ip"],
        "203.0.113.7"
    );
}

fn bextd_rss_kib(d: &Daemon) -> u64 {
    std::fs::read_to_string(format!("/proc/{}/status", d.pid))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

fn metric(d: &Daemon, name: &str) -> u64 {
    let text = d.get("/metrics").body;
    let line = format!("{name}{{pool=\"render\"}} ");
    text.lines()
        .find_map(|l| l.strip_prefix(&line))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {text}"))
}

#[test]
fn a_flood_of_long_keys_stays_within_the_budget() {
    let d = start("", "");
    let warm = format!("/flood?k={}", "w".repeat(1000));
    get(&d, &warm, &[]);
    let before = bextd_rss_kib(&d);
    // 600 small answers under 60 KB URLs: 36 MB of keys if they were
    // stored. Over the key limit, none is.
    let long = "q".repeat(60_000);
    for i in 0..600 {
        let r = get(&d, &format!("/flood?{i}={long}"), &[]);
        assert_eq!(r.status, 200);
        assert_eq!(
            r.header("x-bext-cache"),
            None,
            "a 60 KB key is never stored"
        );
    }
    // 1,000 under 7 KB URLs (14 MB as keys are held): stored, and evicted
    // to stay in the budget, which counts the keys.
    let key = "k".repeat(7_000);
    for i in 0..1_000 {
        let r = get(&d, &format!("/flood?{i}={key}"), &[]);
        assert_eq!(r.header("x-bext-cache"), Some("miss"));
    }
    let bytes = metric(&d, "bext_cache_bytes");
    let entries = metric(&d, "bext_cache_entries");
    assert!(bytes <= 1_048_576, "bext_cache_bytes {bytes}");
    assert!((10..1_000).contains(&entries), "{entries} entries");
    assert!(metric(&d, "bext_cache_evictions_total") > 800);
    let grew = bextd_rss_kib(&d).saturating_sub(before);
    eprintln!("bextd grew by {grew} KiB; the cache holds {bytes} bytes in {entries} entries");
    assert!(grew < 16 * 1024, "bextd grew by {grew} KiB");
}

#[test]
fn a_client_without_accept_encoding_does_not_replace_the_compressed_copy() {
    let d = start("", "compress = true");
    let own = d.addr.to_string();
    let plain = get(&d, "/", &[("host", &own)]);
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.header("vary"), Some("accept-encoding"));
    let gzip = [("host", own.as_str()), ("accept-encoding", "gzip")];
    // Another variant: rendered and compressed, then stored beside it.
    let first = get(&d, "/", &gzip);
    assert_eq!(first.header("content-encoding"), Some("gzip"));
    assert_eq!(first.header("x-bext-cache"), Some("miss"));
    wait_for(
        Duration::from_secs(5),
        "the gzip copy served from the cache",
        || {
            let r = get(&d, "/", &gzip);
            (r.header("x-bext-cache") == Some("hit")).then_some(r)
        },
    );
    let again = get(&d, "/", &[("host", &own)]);
    assert_eq!(again.header("x-bext-cache"), Some("hit"));
    assert_eq!(again.header("content-encoding"), None);
    assert_eq!(again.body, plain.body);
}
