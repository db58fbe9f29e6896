// Fetch: bodies of Request and Response.
const streamOf = (...chunks) => new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(x); c.close(); } });
test("body kinds and their content types", async () => {
  eq(new Response("x").headers.get("content-type"), "text/plain;charset=UTF-8");
  eq(new Response(new URLSearchParams("a=1")).headers.get("content-type"), "application/x-www-form-urlencoded;charset=UTF-8");
  eq(new Response(new Blob([], { type: "a/b" })).headers.get("content-type"), "a/b");
  eq(new Response(new Uint8Array([1])).headers.get("content-type"), null);
  eq(await new Response(streamOf(new Uint8Array([104, 105]))).text(), "hi");
  eq(await new Response("\uD800").text(), "\uFFFD");
});
test("bodyUsed: false until read; a read body cannot be read again", async () => {
  const r = new Response("abc");
  eq(r.bodyUsed, false);
  eq(await r.text(), "abc");
  eq(r.bodyUsed, true);
  await rejects(TypeError, r.text());
  await rejects(TypeError, r.arrayBuffer());
  eq(new Response(null).bodyUsed, false);
  const n = new Response(null);
  await n.text();
  eq(n.bodyUsed, false, "a null body is never used");
});
test("a locked body is not used but cannot be read", async () => {
  const r = new Response("abc");
  const reader = r.body.getReader();
  eq(r.bodyUsed, false);
  await rejects(TypeError, r.text());
  throws(TypeError, () => r.clone());
  await reader.read();
  eq(r.bodyUsed, true);
});
test("a body from a locked or disturbed stream is refused", async () => {
  const s = streamOf(new Uint8Array([1]));
  s.getReader();
  throws(TypeError, () => new Response(s));
  const t = streamOf(new Uint8Array([1]), new Uint8Array([2]));
  const rd = t.getReader();
  await rd.read();
  rd.releaseLock();
  throws(TypeError, () => new Response(t));
  throws(TypeError, () => new Request("https://example.com/", { method: "POST", body: t }));
});
test("a chunk that is not a Uint8Array is a TypeError", async () => {
  for (const bad of ["text", new ArrayBuffer(1), null, 5, {}, [1], new Uint16Array(1)])
    await rejects(TypeError, new Response(streamOf(bad)).text(), String(bad));
});
test("clone tees: both read everything, chunks are not shared", async () => {
  const r = new Response(streamOf(new Uint8Array([1, 2]), new Uint8Array([3])));
  const c = r.clone();
  const [a, b] = [r.body.getReader(), c.body.getReader()];
  const x = await a.read(), y = await b.read();
  ok(x.value !== y.value, "distinct chunks");
  same([...x.value], [...y.value]);
  x.value[0] = 99;
  eq(y.value[0], 1);
  const bytes = new Response(new Uint8Array([5]));
  const bc = bytes.clone();
  (await bytes.bytes())[0] = 7;
  eq((await bc.bytes())[0], 5);
  eq(await new Response("s").clone().text(), "s");
});
test("clone of a used body throws; a request's too", async () => {
  const r = new Response("a");
  await r.text();
  throws(TypeError, () => r.clone());
  const q = new Request("https://example.com/", { method: "POST", body: "x" });
  const q2 = q.clone();
  eq(await q2.text(), "x");
  eq(await q.text(), "x");
});
test("Request from a Request with a used body throws", async () => {
  const q = new Request("https://example.com/", { method: "POST", body: "x" });
  await q.text();
  throws(TypeError, () => new Request(q));
  const q2 = new Request("https://example.com/", { method: "POST", body: "y" });
  const q3 = new Request(q2);
  eq(q2.bodyUsed, true);
  eq(await q3.text(), "y");
});
test("Response init: status range, statusText reason phrase, headers", () => {
  throws(RangeError, () => new Response("", { status: 199 }));
  throws(RangeError, () => new Response("", { status: 600 }));
  throws(TypeError, () => new Response("", { statusText: "a\nb" }));
  throws(TypeError, () => new Response("", { statusText: "€" }));
  eq(new Response("", { statusText: "Ok \xe9\t" }).statusText, "Ok \xe9\t");
  throws(TypeError, () => new Response("", { headers: null }));
  throws(TypeError, () => new Response("", 5));
  throws(TypeError, () => new Response("x", { status: 204 }));
});
test("json, blob, arrayBuffer, bytes", async () => {
  same(await Response.json({ a: [1] }).json(), { a: [1] });
  const b = await new Response("xy", { headers: { "content-type": "Text/X" } }).blob();
  same([b.type, b.size], ["text/x", 2]);
  eq((await new Response("ab").arrayBuffer()).byteLength, 2);
  ok((await new Response("ab").bytes()) instanceof Uint8Array);
  await rejects(SyntaxError, new Response("{").json());
});
test("Request init: enumerations checked, kept and cloned", () => {
  const q = new Request("https://example.com/", { mode: "same-origin", credentials: "omit", cache: "only-if-cached", redirect: "manual", referrerPolicy: "origin", integrity: "sha256-x", keepalive: true, referrer: "" });
  same([q.mode, q.credentials, q.cache, q.redirect, q.referrerPolicy, q.integrity, q.keepalive, q.referrer], ["same-origin", "omit", "only-if-cached", "manual", "origin", "sha256-x", true, ""]);
  const c = q.clone();
  same([c.mode, c.cache, c.redirect], ["same-origin", "only-if-cached", "manual"]);
  same([new Request(q).credentials, new Request(q, { credentials: "include" }).credentials], ["omit", "include"]);
  const d = new Request("https://example.com/");
  same([d.mode, d.credentials, d.cache, d.redirect, d.referrer, d.referrerPolicy, d.integrity, d.keepalive, d.destination, d.duplex], ["cors", "same-origin", "default", "follow", "about:client", "", "", false, "", "half"]);
  const bad = [{ mode: "navigate" }, { mode: "x" }, { credentials: "x" }, { cache: "x" }, { cache: "only-if-cached" }, { redirect: "x" },
    { referrerPolicy: "x" }, { priority: "x" }, { duplex: "full" }, { window: {} }, { referrer: "http://:bad" }, { method: "IN VALID" },
    { method: "TRACE" }, { mode: "no-cors", method: "PUT" }, { signal: {} }, { headers: null }];
  for (const init of bad) throws(TypeError, () => new Request("https://example.com/", init), JSON.stringify(init));
  throws(TypeError, () => new Request("https://user:pass@example.com/"));
  throws(TypeError, () => new Request("https://example.com/", { method: "GET", body: "x" }));
});
test("Request signal follows the one given, and the input's", () => {
  const c = new AbortController();
  const q = new Request("https://example.com/", { signal: c.signal });
  ok(q.signal !== c.signal, "a signal of its own");
  const q2 = new Request(q);
  const q3 = q.clone();
  c.abort("gone");
  same([q.signal.aborted, q.signal.reason, q2.signal.aborted, q3.signal.reason], [true, "gone", true, "gone"]);
  eq(new Request(q, { signal: null }).signal.aborted, false, "null cuts the link");
});
test("methods are normalized, content type comes from the body or the input", () => {
  eq(new Request("https://e/", { method: "post" }).method, "POST");
  eq(new Request("https://e/", { method: "patch" }).method, "patch");
  const a = new Request("https://e/", { method: "POST", body: "x", headers: { "content-type": "potato" } });
  eq(new Request(a).headers.get("content-type"), "potato");
  const b = new Request("https://e/", { method: "POST", body: "x" });
  eq(new Request(b).headers.get("content-type"), "text/plain;charset=UTF-8");
  eq(new Request(new Request("https://e/", { headers: { "content-type": "p" } }), { headers: [] }).headers.has("content-type"), false);
});
test("clone: the clone's chunks are structured clones of the same type", async () => {
  const buf = new ArrayBuffer(16);
  for (const chunk of [new Int16Array(buf, 2, 2), buf, new DataView(buf, 2, 8), new Float64Array(buf)]) {
    const r = new Response(new ReadableStream({ start(c) { c.enqueue(chunk); c.close(); } }));
    const c = r.clone();
    const a = await r.body.getReader().read();
    const b = await c.body.getReader().read();
    ok(a.value === chunk, "the original branch keeps the chunk");
    ok(b.value !== chunk && Object.getPrototypeOf(b.value) === Object.getPrototypeOf(chunk), "a copy of the same type");
    eq(b.value.byteLength, chunk.byteLength);
  }
});
test("cancelling one branch leaves the clone readable", async () => {
  const r = new Response(new ReadableStream({ start(c) { c.enqueue(new Uint8Array([1, 2])); c.close(); } }));
  const c = r.clone();
  await r.body.cancel();
  same([r.bodyUsed, c.bodyUsed], [true, false]);
  eq((await c.arrayBuffer()).byteLength, 2);
  eq(c.bodyUsed, true);
});
test("Response init: status as WebIDL's unsigned short; the body is extracted before the checks", () => {
  eq(new Response("", { status: 200.9 }).status, 200);
  eq(new Response("", { status: "201" }).status, 201);
  eq(new Response("", { status: 65736 }).status, 200, "modulo 2^16");
  throws(RangeError, () => new Response("", { status: NaN }));
  const s = new ReadableStream();
  s.getReader();
  throws(TypeError, () => new Response(s, { status: 99 }), "the locked body first");
  const log = [];
  new Response("", { get statusText() { log.push("statusText"); return ""; }, get status() { log.push("status"); return 200; }, get headers() { log.push("headers"); return {}; } });
  same(log, ["headers", "status", "statusText"]);
});
