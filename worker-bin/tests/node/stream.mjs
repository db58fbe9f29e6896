// node:stream against Node: backpressure, objectMode, pipeline and its
// errors (callback and promise forms), destroy, finished, Readable.from,
// async iteration, the event order, the web-stream adapters, node:stream/web
// and node:stream/consumers.
import stream, { Readable, Writable, Duplex, Transform, PassThrough, pipeline, finished } from "node:stream";
import * as promises from "stream/promises";
import * as web from "node:stream/web";
import * as consumers from "node:stream/consumers";
import { Buffer } from "node:buffer";
import { promisify } from "node:util";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function upper() {
  return new Transform({
    transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); },
  });
}

function collector(into) {
  return new Writable({
    write(chunk, enc, cb) { into.push(chunk.toString()); cb(); },
  });
}

async function backpressure(print) {
  const seen = [];
  const w = new Writable({
    highWaterMark: 4,
    write(chunk, enc, cb) { seen.push(chunk.length); setTimeout(cb, 1); },
  });
  w.on("drain", () => seen.push("drain"));
  print("hwm", w.writableHighWaterMark, w.writableLength);
  print("write ab", w.write("ab"), w.writableLength, w.writableNeedDrain);
  print("write cd", w.write("cd"), w.writableLength, w.writableNeedDrain);
  await new Promise((resolve) => w.once("drain", resolve));
  print("after drain", w.writableLength, w.writableNeedDrain, seen.join(","));
  const r = new Readable({ highWaterMark: 3, read() {} });
  print("push", r.push("a"), r.push("bb"), r.push("ccc"), r.readableLength);
  print("defaults", new Readable().readableHighWaterMark, new Writable().writableHighWaterMark,
    new Readable({ objectMode: true }).readableHighWaterMark, stream.getDefaultHighWaterMark(false));
}

async function objectMode(print) {
  const items = [];
  const src = new Readable({ objectMode: true, read() {} });
  src.push({ n: 1 }); src.push({ n: 2 }); src.push(null);
  const double = new Transform({
    objectMode: true,
    transform(o, enc, cb) { this.push({ n: o.n * 2 }); cb(); },
  });
  const sink = new Writable({ objectMode: true, write(o, enc, cb) { items.push(o.n); cb(); } });
  await promises.pipeline(src, double, sink);
  print("objectMode", items.join(","), src.readableObjectMode, sink.writableObjectMode);
}

async function pipelines(print) {
  const out = [];
  await new Promise((resolve) => {
    pipeline(Readable.from(["a", "b", "c"]), upper(), collector(out), (err) => {
      print("pipeline ok", err === undefined ? "undefined" : err, out.join(""));
      resolve();
    });
  });
  const boom = new Transform({
    transform(chunk, enc, cb) { cb(new Error("transform failed")); },
  });
  const src = Readable.from(["x"]);
  const dst = collector([]);
  await new Promise((resolve) => {
    pipeline(src, boom, dst, (err) => {
      print("pipeline err", err.message, src.destroyed, boom.destroyed, dst.destroyed);
      resolve();
    });
  });
  try {
    await promises.pipeline(
      Readable.from(["1", "2"]),
      new Transform({ transform(c, e, cb) { cb(Object.assign(new Error("bad chunk"), { code: "E_BAD" })); } }),
      collector([]),
    );
  } catch (e) { print("promises.pipeline rejects", e.message, e.code); }
  const gen = [];
  await promises.pipeline(
    Readable.from(["p", "q"]),
    async function* (source) { for await (const c of source) yield `${c}!`; },
    collector(gen),
  );
  print("pipeline generator", gen.join(""));
  const p = promisify(pipeline);
  await p(Readable.from(["z"]), collector(gen));
  print("promisify(pipeline)", gen.join(""), promisify(pipeline) === promises.pipeline);
  const ac = new AbortController();
  const slow = new Readable({ read() {} });
  const pending = promises.pipeline(slow, collector([]), { signal: ac.signal });
  ac.abort();
  try { await pending; } catch (e) { print("aborted", e.name, e.code); }
}

