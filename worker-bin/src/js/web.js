// The Fetch standard's data classes: Headers, Blob, File, FormData, the
// bodies Request and Response share (Body), and the text encoding streams;
// js/fetch.js builds Request, Response and fetch() on them. Evaluated inside
// the prelude's module (see prelude.rs); `streams` is what js/vendor.js
// bundles: web-streams-polyfill (ReadableStream, WritableStream,
// TransformStream, ...) and urlpattern-polyfill (URLPattern).
//
// Written here rather than taken from npm: the well-known implementations
// (undici, node-fetch, whatwg-fetch, formdata-polyfill) are built on Node's
// built-ins or on XMLHttpRequest, which a QuickJS worker has neither of.
// Each class follows the WHATWG text for what it covers; bodies are kept as
// the string or bytes they were made from until something reads them, so a
// handler that answers `new Response("hi")` never copies its text through a
// stream.
(function (host, streams) {
  "use strict";
  const g = globalThis;
  const { ReadableStream, TransformStream } = streams;
  const enc = (s) => host.utf8Encode(s);
  const dec = (b) => host.utf8Decode(b, false, false);
  const EMPTY = new Uint8Array(0);

  // Bytes of any BufferSource, copied (the caller may reuse its buffer).
  function copyBytes(src) {
    if (src instanceof ArrayBuffer) return new Uint8Array(src.slice(0));
    if (ArrayBuffer.isView(src)) return new Uint8Array(src.buffer.slice(src.byteOffset, src.byteOffset + src.byteLength));
    throw new TypeError("expected an ArrayBuffer or an ArrayBufferView");
  }
  function concat(chunks) {
    let n = 0;
    for (const c of chunks) n += c.byteLength;
    if (chunks.length === 1) return chunks[0];
    const out = new Uint8Array(n);
    let at = 0;
    for (const c of chunks) { out.set(c, at); at += c.byteLength; }
    return out;
  }
  const isBufferSource = (v) => v instanceof ArrayBuffer || ArrayBuffer.isView(v);

  // ---------------------------------------------------------------- Headers
  const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  // Names seen before skip the regex: QuickJS's regexes cost microseconds,
  // and a server sees the same few dozen names over and over.
  const knownNames = new Map();
  function headerName(n) {
    n = String(n);
    const known = knownNames.get(n);
    if (known !== undefined) return known;
    if (!TOKEN.test(n)) throw new TypeError(`Headers: invalid header name "${n}"`);
    const lower = n.toLowerCase();
    if (knownNames.size < 1024) knownNames.set(n, lower);
    return lower;
  }
  const isHttpSpace = (c) => c === 32 || c === 9 || c === 10 || c === 13;
  function headerValue(v) {
    v = String(v);
    if (v.length && (isHttpSpace(v.charCodeAt(0)) || isHttpSpace(v.charCodeAt(v.length - 1))))
      v = v.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
    if (v.indexOf("\n") >= 0 || v.indexOf("\r") >= 0 || v.indexOf("\0") >= 0) throw new TypeError("Headers: invalid header value");
    return v;
  }
  class Headers {
    // [lower-case name, value] in insertion order.
    #list = [];
    #immutable = false;
    constructor(init) {
      if (init === undefined || init === null) return;
      if (init instanceof Headers) { this.#list = init.#list.map((p) => [p[0], p[1]]); return; }
      if (typeof init !== "object" && typeof init !== "function") throw new TypeError("Headers: init must be an object, an iterable or a Headers");
      if (typeof init[Symbol.iterator] === "function") {
        for (const pair of init) {
          const p = typeof pair === "string" ? null : [...pair];
          if (!p || p.length !== 2) throw new TypeError("Headers: each header must be a [name, value] pair");
          this.append(p[0], p[1]);
        }
      } else {
        for (const k of Object.keys(init)) this.append(k, init[k]);
      }
    }
    // Trusted input (from bextd or the fetch client): names already lower-case.
    static _fromFlat(flat, immutable) {
      const h = new Headers();
      for (let i = 0; i + 1 < flat.length; i += 2) h.#list.push([flat[i], flat[i + 1]]);
      h.#immutable = !!immutable;
      return h;
    }
    static _flat(h) {
      const out = new Array(h.#list.length * 2);
      let i = 0;
      for (const p of h.#list) { out[i++] = p[0]; out[i++] = p[1]; }
      return out;
    }
    static _freeze(h) { h.#immutable = true; return h; }
    // A content type the Fetch standard sets: no checks needed.
    static _defaultType(h, type) { if (!h.has("content-type")) h.#list.push(["content-type", type]); }
    #mutable() { if (this.#immutable) throw new TypeError("Headers: these headers are immutable"); }
    append(name, value) {
      const n = headerName(name), v = headerValue(value);
      this.#mutable();
      this.#list.push([n, v]);
    }
    delete(name) {
      const n = headerName(name);
      this.#mutable();
      this.#list = this.#list.filter((p) => p[0] !== n);
    }
    get(name) {
      const n = headerName(name);
      let out = null;
      for (const p of this.#list) if (p[0] === n) out = out === null ? p[1] : `${out}, ${p[1]}`;
      return out;
    }
    getSetCookie() { return this.#list.filter((p) => p[0] === "set-cookie").map((p) => p[1]); }
    has(name) { const n = headerName(name); return this.#list.some((p) => p[0] === n); }
    set(name, value) {
      const n = headerName(name), v = headerValue(value);
      this.#mutable();
      const i = this.#list.findIndex((p) => p[0] === n);
      if (i < 0) { this.#list.push([n, v]); return; }
      this.#list[i][1] = v;
      this.#list = this.#list.filter((p, j) => j <= i || p[0] !== n);
    }
    // Sorted by name, values of one name combined, except `set-cookie`.
    #sorted() {
      const names = [...new Set(this.#list.map((p) => p[0]))].sort();
      const out = [];
      for (const n of names) {
        if (n === "set-cookie") for (const v of this.getSetCookie()) out.push([n, v]);
        else out.push([n, this.get(n)]);
      }
      return out;
    }
    *entries() { yield* this.#sorted(); }
    *keys() { for (const p of this.#sorted()) yield p[0]; }
    *values() { for (const p of this.#sorted()) yield p[1]; }
    forEach(fn, thisArg) { for (const [k, v] of this.#sorted()) fn.call(thisArg, v, k, this); }
    [Symbol.iterator]() { return this.entries(); }
    get [Symbol.toStringTag]() { return "Headers"; }
  }

  // ------------------------------------------------------------ Blob, File
  function blobPart(p) {
    if (p instanceof Blob) return Blob._bytes(p);
    if (isBufferSource(p)) return copyBytes(p);
    return enc(String(p));
  }
  class Blob {
    #bytes; #type;
    constructor(parts, options) {
      if (parts !== undefined && (parts === null || typeof parts !== "object" || typeof parts[Symbol.iterator] !== "function"))
        throw new TypeError("Blob: the parts must be an iterable");
      this.#bytes = parts === undefined ? EMPTY : concat([...parts].map(blobPart));
      const t = options && options.type !== undefined ? String(options.type) : "";
      this.#type = /^[\x20-\x7e]*$/.test(t) ? t.toLowerCase() : "";
    }
    static _bytes(b) { return b.#bytes; }
    static _of(bytes, type) { const b = new Blob(); b.#bytes = bytes; b.#type = type || ""; return b; }
    get size() { return this.#bytes.byteLength; }
    get type() { return this.#type; }
    slice(start, end, type) {
      const n = this.#bytes.byteLength;
      const rel = (x, d) => (x === undefined ? d : x < 0 ? Math.max(n + Math.trunc(x), 0) : Math.min(Math.trunc(x), n));
      const a = rel(start, 0), b = rel(end, n);
      const out = Blob._of(this.#bytes.slice(a, Math.max(a, b)), "");
      const t = type === undefined ? "" : String(type);
      out.#type = /^[\x20-\x7e]*$/.test(t) ? t.toLowerCase() : "";
      return out;
    }
    text() { return Promise.resolve(dec(this.#bytes)); }
    bytes() { return Promise.resolve(this.#bytes.slice()); }
    arrayBuffer() { return Promise.resolve(this.#bytes.slice().buffer); }
    stream() { return bytesStream(this.#bytes.slice()); }
    get [Symbol.toStringTag]() { return "Blob"; }
  }
  class File extends Blob {
    #name; #lastModified;
    constructor(bits, name, options) {
      if (arguments.length < 2) throw new TypeError("File: a name is required");
      super(bits, options);
      this.#name = String(name);
      const lm = options && options.lastModified !== undefined ? Number(options.lastModified) : Date.now();
      this.#lastModified = Number.isFinite(lm) ? Math.trunc(lm) : 0;
    }
    get name() { return this.#name; }
    get lastModified() { return this.#lastModified; }
    get webkitRelativePath() { return ""; }
    get [Symbol.toStringTag]() { return "File"; }
  }

  // --------------------------------------------------------------- FormData
  function entryValue(value, filename) {
    if (!(value instanceof Blob)) return String(value);
    if (value instanceof File && filename === undefined) return value;
    const name = filename !== undefined ? String(filename) : value instanceof File ? value.name : "blob";
    return new File([value], name, { type: value.type, lastModified: value instanceof File ? value.lastModified : undefined });
  }
  class FormData {
    #list = [];
    constructor(form) {
      if (form !== undefined) throw new TypeError("FormData: there are no form elements in a worker");
    }
    static _list(f) { return f.#list; }
    append(name, value, filename) { this.#list.push([String(name), entryValue(value, filename)]); }
    delete(name) { name = String(name); this.#list = this.#list.filter((e) => e[0] !== name); }
    get(name) { name = String(name); const e = this.#list.find((e) => e[0] === name); return e ? e[1] : null; }
    getAll(name) { name = String(name); return this.#list.filter((e) => e[0] === name).map((e) => e[1]); }
    has(name) { name = String(name); return this.#list.some((e) => e[0] === name); }
    set(name, value, filename) {
      name = String(name);
      const v = entryValue(value, filename);
      const i = this.#list.findIndex((e) => e[0] === name);
      if (i < 0) { this.#list.push([name, v]); return; }
      this.#list[i][1] = v;
      this.#list = this.#list.filter((e, j) => j <= i || e[0] !== name);
    }
    *entries() { for (const e of this.#list) yield [e[0], e[1]]; }
    *keys() { for (const e of this.#list) yield e[0]; }
    *values() { for (const e of this.#list) yield e[1]; }
    forEach(fn, thisArg) { for (const [k, v] of this.#list) fn.call(thisArg, v, k, this); }
    [Symbol.iterator]() { return this.entries(); }
    get [Symbol.toStringTag]() { return "FormData"; }
  }
  // multipart/form-data as browsers send it (HTML's encoding algorithm).
  function multipartOf(form) {
    const boundary = "----bextFormBoundary" + Array.from(host.randomBytes(12), (b) => b.toString(16).padStart(2, "0")).join("");
    const esc = (s) => s.replace(/\r\n|\r|\n/g, "\r\n").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
    const escName = (s) => s.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");
    const parts = [];
    for (const [name, v] of FormData._list(form)) {
      let head = `--${boundary}\r\nContent-Disposition: form-data; name="${esc(name)}"`;
      if (typeof v === "string") {
        parts.push(enc(`${head}\r\n\r\n${v.replace(/\r\n|\r|\n/g, "\r\n")}\r\n`));
      } else {
        head += `; filename="${escName(v.name)}"\r\nContent-Type: ${v.type || "application/octet-stream"}\r\n\r\n`;
        parts.push(enc(head), Blob._bytes(v), enc("\r\n"));
      }
    }
    parts.push(enc(`--${boundary}--\r\n`));
    return [concat(parts), `multipart/form-data; boundary=${boundary}`];
  }
  // A body as FormData: multipart (parsed in Rust, bytes intact) or urlencoded.
  function formDataOf(bytes, contentType) {
    const ct = (contentType || "").toLowerCase();
    const form = new FormData();
    if (ct.startsWith("multipart/form-data")) {
      const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
      if (!m) throw new TypeError("formData(): multipart/form-data without a boundary");
      const flat = host.multipartParse(bytes, m[1] || m[2]);
      if (flat === null) throw new TypeError("formData(): the multipart body is malformed");
      for (let i = 0; i < flat.length; i += 4) {
        const [name, filename, type, data] = [flat[i], flat[i + 1], flat[i + 2], flat[i + 3]];
        if (filename == null) form.append(name, dec(data));
        else form.append(name, new File([Blob._of(data, type || "")], filename, { type: type || "" }));
      }
      return form;
    }
    if (ct.startsWith("application/x-www-form-urlencoded")) {
      for (const [k, v] of new g.URLSearchParams(dec(bytes))) form.append(k, v);
      return form;
    }
    throw new TypeError(`formData(): cannot parse a body of type "${contentType || ""}"`);
  }
  // ----------------------------------------------------------------- bodies
  function bytesStream(bytes) {
    return new ReadableStream({
      type: "bytes",
      start(c) {
        if (bytes.byteLength) c.enqueue(bytes);
        c.close();
      },
    });
  }
  async function readAll(stream) {
    const reader = stream.getReader();
    const chunks = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (typeof value === "string") chunks.push(enc(value));
      else if (isBufferSource(value)) chunks.push(value instanceof Uint8Array ? value : copyBytes(value));
      else throw new TypeError("a body stream gave a chunk that is not bytes");
    }
    return concat(chunks);
  }
  // The Fetch standard's "extract a body": [source, content type or null].
  // A source is a string, a Uint8Array or a ReadableStream.
  function extract(init) {
    if (typeof init === "string") return [init, "text/plain;charset=UTF-8"];
    if (init instanceof ReadableStream) return [init, null];
    if (isBufferSource(init)) return [copyBytes(init), null];
    if (init instanceof Blob) return [Blob._bytes(init), init.type || null];
    if (init instanceof g.URLSearchParams) return [init.toString(), "application/x-www-form-urlencoded;charset=UTF-8"];
    if (init instanceof FormData) return multipartOf(init);
    if (init !== null && typeof init === "object" && typeof init[Symbol.asyncIterator] === "function")
      return [ReadableStream.from(init), null];
    return [String(init), "text/plain;charset=UTF-8"];
  }
  const unusable = () => Promise.reject(new TypeError("Body is unusable: the body has already been read"));
  class Body {
    #src = null;
    #used = false;
    #stream = null;
    static _init(b, src) { b.#src = src; }
    // Takes the body for sending: its source, marked used.
    static _take(b) {
      if (b.bodyUsed) throw new TypeError("Body is unusable: the body has already been read");
      b.#used = true;
      return b.#stream !== null ? b.#stream : b.#src;
    }
    // The source a clone gets (a stream is teed).
    static _split(b) {
      if (b.bodyUsed) throw new TypeError("clone(): the body has already been read");
      const s = b.body;
      if (s === null) return null;
      if (!(s instanceof ReadableStream) || b.#stream === null) return b.#src;
      const [x, y] = s.tee();
      b.#stream = x;
      b.#src = x;
      return y;
    }
    get body() {
      if (this.#src === null) return null;
      if (this.#stream === null) {
        const s = this.#src;
        this.#stream = s instanceof ReadableStream ? s : bytesStream(typeof s === "string" ? enc(s) : s);
      }
      return this.#stream;
    }
    get bodyUsed() { return this.#used || (this.#stream !== null && this.#stream.locked); }
    #consume() {
      if (this.bodyUsed) return unusable();
      this.#used = true;
      const s = this.#stream !== null ? this.#stream : this.#src;
      if (s === null) return Promise.resolve(EMPTY);
      if (s instanceof ReadableStream) return readAll(s);
      return Promise.resolve(s);
    }
    #bytesNow() { return this.#consume().then((b) => (typeof b === "string" ? enc(b) : b)); }
    text() { return this.#consume().then((b) => (typeof b === "string" ? b : dec(b))); }
    json() { return this.text().then((t) => JSON.parse(t)); }
    bytes() { return this.#bytesNow().then((b) => (b === EMPTY ? new Uint8Array(0) : b)); }
    arrayBuffer() {
      return this.#bytesNow().then((b) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b !== EMPTY ? b.buffer : b.slice().buffer));
    }
    blob() {
      const type = this.headers.get("content-type") || "";
      return this.#bytesNow().then((b) => Blob._of(b, /^[\x20-\x7e]*$/.test(type) ? type.toLowerCase() : ""));
    }
    formData() {
      const type = this.headers.get("content-type");
      return this.#bytesNow().then((b) => formDataOf(b, type));
    }
  }

  // ------------------------------------------------- text encoding streams
  class TextEncoderStream extends TransformStream {
    constructor() {
      super({ transform(chunk, c) { const s = String(chunk); if (s.length) c.enqueue(enc(s)); } });
    }
    get encoding() { return "utf-8"; }
  }
  class TextDecoderStream extends TransformStream {
    #decoder;
    constructor(label = "utf-8", options = {}) {
      const d = new g.TextDecoder(label, options);
      // Bytes of a code point cut across chunks wait for the next chunk.
      let pending = EMPTY;
      super({
        transform(chunk, c) {
          let b = concat([pending, isBufferSource(chunk) ? new Uint8Array(ArrayBuffer.isView(chunk) ? chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) : chunk) : enc(String(chunk))]);
          let end = b.length;
          let i = end - 1, n = 0;
          while (i >= 0 && n < 3 && (b[i] & 0xc0) === 0x80) { i--; n++; }
          if (i >= 0) {
            const lead = b[i];
            const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
            if (need > n + 1) end = i;
          }
          pending = b.slice(end);
          const s = d.decode(b.subarray(0, end));
          if (s.length) c.enqueue(s);
        },
        flush(c) { if (pending.length) c.enqueue(d.decode(pending)); },
      });
      this.#decoder = d;
    }
    get encoding() { return this.#decoder.encoding; }
    get fatal() { return this.#decoder.fatal; }
    get ignoreBOM() { return this.#decoder.ignoreBOM; }
  }

  return {
    globals: {
      Headers, Blob, File, FormData, TextEncoderStream, TextDecoderStream,
      ReadableStream: streams.ReadableStream,
      ReadableStreamDefaultReader: streams.ReadableStreamDefaultReader,
      ReadableStreamBYOBReader: streams.ReadableStreamBYOBReader,
      ReadableStreamDefaultController: streams.ReadableStreamDefaultController,
      ReadableByteStreamController: streams.ReadableByteStreamController,
      ReadableStreamBYOBRequest: streams.ReadableStreamBYOBRequest,
      WritableStream: streams.WritableStream,
      WritableStreamDefaultWriter: streams.WritableStreamDefaultWriter,
      WritableStreamDefaultController: streams.WritableStreamDefaultController,
      TransformStream: streams.TransformStream,
      TransformStreamDefaultController: streams.TransformStreamDefaultController,
      ByteLengthQueuingStrategy: streams.ByteLengthQueuingStrategy,
      CountQueuingStrategy: streams.CountQueuingStrategy,
      URLPattern: streams.URLPattern,
    },
    Headers, Body, ReadableStream, enc, extract, readAll,
  };
})
