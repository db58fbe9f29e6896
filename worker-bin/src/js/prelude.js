// The worker's JavaScript side: web globals, console, and the glue that calls
// the user's module. Evaluated once per runtime, before the user's script.
// `host` is the set of Rust functions from host.rs; it is captured here and
// removed from the global object so user code cannot reach it.
(function (host) {
  "use strict";
  const g = globalThis;
  const define = (name, value) =>
    Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });

  // ---------------------------------------------------------------- console
  function inspect(v, depth) {
    if (typeof v === "string") return v;
    if (v instanceof Error) {
      try {
        return v.stack ? `${v.name}: ${v.message}\n${v.stack}`.trimEnd() : `${v.name}: ${v.message}`;
      } catch (_) {
        return "unprintable error";
      }
    }
    if (typeof v === "function") return `[Function ${v.name || "(anonymous)"}]`;
    if (typeof v === "symbol" || typeof v === "bigint") return v.toString();
    if (v === null || typeof v !== "object") return String(v);
    if (depth > 2) return Array.isArray(v) ? "[Array]" : "[Object]";
    try {
      const seen = new WeakSet();
      return JSON.stringify(v, (k, x) => {
        if (typeof x === "bigint") return x.toString();
        if (x !== null && typeof x === "object") {
          if (seen.has(x)) return "[Circular]";
          seen.add(x);
          if (x instanceof Map) return { Map: [...x.entries()] };
          if (x instanceof Set) return { Set: [...x.values()] };
        }
        return x;
      });
    } catch (_) {
      return Object.prototype.toString.call(v);
    }
  }
  function format(args) {
    let out = [];
    let i = 0;
    if (typeof args[0] === "string" && args.length > 1 && /%[sdifjoO%]/.test(args[0])) {
      i = 1;
      out.push(args[0].replace(/%[sdifjoO%]/g, (m) => {
        if (m === "%%") return "%";
        if (i >= args.length) return m;
        const a = args[i++];
        if (m === "%d" || m === "%i") return String(parseInt(a, 10));
        if (m === "%f") return String(Number(a));
        if (m === "%s") return typeof a === "string" ? a : inspect(a, 1);
        return inspect(a, 0);
      }));
    }
    for (; i < args.length; i++) out.push(inspect(args[i], 0));
    return out.join(" ");
  }
  const LEVEL = { error: 0, warn: 1, info: 2, debug: 3 };
  const counts = new Map();
  const timersByLabel = new Map();
  const console = {
    log: (...a) => host.log(LEVEL.info, format(a)),
    info: (...a) => host.log(LEVEL.info, format(a)),
    warn: (...a) => host.log(LEVEL.warn, format(a)),
    error: (...a) => host.log(LEVEL.error, format(a)),
    debug: (...a) => host.log(LEVEL.debug, format(a)),
    trace: (...a) => host.log(LEVEL.debug, format(a) + "\n" + (new Error().stack || "")),
    assert: (cond, ...a) => { if (!cond) host.log(LEVEL.error, "Assertion failed" + (a.length ? ": " + format(a) : "")); },
    count: (label = "default") => { const n = (counts.get(label) || 0) + 1; counts.set(label, n); host.log(LEVEL.info, `${label}: ${n}`); },
    countReset: (label = "default") => counts.delete(label),
    time: (label = "default") => timersByLabel.set(label, host.now()),
    timeEnd: (label = "default") => {
      const t = timersByLabel.get(label);
      if (t !== undefined) { timersByLabel.delete(label); host.log(LEVEL.info, `${label}: ${(host.now() - t).toFixed(3)}ms`); }
    },
    timeLog: (label = "default", ...a) => {
      const t = timersByLabel.get(label);
      if (t !== undefined) host.log(LEVEL.info, `${label}: ${(host.now() - t).toFixed(3)}ms` + (a.length ? " " + format(a) : ""));
    },
    dir: (v) => host.log(LEVEL.info, inspect(v, 0)),
    table: (v) => host.log(LEVEL.info, inspect(v, 0)),
    group: (...a) => { if (a.length) host.log(LEVEL.info, format(a)); },
    groupEnd: () => {},
  };
  define("console", console);

  function reportError(where, e) {
    host.log(LEVEL.error, `Uncaught ${where}: ${inspect(e, 0)}`);
  }

  // ----------------------------------------------------------------- timers
  // Rust keeps the deadlines (host.armTimer/cancelTimer) and calls fireTimer
  // with the id when one is due; the callbacks live here.
  const timers = new Map();
  let nextTimerId = 1;
  function addTimer(fn, ms, args, repeat) {
    if (typeof fn !== "function") throw new TypeError("timer callback must be a function");
    const id = nextTimerId++;
    const delay = Math.max(0, Number(ms) || 0);
    timers.set(id, { fn, args, repeat: repeat ? delay : -1 });
    host.armTimer(id, delay);
    return id;
  }
  function clearTimer(id) {
    if (timers.delete(Number(id))) host.cancelTimer(Number(id));
  }
  function fireTimer(id) {
    const t = timers.get(id);
    if (!t) return;
    if (t.repeat >= 0) host.armTimer(id, t.repeat);
    else timers.delete(id);
    try {
      t.fn.apply(g, t.args);
    } catch (e) {
      reportError("error in timer callback", e);
    }
  }
  define("setTimeout", (fn, ms, ...args) => addTimer(fn, ms, args, false));
  define("setInterval", (fn, ms, ...args) => addTimer(fn, ms, args, true));
  define("setImmediate", (fn, ...args) => addTimer(fn, 0, args, false));
  define("clearTimeout", clearTimer);
  define("clearInterval", clearTimer);
  define("clearImmediate", clearTimer);
  if (typeof g.queueMicrotask !== "function") {
    define("queueMicrotask", (fn) => {
      if (typeof fn !== "function") throw new TypeError("queueMicrotask needs a function");
      Promise.resolve().then(() => { try { fn(); } catch (e) { reportError("error in microtask", e); } });
    });
  }

  // ------------------------------------------------------------ performance
  const timeOrigin = host.timeOrigin();
  const performance = {
    timeOrigin,
    now: () => host.now(),
    toJSON: () => ({ timeOrigin }),
    mark: () => {},
    measure: () => {},
  };
  define("performance", performance);

  // ---------------------------------------------------------- text encoding
  function bytesOf(input) {
    if (input === undefined) return new Uint8Array(0);
    if (input instanceof ArrayBuffer) return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    throw new TypeError("expected an ArrayBuffer or an ArrayBufferView");
  }
  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(input = "") { return host.utf8Encode(String(input)); }
    encodeInto(src, dest) {
      // Encode whole code points while they fit, as the spec requires.
      const s = String(src);
      let read = 0, written = 0;
      for (const ch of s) {
        const b = host.utf8Encode(ch);
        if (written + b.length > dest.length) break;
        dest.set(b, written);
        written += b.length;
        read += ch.length;
      }
      return { read, written };
    }
  }
  class TextDecoder {
    #fatal; #ignoreBOM;
    constructor(label = "utf-8", options = {}) {
      const l = String(label).trim().toLowerCase();
      if (l !== "utf-8" && l !== "utf8" && l !== "unicode-1-1-utf-8") throw new RangeError(`The "${label}" encoding is not supported`);
      this.#fatal = !!options.fatal;
      this.#ignoreBOM = !!options.ignoreBOM;
    }
    get encoding() { return "utf-8"; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#ignoreBOM; }
    decode(input, _options) { return host.utf8Decode(bytesOf(input), this.#fatal, this.#ignoreBOM); }
  }
  define("TextEncoder", TextEncoder);
  define("TextDecoder", TextDecoder);

  // ------------------------------------------------------------ atob / btoa
  define("btoa", (s) => host.btoa(String(s)));
  define("atob", (s) => host.atob(String(s)));

  // -------------------------------------------------------- URLSearchParams
  class URLSearchParams {
    #list = [];
    #onChange = null;
    constructor(init = "") {
      if (init instanceof URLSearchParams) this.#list = init.#list.map((p) => [p[0], p[1]]);
      else if (typeof init === "string" || init === undefined || init === null) this.#parse(init == null ? "" : init);
      else if (typeof init === "object" && typeof init[Symbol.iterator] === "function") {
        for (const pair of init) {
          const p = [...pair];
          if (p.length !== 2) throw new TypeError("each pair must have exactly two items");
          this.#list.push([String(p[0]), String(p[1])]);
        }
      } else if (typeof init === "object") {
        for (const k of Object.keys(init)) this.#list.push([k, String(init[k])]);
      } else this.#parse(String(init));
    }
    #parse(s) {
      if (s.startsWith("?")) s = s.slice(1);
      const flat = host.formParse(s);
      this.#list = [];
      for (let i = 0; i < flat.length; i += 2) this.#list.push([flat[i], flat[i + 1]]);
    }
    #update() { if (this.#onChange) this.#onChange(this.toString()); }
    static _bind(params, s, onChange) { params.#parse(s); params.#onChange = onChange; }
    static _reparse(params, s) { params.#parse(s); }
    get size() { return this.#list.length; }
    append(k, v) { this.#list.push([String(k), String(v)]); this.#update(); }
    delete(k, v) {
      k = String(k);
      this.#list = this.#list.filter((p) => !(p[0] === k && (v === undefined || p[1] === String(v))));
      this.#update();
    }
    get(k) { k = String(k); const p = this.#list.find((p) => p[0] === k); return p ? p[1] : null; }
    getAll(k) { k = String(k); return this.#list.filter((p) => p[0] === k).map((p) => p[1]); }
    has(k, v) { k = String(k); return this.#list.some((p) => p[0] === k && (v === undefined || p[1] === String(v))); }
    set(k, v) {
      k = String(k); v = String(v);
      const i = this.#list.findIndex((p) => p[0] === k);
      if (i < 0) this.#list.push([k, v]);
      else { this.#list[i][1] = v; this.#list = this.#list.filter((p, j) => j <= i || p[0] !== k); }
      this.#update();
    }
    sort() {
      this.#list = this.#list.map((p, i) => [p, i]).sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1])).map((x) => x[0]);
      this.#update();
    }
    forEach(fn, thisArg) { for (const [k, v] of this.#list) fn.call(thisArg, v, k, this); }
    *keys() { for (const p of this.#list) yield p[0]; }
    *values() { for (const p of this.#list) yield p[1]; }
    *entries() { for (const p of this.#list) yield [p[0], p[1]]; }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return host.formSerialize(this.#list.flat()); }
    get [Symbol.toStringTag]() { return "URLSearchParams"; }
  }
  define("URLSearchParams", URLSearchParams);

  // -------------------------------------------------------------------- URL
  // Parsing and every setter go through the Rust `url` crate (WHATWG URL).
  const PARTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
  class URL {
    #c;
    #params = null;
    constructor(url, base) {
      const c = host.urlParse(String(url), base === undefined ? undefined : String(base));
      if (!c) throw new TypeError(`Invalid URL: ${url}`);
      this.#c = c;
    }
    static canParse(url, base) { return !!host.urlParse(String(url), base === undefined ? undefined : String(base)); }
    static parse(url, base) { try { return new URL(url, base); } catch (_) { return null; } }
    #set(part, value) {
      const c = host.urlSet(this.#c[0], part, String(value));
      if (!c) { if (part === "href") throw new TypeError(`Invalid URL: ${value}`); return; }
      this.#c = c;
      if (this.#params && part !== "searchParams") URLSearchParams._reparse(this.#params, this.#c[9]);
    }
    get searchParams() {
      if (!this.#params) {
        this.#params = new URLSearchParams();
        URLSearchParams._bind(this.#params, this.#c[9], (s) => {
          const c = host.urlSet(this.#c[0], "search", s);
          if (c) this.#c = c;
        });
      }
      return this.#params;
    }
    static _get(u, i) { return u.#c[i]; }
    static _set(u, part, v) { u.#set(part, v); }
    toString() { return this.#c[0]; }
    toJSON() { return this.#c[0]; }
    get [Symbol.toStringTag]() { return "URL"; }
  }
  PARTS.forEach((name, i) => {
    const desc = { get() { return URL._get(this, i); }, configurable: true, enumerable: true };
    if (name !== "origin") desc.set = function (v) { URL._set(this, name, v); };
    Object.defineProperty(URL.prototype, name, desc);
  });
  define("URL", URL);

  // ---------------------------------------------------------------- crypto
  const crypto = {
    getRandomValues(ta) {
      if (!ArrayBuffer.isView(ta) || ta instanceof Float32Array || ta instanceof Float64Array || ta instanceof DataView)
        throw new TypeError("getRandomValues needs an integer typed array");
      if (ta.byteLength > 65536) throw new RangeError("getRandomValues: at most 65536 bytes at a time");
      new Uint8Array(ta.buffer, ta.byteOffset, ta.byteLength).set(host.randomBytes(ta.byteLength));
      return ta;
    },
    randomUUID() {
      const b = host.randomBytes(16);
      b[6] = (b[6] & 0x0f) | 0x40;
      b[8] = (b[8] & 0x3f) | 0x80;
      const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
  define("crypto", crypto);

  // -------------------------------------------------------- structuredClone
  function DataCloneError(msg) { const e = new Error(msg); e.name = "DataCloneError"; return e; }
  function clone(v, seen) {
    if (v === null || (typeof v !== "object" && typeof v !== "function" && typeof v !== "symbol")) return v;
    if (typeof v === "function" || typeof v === "symbol") throw DataCloneError(`${String(v)} could not be cloned`);
    if (seen.has(v)) return seen.get(v);
    let out;
    if (v instanceof Date) out = new Date(v.getTime());
    else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
    else if (v instanceof ArrayBuffer) out = v.slice(0);
    else if (ArrayBuffer.isView(v)) {
      const buf = clone(v.buffer, seen);
      out = v instanceof DataView ? new DataView(buf, v.byteOffset, v.byteLength) : new v.constructor(buf, v.byteOffset, v.length);
    } else if (v instanceof Map) { out = new Map(); seen.set(v, out); for (const [k, x] of v) out.set(clone(k, seen), clone(x, seen)); return out; }
    else if (v instanceof Set) { out = new Set(); seen.set(v, out); for (const x of v) out.add(clone(x, seen)); return out; }
    else if (v instanceof Error) {
      out = new (g[v.name] && g[v.name].prototype instanceof Error ? g[v.name] : Error)(v.message);
      if (v.stack) out.stack = v.stack;
    } else if (v instanceof Boolean || v instanceof Number || v instanceof String) out = Object(v.valueOf());
    else if (Array.isArray(v)) { out = new Array(v.length); seen.set(v, out); for (const k of Object.keys(v)) out[k] = clone(v[k], seen); return out; }
    else if (v instanceof Promise || v instanceof WeakMap || v instanceof WeakSet) throw DataCloneError(`${Object.prototype.toString.call(v)} could not be cloned`);
    else { out = {}; seen.set(v, out); for (const k of Object.keys(v)) out[k] = clone(v[k], seen); return out; }
    seen.set(v, out);
    return out;
  }
  define("structuredClone", (v, _options) => clone(v, new Map()));

  // --------------------------------------------------------- MessageChannel
  // Messages are delivered as macrotasks, like in browsers: React's scheduler
  // relies on that to yield between units of work.
  class MessagePort {
    #other = null; #listeners = []; #closed = false; #onmessage = null;
    static _pair(a, b) { a.#other = b; b.#other = a; }
    get onmessage() { return this.#onmessage; }
    set onmessage(fn) { this.#onmessage = fn; }
    postMessage(data) {
      const to = this.#other;
      if (this.#closed || !to) return;
      const copy = clone(data, new Map());
      addTimer(() => to.#deliver(copy), 0, [], false);
    }
    #deliver(data) {
      if (this.#closed) return;
      const ev = { type: "message", data, target: this, currentTarget: this };
      if (typeof this.#onmessage === "function") this.#onmessage.call(this, ev);
      for (const fn of this.#listeners) fn.call(this, ev);
    }
    addEventListener(type, fn) { if (type === "message" && typeof fn === "function") this.#listeners.push(fn); }
    removeEventListener(type, fn) { if (type === "message") this.#listeners = this.#listeners.filter((f) => f !== fn); }
    start() {}
    close() { this.#closed = true; }
  }
  class MessageChannel {
    constructor() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
      MessagePort._pair(this.port1, this.port2);
    }
  }
  define("MessagePort", MessagePort);
  define("MessageChannel", MessageChannel);


  // ------------------------------------------- Event, EventTarget, abort
  // The DOM's event model as far as AbortSignal (`req.signal`) needs it:
  // listeners run in the order they were added, `once` and `signal` options,
  // a throwing listener is reported and the others still run, and `onabort`
  // keeps the place in the list where it was first set.
  let dispatching = null;
  class Event {
    #type; #cancelable; #canceled = false; #stop = false; #target = null; #current = null;
    constructor(type, init) {
      if (arguments.length === 0) throw new TypeError("Event: the type is required");
      this.#type = String(type);
      this.#cancelable = !!(init && init.cancelable);
      this.timeStamp = host.now();
    }
    get type() { return this.#type; }
    get target() { return this.#target; }
    get srcElement() { return this.#target; }
    get currentTarget() { return this.#current; }
    get bubbles() { return false; }
    get composed() { return false; }
    get cancelable() { return this.#cancelable; }
    get defaultPrevented() { return this.#canceled; }
    get isTrusted() { return dispatching === this; }
    get eventPhase() { return this.#current ? 2 : 0; }
    composedPath() { return this.#current ? [this.#current] : []; }
    preventDefault() { if (this.#cancelable) this.#canceled = true; }
    stopPropagation() {}
    stopImmediatePropagation() { this.#stop = true; }
    static _enter(e, target) { e.#target = target; e.#current = target; e.#stop = false; }
    static _leave(e) { e.#current = null; }
    static _stopped(e) { return e.#stop; }
  }
  const captureOf = (o) => (typeof o === "boolean" ? o : !!(o && o.capture));
  class EventTarget {
    #listeners = new Map();
    addEventListener(type, callback, options) {
      if (callback === null || callback === undefined) return;
      type = String(type);
      const capture = captureOf(options);
      const o = options !== null && typeof options === "object" ? options : {};
      if (o.signal !== undefined && o.signal.aborted) return;
      let list = this.#listeners.get(type);
      if (!list) this.#listeners.set(type, (list = []));
      if (list.some((l) => l.callback === callback && l.capture === capture)) return;
      list.push({ callback, capture, once: !!o.once, removed: false });
      if (o.signal !== undefined)
        o.signal.addEventListener("abort", () => this.removeEventListener(type, callback, capture));
    }
    removeEventListener(type, callback, options) {
      const list = this.#listeners.get(String(type));
      if (!list) return;
      const capture = captureOf(options);
      const i = list.findIndex((l) => l.callback === callback && l.capture === capture);
      if (i >= 0) { list[i].removed = true; list.splice(i, 1); }
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) throw new TypeError("dispatchEvent: the argument is not an Event");
      Event._enter(event, this);
      try {
        for (const l of [...(this.#listeners.get(event.type) || [])]) {
          if (l.removed) continue;
          if (l.once) this.removeEventListener(event.type, l.callback, l.capture);
          try {
            if (typeof l.callback === "function") l.callback.call(this, event);
            else if (typeof l.callback.handleEvent === "function") l.callback.handleEvent(event);
          } catch (e) {
            reportError(`error in a "${event.type}" listener`, e);
          }
          if (Event._stopped(event)) break;
        }
      } finally {
        Event._leave(event);
      }
      return !event.defaultPrevented;
    }
  }
  // `on<type>` attributes: set once, they hold a place among the listeners.
  function eventHandler(proto, type) {
    const slots = new WeakMap();
    Object.defineProperty(proto, "on" + type, {
      get() { const s = slots.get(this); return s ? s.fn : null; },
      set(v) {
        const fn = typeof v === "function" ? v : null;
        let s = slots.get(this);
        if (fn === null) {
          if (s) { this.removeEventListener(type, s.listener); slots.delete(this); }
          return;
        }
        if (s) { s.fn = fn; return; }
        s = { fn, listener: (e) => { s.fn.call(this, e); } };
        slots.set(this, s);
        this.addEventListener(type, s.listener);
      },
      configurable: true,
      enumerable: true,
    });
  }
  const abortError = (msg) => new DOMException(msg || "This operation was aborted", "AbortError");
  let makingSignal = false;
  class AbortSignal extends EventTarget {
    #aborted = false; #reason = undefined; #dependents = [];
    constructor() {
      if (!makingSignal) throw new TypeError("Illegal constructor");
      super();
    }
    static _make() { makingSignal = true; try { return new AbortSignal(); } finally { makingSignal = false; } }
    get aborted() { return this.#aborted; }
    get reason() { return this.#reason; }
    throwIfAborted() { if (this.#aborted) throw this.#reason; }
    // Marks this signal and its dependents aborted, then fires "abort" on each.
    static _signalAbort(s, reason) {
      if (s.#aborted) return;
      s.#aborted = true;
      s.#reason = reason === undefined ? abortError() : reason;
      const fire = [s];
      for (const d of s.#dependents) if (!d.#aborted) { d.#aborted = true; d.#reason = s.#reason; fire.push(d); }
      s.#dependents = [];
      for (const x of fire) {
        const ev = new Event("abort");
        dispatching = ev;
        try { x.dispatchEvent(ev); } finally { dispatching = null; }
      }
    }
    static abort(reason) {
      const s = AbortSignal._make();
      s.#aborted = true;
      s.#reason = reason === undefined ? abortError() : reason;
      return s;
    }
    static timeout(ms) {
      const s = AbortSignal._make();
      addTimer(() => AbortSignal._signalAbort(s, new DOMException("The operation timed out.", "TimeoutError")), ms, [], false);
      return s;
    }
    static any(signals) {
      const s = AbortSignal._make();
      const list = [...signals];
      for (const x of list) {
        if (!(x instanceof AbortSignal)) throw new TypeError("AbortSignal.any: every item must be an AbortSignal");
        if (x.#aborted) { s.#aborted = true; s.#reason = x.#reason; return s; }
      }
      for (const x of list) x.#dependents.push(s);
      return s;
    }
    get [Symbol.toStringTag]() { return "AbortSignal"; }
  }
  eventHandler(AbortSignal.prototype, "abort");
  class AbortController {
    #signal = AbortSignal._make();
    get signal() { return this.#signal; }
    abort(reason) { AbortSignal._signalAbort(this.#signal, reason); }
    get [Symbol.toStringTag]() { return "AbortController"; }
  }
  define("Event", Event);
  define("EventTarget", EventTarget);
  define("AbortSignal", AbortSignal);
  define("AbortController", AbortController);

  // ------------------------------------------------ Fetch classes, streams
  const web = __bextWeb(host, __bextVendor);
  for (const name of Object.keys(web.globals)) define(name, web.globals[name]);
  const { Headers, Request, Response, ReadableStream } = web;
  web.setSignalSource(signalOf);

  // -------------------------------------------------------------- bext glue
  let exportsNs = null;
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
  // The abort signal of each running request, by token: null until a
  // fetch(request) handler first reads `request.signal` (most never do, and
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
    const entries = typeof h[Symbol.iterator] === "function" ? h : Object.entries(h);
    for (const [k, v] of entries) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const x of v) out.push(String(k), String(x));
      else out.push(String(k), String(v));
    }
    return out;
  }
  function hasHeader(flat, name) {
    for (let i = 0; i < flat.length; i += 2) if (flat[i].toLowerCase() === name) return true;
    return false;
  }
  const isBytes = (b) => b instanceof ArrayBuffer || ArrayBuffer.isView(b);
  function respond(token, v) {
    if (v instanceof Response) return respondWeb(token, v);
    if (typeof v === "string") return done(token, 200, ["content-type", "text/plain; charset=utf-8"], v);
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
    const src = web.Body._take(r);
    const headers = Response._flatHeaders(r);
    if (!(src instanceof ReadableStream)) return done(token, r.status, headers, src === null ? "" : src);
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
  // A handler that returns nothing almost always forgot its `return`: answer
  // 500 (not an empty 200 the client would take for success) and say so
  // once per worker, so the log is not flooded.
  let warnedUndefined = false;
  function noResponse(token, req) {
    if (!warnedUndefined) {
      warnedUndefined = true;
      const what = req instanceof Request ? "fetch(request)" : "handler(req)";
      const path = req instanceof Request ? new URL(req.url).pathname : req.path;
      host.log(LEVEL.warn, `${what} returned undefined for ${req.method} ${path}; answered 500. Did it forget to \`return\` its response? (logged once per worker)`);
    }
    done(token, 500, ["content-type", "text/plain; charset=utf-8"], "500 the handler returned no response\n");
  }
  function settle(token, r, req) {
    const answer = (v) => (v === undefined ? noResponse(token, req) : respond(token, v));
    if (r !== null && (typeof r === "object" || typeof r === "function") && typeof r.then === "function") {
      Promise.resolve(r).then((v) => { try { answer(v); } catch (e) { fail(token, e); } }, (e) => fail(token, e));
    } else {
      try { answer(r); } catch (e) { fail(token, e); }
    }
  }
  // `export function handler(req)`: a plain object (built in engine.rs)
  // plus the body's exact bytes and the abort signal.
  const BODY = Symbol("body");
  function reqBytes() { return Promise.resolve(this[BODY].slice()); }
  function reqArrayBuffer() { return Promise.resolve(this[BODY].slice().buffer); }
  // `req.body`: the text (invalid UTF-8 replaced, as before), decoded on
  // first read.
  function setBodyText(req, text) {
    Object.defineProperty(req, "body", { value: text, writable: true, enumerable: true, configurable: true });
  }
  const bodyText = {
    get() { const text = host.utf8Decode(this[BODY], false, true); setBodyText(this, text); return text; },
    set(v) { setBodyText(this, v); },
    enumerable: true,
    configurable: true,
  };
  function dispatch(token, req, body) {
    const signal = AbortSignal._make();
    signals.set(token, signal);
    req.signal = signal;
    Object.defineProperty(req, BODY, { value: body });
    Object.defineProperty(req, "body", bodyText);
    req.bytes = reqBytes;
    req.arrayBuffer = reqArrayBuffer;
    let r;
    try { r = exportsNs.handler(req); } catch (e) { return fail(token, e); }
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
    const req = Request._incoming(method, url, headers, body.length ? body : null, token, ip);
    const app = exportsNs.default;
    let r;
    try { r = app.fetch(req, env, execCtx); } catch (e) { return fail(token, e); }
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
    if (r !== null && typeof r === "object" && typeof r.then === "function")
      Promise.resolve(r).then(() => host.done(token, 200, [], ""), (e) => fail(token, e));
    else host.done(token, 200, [], "");
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
    import(specifier).then((ns) => {
      if (typeof ns.handler !== "function" && !hasFetch(ns)) {
        return host.fail(token, `${specifier} exports neither a handler function (export function handler(req) { ... }) nor a default object with a fetch method (export default { fetch(request, env, ctx) { ... } })`, "");
      }
      exportsNs = ns;
      host.done(token, 200, [], "");
    }, (e) => fail(token, e));
  }
  // ------------------------------------------------------------------ jobs
  // `bext.jobs` for handlers. spawn() returns the id at once (the worker
  // names the job and checks its script and memory); get() and cancel() are
  // answered by bextd (jobReply settles their promises).
  const jobQueries = new Map();
  function jobAsk(kind, id) {
    const query = host.jobCall(kind, String(id));
    return new Promise((resolve, reject) => jobQueries.set(query, { resolve, reject }));
  }
  function jobReply(query, ok, text) {
    const q = jobQueries.get(query);
    if (!q) {
      // A spawn (which returned its id at once) that bextd refused.
      if (!ok) host.log(LEVEL.error, `bext.jobs.spawn: bextd refused the job: ${text}`);
      return;
    }
    jobQueries.delete(query);
    if (ok) q.resolve(JSON.parse(text));
    else q.reject(new Error(text));
  }
  const jobs = Object.freeze({
    spawn(script, options) {
      const o = options == null ? {} : options;
      if (typeof o !== "object") throw new TypeError("bext.jobs.spawn: options must be an object");
      const data = JSON.stringify(o.data === undefined ? null : o.data) ?? "null";
      const retry = !!(o.retryOnRestart || o.retry_on_restart);
      return host.jobSpawn(String(script ?? ""), !!o.daemon, o.memory == null ? "" : String(o.memory),
        o.timeout == null ? 0 : Number(o.timeout), data, retry);
    },
    get: (id) => jobAsk("get", id),
    cancel: (id) => jobAsk("cancel", id),
  });

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
      let r;
      try { r = run(makeJob(info)); } catch (e) { return fail(token, e); }
      Promise.resolve(r).then((v) => {
        let json;
        try { json = JSON.stringify(v === undefined ? null : v) ?? "null"; } catch (e) { return fail(token, e); }
        host.done(token, 200, [], json);
      }, (e) => fail(token, e));
    }, (e) => fail(token, e));
  }

  const bext = {
    worker: Object.freeze({ id: 0, pid: 0, pool: "", generation: 0 }),
    // Sends `data` (anything JSON can hold) to bextd, which logs and counts it.
    sendMessage(data) { host.sendMessage(JSON.stringify(data === undefined ? null : data)); },
    jobs,
  };
  define("bext", bext);
  function setIdentity(id, pid, pool, generation, envPairs) {
    bext.worker = Object.freeze({ id, pid, pool, generation });
    const e = {};
    for (let i = 0; i + 1 < envPairs.length; i += 2) e[envPairs[i]] = envPairs[i + 1];
    env = Object.freeze(e);
  }
  const fetchEvent = web.fetchEvent;
  return { dispatch, dispatchFetch, usesFetch, credit, fetchEvent, hook, load, custom, message, fireTimer, setIdentity, reportError, abort, runJob, jobCancel, jobReply };
})
