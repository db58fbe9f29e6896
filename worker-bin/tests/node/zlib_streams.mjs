// node:zlib's stream forms against Node: createGzip() and the other
// classes through pipeline(), write/flush/end, params(), reset(), close(),
// errors emitted on bad data, 'data' pieces cut at chunkSize, bytesWritten.
import zlib, { createGzip, createGunzip, constants } from "node:zlib";
import { pipeline, Readable, Writable, Transform, PassThrough } from "node:stream";
import { pipeline as pipelineP } from "node:stream/promises";

const TEXT = "bext serves Node apps. ".repeat(400) + "ünïcödé ✓";

function collect(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => resolve(chunks));
    stream.on("error", reject);
  });
}

const describe = (e) => [e.name, JSON.stringify(e.message), e.code, e.errno].join(" ");

export async function run(print) {
  // Every pair through a pipeline, fed in pieces.
  const PAIRS = [["Deflate", "Inflate"], ["Gzip", "Gunzip"], ["DeflateRaw", "InflateRaw"],
    ["Gzip", "Unzip"], ["Deflate", "Unzip"], ["BrotliCompress", "BrotliDecompress"]];
  for (const [enc, dec] of PAIRS) {
    const pieces = [];
    for (let i = 0; i < TEXT.length; i += 1000) pieces.push(TEXT.slice(i, i + 1000));
    const sink = [];
    await pipelineP(Readable.from(pieces), zlib[`create${enc}`](), new zlib[dec](),
      new Writable({ write(c, _e, cb) { sink.push(c); cb(); } }));
    print(enc, dec, Buffer.concat(sink).toString() === TEXT);
  }

  // Classes: with and without new, as Node shapes them.
  const g = zlib.Gzip();
  print(g instanceof zlib.Gzip, g instanceof Transform, typeof g.flush, typeof g.params,
    typeof zlib.BrotliCompress.prototype.params, g._closed, g.bytesWritten);
  g.destroy();

  // Decompressing a stream Node made, in pieces of 7 bytes: 'data' pieces
  // cut at chunkSize.
  const made = zlib.gzipSync(TEXT);
  const gunzip = createGunzip({ chunkSize: 1024 });
  const done = collect(gunzip);
  for (let i = 0; i < made.length; i += 7) gunzip.write(made.subarray(i, i + 7));
  gunzip.end();
  const chunks = await done;
  print("gunzip pieces", Buffer.concat(chunks).toString() === TEXT, chunks.every((c) => c.length <= 1024),
    chunks.reduce((n, c) => n + c.length, 0), gunzip.bytesWritten === made.length);

  // flush(): what was written so far comes out and decodes at once.
  const gz = createGzip();
  const inflater = createGunzip();
  const seen = [];
  inflater.on("data", (c) => seen.push(c.toString()));
  gz.pipe(inflater);
  gz.write("first part ");
  await new Promise((r) => gz.flush(r));
  await new Promise((r) => setTimeout(r, 20));
  print("after flush", seen.join(""));
  gz.write("second part");
  gz.flush(constants.Z_SYNC_FLUSH, () => {});
  await new Promise((r) => setTimeout(r, 20));
  print("after sync flush", seen.join(""));
  gz.end();
  await new Promise((r) => inflater.on("end", r));
  print("ended", seen.join(""));

  // params() changes the level mid-stream; reset() starts again.
  const d = zlib.createDeflate({ level: 1 });
  const dOut = collect(d);
  d.write("level one ");
  await new Promise((r) => d.params(9, constants.Z_DEFAULT_STRATEGY, r));
  d.end("level nine");
  print("params", zlib.inflateSync(Buffer.concat(await dOut)).toString());
  try { d.params(12, 0, () => {}); } catch (e) { print("params range", describe(e)); }

  // Bad data: an 'error' event with Node's errno and code; pipeline's callback.
  const bad = createGunzip();
  const failed = new Promise((r) => bad.on("error", r));
  bad.end(Buffer.from("not gzip at all"));
  print("error event", describe(await failed), bad.destroyed);
  const truncated = zlib.createInflate();
  const cut = new Promise((r) => truncated.on("error", r));
  truncated.end(zlib.deflateSync(TEXT).subarray(0, 50));
  print("truncated", describe(await cut));
  await new Promise((resolve) => {
    pipeline(Readable.from([Buffer.from("hello world")]), zlib.createBrotliDecompress(), new PassThrough(), (err) => {
      print("pipeline callback", describe(err));
      resolve();
    });
  });

  // close() with its callback; options and brotli params checked at construction.
  const c = createGzip();
  await new Promise((r) => c.close(r));
  print("closed", c._closed, c.destroyed);
  for (const make of [() => createGzip({ level: 99 }), () => zlib.createBrotliCompress({ params: { 42: 1 } }),
    () => zlib.createInflate({ windowBits: 0 }), () => zlib.createDeflate({ windowBits: 0 })]) {
    try { make().destroy(); print("made"); } catch (e) { print(describe(e)); }
  }

  // info: true on the sync form gives the engine, a stream of that class.
  const { engine } = zlib.deflateSync("x", { info: true });
  print("engine", engine instanceof zlib.Deflate, engine instanceof Transform);

  // Async iteration of a compressing stream.
  const br = zlib.createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  br.end(TEXT);
  const parts = [];
  for await (const part of br) parts.push(part);
  print("brotli iterated", zlib.brotliDecompressSync(Buffer.concat(parts)).toString() === TEXT);
}
