//! `[[static]]` with `compress = true`, end to end: a text file without
//! precompressed siblings is answered br or gzip by `Accept-Encoding`
//! (the bytes decode to the file), with `Vary`, its own ETag and 304, and
//! a Content-Length of what is sent, for a small file held in memory and a
//! larger one read from disk; a range, an image, a small file, zstd alone
//! and an entry without the key get the file as it is; a precompressed
//! sibling wins; a file changed on disk is compressed again.

#[path = "static_files/client.rs"]
mod client;

use std::io::Read as _;
use std::time::Duration;

use bext_e2e::{Daemon, Setup, poll};
use client::{Raw, raw};

const POOL: &str = "export default { fetch() { return new Response('pool'); } };";

/// CSS of about `n` lines: compresses well.
fn css(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                ".c{} {{ color: #{:06x}; margin: 0 auto; }}\n",
                i % 50,
                i % 7
            )
        })
        .collect()
}

fn start(files: &[(&str, &str)]) -> Daemon {
    let config = "[render]\nscript = \"worker.js\"\njsc_workers = 1\n\n\
         [[static]]\nprefix = \"/z\"\ndir = \"public\"\ncompress = true\n\
         [[static]]\nprefix = \"/plain\"\ndir = \"public\"\n";
    let mut all = vec![("worker.js", POOL)];
    all.extend_from_slice(files);
    let d = Daemon::start_with(Setup {
        config,
        files: &all,
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

fn get(d: &Daemon, target: &str, headers: &[(&str, &str)]) -> Raw {
    raw(d.addr, "GET", target, headers)
}

/// The body of `r` decoded as its `Content-Encoding` says.
fn decoded(r: &Raw) -> String {
    let mut out = Vec::new();
    match r.header("content-encoding") {
        Some("br") => {
            brotli::Decompressor::new(&r.body[..], 4096)
                .read_to_end(&mut out)
                .unwrap();
        }
        Some("gzip") => {
            flate2::read::GzDecoder::new(&r.body[..])
                .read_to_end(&mut out)
                .unwrap();
        }
        None => out.clone_from(&r.body),
        Some(other) => panic!("unexpected encoding {other}"),
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn text_is_compressed_by_accept_encoding_with_its_own_validators() {
    let small = css(100);
    // Larger than a file held in memory (64 KiB): read from disk.
    let large = css(3000);
    assert!(large.len() > 64 * 1024);
    let d = start(&[("public/app.css", &small), ("public/big.css", &large)]);
    for (path, text) in [("/z/app.css", &small), ("/z/big.css", &large)] {
        let plain = get(&d, path, &[]);
        assert_eq!(
            (plain.status, plain.header("content-encoding")),
            (200, None)
        );
        assert_eq!(plain.header("vary"), Some("accept-encoding"), "{path}");
        assert_eq!(&plain.text(), text);
        let br = get(&d, path, &[("Accept-Encoding", "gzip, deflate, br, zstd")]);
        assert_eq!(br.status, 200, "{path}: {br:?}");
        assert_eq!(br.header("content-encoding"), Some("br"), "{path}");
        assert_eq!(br.header("vary"), Some("accept-encoding"));
        assert_eq!(br.header("content-type"), Some("text/css"));
        assert_eq!(
            br.header("content-length"),
            Some(br.body.len().to_string().as_str())
        );
        assert!(br.body.len() < text.len() / 4, "{path}: {}", br.body.len());
        assert_eq!(&decoded(&br), text);
        assert_eq!(br.header("accept-ranges"), None, "ranges are of the file");
        let gz = get(&d, path, &[("Accept-Encoding", "gzip")]);
        assert_eq!(gz.header("content-encoding"), Some("gzip"), "{path}");
        assert_eq!(&decoded(&gz), text);
        assert_eq!(
            get(&d, path, &[("Accept-Encoding", "br;q=0.5, gzip")]).header("content-encoding"),
            Some("gzip")
        );
        // Three representations, three ETags; a 304 for the one held.
        let tags = [&plain, &br, &gz].map(|r| r.header("etag").unwrap().to_owned());
        assert!(tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2]);
        let r = get(
            &d,
            path,
            &[("Accept-Encoding", "br"), ("If-None-Match", &tags[1])],
        );
        assert_eq!((r.status, r.body.len()), (304, 0));
        assert_eq!(r.header("etag"), Some(tags[1].as_str()));
        let r = get(
            &d,
            path,
            &[("Accept-Encoding", "gzip"), ("If-None-Match", &tags[1])],
        );
        assert_eq!(r.status, 200);
        // HEAD: the length of what GET sends.
        let head = raw(d.addr, "HEAD", path, &[("Accept-Encoding", "br")]);
        assert_eq!(head.header("content-encoding"), Some("br"));
        assert_eq!(
            head.header("content-length"),
            br.header("content-length"),
            "{path}"
        );
        assert!(head.body.is_empty());
        // A range is of the file itself.
        let r = get(
            &d,
            path,
            &[("Accept-Encoding", "br, gzip"), ("Range", "bytes=0-3")],
        );
        assert_eq!((r.status, r.header("content-encoding")), (206, None));
        assert_eq!(r.text(), text[..4]);
        // zstd is precompressed only.
        let r = get(&d, path, &[("Accept-Encoding", "zstd")]);
        assert_eq!(r.header("content-encoding"), None);
        // The entry without `compress`.
        let other = path.replacen("/z/", "/plain/", 1);
        let r = get(&d, &other, &[("Accept-Encoding", "br, gzip")]);
        assert_eq!(
            (r.header("content-encoding"), r.header("vary")),
            (None, None)
        );
    }
}

#[test]
fn images_small_files_and_precompressed_siblings_are_left_alone() {
    let text = css(100);
    let d = start(&[
        ("public/logo.png", &text),
        ("public/tiny.css", "a{}"),
        ("public/pre.css", &text),
        ("public/pre.css.gz", "PRECOMPRESSED"),
    ]);
    let ae = [("Accept-Encoding", "br, gzip")];
    let r = get(&d, "/z/logo.png", &ae);
    assert_eq!(
        (r.header("content-encoding"), r.header("vary")),
        (None, None)
    );
    assert_eq!(r.text(), text);
    let r = get(&d, "/z/tiny.css", &ae);
    assert_eq!(
        (r.header("content-encoding"), r.text().as_str()),
        (None, "a{}")
    );
    let r = get(&d, "/z/pre.css", &ae);
    assert_eq!(r.header("content-encoding"), Some("gzip"));
    assert_eq!(r.text(), "PRECOMPRESSED");
    let r = get(&d, "/z/pre.css", &[("Accept-Encoding", "br")]);
    assert_eq!((r.header("content-encoding"), r.text()), (None, text));
}

#[test]
fn a_file_changed_on_disk_is_compressed_again() {
    let d = start(&[("public/app.js", &format!("// one\n{}", css(50)))]);
    let ae = [("Accept-Encoding", "br")];
    let first = get(&d, "/z/app.js", &ae);
    assert!(decoded(&first).starts_with("// one\n"));
    let two = format!("// two\n{}", css(60));
    std::fs::write(d.dir.path().join("public/app.js"), &two).unwrap();
    let r = poll(Duration::from_secs(10), || {
        let r = get(&d, "/z/app.js", &ae);
        (decoded(&r) == two).then_some(r)
    })
    .expect("the changed file compressed again");
    assert_eq!(r.header("content-encoding"), Some("br"));
    assert_ne!(r.header("etag"), first.header("etag"));
}
