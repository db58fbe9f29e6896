// node:zlib without streams: sync, callback and promisified forms of every
// codec, crc32, constants, options and Node's errors. bext's compressors
// write other (valid) bytes than Node's zlib and brotli do (README, "Node's
// built-ins"), so what is compared is what both must agree on: round trips,
// the decoding of streams Node made (below), headers, errors.
import zlib, { gzipSync, gunzipSync, crc32, constants } from "node:zlib";
import { promisify } from "node:util";
import { createHash } from "node:crypto";

const TEXT = "bext serves Node apps. ".repeat(40) + "ünïcödé ✓";
// Made by Node 20: gzipSync(TEXT), deflateSync(TEXT, {level: 9}),
// deflateRawSync(TEXT, {level: 1}), brotliCompressSync(TEXT), two gzip
// members ("first ", "second"), deflateSync with a dictionary.
const NODE = {
  gzip: "H4sIAAAAAAAAA0tKrShRKE4tKkstVvDLT0lVSCwoKNZTSBoVHhUeFR444cN78g6vTz68LeXwSoVHcyYDACoIx7CnAwAA",
  deflate: "eNpLSq0oUShOLSpLLVbwy09JVUgsKCjWU0gaFR4VHhUeOOHDe/IOr08+vC3l8EqFR3MmAwB2WlFE",
  raw: "S0qtKFEoTi0qSy1W8MtPSVVILCgo1lNIGhUeDZPRBDFwueHwnrzD65MPb0s5vFLh0ZzJAA==",
  br: "G6YD+J0JdgxljAWuF2IENbdULyRSJHQUqjLfOXOSU7xTX215VdlwKVRhmLA7h3+R80r4ziK6ZeircxkO",
  two: "H4sIAAAAAAAAA0vLLCouUQAA/HrxHAYAAAAfiwgAAAAAAAADK05Nzs9LAQBpER+2BgAAAA==",
  dict: "eLs1KQZry0DjK4AFAGKSCJ8=",
};
const node = (k) => Buffer.from(NODE[k], "base64");

const PAIRS = [
  ["deflate", "inflate"], ["gzip", "gunzip"], ["deflateRaw", "inflateRaw"],
  ["deflate", "unzip"], ["gzip", "unzip"], ["brotliCompress", "brotliDecompress"],
];

function describe(e) {
  return [e.name, JSON.stringify(e.message), e.code, e.errno].join(" ");
}

function attempt(print, label, f) {
  try {
    const r = f();
    print(label, "ok", Buffer.isBuffer(r) ? r.toString() : String(r));
  } catch (e) {
    print(label, describe(e));
  }
}

