// CompressionStream and DecompressionStream, the same answers in Node 20
// and in a worker: round trips of each format fed whole and in pieces,
// the kinds of chunk taken, bytes Node compressed, and the errors of
// corrupt and truncated input and of a bad format (message and code:
// Node 20 throws an Error, the standard and bext a TypeError, which
// compression.rs checks). Compressed bytes are not compared (Node's zlib
// finds other matches, see README), nor the message of a stream corrupt
// mid-way (zlib-rs says "repeated call with bad state" where zlib says
// "invalid distance too far back").
const FORMATS = ["gzip", "deflate", "deflate-raw"];

function concat(chunks) {
  let n = 0;
  for (const c of chunks) n += c.length;
  const all = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) { all.set(c, o); o += c.length; }
  return all;
}

async function readAll(readable) {
  const r = readable.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await r.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

// Writes `pieces` to a fresh stream of `Kind` and reads all it gives.
async function through(Kind, format, pieces) {
  const s = new Kind(format);
  const w = s.writable.getWriter();
  const out = readAll(s.readable);
  const done = (async () => {
    for (const p of pieces) await w.write(p);
    await w.close();
  })();
  done.catch(() => {});
  const chunks = await out;
  await done;
  return chunks;
}

function pieces(bytes, size) {
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

function sample(n) {
  // Text-like with some noise: compresses, but not to nothing.
  const b = new Uint8Array(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = (x >> 16) % 7 === 0 ? x & 0xff : 97 + (i % 13);
  }
  return b;
}

function hash(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return `${bytes.length}:${h.toString(16)}`;
}

async function failure(Kind, format, pieces_) {
  try {
    const chunks = await through(Kind, format, pieces_);
    return `ok ${hash(concat(chunks))}`;
  } catch (e) {
    return `error ${e.code} ${e.message}`;
  }
}

// "hello compression streams" x 3, as Node 20 compressed it.
const MADE_BY_NODE = {
  "gzip": "H4sIAAAAAAAAA8tIzcnJV0jOzy0oSi0uzszPUyguKUpNzC1WyCBDBgAScRfLTgAAAA==",
  "deflate": "eJzLSM3JyVdIzs8tKEotLs7Mz1MoLilKTcwtVsggQwYAuNMecA==",
  "deflate-raw": "y0jNyclXSM7PLShKLS7OzM9TKC4pSk3MLVbIIEMGAA==",
};

function fromBase64(s) {
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
}

export async function run(print) {
  for (const format of FORMATS) {
    for (const [name, data] of [["empty", new Uint8Array(0)], ["small", new TextEncoder().encode("hello")], ["3k", sample(3000)], ["200k", sample(200000)]]) {
      const packed = concat(await through(CompressionStream, format, [data]));
      const whole = concat(await through(DecompressionStream, format, [packed]));
      print(format, name, "whole", hash(whole), hash(whole) === hash(data));
      for (const size of [1, 7, 4096]) {
        if (data.length > 20000 && size < 4096) continue;
        const inPieces = concat(await through(CompressionStream, format, pieces(data, size)));
        const back = concat(await through(DecompressionStream, format, pieces(inPieces, size === 1 ? 3 : size)));
        print(format, name, "pieces of", size, hash(back) === hash(data));
      }
    }
    // Every output chunk is a Uint8Array; empty chunks in are fine.
    const data = sample(50000);
    const out = await through(CompressionStream, format, [new Uint8Array(0), data, new Uint8Array(0)]);
    print(format, "chunks are Uint8Array", out.every((c) => c instanceof Uint8Array && c.length > 0));
    const back = await through(DecompressionStream, format, [concat(out)]);
    print(format, "output chunks are Uint8Array", back.every((c) => c instanceof Uint8Array && c.length > 0), hash(concat(back)));
    // Views of every kind are taken (an ArrayBuffer too, which Node 20
    // refuses: compression.rs checks it).
    const text = new TextEncoder().encode("views and buffers ".repeat(10));
    const kinds = [new DataView(text.buffer), new Uint16Array(text.buffer.slice(0, 180)), text.subarray(3, 40)];
    for (const k of kinds) {
      const back2 = concat(await through(DecompressionStream, format, [concat(await through(CompressionStream, format, [k]))]));
      print(format, Object.prototype.toString.call(k), hash(back2));
    }
    // Bytes Node made.
    print(format, "from Node", new TextDecoder().decode(concat(await through(DecompressionStream, format, [fromBase64(MADE_BY_NODE[format])]))));
    // pipeThrough both ways, as a handler does.
    const blob = new Blob([sample(30000)]);
    const again = await new Response(blob.stream().pipeThrough(new CompressionStream(format)).pipeThrough(new DecompressionStream(format))).arrayBuffer();
    print(format, "pipeThrough", hash(new Uint8Array(again)));
    // Errors: corrupt, truncated, empty.
    const packed = concat(await through(CompressionStream, format, [sample(5000)]));
    // A checksum that does not match (gzip's CRC-32, zlib's Adler-32), a
    // raw stream's first block of the reserved type, in Node's bytes and in
    // bext's.
    for (const [who, bytes] of [["Node's", fromBase64(MADE_BY_NODE[format])], ["own", packed]]) {
      const corrupt = bytes.slice();
      if (format === "gzip") corrupt[corrupt.length - 6] ^= 0xff;
      else if (format === "deflate") corrupt[corrupt.length - 1] ^= 0xff;
      else corrupt[0] |= 0x07;
      print(format, "corrupt", who, await failure(DecompressionStream, format, [corrupt]));
    }
    print(format, "junk", await failure(DecompressionStream, format, [new Uint8Array(20).fill(7)]));
    print(format, "truncated", await failure(DecompressionStream, format, [packed.slice(0, packed.length - 3)]));
    print(format, "truncated in pieces", await failure(DecompressionStream, format, pieces(packed.slice(0, 100), 9)));
    print(format, "empty", await failure(DecompressionStream, format, []));
  }
  // Bad formats.
  for (const bad of ["br", "GZIP", "", undefined]) {
    for (const Kind of [CompressionStream, DecompressionStream]) {
      try {
        new Kind(bad);
        print(Kind.name, bad, "made");
      } catch (e) {
        print(Kind.name, bad, e.code, e.message);
      }
    }
  }
  // Shape.
  for (const Kind of [CompressionStream, DecompressionStream]) {
    const s = new Kind("gzip");
    print(Kind.name, Kind.length, Object.prototype.toString.call(s), Object.getOwnPropertyNames(Kind.prototype).sort().join(","),
      s.readable instanceof ReadableStream, s.writable instanceof WritableStream, s instanceof TransformStream,
      typeof Object.getOwnPropertyDescriptor(Kind.prototype, "readable").get);
    const d = Object.getOwnPropertyDescriptor(globalThis, Kind.name);
    print(Kind.name, "global", d.writable, d.enumerable, d.configurable);
  }
  const web = await import("node:stream/web");
  print("node:stream/web", web.CompressionStream === CompressionStream, web.DecompressionStream === DecompressionStream);
}
