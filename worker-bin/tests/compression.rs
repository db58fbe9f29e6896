//! CompressionStream, DecompressionStream and navigator in a real worker
//! engine. `compression/streams.mjs` runs in Node 20 and in the worker and
//! must print the same lines (round trips of each format, whole and in
//! pieces, bytes Node made, corrupt and truncated input, bad formats, the
//! classes' shape); the rest is what the Compression Streams standard
//! says where Node 20 does not (a TypeError for every failure, an
//! ArrayBuffer chunk taken, bytes after the end refused), and navigator,
//! which Node 20 does not have.

mod harness;

use std::path::Path;

use harness::differ;

fn case_path(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/compression/{name}.mjs"))
}

#[test]
fn compression_streams_answer_as_node_does() {
    let want = differ::in_node(&case_path("streams"), None);
    let src = std::fs::read_to_string(case_path("streams")).unwrap();
    differ::assert_same("streams", &want, &differ::in_bext("streams", &src, |_| {}));
}

/// Runs `src` (a module whose `run(print)` prints lines) in a worker.
fn run_in_bext(src: &str) -> String {
    differ::in_bext("case", src, |_| {})
}

const SPEC: &str = r#"
async function through(Kind, format, pieces) {
  const s = new Kind(format);
  const w = s.writable.getWriter();
  const r = s.readable.getReader();
  const writes = pieces.map((p) => w.write(p));
  const closed = w.close();
  let n = 0;
  try {
    for (;;) {
      const { done, value } = await r.read();
      if (done) break;
      n += value.length;
    }
  } catch (e) {
    const settled = await Promise.allSettled([...writes, closed]);
    return `${e.constructor.name} ${e.code} ${e.message} | ${settled.map((x) => x.status).join(",")}`;
  }
  return `ok ${n}`;
}
const bytes = async (format, data) => {
  const s = new CompressionStream(format);
  const w = s.writable.getWriter();
  w.write(data); w.close();
  return new Uint8Array(await new Response(s.readable).arrayBuffer());
};
export async function run(print) {
  for (const format of ["gzip", "deflate", "deflate-raw"]) {
    const data = new TextEncoder().encode("spec ".repeat(300));
    const packed = await bytes(format, data);
    print(format, "buffer", await through(DecompressionStream, format, [(await bytes(format, data.buffer)).buffer]));
    for (const bad of ["text", 42, null, {}, [1, 2]]) {
      print(format, "chunk", JSON.stringify(bad), await through(CompressionStream, format, [bad]));
      print(format, "chunk in", JSON.stringify(bad), await through(DecompressionStream, format, [bad]));
    }
    const bad = packed.slice();
    bad[0] ^= 0xff;
    print(format, "corrupt", await through(DecompressionStream, format, [bad]));
    print(format, "truncated", await through(DecompressionStream, format, [packed.slice(0, -2)]));
    for (const extra of [[0], [1, 2, 3], Array.from(packed)]) {
      const joined = new Uint8Array([...packed, ...extra]);
      print(format, "trailing", extra.length, await through(DecompressionStream, format, [joined]));
      print(format, "trailing later", extra.length, await through(DecompressionStream, format, [packed, new Uint8Array(extra)]));
    }
  }
}
"#;

#[test]
fn failures_are_type_errors_and_nothing_may_follow_the_end() {
    let got = run_in_bext(SPEC);
    let lines: Vec<&str> = got.lines().collect();
    let want_ok = "ok 1500";
    for format in ["gzip", "deflate", "deflate-raw"] {
        let line = |prefix: &str| {
            let p = format!("{format} {prefix}");
            lines
                .iter()
                .filter(|l| l.starts_with(&p))
                .map(|l| l[p.len()..].trim().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(line("buffer"), [want_ok], "{got}");
        for l in line("chunk").into_iter().chain(line("chunk in")) {
            assert!(
                l.contains("TypeError undefined The chunk is not an ArrayBuffer or an ArrayBufferView | rejected"),
                "{format}: {l}"
            );
        }
        let corrupt = &line("corrupt")[0];
        assert!(
            corrupt.starts_with("TypeError Z_DATA_ERROR "),
            "{format}: {corrupt}"
        );
        assert_eq!(
            line("truncated"),
            ["TypeError Z_BUF_ERROR unexpected end of file | fulfilled,rejected"],
            "{format}"
        );
        let trailing = line("trailing");
        assert_eq!(trailing.len(), 6, "{got}");
        for l in trailing {
            assert!(
                l.ends_with(
                    "TypeError ERR_TRAILING_JUNK_AFTER_STREAM_END Trailing junk found after the end of the compressed stream | rejected,rejected"
                ) || l.ends_with(
                    "TypeError ERR_TRAILING_JUNK_AFTER_STREAM_END Trailing junk found after the end of the compressed stream | fulfilled,rejected,rejected"
                ),
                "{format}: {l}"
            );
        }
    }
}

#[test]
fn navigator_names_bext_the_cpus_and_the_language() {
    let got = run_in_bext(
        r#"
import os from "node:os";
export async function run(print) {
  const before = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  print(typeof before.get, before.enumerable);
  const n = navigator;
  print(n.userAgent);
  print(n.hardwareConcurrency === os.availableParallelism(), Number.isInteger(n.hardwareConcurrency) && n.hardwareConcurrency >= 1);
  print(/^[a-z]{2,3}(-[A-Z]{2}|-[0-9]{3})?$/.test(n.language), n.languages.length, n.languages[0] === n.language, Object.isFrozen(n.languages));
  print(n.platform.startsWith("Linux "), Object.prototype.toString.call(n), navigator === n);
  const after = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  print(after.value === n, after.writable, after.enumerable, after.configurable);
  try { new n.constructor(); } catch (e) { print(e.constructor.name); }
}
"#,
    );
    let want = format!(
        "function false\nbext/{}\ntrue true\ntrue 1 true true\ntrue [object Navigator] true\ntrue true false true\nTypeError",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(got, want);
}
