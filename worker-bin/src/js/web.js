// The Fetch standard's data classes: Headers, Blob, File, FormData, the
// bodies Request and Response share (Body), with FileReader and the text
// encoding streams from their own files;
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
(function (host, streams, deps) {
  "use strict";
  const { iterable, eachOf, str, addTimer, EventTarget, Event, eventHandler } = deps;
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
  // A ByteString: no code unit above U+00FF.
  function byteString(v, what) {
    v = str(v);
    for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) > 255) throw new TypeError(`Headers: the ${what} "${v}" is not a ByteString`);
    return v;
  }
  function headerValue(v) {
    v = byteString(v, "value");
    if (v.length && (isHttpSpace(v.charCodeAt(0)) || isHttpSpace(v.charCodeAt(v.length - 1))))
      v = v.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
    if (v.indexOf("\n") >= 0 || v.indexOf("\r") >= 0 || v.indexOf("\0") >= 0) throw new TypeError("Headers: invalid header value");
    return v;
  }
  // HeadersInit as WebIDL converts it, every step before any header is
  // checked: a sequence of pairs (any iterable), else a record (own
  // enumerable keys, in order, each read once).
  function headersInit(init) {
    if (init === null || (typeof init !== "object" && typeof init !== "function")) throw new TypeError("Headers: init must be an object, an iterable or a Headers");
    const pairs = [];
    const iter = init[Symbol.iterator];
    if (iter !== undefined && iter !== null) {
      if (typeof iter !== "function") throw new TypeError("Headers: @@iterator is not callable");
      eachOf(init, iter, (pair) => {
        if (pair === null || (typeof pair !== "object" && typeof pair !== "function")) throw new TypeError("Headers: each header must be a [name, value] sequence");
        pairs.push([...pair].map((x) => byteString(x, "header")));
      });
    } else {
      for (const k of Reflect.ownKeys(init)) {
        const d = Reflect.getOwnPropertyDescriptor(init, k);
        if (d === undefined || !d.enumerable) continue;
        pairs.push([byteString(k, "name"), byteString(init[k], "value")]);
      }
    }
    return pairs;
  }
  class Headers {
    // [lower-case name, value] in insertion order.
    #list = [];
    #immutable = false;
    // The sorted-and-combined view iteration reads, until the next change.
    #sortedCache = null;
    constructor(init = undefined) {
      if (init === undefined) return;
      // Another Headers, iterated as it would be: copied, raw.
      if (init instanceof Headers && init[Symbol.iterator] === Headers.prototype.entries) {
        this.#list = init.#list.map((p) => [p[0], p[1]]);
        return;
      }
      for (const p of headersInit(init)) {
        if (p.length !== 2) throw new TypeError("Headers: each header must be a [name, value] pair");
        this.append(p[0], p[1]);
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
    static _defaultType(h, type) { if (!h.has("content-type")) { h.#list.push(["content-type", type]); h.#sortedCache = null; } }
    #mutable() { if (this.#immutable) throw new TypeError("Headers: these headers are immutable"); this.#sortedCache = null; }
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
    static _sorted(h) {
      if (!(h instanceof Headers)) throw new TypeError("not a Headers");
      if (h.#sortedCache !== null) return h.#sortedCache;
      const names = [...new Set(h.#list.map((p) => p[0]))].sort();
      const out = [];
      for (const n of names) {
        if (n === "set-cookie") for (const v of h.getSetCookie()) out.push([n, v]);
        else out.push([n, h.get(n)]);
      }
      return (h.#sortedCache = out);
    }
    get [Symbol.toStringTag]() { return "Headers"; }
  }
  iterable(Headers, "Headers", (h) => Headers._sorted(h));

  // ------------------------------------------------------------ Blob, File
  function dictionary(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" && typeof o !== "function") throw new TypeError(`${what}: the options must be an object`);
    return o;
  }
  // A type as Blob keeps it: printable ASCII, lower-cased, else "".
  function blobType(t) {
    t = str(t);
    return /^[\x20-\x7e]*$/.test(t) ? t.toLowerCase() : "";
  }
  // The File API's "process blob parts": parts converted first (in order),
  // then the options read (endings, type), then strings encoded.
  function blobParts(parts, options, what, between = null) {
    let list = [];
    if (parts !== undefined) {
      if (parts === null || typeof parts !== "object" && typeof parts !== "function") throw new TypeError(`${what}: the parts must be a sequence`);
      const iter = parts[Symbol.iterator];
      if (typeof iter !== "function") throw new TypeError(`${what}: the parts must be a sequence`);
      eachOf(parts, iter, (p) => list.push(p instanceof Blob ? Blob._bytes(p) : isBufferSource(p) ? copyBytes(p) : str(p)));
    }
    if (between !== null) between();
    const o = dictionary(options, what);
    const rawEndings = o.endings;
    const endings = rawEndings === undefined ? "transparent" : str(rawEndings);
    if (endings !== "transparent" && endings !== "native") throw new TypeError(`${what}: endings must be "transparent" or "native"`);
    const rawType = o.type;
    const type = rawType === undefined ? "" : blobType(rawType);
    list = list.map((p) => (typeof p !== "string" ? p : enc(endings === "native" ? p.replace(/\r\n|\r/g, "\n") : p)));
    return { bytes: list.length === 0 ? EMPTY : concat(list), type, options: o };
  }
  // WebIDL's [Clamp]-free long long: NaN and infinities are 0.
  function longLong(v) {
    const n = Number(v);
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  }
  class Blob {
    #bytes; #type;
    constructor(parts = undefined, options = undefined) {
      const b = blobParts(parts, options, "Blob");
      this.#bytes = b.bytes;
      this.#type = b.type;
    }
    static _bytes(b) { return b.#bytes; }
    static _of(bytes, type) { const b = new Blob(); b.#bytes = bytes; b.#type = type || ""; return b; }
    static _init(b, bytes, type) { b.#bytes = bytes; b.#type = type; }
    get size() { return this.#bytes.byteLength; }
    get type() { return this.#type; }
    slice(start = undefined, end = undefined, type = undefined) {
      const n = this.#bytes.byteLength;
      const rel = (x, d) => {
        if (x === undefined) return d;
        x = longLong(x);
        return x < 0 ? Math.max(n + x, 0) : Math.min(x, n);
      };
      const a = rel(start, 0), b = rel(end, n);
      return Blob._of(this.#bytes.slice(a, Math.max(a, b)), type === undefined ? "" : blobType(type));
    }
    text() { return Promise.resolve(dec(this.#bytes)); }
    bytes() { return Promise.resolve(this.#bytes.slice()); }
    arrayBuffer() { return Promise.resolve(this.#bytes.slice().buffer); }
    stream() { return bytesStream(this.#bytes.slice()); }
    get [Symbol.toStringTag]() { return "Blob"; }
  }
  class File extends Blob {
    #name; #lastModified;
    constructor(bits, name, options = undefined) {
      if (arguments.length < 2) throw new TypeError("File: the bits and a name are required");
      super();
      let n;
      const b = blobParts(bits, options, "File", () => { n = str(name).toWellFormed(); });
      Blob._init(this, b.bytes, b.type);
      this.#name = n;
      const lm = b.options.lastModified;
      this.#lastModified = lm === undefined ? Date.now() : longLong(lm);
    }
    get name() { return this.#name; }
    get lastModified() { return this.#lastModified; }
    get webkitRelativePath() { return ""; }
    get [Symbol.toStringTag]() { return "File"; }
  }

  const { FileReader, ProgressEvent } = __bextFileReader(host, {
    Blob, Event, EventTarget, eventHandler, addTimer, str, dictionary, longLong,
  });

  // --------------------------------------------------------------- FormData
  const usv = (v) => str(v).toWellFormed();
  function entryValue(args, what) {
    const [, value, filename] = args;
    if (args.length > 2 && !(value instanceof Blob)) throw new TypeError(`FormData.${what}: with a filename the value must be a Blob`);
    if (!(value instanceof Blob)) return usv(value);
    if (value instanceof File && filename === undefined) return value;
    const name = filename !== undefined ? usv(filename) : value instanceof File ? value.name : "blob";
    const o = { type: value.type };
    if (value instanceof File) o.lastModified = value.lastModified;
    return new File([value], name, o);
  }
  class FormData {
    #list = [];
    constructor(form = undefined) {
      if (form !== undefined) throw new TypeError("FormData: there are no form elements in a worker");
    }
    static _list(f) {
      if (!(f instanceof FormData)) throw new TypeError("not a FormData");
      return f.#list;
    }
    append(name, value, filename) {
      if (arguments.length < 2) throw new TypeError("FormData.append: a name and a value are required");
      this.#list.push([usv(name), entryValue(arguments, "append")]);
    }
    delete(name) { name = usv(name); this.#list = this.#list.filter((e) => e[0] !== name); }
    get(name) { name = usv(name); const e = this.#list.find((e) => e[0] === name); return e ? e[1] : null; }
    getAll(name) { name = usv(name); return this.#list.filter((e) => e[0] === name).map((e) => e[1]); }
    has(name) { name = usv(name); return this.#list.some((e) => e[0] === name); }
    set(name, value, filename) {
      if (arguments.length < 2) throw new TypeError("FormData.set: a name and a value are required");
      name = usv(name);
      const v = entryValue(arguments, "set");
      const i = this.#list.findIndex((e) => e[0] === name);
      if (i < 0) { this.#list.push([name, v]); return; }
      this.#list[i][1] = v;
      this.#list = this.#list.filter((e, j) => j <= i || e[0] !== name);
    }
    get [Symbol.toStringTag]() { return "FormData"; }
  }
  iterable(FormData, "FormData", (f) => FormData._list(f));
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
  // Every chunk of a body stream must be a Uint8Array (Fetch's "fully
  // read"); anything else is a TypeError and cancels the stream.
  async function readAll(stream) {
    const reader = stream.getReader();
    const chunks = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!(value instanceof Uint8Array)) {
        const err = new TypeError("a body stream gave a chunk that is not a Uint8Array");
        reader.cancel(err).catch(() => {});
        throw err;
      }
      chunks.push(value);
    }
    return concat(chunks);
  }
  // The streams polyfill marks a stream read from or cancelled.
  const disturbed = (s) => s._disturbed === true;
  const unusableStream = (s) => s.locked || disturbed(s);
  // The Fetch standard's "extract a body": [source, content type or null].
  // A source is a string, a Uint8Array or a ReadableStream.
  function extract(init) {
    if (typeof init === "string") return [init, "text/plain;charset=UTF-8"];
    if (init instanceof ReadableStream) {
      if (unusableStream(init)) throw new TypeError("the body stream is locked or has been read");
      return [init, null];
    }
    if (isBufferSource(init)) return [copyBytes(init), null];
    if (init instanceof Blob) return [Blob._bytes(init), init.type || null];
    if (init instanceof g.URLSearchParams) return [init.toString(), "application/x-www-form-urlencoded;charset=UTF-8"];
    if (init instanceof FormData) return multipartOf(init);
    if (init !== null && typeof init === "object" && typeof init[Symbol.asyncIterator] === "function")
      return [ReadableStream.from(init), null];
    return [String(init), "text/plain;charset=UTF-8"];
  }
  const unusable = () => Promise.reject(new TypeError("Body is unusable: the body has already been read or is locked"));
  // A stream's second branch gets copies of the chunks (Fetch's clone tees
  // with cloneForBranch2).
  function teeCopying(s) {
    const [x, y] = s.tee();
    const copy = new TransformStream({
      transform(chunk, c) { c.enqueue(chunk !== null && typeof chunk === "object" ? g.structuredClone(chunk) : chunk); },
    });
    return [x, y.pipeThrough(copy)];
  }
  class Body {
    #src = null;
    #used = false;
    #stream = null;
    static _init(b, src) { b.#src = src; }
    // Takes the body for sending: its source, marked used.
    static _take(b) {
      if (b.bodyUsed || (b.#stream !== null && b.#stream.locked)) throw new TypeError("Body is unusable: the body has already been read or is locked");
      b.#used = true;
      return b.#stream !== null ? b.#stream : b.#src;
    }
    // The source a clone gets: a stream is teed, bytes are copied.
    static _split(b) {
      if (b.bodyUsed || (b.#stream !== null && b.#stream.locked)) throw new TypeError("clone(): the body has already been read or is locked");
      const src = b.#stream !== null ? b.#stream : b.#src;
      if (src === null || typeof src === "string") return src;
      if (!(src instanceof ReadableStream)) return src.slice();
      const [x, y] = teeCopying(src);
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
    get bodyUsed() { return this.#used || (this.#stream !== null && disturbed(this.#stream)); }
    #consume() {
      if (this.bodyUsed || (this.#stream !== null && this.#stream.locked)) return unusable();
      const s = this.#stream !== null ? this.#stream : this.#src;
      if (s === null) return Promise.resolve(EMPTY);
      this.#used = true;
      if (s instanceof ReadableStream) return readAll(s);
      return Promise.resolve(s);
    }
    #bytesNow() { return this.#consume().then((b) => (typeof b === "string" ? enc(b) : b)); }
    // A string body is a USVString: made well-formed when read as text
    // (the host makes it so when it sends it).
    text() { return this.#consume().then((b) => (typeof b === "string" ? b.toWellFormed() : dec(b))); }
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

  const { TextEncoderStream, TextDecoderStream } = __bextTextStreams(enc, TransformStream, isBufferSource);
  const { CompressionStream, DecompressionStream } = __bextCompression(host, TransformStream, isBufferSource);

  return {
    globals: {
      Headers, Blob, File, FormData, FileReader, ProgressEvent, TextEncoderStream, TextDecoderStream,
      CompressionStream, DecompressionStream,
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
