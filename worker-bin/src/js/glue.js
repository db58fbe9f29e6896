// The glue between the worker loop (engine/) and the user's module: it
// dispatches requests to `handler(req)` or `fetch(request, env, ctx)` and
// turns what they answer into host.done/host.stream* calls, runs the hooks
// (startup, shutdown, custom, message, swap), keeps each request's abort
// signal, and gives handlers and job processes `bext.jobs`. Evaluated inside
// the prelude's module (see prelude.rs); `deps` are the prelude's pieces.
(function (host, deps) {
  "use strict";
  const { define, inspect, format, LEVEL, reportError, addTimer, clearTimer, fireTimer, bytesOf } = deps;
  const { AbortSignal, AbortController, abortError, webParts, webLoaded, ws } = deps;
  // The Fetch classes and the streams are loaded on first use (see
  // prelude.js): until then no value can be a Response or a Request.
  const isResponse = (v) => webLoaded() && v instanceof webParts().http.Response;
  const isRequest = (v) => webLoaded() && v instanceof webParts().http.Request;

  let exportsNs = null;
  // What the heap walk starts from (js/heap.js): the script's exports, and
  // the globals there were before it loaded (the walk skips them).
  let loaded = { spec: "", base: new Set() };
  const roots = () => ({ spec: loaded.spec, ns: exportsNs, base: loaded.base });
  // [message, stack] of a thrown value. Reading them runs user code (getters,
  // toString) that may throw in turn: then it is an "unprintable error", and
  // the request still fails at once.
  function errorParts(e) {
    try {
      if (e instanceof Error) return [`${e.name}: ${e.message}`, String(e.stack || "")];
      return [`Uncaught ${typeof e === "string" ? e : inspect(e, 0)}`, ""];
    } catch (_) {
      return ["unprintable error (reading its message or stack threw)", ""];
    }
  }
  // The abort signal of each running request, by token: null until its
  // handler first reads `req.signal` or `request.signal` (most never do, and
  // making one costs about as much as the rest of a hello), then the signal.
  // A request keeps its entry until it ends, so a signal read after an abort
  // is already aborted.
  const signals = new Map();
  function signalOf(token) {
    const s = signals.get(token);
    if (s) return s;
    const made = AbortSignal._make();
    // A request that has ended gets a signal that never fires.
    if (s === null) signals.set(token, made);
    return made;
  }
  deps.onWebLoad(({ http }) => http.setSignalSource(signalOf));
  function fail(token, e) {
    signals.delete(token);
    const [message, stack] = errorParts(e);
    host.fail(token, message, stack);
  }
  function done(token, status, headers, body) {
    signals.delete(token);
    return host.done(token, status, headers, body);
  }
  // The client went away (`timeout` false) or the request ran past its
  // deadline: `req.signal` fires, once.
  function abort(token, timeout) {
    const s = signals.get(token);
    if (s === undefined) return;
    const reason = timeout ? new DOMException("The request timed out", "TimeoutError") : abortError("The client went away");
    if (s === null) signals.set(token, AbortSignal.abort(reason));
    else AbortSignal._signalAbort(s, reason);
  }
  function flattenHeaders(h) {
    const out = [];
    if (!h) return out;
    if (typeof h[Symbol.iterator] === "function") {
      for (const [k, v] of h) flatPush(out, k, v);
      return out;
    }
    // What Object.entries gives, without an array per entry.
    const keys = Object.keys(h);
    for (let i = 0; i < keys.length; i++) flatPush(out, keys[i], h[keys[i]]);
    return out;
  }
  function flatPush(out, k, v) {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) for (const x of v) out.push(String(k), String(x));
    else out.push(String(k), typeof v === "string" ? v : String(v));
  }
  // The headers of a string answered as it is (host.done only reads them).
  const TEXT_PLAIN = Object.freeze(["content-type", "text/plain; charset=utf-8"]);
  function hasHeader(flat, name) {
    for (let i = 0; i < flat.length; i += 2) if (flat[i] === name || flat[i].toLowerCase() === name) return true;
    return false;
  }
  const isBytes = (b) => b instanceof ArrayBuffer || ArrayBuffer.isView(b);
  function respond(token, v) {
    if (typeof v === "string") return done(token, 200, TEXT_PLAIN, v);
    if (ws.isUpgrade(v)) { signals.delete(token); return ws.accept(token, v); }
    if (isResponse(v)) return respondWeb(token, v);
    if (v !== null && typeof v === "object" && !Array.isArray(v) && (typeof v.status === "number" || "body" in v && (typeof v.body === "string" || isBytes(v.body) || v.body == null))) {
      const headers = flattenHeaders(v.headers);
      let body = v.body;
      if (body === undefined || body === null) body = "";
      else if (typeof body !== "string" && !isBytes(body)) {
        body = JSON.stringify(body);
        if (!hasHeader(headers, "content-type")) headers.push("content-type", "application/json");
      } else if (typeof body === "string" && !hasHeader(headers, "content-type")) {
        headers.push("content-type", "text/plain; charset=utf-8");
      }
      const status = v.status === undefined ? 200 : v.status;
      return done(token, status, headers, isBytes(body) ? bytesOf(body) : body);
    }
    const json = JSON.stringify(v) ?? "null";
    return done(token, 200, ["content-type", "application/json"], json);
  }
  // A web Response: its body is a string or bytes (sent at once) or a
  // ReadableStream, sent as it is produced: each chunk goes out at the end
  // of the turn that made it, and the stream is read no further while the
  // client has not taken enough of what was sent (host.streamChunk says 0;
  // `credit` resumes it).
  function respondWeb(token, r) {
    if (r.type === "error") throw new TypeError("the handler answered Response.error()");
    const { web, http } = webParts();
    const src = web.Body._take(r);
    const headers = http.Response._flatHeaders(r);
    if (!(src instanceof web.ReadableStream)) return done(token, r.status, headers, src === null ? "" : src);
    if (!host.streamHead(token, r.status, headers)) return signals.delete(token);
    pumpStream(token, src.getReader());
  }
  const creditWaiters = new Map();
  function credit(token) {
    const resume = creditWaiters.get(token);
    if (resume) { creditWaiters.delete(token); resume(); }
  }
  async function pumpStream(token, reader) {
    const signal = signalOf(token);
    let stop;
    const stopped = new Promise((_, reject) => { stop = reject; });
    stopped.catch(() => {});
    if (signal.aborted) stop(signal.reason);
    else signal.addEventListener("abort", () => stop(signal.reason), { once: true });
    try {
      for (;;) {
        const { done: end, value } = await Promise.race([reader.read(), stopped]);
        if (end) break;
        if (typeof value !== "string" && !isBytes(value)) throw new TypeError("a response body stream gave a chunk that is not bytes");
        const state = host.streamChunk(token, typeof value === "string" ? value : bytesOf(value));
        if (state < 0) { signals.delete(token); reader.cancel().catch(() => {}); return; }
        if (state === 0) await Promise.race([new Promise((resolve) => creditWaiters.set(token, resolve)), stopped]);
      }
      signals.delete(token);
      host.streamEnd(token);
    } catch (e) {
      creditWaiters.delete(token);
      try { reader.cancel(e).catch(() => {}); } catch (_) { /* already released */ }
      fail(token, e);
    }
  }
  // A handler that returns nothing almost always forgot its `return`, and
  // one that returns a function or a symbol returned something that is no
  // answer (`return render` for `return render()`): answer 500 (not a 200
  // the client would take for success) and say so once per worker for each
  // kind, so the log is not flooded.
  const NO_RESPONSE = new Map([
    ["undefined", ["undefined", "Did it forget to `return` its response?", "no response"]],
    ["function", ["a function", "Did it mean to call it?", "a function, not a response"]],
    ["symbol", ["a symbol", "A symbol is not a response.", "a symbol, not a response"]],
  ]);
  const warnedNoResponse = new Set();
  function noResponse(token, req, kind) {
    const [what, hint, answer] = NO_RESPONSE.get(kind);
    if (!warnedNoResponse.has(kind)) {
      warnedNoResponse.add(kind);
      const fn = isRequest(req) ? "fetch(request)" : "handler(req)";
      const path = isRequest(req) ? new URL(req.url).pathname : req.path;
      host.log(LEVEL.warn, `${fn} returned ${what} for ${req.method} ${path}; answered 500. ${hint} (logged once per worker)`);
    }
    done(token, 500, ["content-type", "text/plain; charset=utf-8"], `500 the handler returned ${answer}\n`);
  }
  function answer(token, v, req) {
    const kind = typeof v;
    if (kind !== "string" && NO_RESPONSE.has(kind)) noResponse(token, req, kind);
    else respond(token, v);
  }
  function settle(token, r, req) {
    if (r !== null && (typeof r === "object" || typeof r === "function") && typeof r.then === "function") {
      Promise.resolve(r).then((v) => { try { answer(token, v, req); } catch (e) { fail(token, e); } }, (e) => fail(token, e));
    } else {
      try { answer(token, r, req); } catch (e) { fail(token, e); }
    }
  }
  // `export function handler(req)`: a plain object built in engine/req.rs.
  // What costs little (id, method, url, path, ip, bytes, arrayBuffer) is
  // there from the start; `query`, `headers`, `signal` and `body` start as
  // these accessors (shared by every request), which make the value on
  // first read and replace themselves with a plain writable property
  // holding it, as the field used to be (`req.headers === req.headers`,
  // writes stay). Their data stays in Rust with `req[RAW]`, a native
  // function that owns the request's headers, query and body.
  const RAW = Symbol("request");
  const HEADERS = 0, QUERY = 1, BYTES = 2, TOKEN = 3;
  const dataField = (value) => ({ value, writable: true, enumerable: true, configurable: true });
  // A frozen req cannot take the value as its own: kept here, so every
  // read still gives the same object.
  const kept = new WeakMap();
  const lazyField = (key, make) => ({
    get() {
      // `this` may inherit from the req (Object.create(req)): the value is the req's.
      let req = this;
      while (!Object.hasOwn(req, RAW)) req = Object.getPrototypeOf(req);
      const k = kept.get(req);
      if (k !== undefined && k.has(key)) return k.get(key);
      const value = make(req[RAW]);
      if (Reflect.defineProperty(req, key, dataField(value))) return value;
      if (k === undefined) kept.set(req, new Map([[key, value]])); else k.set(key, value);
      return value;
    },
    set(v) { if (!Reflect.defineProperty(this, key, dataField(v))) throw new TypeError(`'${key}' is read-only`); },
  });
  // `body` is the text (invalid UTF-8 replaced); bytes() a fresh copy each time.
  const lazyReq = [lazyField("query", (raw) => raw(QUERY)), lazyField("headers", (raw) => raw(HEADERS)),
    lazyField("signal", (raw) => signalOf(raw(TOKEN))), lazyField("body", (raw) => host.utf8Decode(raw(BYTES), false, true))];
  function reqBytes() { return Promise.resolve(this[RAW](BYTES)); }
  function reqArrayBuffer() { return Promise.resolve(this[RAW](BYTES).buffer); }
  // What engine/req.rs makes each req of: the key of its data, the accessors, the methods.
  const requestShape = [RAW, ...lazyReq.flatMap((f) => [f.get, f.set]), reqBytes, reqArrayBuffer];
  // `tp`, `ts`: traceparent and tracestate (or null), read by the engine: `headers` stays unmade.
  function dispatch(token, req, tp, ts) {
    signals.set(token, null);
    const t = tp == null ? null : traceOf(tp, ts);
    let r;
    try { r = t === null ? exportsNs.handler(req) : inTrace(t, () => exportsNs.handler(req)); } catch (e) { return fail(token, e); }
    settle(token, r, req);
  }
  // `export default { fetch(request, env, ctx) }`: a web Request; `env` is
  // the pool's `env` table; `ctx.waitUntil(p)` keeps the worker from
  // shutting down until `p` settles.
  let env = Object.freeze({});
  function waitUntil(p) {
    host.background(1);
    Promise.resolve(p).then(
      () => host.background(-1),
      (e) => { host.background(-1); reportError("rejection in ctx.waitUntil()", e); },
    );
  }
  const execCtx = Object.freeze({ waitUntil, passThroughOnException() {}, props: Object.freeze({}) });
  function dispatchFetch(token, method, url, headers, body, ip) {
    signals.set(token, null);
    const req = webParts().http.Request._incoming(method, url, headers, body.length ? body : null, token, ip);
    const app = exportsNs.default;
    const t = flatTrace(headers);
    let r;
    try { r = t === null ? app.fetch(req, env, execCtx) : inTrace(t, () => app.fetch(req, env, execCtx)); } catch (e) { return fail(token, e); }
    settle(token, r, req);
  }
  const hasFetch = (ns) => ns.default !== null && typeof ns.default === "object" && typeof ns.default.fetch === "function";
  // Which shape the loaded script has: `handler` wins when both are there.
  function usesFetch() { return typeof exportsNs.handler !== "function" && hasFetch(exportsNs); }
  // Runs an optional hook (startup, shutdown, ...) and reports its end.
  function hook(token, name, arg) {
    const fn = exportsNs && exportsNs[name];
    if (typeof fn !== "function") return host.done(token, 204, [], "");
    const a = name === "startup" && arg === undefined ? bext.worker : arg;
    let r;
    try { r = fn(a); } catch (e) { return fail(token, e); }
    // ready() answers whether the worker may take traffic: falsy is a no.
    const end = name !== "ready" ? () => host.done(token, 200, [], "")
      : (v) => v ? host.done(token, 200, [], "") : fail(token, new Error(`ready() returned ${String(v)}`));
    if (r !== null && typeof r === "object" && typeof r.then === "function")
      Promise.resolve(r).then(end, (e) => fail(token, e));
    else end(r);
  }
  // custom(params) for `bext call`: its result goes back as JSON.
  function custom(token, params) {
    const fn = exportsNs && exportsNs.custom;
    if (typeof fn !== "function") return host.missing(token, "custom");
    let r;
    try { r = fn(params); } catch (e) { return fail(token, e); }
    Promise.resolve(r).then((v) => {
      let json;
      try { json = JSON.stringify(v === undefined ? null : v); } catch (e) { return fail(token, e); }
      host.done(token, 200, ["content-type", "application/json"], json);
    }, (e) => fail(token, e));
  }
  // message(data) for broadcasts: fire and forget.
  function message(data) {
    const fn = exportsNs && exportsNs.message;
    if (typeof fn !== "function") return;
    try {
      const r = fn(data);
      if (r !== null && typeof r === "object" && typeof r.then === "function") r.then(undefined, (e) => reportError("error in message()", e));
    } catch (e) {
      reportError("error in message()", e);
    }
  }
  function load(token, specifier) {
    loaded = { spec: specifier, base: new Set(Reflect.ownKeys(globalThis)) };
    import(specifier).then((ns) => {
      if (typeof ns.handler !== "function" && !hasFetch(ns)) {
        return host.fail(token, `${specifier} exports neither a handler function (export function handler(req) { ... }) nor a default object with a fetch method (export default { fetch(request, env, ctx) { ... } })`, "");
      }
      exportsNs = ns;
      // A fetch(request) handler needs the web module for every request:
      // load it during the boot rather than in the first request.
      if (usesFetch()) webParts();
      host.done(token, 200, [], "");
    }, (e) => fail(token, e));
  }
  // `bext.jobs` for handlers (js/jobs.js); jobReply settles its promises.
  const { jobs, jobReply } = __bextJobs(host, { LEVEL, currentTrace });

  // A job process runs its module's run(job) once. job.cancelled reads a
  // flag the worker sets as soon as bextd's cancel arrives, even while a
  // synchronous loop holds the thread; job.sleep() resolves early on cancel.
  const sleepers = new Set();
  let jobController = null;
  function jobCancel() {
    for (const s of sleepers) { clearTimer(s.timer); s.resolve(); }
    sleepers.clear();
    if (jobController) jobController.abort(abortError("The job was cancelled"));
  }
  function makeJob(info) {
    let checkpoint = info.checkpoint;
    jobController = new AbortController();
    return Object.freeze({
      id: info.id,
      pool: info.pool,
      daemon: info.daemon,
      restartCount: info.restartCount,
      attempt: info.attempt,
      data: info.data,
      signal: jobController.signal,
      get cancelled() { return host.jobCancelled(); },
      progress(p) { host.jobProgress(Number(p)); },
      checkpoint(obj) {
        const json = JSON.stringify(obj === undefined ? null : obj) ?? "null";
        host.jobCheckpoint(json);
        checkpoint = json;
      },
      getCheckpoint() { return checkpoint == null ? null : JSON.parse(checkpoint); },
      sleep(ms) {
        if (host.jobCancelled()) return Promise.resolve();
        return new Promise((resolve) => {
          const s = { resolve };
          s.timer = addTimer(() => { sleepers.delete(s); resolve(); }, ms, [], false);
          sleepers.add(s);
        });
      },
      log: (...a) => host.log(LEVEL.info, format(a)),
    });
  }
  function runJob(token, specifier, info) {
    import(specifier).then((ns) => {
      const run = typeof ns.run === "function" ? ns.run : ns.default && typeof ns.default.run === "function" ? ns.default.run : null;
      if (!run) return host.fail(token, `${specifier} does not export a run function (export async function run(job) { ... })`, "");
      exportsNs = ns;
      // A traced run: its fetch() calls and bext.trace.span nest under
      // bextd's job span (info.traceparent, from the process's TRACEPARENT).
      const t = info.traceparent == null ? null : traceOf(info.traceparent, info.tracestate);
      let r;
      try { r = t === null ? run(makeJob(info)) : inTrace(t, run, makeJob(info)); } catch (e) { return fail(token, e); }
      Promise.resolve(r).then((v) => {
        let json;
        try { json = JSON.stringify(v === undefined ? null : v) ?? "null"; } catch (e) { return fail(token, e); }
        host.done(token, 200, [], json);
      }, (e) => fail(token, e));
    }, (e) => fail(token, e));
  }

  // ----------------------------------------------------------------- trace
  // A request bextd traces comes with a traceparent (bextd's run span).
  // Its context rides in the engine's async context, the frame that
  // node:async_hooks keeps (a Map; TRACE is our key in it), so it follows
  // `await` and promise callbacks from the handler into its fetch() calls
  // and bext.trace.span (timers keep it once node:async_hooks is loaded).
  // A request without one sets nothing; an unsampled one (flags 00) only
  // carries its context for fetch() to pass on, and makes no span.
  const TRACE = Symbol("trace");
  const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
  function traceOf(tp, state) {
    const m = typeof tp === "string" ? TRACEPARENT.exec(tp) : null;
    if (m === null) return null;
    return { trace: m[1], span: m[2], sampled: (parseInt(m[3], 16) & 1) === 1, state: typeof state === "string" ? state : "" };
  }
  function flatTrace(flat) {
    let tp, state;
    for (let i = 0; i + 1 < flat.length; i += 2) {
      if (flat[i] === "traceparent") tp = flat[i + 1];
      else if (flat[i] === "tracestate") state = flat[i + 1];
    }
    return tp === undefined ? null : traceOf(tp, state);
  }
  function currentTrace() {
    const frame = host.traceContext();
    return frame instanceof Map ? frame.get(TRACE) : undefined;
  }
  function inTrace(t, fn, arg) {
    const saved = host.traceContext();
    const frame = new Map(saved instanceof Map ? saved : undefined);
    frame.set(TRACE, t);
    host.traceSetContext(frame);
    try { return fn(arg); } finally { host.traceSetContext(saved); }
  }
  const NOOP_SPAN = Object.freeze({ setAttribute() { return NOOP_SPAN; } });
  // bext.trace.span(name, fn): fn(span) runs in a span of its own, ended
  // when fn returns or its promise settles (a throw or a rejection marks
  // it failed, and goes on).
  function span(name, fn) {
    if (typeof fn !== "function") throw new TypeError("bext.trace.span(name, fn): fn must be a function");
    const t = currentTrace();
    if (t === undefined || !t.sampled) return fn(NOOP_SPAN);
    const child = { trace: t.trace, span: host.traceNewId(), sampled: true, state: t.state };
    const attrs = [];
    const handle = { setAttribute(k, v) { attrs.push(String(k), v); return handle; } };
    const start = host.traceNow();
    const end = (e) => host.traceSpan([t.trace, child.span, t.span], String(name), false, start, host.traceNow(), attrs,
      e === undefined ? null : errorParts(e)[0]);
    let r;
    try { r = inTrace(child, fn, handle); } catch (e) { end(e); throw e; }
    if (r !== null && typeof r === "object" && typeof r.then === "function")
      return Promise.resolve(r).then((v) => { end(); return v; }, (e) => { end(e); throw e; });
    end();
    return r;
  }
  // fetch()'s part (fetch.js asks before sending): the current context goes
  // downstream in the request's flat headers (replacing any traceparent and
  // tracestate); for a sampled one under a new client span, whose end this
  // returns: end(status) or end(0, why).
  function fetchTrace(t, method, url, flat) {
    for (let i = flat.length - 2; i >= 0; i -= 2) {
      const k = flat[i].toLowerCase();
      if (k === "traceparent" || k === "tracestate") flat.splice(i, 2);
    }
    const id = t.sampled ? host.traceNewId() : t.span;
    flat.push("traceparent", `00-${t.trace}-${id}-${t.sampled ? "01" : "00"}`);
    if (t.state !== "") flat.push("tracestate", t.state);
    if (!t.sampled) return null;
    const start = host.traceNow();
    return (status, why) => {
      const attrs = ["http.request.method", method, "url.full", url];
      const u = globalThis.URL.parse(url);
      if (u !== null) attrs.push("server.address", u.hostname);
      if (status) attrs.push("http.response.status_code", status);
      const error = why || (status >= 400 ? String(status) : null);
      host.traceSpan([t.trace, id, t.span], method, true, start, host.traceNow(), attrs, error);
    };
  }
  deps.onWebLoad(({ http }) => http.setTracer({ current: currentTrace, begin: fetchTrace }));

  const bext = {
    worker: Object.freeze({ id: 0, pid: 0, pool: "", generation: 0 }),
    // Sends `data` (anything JSON can hold) to bextd, which logs and counts it.
    sendMessage(data) { host.sendMessage(JSON.stringify(data === undefined ? null : data)); },
    jobs,
    // Deno's shape: `{ socket, response }`; return `response` (js/websocket.js).
    upgradeWebSocket: ws.upgradeWebSocket,
    trace: Object.freeze({ span }),
  };
  define("bext", bext);
  function setIdentity(id, pid, pool, generation, envPairs) {
    bext.worker = Object.freeze({ id, pid, pool, generation });
    const e = {};
    for (let i = 0; i + 1 < envPairs.length; i += 2) e[envPairs[i]] = envPairs[i + 1];
    env = Object.freeze(e);
  }
  return { roots, dispatch, requestShape, dispatchFetch, usesFetch, credit, fetchEvent: (...a) => webParts().http.fetchEvent(...a), hook, load, custom, message, fireTimer, setIdentity, reportError, abort, runJob, jobCancel, jobReply, socketEvent: ws.socketEvent };
})
