// File API: Blob, File, FileReader.
test("Blob from strings, buffers, views and blobs", async () => {
  const b = new Blob(["a", new Uint8Array([98]), new Uint16Array([0x6463]).buffer, new Blob(["e"])]);
  eq(b.size, 5);
  eq(await b.text(), "abcde");
  eq(new Blob().size, 0);
  eq(await new Blob(["\uD800"]).text(), "\uFFFD", "USVString parts");
});
test("Blob arguments: parts must be a sequence, options a dictionary, endings known", () => {
  throws(TypeError, () => new Blob("abc"));
  throws(TypeError, () => new Blob(null));
  throws(TypeError, () => new Blob({}));
  throws(TypeError, () => new Blob([], 5));
  throws(TypeError, () => new Blob([], { endings: "bogus" }));
  eq(new Blob([], null).size, 0);
  eq(new Blob({ [Symbol.iterator]: function* () { yield "ab"; } }).size, 2);
});
test("Blob conversions happen in order: parts, then endings, then type", () => {
  const log = [];
  new Blob([{ toString() { log.push("part"); return "x"; } }], {
    get type() { log.push("type"); return ""; },
    get endings() { log.push("endings"); return "transparent"; },
  });
  same(log, ["part", "endings", "type"]);
});
test("endings: native turns CR and CRLF into LF; transparent keeps them", async () => {
  eq(await new Blob(["a\r\nb\rc\n"], { endings: "native" }).text(), "a\nb\nc\n");
  eq(await new Blob(["a\r\n"], { endings: "transparent" }).text(), "a\r\n");
});
test("type: printable ASCII lower-cased, else empty", () => {
  eq(new Blob([], { type: "Text/HTML" }).type, "text/html");
  eq(new Blob([], { type: "a\u00e9" }).type, "");
  eq(new Blob([], { type: "a\tb" }).type, "");
});
test("slice: negative, out of range and non-numeric positions", async () => {
  const b = new Blob(["abcdef"]);
  eq(await b.slice(1, 3).text(), "bc");
  eq(await b.slice(-2).text(), "ef");
  eq(await b.slice(-100, 2).text(), "ab");
  eq(await b.slice(4, 2).text(), "");
  eq(await b.slice("2", NaN).text(), "");
  eq(await b.slice(2.9).text(), "cdef");
  eq(b.slice(0, 1, "X/Y").type, "x/y");
  eq(b.slice().size, 6);
});
test("bytes, arrayBuffer and stream give copies", async () => {
  const b = new Blob(["ab"]);
  const x = await b.bytes();
  x[0] = 0;
  eq(await b.text(), "ab");
  eq(new Uint8Array(await b.arrayBuffer())[1], 98);
  let out = [];
  for await (const c of b.stream()) out.push(...c);
  same(out, [97, 98]);
});
test("File: name, lastModified, type; arguments checked", () => {
  const f = new File(["x"], "n\uD800.txt", { type: "Text/Plain", lastModified: 42.9 });
  same([f.name, f.lastModified, f.type, f.size], ["n\uFFFD.txt", 42, "text/plain", 1]);
  ok(f instanceof Blob);
  ok(Math.abs(new File([], "a").lastModified - Date.now()) < 5000);
  eq(new File([], "a", { lastModified: NaN }).lastModified, 0);
  throws(TypeError, () => new File([]));
  throws(TypeError, () => new File("x", "a"));
  throws(TypeError, () => new File([], "a", { endings: "x" }));
  eq(Object.prototype.toString.call(f), "[object File]");
});
const readWith = (method, blob, ...args) => new Promise((resolve) => {
  const r = new FileReader();
  const events = [];
  for (const t of ["loadstart", "progress", "load", "abort", "error", "loadend"])
    r.addEventListener(t, (e) => { events.push(t); if (t === "loadend") resolve({ r, events, e }); });
  r[method](blob, ...args);
});
test("FileReader: states, constants and the event order of a read", async () => {
  const r = new FileReader();
  same([FileReader.EMPTY, FileReader.LOADING, FileReader.DONE, r.DONE], [0, 1, 2, 2]);
  same([r.readyState, r.result, r.error], [0, null, null]);
  r.readAsText(new Blob(["hi"]));
  eq(r.readyState, 1);
  eq(r.result, null);
  throws("InvalidStateError", () => r.readAsText(new Blob(["x"])));
  const { events, e } = await readWith("readAsText", new Blob(["hi"]));
  same(events, ["loadstart", "progress", "load", "loadend"]);
  same([e.loaded, e.total, e.lengthComputable, e instanceof ProgressEvent], [2, 2, true, true]);
  same((await readWith("readAsText", new Blob([]))).events, ["loadstart", "load", "loadend"]);
  throws(TypeError, () => new FileReader().readAsText("not a blob"));
});
test("FileReader: text with encodings and BOM sniffing", async () => {
  eq((await readWith("readAsText", new Blob(["héllo"]))).r.result, "héllo");
  eq((await readWith("readAsText", new Blob([new Uint8Array([0xe9])]), "latin1")).r.result, "é");
  eq((await readWith("readAsText", new Blob([new Uint8Array([0xe9])], { type: "text/plain;charset=windows-1252" }))).r.result, "é");
  eq((await readWith("readAsText", new Blob([new Uint8Array([0xff, 0xfe, 0x41, 0])]), "utf-8")).r.result, "A", "the BOM wins");
  eq((await readWith("readAsText", new Blob([new Uint8Array([0x41])]), "bogus")).r.result, "A", "an unknown label is UTF-8");
});
test("FileReader: ArrayBuffer, binary string and data URL", async () => {
  const b = new Blob([new Uint8Array([0, 255, 65])], { type: "application/x-test" });
  same([...new Uint8Array((await readWith("readAsArrayBuffer", b)).r.result)], [0, 255, 65]);
  eq((await readWith("readAsBinaryString", b)).r.result, "\x00\xffA");
  eq((await readWith("readAsDataURL", b)).r.result, "data:application/x-test;base64,AP9B");
  eq((await readWith("readAsDataURL", new Blob(["a"]))).r.result, "data:application/octet-stream;base64,YQ==");
  eq((await readWith("readAsArrayBuffer", new Blob(["abcdef"]).slice(2, 4))).r.result.byteLength, 2);
});
test("FileReader: abort fires abort and loadend, and a new read may start in onload", async () => {
  const r = new FileReader();
  const events = [];
  for (const t of ["loadstart", "load", "abort", "loadend"]) r.addEventListener(t, () => events.push(t));
  r.readAsText(new Blob(["x"]));
  r.abort();
  same([r.readyState, r.result], [2, null]);
  await tick(); await tick(); await tick();
  same(events, ["abort", "loadend"]);
  const s = new FileReader();
  const order = [];
  let second = false;
  await new Promise((done) => {
    s.onload = () => { order.push("load:" + s.result); if (!second) { second = true; s.readAsText(new Blob(["2"])); } };
    s.onloadend = () => { order.push("loadend:" + s.result); done(); };
    s.readAsText(new Blob(["1"]));
  });
  same(order, ["load:1", "load:2", "loadend:2"]);
});
test("blobParts: @@iterator read once, each part converted as it comes", () => {
  const log = [];
  const parts = {
    get [Symbol.iterator]() { log.push("iterator"); return Array.prototype[Symbol.iterator]; },
    get length() { log.push("length"); return 2; },
    get 0() { log.push("0"); return { toString() { log.push("0 toString"); return "a"; } }; },
    get 1() { log.push("1"); throw new RangeError("stop"); },
  };
  throws(RangeError, () => new Blob(parts, { get type() { log.push("type"); return ""; } }));
  same(log, ["iterator", "length", "0", "0 toString", "length", "1"]);
  eq(new Blob(new Uint8Array([1, 2, 3])).size, 3, "a typed array is a sequence of numbers");
  eq(new Blob(new String("xyz")).size, 3);
  for (const bad of [new Date(), /x/, { 0: "a", length: 1 }, true, 1]) throws(TypeError, () => new Blob(bad), String(bad));
  throws(TypeError, () => new Blob([{ toString: null, valueOf: null }]));
  eq(Blob.length, 0);
  eq(File.length, 2);
});
test("FileReader: a second read keeps the first result until it loads", async () => {
  const r = new FileReader();
  const seen = [];
  await new Promise((done) => {
    let second = false;
    r.onloadend = () => {
      if (second) return done();
      second = true;
      const first = r.result;
      r.onloadstart = () => seen.push(r.result === first);
      r.onprogress = () => seen.push(r.result === first);
      r.readAsText(new Blob(["two"]));
    };
    r.readAsText(new Blob(["one"]));
  });
  same(seen, [true, true]);
  eq(r.result, "two");
});
