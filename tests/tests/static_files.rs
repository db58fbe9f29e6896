//! `[[static]]`, end to end: files served by the front before the pools'
//! routes, with their headers (type, length, validators, cache control),
//! 304s, HEAD, ranges of a 1 GB sparse file, precompressed siblings by
//! `Accept-Encoding`, traversal refused raw and encoded, symbolic links
//! out of the folder, dotfiles, folders and their index, missing files
//! with and without fallthrough, the counts, and bad entries (exit 78).
//!
//! Requests go over a raw socket, written byte for byte, so that nothing
//! normalizes a path or adds an `Accept-Encoding`.

#[path = "static_files/client.rs"]
mod client;

use std::time::Duration;

use bext_e2e::{Daemon, Setup, run_bextd};
use client::{Raw, raw};

const POOL: &str = r#"
export default {
  fetch(request) {
    return new Response(`pool ${request.method} ${new URL(request.url).pathname}`);
  },
};
"#;

const APP_JS: &str = "console.log('app');\n";
const SECRET: &str = "SECRET outside the folder\n";

fn get(d: &Daemon, target: &str, headers: &[(&str, &str)]) -> Raw {
    raw(d.addr, "GET", target, headers)
}

/// A daemon with a pool and the folder `public/` under the entries of
/// `statics` (TOML `[[static]]` tables).
fn start(statics: &str, files: &[(&str, &str)], symlinks: &[(&str, &str)]) -> Daemon {
    let config = format!("[render]\nscript = \"worker.js\"\njsc_workers = 1\n\n{statics}");
    let mut all = vec![
        ("worker.js", POOL),
        ("public/app.js", APP_JS),
        ("secret.txt", SECRET),
    ];
    all.extend_from_slice(files);
    let d = Daemon::start_with(Setup {
        config: &config,
        files: &all,
        symlinks,
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

const ASSETS: &str = "[[static]]\nprefix = \"/assets\"\ndir = \"public\"\n";

#[test]
fn a_file_carries_its_type_length_validators_and_cache_control() {
    let d = start(
        "[[static]]\nprefix = \"/assets\"\ndir = \"public\"\nmax_age_s = 3600\nimmutable = true\n\
         [[static]]\nprefix = \"/plain\"\ndir = \"public\"\n",
        &[],
        &[],
    );
    let r = get(&d, "/assets/app.js", &[]);
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(r.text(), APP_JS);
    assert!(
        r.header("content-type").unwrap().contains("javascript"),
        "{r:?}"
    );
    assert_eq!(
        r.header("content-length"),
        Some(APP_JS.len().to_string().as_str())
    );
    assert_eq!(r.header("accept-ranges"), Some("bytes"));
    assert_eq!(
        r.header("cache-control"),
        Some("public, max-age=3600, immutable")
    );
    let etag = r.header("etag").unwrap();
    assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");
    assert!(r.header("last-modified").unwrap().ends_with(" GMT"));
    // No sibling: nothing varies.
    assert_eq!(r.header("vary"), None);
    // Without max_age_s: revalidate every time.
    assert_eq!(
        get(&d, "/plain/app.js", &[]).header("cache-control"),
        Some("no-cache")
    );
    // Paths no entry takes go to the pools.
    assert_eq!(get(&d, "/other", &[]).text(), "pool GET /other");
    assert_eq!(
        get(&d, "/assetsx/app.js", &[]).text(),
        "pool GET /assetsx/app.js"
    );
}

#[test]
fn conditions_answer_304_without_a_body() {
    let d = start(ASSETS, &[], &[]);
    let first = get(&d, "/assets/app.js", &[]);
    let etag = first.header("etag").unwrap().to_owned();
    let date = first.header("last-modified").unwrap().to_owned();
    let r = get(&d, "/assets/app.js", &[("If-None-Match", &etag)]);
    assert_eq!(r.status, 304, "{r:?}");
    assert!(r.body.is_empty());
    assert_eq!(r.header("etag"), Some(etag.as_str()));
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    // A list, and the weak form, match too.
    let list = format!("\"nope\", W/{etag}");
    assert_eq!(
        get(&d, "/assets/app.js", &[("If-None-Match", &list)]).status,
        304
    );
    assert_eq!(
        get(&d, "/assets/app.js", &[("If-None-Match", "*")]).status,
        304
    );
    // By date.
    assert_eq!(
        get(&d, "/assets/app.js", &[("If-Modified-Since", &date)]).status,
        304
    );
    let old = "Sat, 01 Jan 2000 00:00:00 GMT";
    let r = get(&d, "/assets/app.js", &[("If-Modified-Since", old)]);
    assert_eq!((r.status, r.text().as_str()), (200, APP_JS));
    // If-None-Match decides when both are sent (RFC 9110 §13.2.2).
    let r = get(
        &d,
        "/assets/app.js",
        &[("If-None-Match", "\"other\""), ("If-Modified-Since", &date)],
    );
    assert_eq!(r.status, 200);
    // A changed file has another ETag, once the open-file cache looks
    // again (within a second; static_files_limits.rs).
    std::fs::write(d.dir.path().join("public/app.js"), "changed, longer\n").unwrap();
    let r = bext_e2e::wait_for(Duration::from_secs(3), "the changed file", || {
        let r = get(&d, "/assets/app.js", &[("If-None-Match", &etag)]);
        (r.status != 304).then_some(r)
    });
    assert_eq!((r.status, r.text().as_str()), (200, "changed, longer\n"));
    assert_ne!(r.header("etag"), Some(etag.as_str()));
}

#[test]
fn head_has_the_headers_and_no_body() {
    let d = start(ASSETS, &[], &[]);
    let r = raw(d.addr, "HEAD", "/assets/app.js", &[]);
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-length"),
        Some(APP_JS.len().to_string().as_str())
    );
    assert!(r.header("etag").is_some());
    assert!(r.body.is_empty(), "{r:?}");
}

#[test]
fn a_one_gigabyte_sparse_file_is_read_by_ranges() {
    let d = start(ASSETS, &[], &[]);
    const SIZE: u64 = 1 << 30;
    let path = d.dir.path().join("public/big.bin");
    {
        use std::os::unix::fs::FileExt;
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(SIZE).unwrap();
        f.write_all_at(b"FIRST", 0).unwrap();
        f.write_all_at(b"MIDDLE", SIZE / 2).unwrap();
        f.write_all_at(b"LAST", SIZE - 4).unwrap();
    }
    let head = raw(d.addr, "HEAD", "/assets/big.bin", &[]);
    assert_eq!(
        head.header("content-length"),
        Some(SIZE.to_string().as_str())
    );
    let range = |spec: &str| get(&d, "/assets/big.bin", &[("Range", spec)]);
    let r = range("bytes=0-4");
    assert_eq!(r.status, 206);
    assert_eq!(r.body, b"FIRST");
    assert_eq!(r.header("content-range"), Some("bytes 0-4/1073741824"));
    let mid = format!("bytes={}-{}", SIZE / 2, SIZE / 2 + 5);
    let r = range(&mid);
    assert_eq!((r.status, r.body.as_slice()), (206, &b"MIDDLE"[..]));
    let r = range(&format!("bytes={}-", SIZE - 4));
    assert_eq!((r.status, r.body.as_slice()), (206, &b"LAST"[..]));
    assert_eq!(r.header("content-length"), Some("4"));
    let r = range("bytes=-4");
    assert_eq!((r.status, r.body.as_slice()), (206, &b"LAST"[..]));
    assert_eq!(
        r.header("content-range"),
        Some("bytes 1073741820-1073741823/1073741824")
    );
    // A megabyte from the middle, streamed.
    let r = range(&format!("bytes={}-{}", SIZE / 2, SIZE / 2 + (1 << 20) - 1));
    assert_eq!(r.body.len(), 1 << 20);
    assert_eq!(&r.body[..6], b"MIDDLE");
    let r = range("bytes=2000000000-");
    assert_eq!(r.status, 416, "{r:?}");
    assert_eq!(r.header("content-range"), Some("bytes */1073741824"));
    // If-Range naming another version: the whole file (HEAD, to keep it short).
    let r = raw(
        d.addr,
        "HEAD",
        "/assets/big.bin",
        &[("Range", "bytes=0-4"), ("If-Range", "\"another\"")],
    );
    assert_eq!(r.status, 200);
    let etag = head.header("etag").unwrap();
    let r = raw(
        d.addr,
        "HEAD",
        "/assets/big.bin",
        &[("Range", "bytes=0-4"), ("If-Range", etag)],
    );
    assert_eq!(r.status, 206);
}

#[test]
fn precompressed_siblings_are_chosen_by_accept_encoding() {
    let d = start(
        ASSETS,
        &[
            ("public/app.css", "body{}"),
            ("public/app.css.br", "BR"),
            ("public/app.css.zst", "ZSTD"),
            ("public/app.css.gz", "GZIP"),
            ("public/only.txt", "only"),
            ("public/only.txt.gz", "ONLY-GZ"),
        ],
        &[],
    );
    let with = |ae: &str| get(&d, "/assets/app.css", &[("Accept-Encoding", ae)]);
    let pick = |r: &Raw| (r.text(), r.header("content-encoding").map(str::to_owned));
    let r = with("gzip, deflate, br, zstd");
    assert_eq!(pick(&r), ("BR".into(), Some("br".into())));
    assert_eq!(r.header("vary"), Some("accept-encoding"));
    assert_eq!(r.header("content-type"), Some("text/css"));
    assert_eq!(r.header("content-length"), Some("2"));
    assert_eq!(pick(&with("gzip")), ("GZIP".into(), Some("gzip".into())));
    assert_eq!(
        pick(&with("zstd;q=1, br;q=0.5")),
        ("ZSTD".into(), Some("zstd".into()))
    );
    assert_eq!(
        pick(&with("br;q=0, gzip")),
        ("GZIP".into(), Some("gzip".into()))
    );
    assert_eq!(pick(&with("*")), ("BR".into(), Some("br".into())));
    assert_eq!(pick(&with("identity")), ("body{}".into(), None));
    let plain = get(&d, "/assets/app.css", &[]);
    assert_eq!(pick(&plain), ("body{}".into(), None));
    assert_eq!(plain.header("vary"), Some("accept-encoding"));
    // Each representation its own ETag; a 304 for the one held.
    let br = with("br");
    assert_ne!(br.header("etag"), plain.header("etag"));
    let etag = br.header("etag").unwrap();
    let r = get(
        &d,
        "/assets/app.css",
        &[("Accept-Encoding", "br"), ("If-None-Match", etag)],
    );
    assert_eq!(r.status, 304);
    let r = get(
        &d,
        "/assets/app.css",
        &[("Accept-Encoding", "gzip"), ("If-None-Match", etag)],
    );
    assert_eq!(r.status, 200);
    // Only the siblings there are.
    let r = get(&d, "/assets/only.txt", &[("Accept-Encoding", "br, zstd")]);
    assert_eq!(pick(&r), ("only".into(), None));
    let r = get(&d, "/assets/only.txt", &[("Accept-Encoding", "br, gzip")]);
    assert_eq!(pick(&r), ("ONLY-GZ".into(), Some("gzip".into())));
    // A range of the chosen representation.
    let r = get(
        &d,
        "/assets/app.css",
        &[("Accept-Encoding", "zstd"), ("Range", "bytes=1-2")],
    );
    assert_eq!((r.status, r.text().as_str()), (206, "ST"));
}

#[test]
fn paths_that_leave_the_folder_are_refused_raw_and_encoded() {
    let d = start(ASSETS, &[("public/sub/index.html", "sub")], &[]);
    for target in [
        "/assets/../secret.txt",
        "/assets/sub/../../secret.txt",
        "/assets/%2e%2e/secret.txt",
        "/assets/%2E%2E/secret.txt",
        "/assets/.%2e/secret.txt",
        "/assets/..%2fsecret.txt",
        "/assets/%2e%2e%2fsecret.txt",
        "/assets/..%5csecret.txt",
        "/assets/..%5Csecret.txt",
        "/assets/app.js%00.png",
        "/assets/./app.js",
        "/assets/sub%2findex.html",
    ] {
        let r = get(&d, target, &[]);
        assert_eq!(r.status, 400, "{target}: {r:?}");
        assert!(!r.text().contains("SECRET"), "{target}");
    }
    // A raw backslash is no path separator here, and no way out either.
    let r = get(&d, "/assets/..\\secret.txt", &[]);
    assert_eq!(r.status, 400, "{r:?}");
    // Encoded bytes that are no dot or slash still name files.
    std::fs::write(d.dir.path().join("public/a b.txt"), "spaced").unwrap();
    assert_eq!(get(&d, "/assets/a%20b.txt", &[]).text(), "spaced");
}

#[test]
fn symbolic_links_out_of_the_folder_are_refused_unless_followed() {
    let d = start(
        "[[static]]\nprefix = \"/assets\"\ndir = \"public\"\n\
         [[static]]\nprefix = \"/follow\"\ndir = \"public\"\nfollow_symlinks = true\n",
        &[],
        &[
            ("public/out.txt", "../secret.txt"),
            ("public/in.js", "app.js"),
            ("public/app.js.gz", "../secret.txt"),
        ],
    );
    let r = get(&d, "/assets/out.txt", &[]);
    assert_eq!(r.status, 403, "{r:?}");
    assert!(!r.text().contains("SECRET"));
    assert_eq!(get(&d, "/assets/in.js", &[]).text(), APP_JS);
    // A sibling that leaves the folder is not one.
    let r = get(&d, "/assets/app.js", &[("Accept-Encoding", "gzip")]);
    assert_eq!(
        (r.text().as_str(), r.header("content-encoding")),
        (APP_JS, None)
    );
    assert_eq!(get(&d, "/follow/out.txt", &[]).text(), SECRET);
}

#[test]
fn dotfiles_are_hidden_unless_asked() {
    let d = start(
        "[[static]]\nprefix = \"/assets\"\ndir = \"public\"\n\
         [[static]]\nprefix = \"/dots\"\ndir = \"public\"\ndotfiles = true\n",
        &[("public/.env", "KEY=1"), ("public/.git/config", "[core]")],
        &[],
    );
    for target in [
        "/assets/.env",
        "/assets/.git/config",
        "/assets/%2egit/config",
    ] {
        let r = get(&d, target, &[]);
        assert!(r.status == 404 || r.status == 400, "{target}: {r:?}");
        assert!(!r.text().contains("KEY") && !r.text().contains("core"));
    }
    assert_eq!(get(&d, "/dots/.env", &[]).text(), "KEY=1");
}

#[test]
fn folders_serve_their_index_and_never_a_listing() {
    let d = start(
        "[[static]]\nprefix = \"/assets\"\ndir = \"public\"\n\
         [[static]]\nprefix = \"/bare\"\ndir = \"public\"\nindex = \"\"\n\
         [[static]]\nprefix = \"/\"\ndir = \"public\"\nindex = \"home.htm\"\nfallthrough = true\n",
        &[
            ("public/sub/index.html", "<p>sub</p>"),
            ("public/empty/x.txt", "x"),
            ("public/home.htm", "home"),
        ],
        &[],
    );
    let r = get(&d, "/assets/sub?x=1", &[]);
    assert_eq!(r.status, 301);
    assert_eq!(r.header("location"), Some("/assets/sub/?x=1"));
    let r = get(&d, "/assets/sub/", &[]);
    assert_eq!((r.status, r.text().as_str()), (200, "<p>sub</p>"));
    assert_eq!(r.header("content-type"), Some("text/html"));
    let r = get(&d, "/assets/empty/", &[]);
    assert_eq!(r.status, 404, "{r:?}");
    assert!(!r.text().contains("x.txt"));
    assert_eq!(get(&d, "/bare/sub/", &[]).status, 404);
    // The root prefix: its own index name.
    assert_eq!(get(&d, "/", &[]).text(), "home");
    assert_eq!(get(&d, "/app.js", &[]).text(), APP_JS);
}

#[test]
fn a_missing_file_falls_through_to_the_pools_only_when_asked() {
    let d = start(
        "[[static]]\nprefix = \"/assets\"\ndir = \"public\"\n\
         [[static]]\nprefix = \"/\"\ndir = \"public\"\nfallthrough = true\n",
        &[],
        &[],
    );
    let r = get(&d, "/assets/nope.js", &[]);
    assert_eq!(r.status, 404);
    assert!(!r.text().contains("pool"), "{r:?}");
    assert_eq!(
        raw(d.addr, "POST", "/assets/app.js", &[("Content-Length", "0")]).status,
        405
    );
    // SPA routes, and any method but GET and HEAD, reach the pool.
    assert_eq!(get(&d, "/users/7", &[]).text(), "pool GET /users/7");
    assert_eq!(get(&d, "/app.js", &[]).text(), APP_JS);
    let r = raw(d.addr, "POST", "/app.js", &[("Content-Length", "0")]);
    assert_eq!(r.text(), "pool POST /app.js");
}

#[test]
fn each_entry_is_counted_in_metrics_the_status_page_and_the_log() {
    let d = start(ASSETS, &[], &[]);
    let etag = get(&d, "/assets/app.js", &[])
        .header("etag")
        .unwrap()
        .to_owned();
    get(&d, "/assets/app.js", &[("If-None-Match", &etag)]);
    get(&d, "/assets/nope", &[]);
    let metrics = d.get("/metrics").body;
    for want in [
        "bext_static_requests_total{prefix=\"/assets\"} 3",
        &format!(
            "bext_static_bytes_total{{prefix=\"/assets\"}} {}",
            APP_JS.len()
        ),
        "bext_static_not_modified_total{prefix=\"/assets\"} 1",
    ] {
        assert!(metrics.contains(want), "{want} not in:\n{metrics}");
    }
    let page = d.get("/__bext/").body;
    assert!(
        page.contains("static <code>/assets</code> · requests <b>3</b>"),
        "{page}"
    );
    d.wait_log("served_by=\"static\"", Duration::from_secs(5));
}

/// `config` refused at start and by `--check-config`, exit 78, with `want`.
fn bad_config(config: &str, want: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("worker.js"), POOL).unwrap();
    std::fs::create_dir(dir.path().join("public")).unwrap();
    std::fs::write(dir.path().join("bext.toml"), config).unwrap();
    for args in [
        &["--config", "bext.toml"][..],
        &["--check-config", "--config", "bext.toml"],
    ] {
        let (code, _, stderr) = run_bextd(args, dir.path());
        assert_eq!(code, 78, "{args:?}: {stderr}");
        for w in want {
            assert!(
                stderr.contains(w),
                "{args:?}: stderr lacks {w:?}:\n{stderr}"
            );
        }
    }
}

#[test]
fn bad_entries_exit_78_naming_file_key_line_and_rule() {
    let pool = "[render]\nscript = \"worker.js\"\n";
    bad_config(
        &format!("{pool}[[static]]\nprefix = \"/a\"\ndir = \"nowhere\"\n"),
        &[
            "bext.toml:5",
            "static.0.dir = \"nowhere\"",
            "must be a folder that exists",
        ],
    );
    bad_config(
        &format!(
            "{pool}[[static]]\nprefix = \"/a\"\ndir = \"public\"\n[[static]]\nprefix = \"assets\"\ndir = \"public\"\n"
        ),
        &[
            "bext.toml:7",
            "static.1.prefix = \"assets\"",
            "must be a URL path starting with `/`",
        ],
    );
    bad_config(
        &format!("{pool}[[static]]\nprefix = \"/a/../b\"\ndir = \"public\"\n"),
        &["static.0.prefix"],
    );
    bad_config(
        &format!("{pool}[[static]]\nprefix = \"/a\"\ndir = \"public\"\nindex = \"a/b.html\"\n"),
        &["bext.toml:6", "static.0.index", "must be a file name"],
    );
    bad_config(
        &format!("{pool}[[static]]\nprefix = \"/a\"\ndir = \"public\"\nmax_age_s = -1\n"),
        &[
            "bext.toml:6",
            "static.0.max_age_s = -1",
            "must be a whole number of seconds",
        ],
    );
    bad_config(
        &format!("{pool}[[static]]\nprefix = \"/a\"\ndir = \"public\"\nfallthrogh = true\n"),
        &[
            "bext.toml:6",
            "static.0.fallthrogh",
            "did you mean `fallthrough`?",
        ],
    );
    bad_config(
        &format!("{pool}[static]\nprefix = \"/a\"\n"),
        &["static", "must be an array of tables"],
    );
}