async function destroying(print) {
  const order = [];
  const r = new Readable({ read() {} });
  r.on("close", () => order.push("close"));
  r.on("error", (e) => order.push(`error:${e.message}`));
  r.destroy(new Error("gone"));
  print("destroyed", r.destroyed, order.length);
  await tick();
  print("destroy events", order.join(" "), r.errored && r.errored.message);
  const w = new Writable({ write(c, e, cb) { cb(); } });
  w.destroy();
  w.write("late", (err) => print("write after destroy", err.code));
  await tick();
  const premature = new Readable({ read() {} });
  finished(premature, (err) => print("finished premature", err.code, err.message));
  premature.destroy();
  await tick();
  const done = new Readable({ read() {} });
  const fin = promises.finished(done);
  done.push("x"); done.push(null); done.resume();
  await fin;
  print("finished resolves", done.readableEnded);
}

async function fromAndIterate(print) {
  async function* gen() { yield "one"; await tick(); yield "two"; yield "three"; }
  const r = Readable.from(gen());
  const got = [];
  for await (const chunk of r) got.push(chunk);
  print("from async generator", got.join(","), r.readableObjectMode, r.destroyed);
  const bytes = new Readable({ read() {} });
  bytes.push(Buffer.from("ab")); bytes.push("cd"); bytes.push(null);
  const parts = [];
  for await (const c of bytes) parts.push(Buffer.isBuffer(c) ? `buf:${c}` : c);
  print("iterate bytes", parts.join(","));
  const early = Readable.from([1, 2, 3, 4]);
  for await (const n of early) if (n === 2) break;
  print("break destroys", early.destroyed);
  const enc = new Readable({ encoding: "utf8", read() {} });
  enc.push(Buffer.from([0xe2, 0x82])); enc.push(Buffer.from([0xac])); enc.push(null);
  let text = "";
  for await (const s of enc) text += s;
  print("setEncoding joins utf8", text, text.length);
  print("toArray", (await Readable.from([1, 2, 3]).map((x) => x * 10).toArray()).join(","));
}

async function eventOrder(print) {
  const order = [];
  const r = new Readable({ read() {} });
  const w = new Writable({ write(c, e, cb) { order.push(`write:${c}`); cb(); } });
  for (const ev of ["end", "close"]) r.on(ev, () => order.push(`r.${ev}`));
  for (const ev of ["finish", "close", "unpipe", "pipe"]) w.on(ev, () => order.push(`w.${ev}`));
  r.pipe(w);
  r.push("a"); r.push(null);
  await new Promise((resolve) => w.on("close", resolve));
  await tick();
  print("order", order.join(" "));
  const t = new PassThrough();
  const tOrder = [];
  for (const ev of ["prefinish", "finish", "end", "close"]) t.on(ev, () => tOrder.push(ev));
  t.resume();
  t.end("x");
  await new Promise((resolve) => t.on("close", resolve));
  print("transform order", tOrder.join(" "));
  const w2 = new Writable({
    write(c, e, cb) { cb(); },
    final(cb) { tOrder.length = 0; tOrder.push("final"); cb(); },
  });
  w2.on("finish", () => tOrder.push("finish"));
  w2.end("y", () => tOrder.push("end cb"));
  await new Promise((resolve) => w2.on("close", resolve));
  print("final order", tOrder.join(" "));
}

async function classes(print) {
  const d = new Duplex({
    read() { this.push("from duplex"); this.push(null); },
    write(c, e, cb) { print("duplex got", c.toString()); cb(); },
  });
  d.write("to duplex");
  d.end();
  let s = "";
  for await (const c of d) s += c;
  print("duplex read", s);
  print("instanceof", new PassThrough() instanceof Transform, new Transform() instanceof Duplex,
    new Duplex() instanceof Readable, new Duplex() instanceof Writable, new Readable() instanceof stream.Stream);
  print("identity", stream.Stream === stream, stream.Readable === Readable, stream.promises.pipeline === promises.pipeline,
    typeof stream.addAbortSignal, typeof stream.compose, typeof stream.isReadable);
  const legacy = new stream.Stream();
  print("legacy", typeof legacy.pipe, typeof legacy.on);
  const composed = stream.compose(upper(), new Transform({ transform(c, e, cb) { cb(null, `[${c}]`); } }));
  const out = [];
  await promises.pipeline(Readable.from(["ab"]), composed, collector(out));
  print("compose", out.join(""));
  const ac = new AbortController();
  const r = stream.addAbortSignal(ac.signal, new Readable({ read() {} }));
  r.on("error", (e) => print("addAbortSignal", e.name, r.destroyed));
  ac.abort();
  await tick();
  class Counter extends Readable {
    constructor() { super(); this.n = 0; }
    _read() { this.n += 1; this.push(this.n > 3 ? null : String(this.n)); }
  }
  let counted = "";
  for await (const c of new Counter()) counted += c;
  print("subclass _read", counted);
}

