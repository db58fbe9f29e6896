// FileReader and ProgressEvent (the File API), on the Blob of js/web.js.
// Evaluated inside the web module (see prelude.rs); web.js calls it with
// what it needs.
(function (host, deps) {
  "use strict";
  const { Blob, Event, EventTarget, eventHandler, addTimer, str, dictionary, longLong } = deps;
  class ProgressEvent extends Event {
    #lengthComputable; #loaded; #total;
    constructor(type, init = undefined) {
      if (arguments.length === 0) throw new TypeError("ProgressEvent: the type is required");
      super(type, init);
      const o = dictionary(init, "ProgressEvent");
      this.#lengthComputable = !!o.lengthComputable;
      this.#loaded = o.loaded === undefined ? 0 : longLong(o.loaded);
      this.#total = o.total === undefined ? 0 : longLong(o.total);
    }
    get lengthComputable() { return this.#lengthComputable; }
    get loaded() { return this.#loaded; }
    get total() { return this.#total; }
    get [Symbol.toStringTag]() { return "ProgressEvent"; }
  }
  const EMPTY_STATE = 0, LOADING = 1, DONE = 2;
  const READER_EVENTS = ["loadstart", "progress", "load", "abort", "error", "loadend"];
  // Blob bytes as a "binary string": one code unit per byte.
  function binaryString(bytes) {
    let out = "";
    for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
    return out;
  }
  // The charset parameter of a MIME type, if any.
  function charsetOf(type) {
    const m = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(type);
    return m ? m[2] : null;
  }
  // The File API's FileReader: each read runs in tasks (timers) after the
  // call returns: loadstart, progress, then load and loadend.
  class FileReader extends EventTarget {
    #state = EMPTY_STATE; #result = null; #error = null; #read = 0;
    get readyState() { return this.#state; }
    get result() { return this.#result; }
    get error() { return this.#error; }
    readAsArrayBuffer(blob) { this.#start(blob, (b) => b.slice().buffer); }
    readAsBinaryString(blob) { this.#start(blob, binaryString); }
    readAsText(blob, encoding = undefined) {
      const label = encoding === undefined ? undefined : str(encoding);
      this.#start(blob, (b, type) => {
        let name = label === undefined ? null : host.encodingOf(label);
        if (name == null) { const cs = charsetOf(type); name = cs === null ? null : host.encodingOf(cs); }
        return host.sniffDecode(name == null ? "utf-8" : name, b);
      });
    }
    readAsDataURL(blob) {
      this.#start(blob, (b, type) => `data:${type || "application/octet-stream"};base64,${host.btoa(binaryString(b))}`);
    }
    abort() {
      if (this.#state === EMPTY_STATE || this.#state === DONE) { this.#result = null; return; }
      this.#state = DONE;
      this.#result = null;
      this.#read++;
      this.#fire("abort", 0, 0);
      if (this.#state !== LOADING) this.#fire("loadend", 0, 0);
    }
    #start(blob, pack) {
      if (!(blob instanceof Blob)) throw new TypeError("FileReader: the argument is not a Blob");
      if (this.#state === LOADING) throw new DOMException("FileReader: a read is already in progress", "InvalidStateError");
      // The result of an earlier read stays until this one loads (as
      // browsers do; abort() clears it).
      this.#state = LOADING;
      this.#error = null;
      const read = ++this.#read;
      const bytes = Blob._bytes(blob), type = blob.type, n = bytes.byteLength;
      const live = () => this.#read === read;
      addTimer(() => {
        if (!live()) return;
        this.#fire("loadstart", 0, n);
        addTimer(() => {
          if (!live()) return;
          if (n > 0) this.#fire("progress", n, n);
          if (!live()) return;
          this.#state = DONE;
          this.#result = pack(bytes, type);
          this.#fire("load", n, n);
          if (this.#state !== LOADING) this.#fire("loadend", n, n);
        }, 0, [], false);
      }, 0, [], false);
    }
    #fire(type, loaded, total) {
      this.dispatchEvent(Event._trust(new ProgressEvent(type, { lengthComputable: true, loaded, total })));
    }
    get [Symbol.toStringTag]() { return "FileReader"; }
  }
  for (const [k, v] of Object.entries({ EMPTY: EMPTY_STATE, LOADING, DONE })) {
    Object.defineProperty(FileReader, k, { value: v, enumerable: true });
    Object.defineProperty(FileReader.prototype, k, { value: v, enumerable: true });
  }
  for (const type of READER_EVENTS) eventHandler(FileReader.prototype, type);

  return { FileReader, ProgressEvent };
})
