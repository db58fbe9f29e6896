//! CompressionStream, DecompressionStream and navigator through the real
//! bextd and workers: a handler that answers
//! `new Response(body.pipeThrough(new CompressionStream("gzip")))` (read
//! back with flate2), one that reads request bodies through
//! `DecompressionStream` (what a client compressed; corrupt, cut and
//! trailing bytes refused with a TypeError), and navigator's language
//! taken from the `LANG` bextd passes its workers.

use std::io::{Read, Write};

use bext_e2e::{Daemon, Setup, request};

const WORKER: &str = r#"
function rows(n) {
  let i = 0;
  return new ReadableStream({
    async pull(c) {
      if (i === n) return c.close();
      c.enqueue(`<tr><td>${i}</td><td>row ${i}</td></tr>\n`);
      i++;
      if (i % 100 === 0) await new Promise((r) => setTimeout(r, 1));
    },
  });
}

export default {
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/table.gz") {
      const body = rows(Number(url.searchParams.get("n"))).pipeThrough(new TextEncoderStream());
      return new Response(body.pipeThrough(new CompressionStream("gzip")), {
        headers: { "content-type": "text/html", "content-encoding": "gzip" },
      });
    }
    if (url.pathname === "/echo.gz") {
      return new Response(req.body.pipeThrough(new CompressionStream("gzip")), {
        headers: { "content-encoding": "gzip" },
      });
    }
    if (url.pathname === "/navigator") {
      const { userAgent, hardwareConcurrency, language, languages } = navigator;
      return Response.json({ userAgent, hardwareConcurrency, language, languages });
    }
    const format = url.searchParams.get("format");
    try {
      const text = await new Response(req.body.pipeThrough(new DecompressionStream(format))).text();
      return Response.json({ length: text.length, head: text.slice(0, 12) });
    } catch (e) {
      return Response.json({ name: e.name, code: e.code, message: e.message }, { status: 400 });
    }
  },
};
"#;

fn daemon() -> Daemon {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", WORKER)],
        env: &[("LANG", "de_AT.UTF-8")],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

fn gunzip(bytes: &[u8]) -> String {
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut text)
        .expect("a whole gzip stream");
    text
}

#[test]
fn a_handler_streams_a_body_through_compression_stream() {
    let d = daemon();
    let r = request(d.addr, "GET", "/table.gz?n=3000", &[], b"");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("content-encoding"), Some("gzip"));
    let want: String = (0..3000)
        .map(|i| format!("<tr><td>{i}</td><td>row {i}</td></tr>\n"))
        .collect();
    assert_eq!(gunzip(&r.bytes), want);
    assert!(r.bytes.len() < want.len() / 4, "{} bytes", r.bytes.len());

    // The request body piped straight back, compressed.
    let body = "echo me, compressed. ".repeat(4000);
    let r = request(d.addr, "POST", "/echo.gz", &[], body.as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(gunzip(&r.bytes), body);
}

#[test]
fn a_handler_reads_bodies_through_decompression_stream() {
    let d = daemon();
    let text = "bext reads what clients compress. ".repeat(500);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(9));
    gz.write_all(text.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let mut zl = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(1));
    zl.write_all(text.as_bytes()).unwrap();
    let zl = zl.finish().unwrap();
    let mut raw = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(6));
    raw.write_all(text.as_bytes()).unwrap();
    let raw = raw.finish().unwrap();
    for (format, bytes) in [("gzip", &gz), ("deflate", &zl), ("deflate-raw", &raw)] {
        let r = request(d.addr, "POST", &format!("/?format={format}"), &[], bytes);
        assert_eq!(r.status, 200, "{format}: {}", r.body);
        assert_eq!(r.json()["length"], text.len(), "{format}");
        assert_eq!(r.json()["head"], "bext reads w", "{format}");
    }

    let refused = |path: &str, body: &[u8]| {
        let r = request(d.addr, "POST", path, &[], body);
        assert_eq!(r.status, 400, "{path}: {}", r.body);
        let v = r.json();
        assert_eq!(v["name"], "TypeError", "{}", r.body);
        (
            v["code"].as_str().unwrap_or("").to_string(),
            v["message"].as_str().unwrap_or("").to_string(),
        )
    };
    let (code, message) = refused("/?format=gzip", b"plain text, not gzip");
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("Z_DATA_ERROR", "incorrect header check")
    );
    let (code, message) = refused("/?format=gzip", &gz[..gz.len() / 2]);
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("Z_BUF_ERROR", "unexpected end of file")
    );
    let (code, _) = refused("/?format=deflate", &[&zl[..], b"junk"].concat());
    assert_eq!(code, "ERR_TRAILING_JUNK_AFTER_STREAM_END");
    let (code, _) = refused("/?format=gzip", &[&gz[..], &gz[..]].concat());
    assert_eq!(code, "ERR_TRAILING_JUNK_AFTER_STREAM_END");
    let (code, _) = refused("/?format=br", &gz);
    assert_eq!(code, "ERR_INVALID_ARG_VALUE");

    // The worker still serves.
    let r = request(d.addr, "POST", "/?format=gzip", &[], &gz);
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn navigator_says_bext_its_version_and_the_locale_s_language() {
    let d = daemon();
    let v = request(d.addr, "GET", "/navigator", &[], b"").json();
    assert_eq!(
        v["userAgent"],
        format!("bext/{}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(v["language"], "de-AT");
    assert_eq!(v["languages"], serde_json::json!(["de-AT"]));
    let cpus = std::thread::available_parallelism().unwrap().get() as u64;
    let n = v["hardwareConcurrency"].as_u64().unwrap();
    assert!((1..=cpus).contains(&n), "{n} of {cpus}");
}