async function webAdapters(print) {
  const rs = Readable.toWeb(Readable.from(["w1", "w2"]));
  const reader = rs.getReader();
  const chunks = [];
  for (;;) { const { value, done } = await reader.read(); if (done) break; chunks.push(value); }
  print("toWeb", rs instanceof ReadableStream, chunks.join(","));
  const back = Readable.fromWeb(new ReadableStream({
    start(c) { c.enqueue(new TextEncoder().encode("hello ")); c.enqueue(new TextEncoder().encode("web")); c.close(); },
  }));
  let text = "";
  for await (const c of back) text += Buffer.from(c).toString();
  print("fromWeb", text, back instanceof Readable);
  const round = Readable.fromWeb(Readable.toWeb(Readable.from([Buffer.from("round"), Buffer.from("trip")])));
  const bufs = [];
  for await (const c of round) bufs.push(Buffer.from(c));
  print("round trip", Buffer.concat(bufs).toString());
  const written = [];
  const ws = Writable.toWeb(collector(written));
  const writer = ws.getWriter();
  await writer.write("x"); await writer.write("y"); await writer.close();
  print("Writable.toWeb", written.join(""));
  const sinkChunks = [];
  const nodeW = Writable.fromWeb(new WritableStream({ write(c) { sinkChunks.push(new TextDecoder().decode(c)); } }));
  await promises.pipeline(Readable.from(["f", "g"]), nodeW);
  print("Writable.fromWeb", sinkChunks.join(""));
  const { readable, writable } = new TransformStream({
    transform(c, ctl) { ctl.enqueue(new TextDecoder().decode(c).toUpperCase()); },
  });
  const dup = Duplex.fromWeb({ readable, writable }, { encoding: "utf8" });
  dup.end("duplex web");
  let dupText = "";
  for await (const c of dup) dupText += c;
  print("Duplex.fromWeb", dupText);
  print("stream/web", Object.keys(web).filter((k) => !k.includes("ompression")).sort().join(","));
  print("stream/web same", web.ReadableStream === ReadableStream, web.TextEncoderStream === TextEncoderStream);
  await promises.pipeline(Readable.from(["into web"]), ws2(sinkChunks));
  print("pipeline to web", sinkChunks.join("|"));
}

async function consuming(print) {
  print("consumers.text", await consumers.text(Readable.from([Buffer.from([0xe2, 0x82]), Buffer.from([0xac]), "!"])));
  print("consumers.json", JSON.stringify(await consumers.json(Readable.from(['{"a":', "[1,2]}"]))));
  const buf = await consumers.buffer(new ReadableStream({
    start(c) { c.enqueue(new Uint8Array([104, 105])); c.close(); },
  }));
  print("consumers.buffer", Buffer.isBuffer(buf), buf.toString());
  const ab = await consumers.arrayBuffer(Readable.from([Buffer.from("abc")]));
  print("consumers.arrayBuffer", ab instanceof ArrayBuffer, ab.byteLength);
  const b = await consumers.blob(Readable.from(["x", "yz"]));
  print("consumers.blob", b.size, await b.text());
}

function ws2(into) {
  return new WritableStream({ write(c) { into.push(typeof c === "string" ? c : new TextDecoder().decode(c)); } });
}

export async function run(print) {
  await backpressure(print);
  await objectMode(print);
  await pipelines(print);
  await destroying(print);
  await fromAndIterate(print);
  await eventOrder(print);
  await classes(print);
  await webAdapters(print);
  await consuming(print);
}
