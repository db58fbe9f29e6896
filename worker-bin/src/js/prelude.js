// The worker's JavaScript side: the web globals (console, timers, encoding,
// URL, crypto, ...) with its parts (url.js, events.js, subtle.js, web.js,
// fetch.js), and last the glue that calls the user's module (glue.js),
// which it returns to the engine. Evaluated once per runtime, before the
// user's script. `host` is the set of Rust functions from host/; it is
// captured here and removed from the global object so user code cannot
// reach it.
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
  // As in Node, a timeout or interval under 1 ms (or not a number) waits
  // 1 ms, while setImmediate and a MessagePort's message (IMMEDIATE) are due
  // at once: the serve loop runs them on its next turn without sleeping.
  const timers = new Map();
  let nextTimerId = 1;
  const IMMEDIATE = -1;
  function addTimer(fn, ms, args, repeat) {
    if (typeof fn !== "function") throw new TypeError("timer callback must be a function");
    const id = nextTimerId++;
    const delay = ms === IMMEDIATE ? 0 : Math.max(1, Number(ms) || 0);
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
  define("setImmediate", (fn, ...args) => addTimer(fn, IMMEDIATE, args, false));
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
  // Read each time: a worker forked from a template has its own origin.
  const performance = {
    get timeOrigin() { return host.timeOrigin(); },
    now: () => host.now(),
    toJSON: () => ({ timeOrigin: host.timeOrigin() }),
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
  // UTF-8 of one string into `dest`, whole code points while they fit; an
  // unpaired surrogate is U+FFFD (the string is a USVString).
  function encodeInto(s, dest) {
    const n = dest.length;
    let read = 0, written = 0;
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i), units = 1;
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = c <= 0xdbff && i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (d >= 0xdc00 && d <= 0xdfff) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); units = 2; }
        else c = 0xfffd;
      }
      if (c < 0x80) {
        if (written + 1 > n) break;
        dest[written++] = c;
      } else if (c < 0x800) {
        if (written + 2 > n) break;
        dest[written++] = 0xc0 | (c >> 6);
        dest[written++] = 0x80 | (c & 63);
      } else if (c < 0x10000) {
        if (written + 3 > n) break;
        dest[written++] = 0xe0 | (c >> 12);
        dest[written++] = 0x80 | ((c >> 6) & 63);
        dest[written++] = 0x80 | (c & 63);
      } else {
        if (written + 4 > n) break;
        dest[written++] = 0xf0 | (c >> 18);
        dest[written++] = 0x80 | ((c >> 12) & 63);
        dest[written++] = 0x80 | ((c >> 6) & 63);
        dest[written++] = 0x80 | (c & 63);
      }
      read += units;
      i += units - 1;
    }
    return { read, written };
  }
  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(input = "") { return host.utf8Encode(`${input}`); }
    encodeInto(src, dest) {
      if (!(dest instanceof Uint8Array)) throw new TypeError("TextEncoder.encodeInto: the destination must be a Uint8Array");
      return encodeInto(String(src), dest);
    }
    get [Symbol.toStringTag]() { return "TextEncoder"; }
  }
  // A streaming decode keeps its decoder in Rust (host/encoding.rs) until
  // its last call; one left open is closed when its TextDecoder is collected.
  const openDecoders = typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry((id) => host.decoderClose(id)) : null;
  function dictionary(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" && typeof o !== "function") throw new TypeError(`${what}: the options must be an object`);
    return o;
  }
  class TextDecoder {
    #encoding; #fatal; #ignoreBOM; #stream = 0;
    constructor(label = "utf-8", options = undefined) {
      const o = dictionary(options, "TextDecoder");
      const name = host.encodingOf(String(label));
      if (name === null || name === undefined) throw new RangeError(`TextDecoder: the "${label}" encoding is not supported`);
      this.#encoding = name;
      this.#fatal = !!o.fatal;
      this.#ignoreBOM = !!o.ignoreBOM;
    }
    get encoding() { return this.#encoding; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#ignoreBOM; }
    decode(input = undefined, options = undefined) {
      const bytes = bytesOf(input);
      const stream = !!dictionary(options, "TextDecoder.decode").stream;
      if (!stream && this.#stream === 0) return host.textDecode(this.#encoding, bytes, this.#fatal, this.#ignoreBOM);
      if (this.#stream === 0) {
        this.#stream = host.decoderOpen(this.#encoding, this.#ignoreBOM);
        if (openDecoders) openDecoders.register(this, this.#stream, this);
      }
      const id = this.#stream;
      let done = !stream;
      try {
        return host.decoderRun(id, bytes, this.#fatal, !stream);
      } catch (e) {
        done = true;
        throw e;
      } finally {
        if (done) {
          this.#stream = 0;
          if (openDecoders) openDecoders.unregister(this);
        }
      }
    }
    get [Symbol.toStringTag]() { return "TextDecoder"; }
  }
  define("TextEncoder", TextEncoder);
  define("TextDecoder", TextDecoder);

  // ------------------------------------------------------------ atob / btoa
  define("btoa", function btoa(data) {
    if (arguments.length === 0) throw new TypeError("btoa: 1 argument required");
    return host.btoa(`${data}`);
  });
  define("atob", function atob(data) {
    if (arguments.length === 0) throw new TypeError("atob: 1 argument required");
    return host.atob(`${data}`);
  });

  // ---------------------------------------------------- WebIDL iterables
  // `iterable<K, V>` as WebIDL defines it: entries/keys/values/forEach and
  // @@iterator (the same function as entries) on `proto`, and iterators
  // whose prototype is "<Name> Iterator" (itself on %IteratorPrototype%).
  // Each step reads the object's current list, so changes made while
  // iterating are seen. `pairsOf(obj)` is that list of [key, value].
  const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
  function iterable(cls, name, pairsOf) {
    const state = new WeakMap();
    const iterProto = Object.create(IteratorPrototype);
    const methods = {
      next() {
        const st = state.get(this);
        if (!st) throw new TypeError(`next: not a ${name} Iterator`);
        const pairs = pairsOf(st.target);
        if (st.index >= pairs.length) return { value: undefined, done: true };
        const p = pairs[st.index++];
        return { value: st.kind === 0 ? p[0] : st.kind === 1 ? p[1] : [p[0], p[1]], done: false };
      },
    };
    Object.defineProperty(iterProto, "next", { value: methods.next, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(iterProto, Symbol.toStringTag, { value: `${name} Iterator`, configurable: true });
    const make = (target, kind) => { const it = Object.create(iterProto); state.set(it, { target, kind, index: 0 }); return it; };
    const proto = cls.prototype;
    const own = {
      entries() { pairsOf(this); return make(this, 2); },
      keys() { pairsOf(this); return make(this, 0); },
      values() { pairsOf(this); return make(this, 1); },
      forEach(callback, thisArg = undefined) {
        if (typeof callback !== "function") throw new TypeError(`${name}.forEach: the callback is not a function`);
        const pairs = () => pairsOf(this);
        for (let i = 0; i < pairs().length; i++) { const p = pairs()[i]; callback.call(thisArg, p[1], p[0], this); }
      },
    };
    for (const k of ["entries", "keys", "values", "forEach"])
      Object.defineProperty(proto, k, { value: own[k], writable: true, enumerable: true, configurable: true });
    Object.defineProperty(proto, Symbol.iterator, { value: own.entries, writable: true, enumerable: false, configurable: true });
  }
  // WebIDL's sequence<T> of `obj`, whose @@iterator (`method`) was read
  // once already: each value goes to `fn` as it comes.
  function eachOf(obj, method, fn) {
    const it = method.call(obj);
    if (it === null || (typeof it !== "object" && typeof it !== "function")) throw new TypeError("@@iterator did not return an object");
    const next = it.next;
    for (;;) {
      const r = next.call(it);
      if (r === null || (typeof r !== "object" && typeof r !== "function")) throw new TypeError("an iterator result is not an object");
      if (r.done) return;
      fn(r.value);
    }
  }
  // WebIDL's USVString/ByteString of a value: symbols throw a TypeError.
  const str = (v) => `${v}`;
  const usv = (v) => `${v}`.toWellFormed();

  // ------------------------------------------------- URLSearchParams, URL
  __bextUrl(host, { define, iterable, eachOf, usv });

  // ---------------------------------------------------------------- crypto
  // WebIDL's QuotaExceededError: a DOMException (code 22) that may tell
  // the quota and what was asked for.
  class QuotaExceededError extends DOMException {
    #quota;
    #requested;
    constructor(message = "", options = {}) {
      super(message, "QuotaExceededError");
      const num = (v, what) => {
        if (v === undefined) return null;
        const n = Number(v);
        if (!Number.isFinite(n)) throw new TypeError(`QuotaExceededError: ${what} is not a finite number`);
        if (n < 0) throw new RangeError(`QuotaExceededError: ${what} is negative`);
        return n;
      };
      const quota = num(options?.quota, "quota");
      const requested = num(options?.requested, "requested");
      if (quota !== null && requested !== null && requested < quota)
        throw new RangeError("QuotaExceededError: requested is less than quota");
      this.#quota = quota;
      this.#requested = requested;
    }
    get quota() { return this.#quota; }
    get requested() { return this.#requested; }
  }
  define("QuotaExceededError", QuotaExceededError);
  const INTEGER_ARRAYS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array,
    Int32Array, Uint32Array, BigInt64Array, BigUint64Array];
  const crypto = {
    // WebIDL's ArrayBufferView, else a TypeError; then the spec's
    // TypeMismatchError for a view that is not an integer array (floats,
    // DataView) and QuotaExceededError past 65,536 bytes.
    getRandomValues(ta) {
      if (!ArrayBuffer.isView(ta)) throw new TypeError("getRandomValues needs an integer typed array");
      if (!INTEGER_ARRAYS.some((C) => ta instanceof C))
        throw new DOMException("getRandomValues needs an integer typed array", "TypeMismatchError");
      if (ta.byteLength > 65536)
        throw new QuotaExceededError(`getRandomValues: ${ta.byteLength} bytes, at most 65536 at a time`);
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
  // crypto.subtle, CryptoKey (subtle.js, subtle_keys.js).
  const subtle = __bextSubtle(host);
  Object.defineProperty(crypto, "subtle", { value: subtle.subtle, enumerable: true });
  define("crypto", crypto);
  define("CryptoKey", subtle.CryptoKey);
  define("SubtleCrypto", subtle.SubtleCrypto);

  // -------------------------------------------------------- structuredClone
  function DataCloneError(msg) { const e = new Error(msg); e.name = "DataCloneError"; return e; }
  function clone(v, seen) {
    if (v === null || (typeof v !== "object" && typeof v !== "function" && typeof v !== "symbol")) return v;
    if (typeof v === "function" || typeof v === "symbol") throw DataCloneError(`${String(v)} could not be cloned`);
    if (seen.has(v)) return seen.get(v);
    let out;
    if (v instanceof Date) out = new Date(v.getTime());
    else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
    else if (v instanceof ArrayBuffer && v.resizable) {
      // A resizable buffer stays resizable, with its maxByteLength.
      out = new ArrayBuffer(v.byteLength, { maxByteLength: v.maxByteLength });
      new Uint8Array(out).set(new Uint8Array(v));
    } else if (v instanceof ArrayBuffer) out = v.slice(0);
    // A SharedArrayBuffer is not copied: the clone shares its memory (one
    // agent here, so it is the buffer itself).
    else if (typeof SharedArrayBuffer === "function" && v instanceof SharedArrayBuffer) out = v;
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
      addTimer(() => to.#deliver(copy), IMMEDIATE, [], false);
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
  const events = __bextEvents(host, { reportError, addTimer });
  const { Event, CustomEvent, EventTarget, AbortSignal, AbortController, abortError, eventHandler } = events;

  define("Event", Event);
  define("CustomEvent", CustomEvent);
  define("EventTarget", EventTarget);
  define("AbortSignal", AbortSignal);
  define("AbortController", AbortController);

  // ------------------------------------------------------------ WebSocket
  const ws = __bextWebSocket(host, { Event, EventTarget, eventHandler, reportError, bytesOf });
  define("WebSocket", ws.WebSocket);
  define("MessageEvent", ws.MessageEvent);
  define("CloseEvent", ws.CloseEvent);

  // ------------------------------------- globals made on first use
  const { webParts, webLoaded, onWebLoad } = __bextLazy(host, {
    g, define, iterable, eachOf, str, addTimer, EventTarget, Event, eventHandler,
  });

  // -------------------------------------------------------------- bext glue
  const glue = __bextGlue(host, {
    define, inspect, format, LEVEL, reportError, addTimer, clearTimer, fireTimer, bytesOf,
    AbortSignal, AbortController, abortError,
    webParts, webLoaded, onWebLoad, ws,
  });
  // The end of a crypto.subtle operation that ran off the JS thread.
  glue.cryptoDone = subtle.done;
  glue.heapWalk = __bextHeap(glue.roots);
  return glue;
})
