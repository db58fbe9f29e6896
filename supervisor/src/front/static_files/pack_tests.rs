use std::io::Read as _;
use std::path::Path;

use super::*;
use crate::config::StaticEntry;
use crate::front::static_files::cache::{self, File, Files, Found};

fn entry(dir: &Path) -> StaticEntry {
    StaticEntry {
        prefix: String::new(),
        dir: std::fs::canonicalize(dir).unwrap(),
        max_age_s: 0,
        immutable: false,
        index: None,
        fallthrough: false,
        follow_symlinks: false,
        dotfiles: false,
        compress: true,
    }
}

fn file(r: &cache::Resolved) -> &File {
    match &r.found {
        Found::File(f) => f,
        other => panic!("not a file: {other:?}"),
    }
}

fn text(n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| format!("line {} of some css {{ color: red }}\n", i % 97))
        .collect::<String>()
        .into_bytes()
}

#[test]
fn text_types_compress_and_others_do_not() {
    for t in [
        "text/css",
        "text/html; charset=utf-8",
        "text/javascript",
        "application/json",
        "application/manifest+json",
        "image/svg+xml",
        "application/wasm",
    ] {
        assert!(compressible(t.as_bytes()), "{t}");
    }
    for t in [
        "image/png",
        "font/woff2",
        "application/zip",
        "video/mp4",
        "",
    ] {
        assert!(!compressible(t.as_bytes()), "{t}");
    }
    let css = HeaderValue::from_static("text/css");
    assert!(!fits(&css, MIN_BYTES - 1));
    assert!(fits(&css, MIN_BYTES));
    assert!(!fits(&css, MAX_BYTES + 1));
}

#[test]
fn both_encodings_round_trip() {
    let src = text(200);
    let br = compress(Encoding::Br, &src).unwrap();
    let mut back = Vec::new();
    brotli::Decompressor::new(&br[..], 4096)
        .read_to_end(&mut back)
        .unwrap();
    assert_eq!(back, src);
    let gz = compress(Encoding::Gzip, &src).unwrap();
    let mut back = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut back)
        .unwrap();
    assert_eq!(back, src);
    assert!(br.len() < src.len() / 4 && gz.len() < src.len() / 4);
}

#[tokio::test]
async fn a_version_is_made_once_kept_under_the_budget_and_dropped_with_its_lookup() {
    let dir = tempfile::tempdir().unwrap();
    // Larger than a held small file: read from disk.
    let src = text(3000);
    assert!(src.len() as u64 > cache::SMALL_FILE_BYTES);
    std::fs::write(dir.path().join("a.css"), &src).unwrap();
    std::fs::write(dir.path().join("b.png"), &src).unwrap();
    let files = Files::new(Arc::new(Budget::default()));
    let e = entry(dir.path());
    // Room for one compression at a time (the file's size) beside what
    // the first one keeps.
    let budget = Arc::new(Budget::new(src.len() as u64 * 11 / 10));
    let r = files.get(&e, "/a.css");
    let f = file(&r);
    let packs = f.packs.as_ref().expect("a text file has packs");
    let one = packs.get(Encoding::Br, f.source(), &budget).await.unwrap();
    let two = packs.get(Encoding::Br, f.source(), &budget).await.unwrap();
    assert!(Arc::ptr_eq(&one, &two), "made once");
    assert_eq!(
        budget.held(),
        one.bytes.len() as u64,
        "the reservation shrank"
    );
    // The other encoding does not fit beside it while the file's size is
    // reserved: sent as it is, tried again later.
    let full_budget = Arc::new(Budget::new(10));
    assert!(
        packs
            .get(Encoding::Gzip, f.source(), &full_budget)
            .await
            .is_none()
    );
    assert_eq!(full_budget.held(), 0);
    let gz = packs
        .get(Encoding::Gzip, f.source(), &budget)
        .await
        .unwrap();
    assert_eq!(budget.held(), (one.bytes.len() + gz.bytes.len()) as u64);
    assert_ne!(packs.etag(Encoding::Br), packs.etag(Encoding::Gzip));
    // No packs for an image, nor for an entry without `compress`.
    assert!(file(&files.get(&e, "/b.png")).packs.is_none());
    let plain = Files::new(Arc::new(Budget::default()));
    let off = StaticEntry {
        compress: false,
        ..e.clone()
    };
    assert!(file(&plain.get(&off, "/a.css")).packs.is_none());
    drop((one, two, gz, r));
    drop(files);
    assert_eq!(budget.held(), 0, "dropped with the lookup");
}

#[tokio::test]
async fn a_file_with_a_precompressed_sibling_is_not_compressed_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.js"), text(50)).unwrap();
    std::fs::write(dir.path().join("a.js.gz"), b"GZ").unwrap();
    let files = Files::new(Arc::new(Budget::default()));
    assert!(
        file(&files.get(&entry(dir.path()), "/a.js"))
            .packs
            .is_none()
    );
}
