// The globals the prelude makes on first use (a part of js/prelude.js,
// called with what it needs): the web classes of the second bytecode image
// and `navigator`. Returns how the glue reaches the web classes.
(function (host, { g, define, iterable, eachOf, str, addTimer, EventTarget, Event, eventHandler }) {
  // ------------------------------------------------ Fetch classes, streams
  // Loaded on first use: the streams polyfill, web.js and fetch.js are a
  // second bytecode image (prelude.rs) that a worker which never touches
  // them never reads. Until then each of their globals is an accessor that
  // loads them all and puts the real classes in place (plain writable,
  // configurable, non-enumerable data properties, as everywhere else), so
  // `typeof ReadableStream`, `new Response()` and `instanceof` behave as if
  // they had always been there.
  const WEB_GLOBALS = [
    "Headers", "Blob", "File", "FormData", "FileReader", "ProgressEvent", "TextEncoderStream", "TextDecoderStream",
    "ReadableStream", "ReadableStreamDefaultReader", "ReadableStreamBYOBReader", "ReadableStreamDefaultController",
    "ReadableByteStreamController", "ReadableStreamBYOBRequest", "WritableStream", "WritableStreamDefaultWriter",
    "WritableStreamDefaultController", "TransformStream", "TransformStreamDefaultController",
    "ByteLengthQueuingStrategy", "CountQueuingStrategy", "URLPattern", "fetch", "Request", "Response",
    "CompressionStream", "DecompressionStream",
  ];
  const lazyGetters = new WeakSet();
  let parts = null;
  let loading = false;
  const onLoad = [];
  function webParts() {
    if (parts !== null) return parts;
    loading = true;
    let loaded;
    try {
      const setup = host.loadWeb(host);
      loaded = setup(host, { iterable, eachOf, str, addTimer, EventTarget, Event, eventHandler });
    } finally {
      loading = false;
    }
    parts = loaded;
    for (const part of [loaded.web, loaded.http]) {
      for (const name of Object.keys(part.globals)) {
        // A global the script already replaced or deleted stays as it is.
        const d = Object.getOwnPropertyDescriptor(g, name);
        if (d === undefined ? !WEB_GLOBALS.includes(name) : lazyGetters.has(d.get)) define(name, part.globals[name]);
      }
    }
    for (const f of onLoad) f(loaded);
    return loaded;
  }
  for (const name of WEB_GLOBALS) {
    // While they load, their own code sees them as not there yet.
    const get = () => { if (loading) return undefined; webParts(); return g[name]; };
    lazyGetters.add(get);
    Object.defineProperty(g, name, { get, set: (v) => define(name, v), configurable: true, enumerable: false });
  }

  // -------------------------------------------------------------- navigator
  // Built on first read (host.navigator: "bext/VERSION", the CPUs of the
  // container as jsc_workers = "auto" counts them, the locale's language,
  // "Linux" and the machine as a browser says it), then a plain global.
  // The Navigator class is not a global, as in Node; it is made with the
  // object, so a worker that never reads navigator builds neither.
  function makeNavigator() {
    const key = {};
    class Navigator {
      #info;
      constructor(k, info) {
        if (k !== key) throw new TypeError("Illegal constructor");
        const [userAgent, hardwareConcurrency, language, platform] = info;
        this.#info = { userAgent, hardwareConcurrency, language, platform, languages: Object.freeze([language]) };
      }
      get userAgent() { return this.#info.userAgent; }
      get hardwareConcurrency() { return this.#info.hardwareConcurrency; }
      get language() { return this.#info.language; }
      get languages() { return this.#info.languages; }
      get platform() { return this.#info.platform; }
    }
    Object.defineProperty(Navigator.prototype, Symbol.toStringTag, { value: "Navigator", configurable: true });
    return new Navigator(key, host.navigator());
  }
  Object.defineProperty(g, "navigator", {
    get() {
      const n = makeNavigator();
      define("navigator", n);
      return n;
    },
    set: (v) => define("navigator", v),
    configurable: true,
    enumerable: false,
  });

  return {
    webParts,
    webLoaded: () => parts !== null,
    onWebLoad: (f) => onLoad.push(f),
  };
})