export async function run(print) {
  // Every pair round-trips, from strings, Buffers, other views and ArrayBuffers.
  const inputs = [TEXT, Buffer.from(TEXT), new Uint16Array([1, 2, 3, 65535]),
    new DataView(new ArrayBuffer(6)), new ArrayBuffer(5), ""];
  for (const [enc, dec] of PAIRS) {
    const back = inputs.map((x) => {
      const out = zlib[`${dec}Sync`](zlib[`${enc}Sync`](x));
      const want = typeof x === "string" ? Buffer.from(x)
        : ArrayBuffer.isView(x) ? Buffer.from(x.buffer, x.byteOffset, x.byteLength) : Buffer.from(x);
      return Buffer.isBuffer(out) && out.equals(want);
    });
    print(enc, dec, back.join(" "));
  }
  for (let level = -1; level <= 9; level++) {
    for (let strategy = 0; strategy <= 4; strategy++) {
      const z = zlib.deflateSync(TEXT, { level, strategy, memLevel: 1 + ((level + 1) % 9), windowBits: 9 + ((level + 1) % 7) });
      if (zlib.inflateSync(z).toString() !== TEXT) print("round trip failed", level, strategy);
    }
  }
  for (let q = 0; q <= 11; q++) {
    const b = zlib.brotliCompressSync(TEXT, {
      params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: TEXT.length },
    });
    if (zlib.brotliDecompressSync(b).toString() !== TEXT) print("brotli round trip failed", q);
  }

  // What Node made, bext reads.
  print(gunzipSync(node("gzip")).toString() === TEXT, zlib.inflateSync(node("deflate")).toString() === TEXT,
    zlib.inflateRawSync(node("raw")).toString() === TEXT, zlib.brotliDecompressSync(node("br")).toString() === TEXT,
    zlib.unzipSync(node("gzip")).length, zlib.unzipSync(node("deflate")).length);
  print(gunzipSync(node("two")).toString(), zlib.unzipSync(node("two")).toString());
  print(zlib.inflateSync(node("dict"), { dictionary: Buffer.from("hello dictionary") }).toString());
  const rawDict = { dictionary: Buffer.from("raw") };
  print(zlib.inflateRawSync(zlib.deflateRawSync("raw dict", rawDict), rawDict).toString());

  // Headers: gzip's ten bytes, zlib's two, at each level.
  for (const level of [0, 1, 6, 9]) {
    print("headers", level, [...gzipSync("x", { level }).subarray(0, 10)].join(","),
      [...zlib.deflateSync("x", { level }).subarray(0, 2)].join(","));
  }
  print("window", [...zlib.deflateSync("x", { windowBits: 9 }).subarray(0, 2)].join(","),
    [...zlib.deflateSync("x", { windowBits: 8 }).subarray(0, 2)].join(","));
  // Stored (level 0) output is the same bytes everywhere.
  print("stored", zlib.deflateRawSync("abc", { level: 0 }).toString("hex"),
    zlib.deflateSync("", { level: 0 }).toString("hex"));
  // Byte for byte as Node where no match finder runs: stored (level 0),
  // Huffman-only and RLE, at every level and format, past one 16 KiB chunk.
  let big = "";
  for (let i = 0; big.length < 40000; i++) big += `${i * 7919 % 1000} ${"=".repeat(i % 40)}${TEXT.slice(i % 50, i % 50 + i % 13)}\n`;
  const sha = (b) => createHash("sha256").update(b).digest("hex").slice(0, 16);
  for (const f of ["deflateSync", "deflateRawSync", "gzipSync"]) {
    const same = [];
    for (const level of [0, 1, 4, 6, 9]) {
      for (const strategy of [constants.Z_HUFFMAN_ONLY, constants.Z_RLE]) {
        same.push(sha(zlib[f](big, { level, strategy })));
      }
    }
    print("same bytes", f, sha(zlib[f](big, { level: 0 })), same.join(" "));
  }
  print("empty", gzipSync("").length > 0, zlib.inflateSync(zlib.deflateSync("")).length,
    zlib.brotliDecompressSync(zlib.brotliCompressSync("")).length);

  // Bad data and truncated streams.
  attempt(print, "inflate text", () => zlib.inflateSync(Buffer.from("hello world")));
  attempt(print, "gunzip text", () => gunzipSync(Buffer.from("hello world")));
  attempt(print, "unzip text", () => zlib.unzipSync(Buffer.from("xx")));
  attempt(print, "raw bad block", () => zlib.inflateRawSync(Buffer.from([0xff, 0xff, 0xff])));
  attempt(print, "truncated zlib", () => zlib.inflateSync(node("deflate").subarray(0, 20)));
  attempt(print, "truncated gzip", () => gunzipSync(node("gzip").subarray(0, 30)));
  attempt(print, "truncated brotli", () => zlib.brotliDecompressSync(node("br").subarray(0, 20)));
  attempt(print, "brotli text", () => zlib.brotliDecompressSync(Buffer.from("hello world")));
  attempt(print, "inflate nothing", () => zlib.inflateSync(Buffer.alloc(0)));
  attempt(print, "gunzip nothing", () => gunzipSync(Buffer.alloc(0)));
  attempt(print, "bad checksum", () => { const g = Buffer.from(node("gzip")); g[g.length - 5] ^= 1; return gunzipSync(g); });
  attempt(print, "bad adler", () => { const z = Buffer.from(node("deflate")); z[z.length - 1] ^= 1; return zlib.inflateSync(z); });
  attempt(print, "missing dictionary", () => zlib.inflateSync(node("dict")));
  attempt(print, "bad dictionary", () => zlib.inflateSync(node("dict"), { dictionary: Buffer.from("nope") }));
  attempt(print, "trailing junk", () => gunzipSync(Buffer.concat([gzipSync("a"), Buffer.from("junk")])));
  attempt(print, "partial member", () => gunzipSync(Buffer.concat([gzipSync("a"), Buffer.from([0x1f, 0x8b, 8])])));
  attempt(print, "padding", () => gunzipSync(Buffer.concat([gzipSync("a"), Buffer.alloc(3)])));
  attempt(print, "after zlib end", () => zlib.inflateSync(Buffer.concat([zlib.deflateSync("a"), Buffer.from("rest")])));
  attempt(print, "sync finish", () => zlib.inflateSync(node("deflate").subarray(0, 40), { finishFlush: constants.Z_SYNC_FLUSH }).toString().slice(0, 20));
  attempt(print, "max output", () => zlib.inflateSync(node("deflate"), { maxOutputLength: 100 }));
  attempt(print, "max output brotli", () => zlib.brotliDecompressSync(node("br"), { maxOutputLength: 1 }));
  attempt(print, "max output fits", () => zlib.inflateSync(zlib.deflateSync("12345"), { maxOutputLength: 5 }));

  // Options, checked in Node's order with Node's errors.
  for (const opts of [{ level: 12 }, { level: "a" }, { level: Infinity }, { level: NaN }, { windowBits: 3 },
    { strategy: 9 }, { memLevel: 10 }, { chunkSize: 10 }, { chunkSize: 64 }, { flush: 99 }, { finishFlush: -1 },
    { maxOutputLength: 0 }, { maxOutputLength: 2 ** 33 }, { dictionary: "x" }, { dictionary: new ArrayBuffer(2) },
    { level: 12, windowBits: 3 }, { windowBits: 0 }, { info: true }]) {
    attempt(print, `deflate ${JSON.stringify(opts)}`, () => zlib.inflateSync(zlib.deflateSync("opts", opts)));
  }
  attempt(print, "gzip windowBits 8", () => gzipSync("x", { windowBits: 8 }));
  attempt(print, "raw windowBits 8", () => zlib.inflateRawSync(zlib.deflateRawSync("x", { windowBits: 8 })));
  attempt(print, "inflate windowBits 0", () => zlib.inflateSync(node("deflate"), { windowBits: 0 }).length);
  attempt(print, "inflate small window", () => zlib.inflateSync(zlib.deflateSync("hi", { windowBits: 12 }), { windowBits: 9 }));
  for (const params of [{ 9999: 1 }, { [-1]: 1 }, { abc: 1 }, { 1: "high" }, { 1: 99 }, { 1: true }, { 7: 1, 8: 0 }]) {
    attempt(print, `brotli ${JSON.stringify(params)}`, () => zlib.brotliDecompressSync(zlib.brotliCompressSync("params", { params })));
  }
  attempt(print, "brotli decoder params", () => zlib.brotliDecompressSync(node("br"), { params: { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: true } }).length);
  for (const bad of [123, null, undefined, {}, [1, 2], true]) {
    attempt(print, `input ${JSON.stringify(bad)}`, () => gzipSync(bad));
  }
  const info = zlib.deflateSync("info", { info: true });
  print("info", Object.keys(info).join(","), zlib.inflateSync(info.buffer).toString(), typeof info.engine);

  // crc32 (Node 20.15+).
  print(crc32("hello"), crc32("hello", 5), crc32(Buffer.from("héllo")), crc32("héllo"),
    crc32(new Uint16Array([1, 2])), crc32(""), crc32("lo", crc32("hel")), crc32("x", 4294967295));
  for (const [data, value] of [[5, 0], ["a", -1], ["a", 1.5], ["a", "1"], ["a", 2 ** 32]]) {
    attempt(print, `crc32 ${JSON.stringify([data, value])}`, () => crc32(data, value));
  }

  // Constants and codes.
  print(Object.keys(constants).length, constants.Z_BEST_COMPRESSION, constants.BROTLI_PARAM_QUALITY,
    constants.Z_MAX_CHUNK, constants.ZLIB_VERNUM, constants.BROTLI_DECODER_ERROR_UNREACHABLE,
    Object.getPrototypeOf(constants), zlib.codes.Z_DATA_ERROR, zlib.codes["-3"], Object.isFrozen(zlib.codes));
  print(Object.keys(zlib).filter((k) => typeof zlib[k] === "function").sort().join(" "));
  const legacy = Object.getOwnPropertyNames(zlib).filter((k) => !Object.keys(zlib).includes(k));
  print("legacy", legacy.length, zlib.Z_SYNC_FLUSH, zlib.Z_BEST_SPEED, zlib.BROTLI_OPERATION_FLUSH,
    JSON.stringify(Object.getOwnPropertyDescriptor(zlib, "Z_SYNC_FLUSH")));

  // Callback and promisified forms: later, never at once; errors to the callback.
  const order = [];
  await new Promise((resolve) => {
    zlib.gzip(TEXT, (err, out) => {
      order.push(`gzip ${err} ${gunzipSync(out).toString() === TEXT}`);
      zlib.inflate(Buffer.from("bad"), (e) => {
        order.push(`inflate ${describe(e)}`);
        zlib.brotliCompress("cb", { params: { 1: 4 } }, (e2, b) => {
          order.push(`brotli ${e2} ${zlib.brotliDecompressSync(b)}`);
          resolve();
        });
      });
    });
    order.push("after the call");
  });
  print(order.join(" | "));
  for (const [enc, dec] of PAIRS) {
    const back = await promisify(zlib[dec])(await promisify(zlib[enc])(TEXT));
    print("promisified", enc, dec, back.toString() === TEXT);
  }
  const failed = await promisify(zlib.gunzip)(Buffer.from("nope")).catch(describe);
  print("promisified error", failed);
  const tooBig = await promisify(zlib.inflate)(node("deflate"), { maxOutputLength: 10 }).catch(describe);
  print("promisified max", tooBig);
  const withInfo = await promisify(zlib.gzip)("i", { info: true });
  print("promisified info", Object.keys(withInfo).join(","), gunzipSync(withInfo.buffer).toString());
  for (const input of [null, undefined, new ArrayBuffer(3), new Uint16Array(2)]) {
    const r = await promisify(zlib.gzip)(input);
    print("callback input", String(input), gunzipSync(r).length);
  }
  attempt(print, "callback bad input", () => zlib.gzip(123, () => {}));
  attempt(print, "callback bad input object", () => zlib.deflate({}, () => {}));
  attempt(print, "no callback", () => zlib.gzip("x"));
  attempt(print, "callback not a function", () => zlib.gzip("x", {}, 5));
  attempt(print, "bad options before callback", () => zlib.gzip("x", { level: 99 }));
}
