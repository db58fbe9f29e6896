//! node:zlib through the real bextd and workers: a handler that streams a
//! gzip body it compresses with `createGzip()` piped into its `Response`,
//! one that decompresses request bodies (gzip, brotli) a client
//! compressed, through `createGunzip()` / `createBrotliDecompress()`, and
//! Node itself reading back what a worker compressed at every level.

use std::io::{Read, Write};
use std::process::Command;

use bext_e2e::{Daemon, Setup, request};

const WORKER: &str = r#"
import { createGzip, createGunzip, createBrotliDecompress } from "node:zlib";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

async function* rows(n) {
  for (let i = 0; i < n; i++) {
    yield `<tr><td>${i}</td><td>row ${i}</td></tr>\n`;
    if (i % 50 === 0) await new Promise((r) => setTimeout(r, 1));
  }
}

export default {
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/made") {
      const zlib = await import("node:zlib");
      const text = url.searchParams.get("text").repeat(200);
      const out = {};
      for (const level of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
        for (const strategy of [0, 1, 2, 3, 4]) {
          out[`gzip ${level} ${strategy}`] = zlib.gzipSync(text, { level, strategy }).toString("base64");
          out[`deflate ${level} ${strategy}`] = zlib.deflateSync(text, { level, strategy, windowBits: 9 + level % 7 }).toString("base64");
          out[`deflateRaw ${level} ${strategy}`] = zlib.deflateRawSync(text, { level, strategy, memLevel: 1 + level % 9 }).toString("base64");
        }
      }
      for (let q = 0; q <= 11; q++) {
        out[`brotliCompress ${q}`] = zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }).toString("base64");
      }
      return Response.json(out);
    }
    if (url.pathname === "/table.gz") {
      const gz = createGzip({ level: 6 });
      Readable.from(rows(Number(url.searchParams.get("n")))).pipe(gz);
      return new Response(Readable.toWeb(gz), {
        headers: { "content-type": "application/octet-stream", "content-encoding": "gzip" },
      });
    }
    const decoder = url.pathname === "/br" ? createBrotliDecompress() : createGunzip();
    const body = Buffer.from(await req.arrayBuffer());
    const parts = [];
    try {
      await pipeline(Readable.from([body.subarray(0, 7), body.subarray(7)]), decoder, new Writable({
        write(chunk, encoding, callback) { parts.push(chunk); callback(); },
      }));
    } catch (e) {
      return Response.json({ code: e.code, errno: e.errno, message: e.message }, { status: 400 });
    }
    const text = Buffer.concat(parts).toString();
    return Response.json({ length: text.length, head: text.slice(0, 12), bytesWritten: decoder.bytesWritten });
  },
};
"#;

fn daemon() -> Daemon {
    let d = Daemon::start_with(Setup {
        config: "[render]\nscript = \"worker.js\"\njsc_workers = 1\n",
        files: &[("worker.js", WORKER)],
        ..Setup::default()
    });
    d.wait_workers(1);
    d
}

#[test]
fn a_handler_streams_a_body_it_gzips_with_create_gzip() {
    let d = daemon();
    let r = request(d.addr, "GET", "/table.gz?n=2000", &[], b"");
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("content-encoding"), Some("gzip"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&r.bytes[..])
        .read_to_string(&mut text)
        .expect("a whole gzip stream");
    let want: String = (0..2000)
        .map(|i| format!("<tr><td>{i}</td><td>row {i}</td></tr>\n"))
        .collect();
    assert_eq!(text, want);
    assert!(
        r.bytes.len() < want.len() / 4,
        "compressed: {} bytes",
        r.bytes.len()
    );
}

#[test]
fn a_handler_decompresses_bodies_with_the_stream_classes() {
    let d = daemon();
    let text = "bext reads what clients compress. ".repeat(500);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(9));
    gz.write_all(text.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let r = request(d.addr, "POST", "/gz", &[], &gz);
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["length"], text.len());
    assert_eq!(v["head"], "bext reads w");
    assert_eq!(v["bytesWritten"], gz.len());

    let mut br = Vec::new();
    brotli::CompressorWriter::new(&mut br, 4096, 11, 22)
        .write_all(text.as_bytes())
        .unwrap();
    let r = request(d.addr, "POST", "/br", &[], &br);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["length"], text.len());

    // Bad data: Node's error, caught by the handler from pipeline().
    let r = request(d.addr, "POST", "/gz", &[], b"plain text, not gzip");
    assert_eq!(r.status, 400);
    let v = r.json();
    assert_eq!(
        (
            v["code"].as_str(),
            v["errno"].as_i64(),
            v["message"].as_str()
        ),
        (
            Some("Z_DATA_ERROR"),
            Some(-3),
            Some("incorrect header check")
        )
    );
    let r = request(d.addr, "POST", "/gz", &[], &gz[..gz.len() / 2]);
    assert_eq!(r.json()["code"], "Z_BUF_ERROR", "{}", r.body);
}

#[test]
fn node_reads_back_what_a_worker_compressed() {
    let d = daemon();
    let r = request(
        d.addr,
        "GET",
        "/made?text=bext%20and%20node%20agree.%20",
        &[],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json().as_object().map(|o| o.len()), Some(162));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("made.json"), &r.bytes).unwrap();
    let check = r#"
      const zlib = require("node:zlib");
      const made = require(process.argv[1]);
      const want = "bext and node agree. ".repeat(200);
      const wrong = [];
      for (const [key, b64] of Object.entries(made)) {
        const fn = { gzip: "gunzipSync", deflate: "inflateSync", deflateRaw: "inflateRawSync", brotliCompress: "brotliDecompressSync" }[key.split(" ")[0]];
        try {
          if (zlib[fn](Buffer.from(b64, "base64")).toString() !== want) wrong.push(`${key}: other text`);
        } catch (e) { wrong.push(`${key}: ${e.message}`); }
      }
      console.log(wrong.length ? wrong.join("\n") : "all read back");
    "#;
    let out = Command::new("node")
        .arg("-e")
        .arg(check)
        .arg(dir.path().join("made.json"))
        .output()
        .expect("node runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        said.trim(),
        "all read back",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
