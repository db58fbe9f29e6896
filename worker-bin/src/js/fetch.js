// Request, Response and fetch(): the Fetch standard's exchange, on top of
// the bodies and headers of js/web.js (`web`). Evaluated inside the
// prelude's module (see prelude.rs). An incoming request and the common
// answers are built without what a handler may never read (its headers as
// a Headers object, its abort signal): a hello pays for every object made
// per request.
(function (host, web) {
  "use strict";
  const g = globalThis;
  const { Headers, Body, ReadableStream, enc, extract, readAll } = web;

  // ---------------------------------------------------------------- Request
  const METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"];
  const METHOD = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  function normalizeMethod(m) {
    m = String(m);
    if (!METHOD.test(m)) throw new TypeError(`Request: invalid method "${m}"`);
    const up = m.toUpperCase();
    if (up === "CONNECT" || up === "TRACE" || up === "TRACK") throw new TypeError(`Request: method ${up} is forbidden`);
    return METHODS.includes(up) ? up : m;
  }
  // The prelude's signalOf(token): an incoming request's abort signal,
  // made when first read.
  let signalOf = null;
  const INCOMING = Symbol("incoming");
  // RequestInit's enumerations, and what a request has unless told.
  const ENUMS = {
    mode: ["same-origin", "no-cors", "cors", "navigate"],
    credentials: ["omit", "same-origin", "include"],
    cache: ["default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached"],
    redirect: ["follow", "error", "manual"],
    referrerPolicy: ["", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
      "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url"],
    priority: ["high", "low", "auto"],
    duplex: ["half"],
  };
  const DEFAULT_OPTIONS = Object.freeze({
    mode: "cors", credentials: "same-origin", cache: "default", redirect: "follow", referrer: "about:client",
    referrerPolicy: "", integrity: "", keepalive: false,
  });
  function enumValue(init, key) {
    const v = init[key];
    if (v === undefined) return undefined;
    const s = `${v}`;
    if (!ENUMS[key].includes(s)) throw new TypeError(`Request: "${s}" is not a valid ${key}`);
    return s;
  }
  // The Request constructor's checks of its init, in the standard's order;
  // the options that result, from `base` (the input request's or defaults).
  function requestOptions(init, base, method) {
    const o = { ...base };
    if (init.window !== undefined && init.window !== null) throw new TypeError("Request: window can only be null");
    if (init.referrer !== undefined) {
      const r = `${init.referrer}`;
      if (r === "") o.referrer = "";
      else {
        const u = g.URL.parse(r);
        if (u === null) throw new TypeError(`Request: invalid referrer "${r}" (a worker has no base URL)`);
        o.referrer = u.href === "about:client" ? "about:client" : u.href;
      }
    }
    for (const key of ["referrerPolicy", "mode", "credentials", "cache", "redirect"]) {
      const v = enumValue(init, key);
      if (v !== undefined) o[key] = v;
    }
    if (o.mode === "navigate") throw new TypeError("Request: mode cannot be navigate");
    if (o.cache === "only-if-cached" && o.mode !== "same-origin") throw new TypeError("Request: only-if-cached needs mode same-origin");
    if (init.integrity !== undefined) o.integrity = `${init.integrity}`;
    if (init.keepalive !== undefined) o.keepalive = !!init.keepalive;
    enumValue(init, "priority");
    if (o.mode === "no-cors" && !["GET", "HEAD", "POST"].includes(method)) throw new TypeError(`Request: mode no-cors allows GET, HEAD and POST, not ${method}`);
    return o;
  }
  class Request extends Body {
    // #headers: a Headers, or an incoming request's flat [name, value, ...]
    // list as bextd sent it, until read. #signal: an AbortSignal, or an
    // incoming request's token, until read.
    #method; #url; #headers; #signal = null; #options = DEFAULT_OPTIONS; #ip = "";
    constructor(input, init = undefined) {
      super();
      if (input === INCOMING) return;
      init = init === undefined || init === null ? {} : init;
      if (typeof init !== "object" && typeof init !== "function") throw new TypeError("Request: init must be an object");
      let src = null;
      let fromRequest = null;
      if (input instanceof Request) {
        fromRequest = input;
        this.#url = input.#url;
        this.#method = input.#method;
        this.#headers = new Headers(input.headers);
        this.#options = input.#options;
      } else {
        const u = g.URL.parse(String(input));
        if (u === null) throw new TypeError(`Request: invalid URL "${input}" (a worker has no base URL: give an absolute one)`);
        if (u.username || u.password) throw new TypeError("Request: URLs with credentials are not allowed");
        this.#url = u.href;
        this.#method = "GET";
        this.#headers = new Headers();
      }
      if (init.method !== undefined) this.#method = normalizeMethod(init.method);
      this.#options = requestOptions(init, this.#options, this.#method);
      // The request's signal follows the one given (or the input's).
      let signal = fromRequest ? fromRequest.signal : null;
      if (init.signal !== undefined) {
        if (init.signal !== null && !(init.signal instanceof g.AbortSignal)) throw new TypeError("Request: signal must be an AbortSignal");
        signal = init.signal;
      }
      this.#signal = signal === null ? new g.AbortController().signal : g.AbortSignal.any([signal]);
      if (init.headers !== undefined) this.#headers = new Headers(init.headers);
      enumValue(init, "duplex");
      if (fromRequest && (init.body === undefined || init.body === null) && fromRequest.body !== null) src = Body._take(fromRequest);
      if (init.body !== undefined && init.body !== null) {
        if (this.#method === "GET" || this.#method === "HEAD") throw new TypeError("Request with GET/HEAD method cannot have body.");
        const [s, type] = extract(init.body);
        src = s;
        if (type !== null) Headers._defaultType(this.#headers, type);
      }
      Body._init(this, src);
    }
    // A request from bextd: trusted fields, no validation, and nothing made
    // that the handler may never read.
    static _incoming(method, url, flat, body, token, ip) {
      const r = new Request(INCOMING);
      r.#method = method;
      r.#url = url;
      r.#headers = flat;
      r.#signal = token;
      r.#ip = ip;
      Body._init(r, body);
      return r;
    }
    static _ip(r) { return r.#ip; }
    get method() { return this.#method; }
    get url() { return this.#url; }
    get headers() {
      if (Array.isArray(this.#headers)) this.#headers = Headers._fromFlat(this.#headers, false);
      return this.#headers;
    }
    get signal() {
      if (typeof this.#signal === "number") this.#signal = signalOf(this.#signal);
      return this.#signal;
    }
    get redirect() { return this.#options.redirect; }
    get cache() { return this.#options.cache; }
    get credentials() { return this.#options.credentials; }
    get destination() { return ""; }
    get integrity() { return this.#options.integrity; }
    get keepalive() { return this.#options.keepalive; }
    get mode() { return this.#options.mode; }
    get referrer() { return this.#options.referrer; }
    get referrerPolicy() { return this.#options.referrerPolicy; }
    get duplex() { return "half"; }
    clone() {
      const src = Body._split(this);
      const r = new Request(this.#url, { method: this.#method, headers: this.headers, signal: this.signal });
      r.#options = this.#options;
      Body._init(r, src);
      r.#ip = this.#ip;
      return r;
    }
    get [Symbol.toStringTag]() { return "Request"; }
  }

  // --------------------------------------------------------------- Response
  const NULL_BODY = [101, 103, 204, 205, 304];
  // WebIDL's unsigned short: truncated, modulo 2^16; NaN and infinities 0.
  function unsignedShort(v) {
    const n = Number(v);
    if (!Number.isFinite(n)) return 0;
    return ((Math.trunc(n) % 65536) + 65536) % 65536;
  }
  const REDIRECT = [301, 302, 303, 307, 308];
  // The headers of `new Response(text)` and `Response.json(data)` until read.
  const TEXT_HEAD = Object.freeze(["content-type", "text/plain;charset=UTF-8"]);
  const JSON_HEAD = Object.freeze(["content-type", "application/json"]);
  const DEFAULT_ORIGIN = Object.freeze({ type: "default", url: "", redirected: false });
  const ERROR_ORIGIN = Object.freeze({ type: "error", url: "", redirected: false });
  class Response extends Body {
    // #headers: a Headers, or a frozen flat list until read (the common
    // answers make no Headers object unless the handler asks for one).
    // #origin: type, url and redirected, which only fetch() and
    // Response.error() change.
    #status = 200; #statusText = ""; #headers = TEXT_HEAD; #origin = DEFAULT_ORIGIN;
    constructor(body, init) {
      super();
      if (init === undefined && typeof body === "string") {
        Body._init(this, body);
        return;
      }
      init = init === undefined || init === null ? {} : init;
      if (typeof init !== "object" && typeof init !== "function") throw new TypeError("Response: init must be an object");
      // ResponseInit's members in WebIDL order (headers, status,
      // statusText), then the body extracted, then the checks.
      const headers = new Headers(init.headers);
      const rawStatus = init.status;
      const status = rawStatus === undefined ? 200 : unsignedShort(rawStatus);
      const rawText = init.statusText;
      const text = rawText === undefined ? "" : `${rawText}`;
      const extracted = body === undefined || body === null ? null : extract(body);
      if (status < 200 || status > 599) throw new RangeError(`Response: status must be from 200 to 599, got ${rawStatus}`);
      if (!/^[\t\x20-\x7e\x80-\xff]*$/.test(text)) throw new TypeError("Response: statusText is not a valid reason phrase");
      this.#status = status;
      this.#statusText = text;
      this.#headers = headers;
      let src = null;
      if (extracted !== null) {
        if (NULL_BODY.includes(status)) throw new TypeError(`Response: a ${status} response cannot have a body`);
        const [s, type] = extracted;
        src = s;
        if (type !== null) Headers._defaultType(headers, type);
      }
      Body._init(this, src);
    }
    static json(data, init) {
      const text = JSON.stringify(data);
      if (text === undefined) throw new TypeError("Response.json: the data cannot be serialized as JSON");
      if (init === undefined) {
        const r = new Response(text);
        r.#headers = JSON_HEAD;
        return r;
      }
      const headers = new Headers(init && init.headers);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      return new Response(text, { ...(init || {}), headers });
    }
    static redirect(url, status) {
      const s = status === undefined ? 302 : Number(status);
      if (!REDIRECT.includes(s)) throw new RangeError(`Response.redirect: ${status} is not a redirect status`);
      const u = g.URL.parse(String(url));
      if (u === null) throw new TypeError(`Response.redirect: invalid URL "${url}"`);
      const r = new Response(null, { status: s, headers: { location: u.href } });
      Headers._freeze(r.#headers);
      return r;
    }
    static error() {
      const r = new Response(null, { status: 200 });
      r.#status = 0;
      r.#origin = ERROR_ORIGIN;
      Headers._freeze(r.#headers);
      return r;
    }
    // A response from the fetch client.
    static _fetched(status, statusText, flat, body, url, redirected) {
      const r = new Response(null);
      r.#status = status;
      r.#statusText = statusText;
      r.#headers = Headers._fromFlat(flat, true);
      r.#origin = Object.freeze({ type: "basic", url, redirected });
      Body._init(r, body);
      return r;
    }
    get status() { return this.#status; }
    get statusText() { return this.#statusText; }
    get ok() { return this.#status >= 200 && this.#status <= 299; }
    get headers() {
      if (Array.isArray(this.#headers)) this.#headers = Headers._fromFlat(this.#headers, false);
      return this.#headers;
    }
    // The headers to send, as a flat list (not to be changed).
    static _flatHeaders(r) { return Array.isArray(r.#headers) ? r.#headers : Headers._flat(r.#headers); }
    get type() { return this.#origin.type; }
    get url() { return this.#origin.url; }
    get redirected() { return this.#origin.redirected; }
    clone() {
      const src = Body._split(this);
      const r = new Response(null, { status: 200, statusText: this.#statusText, headers: this.headers });
      r.#status = this.#status;
      r.#origin = this.#origin;
      Body._init(r, src);
      return r;
    }
    get [Symbol.toStringTag]() { return "Response"; }
  }

  // ------------------------------------------------------------------ fetch
  // The exchange runs in Rust (fetch.rs) on the worker's runtime, limited
  // to the pool's fetch_allow; its news comes back through fetchEvent.
  const fetches = new Map();
  let nextFetch = 1;
  // The glue's traces (setTracer): the request's context, and the client
  // span of a fetch() made in it.
  let tracer = null;
  function fetch(input, init) {
    let req;
    try { req = new Request(input, init); } catch (e) { return Promise.reject(e); }
    const traced = tracer === null ? undefined : tracer.current();
    const signal = req.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    const src = req.body === null ? null : Body._take(req);
    const body = src === null ? Promise.resolve(null)
      : src instanceof ReadableStream ? readAll(src)
      : Promise.resolve(typeof src === "string" ? enc(src) : src);
    return body.then((bytes) => new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const id = nextFetch++;
      const flat = Headers._flat(req.headers);
      const end = traced === undefined ? null : tracer.begin(traced, req.method, req.url, flat);
      const f = { resolve, reject, controller: null, signal, onAbort: null, end };
      f.onAbort = () => {
        spanEnd(f, 0, "aborted");
        host.fetchAbort(id);
        fetchDone(id);
        if (f.controller) f.controller.error(signal.reason);
        else reject(signal.reason);
      };
      signal.addEventListener("abort", f.onAbort);
      fetches.set(id, f);
      host.fetchStart(id, req.method, req.url, flat, bytes, req.redirect);
    }));
  }
  // The client span ends with the answer's head (or the failure).
  function spanEnd(f, status, why) {
    if (f.end === null) return;
    const end = f.end;
    f.end = null;
    end(status, why);
  }
  function fetchDone(id) {
    const f = fetches.get(id);
    if (!f) return;
    fetches.delete(id);
    f.signal.removeEventListener("abort", f.onAbort);
  }
  // kind 0: head (status, statusText, headers, url, redirected); 1: a body
  // chunk; 2: the end; 3: a failure (its message).
  function fetchEvent(id, kind, a, b, c, d, e) {
    const f = fetches.get(id);
    if (!f) return;
    if (kind === 0) {
      spanEnd(f, a);
      const body = NULL_BODY.includes(a) ? null : new ReadableStream({
        start(ctl) { f.controller = ctl; },
        cancel() { host.fetchAbort(id); fetchDone(id); },
      });
      f.resolve(Response._fetched(a, b, c, body, d, e));
      if (body === null) f.controller = { enqueue() {}, close() {}, error() {} };
    } else if (kind === 1) {
      f.controller.enqueue(a);
    } else if (kind === 2) {
      fetchDone(id);
      f.controller.close();
    } else {
      fetchDone(id);
      spanEnd(f, 0, String(a));
      const err = new TypeError(`fetch failed: ${a}`);
      if (f.controller) f.controller.error(err);
      else f.reject(err);
    }
  }

  return {
    fetchEvent,
    globals: { fetch, Request, Response },
    Request, Response,
    setSignalSource(f) { signalOf = f; },
    setTracer(t) { tracer = t; },
  };
})
