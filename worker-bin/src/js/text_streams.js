// TextEncoderStream and TextDecoderStream (the Encoding standard's
// streams), on the vendored TransformStream. Evaluated inside the web module
// (see prelude.rs); web.js calls it.
(function (enc, TransformStream, isBufferSource) {
  "use strict";
  const g = globalThis;
  // A surrogate pair cut across chunks is joined; an unpaired one is U+FFFD.
  class TextEncoderStream extends TransformStream {
    constructor() {
      let high = "";
      super({
        transform(chunk, c) {
          let s = high + String(chunk);
          high = "";
          const last = s.charCodeAt(s.length - 1);
          if (last >= 0xd800 && last <= 0xdbff) { high = s[s.length - 1]; s = s.slice(0, -1); }
          if (s.length) c.enqueue(enc(s));
        },
        flush(c) { if (high) c.enqueue(new Uint8Array([0xef, 0xbf, 0xbd])); },
      });
    }
    get encoding() { return "utf-8"; }
    get [Symbol.toStringTag]() { return "TextEncoderStream"; }
  }
  class TextDecoderStream extends TransformStream {
    #decoder;
    constructor(label = "utf-8", options = undefined) {
      const d = new g.TextDecoder(label, options);
      super({
        transform(chunk, c) {
          if (!isBufferSource(chunk)) throw new TypeError("TextDecoderStream: a chunk is not an ArrayBuffer or a view");
          const s = d.decode(chunk, { stream: true });
          if (s.length) c.enqueue(s);
        },
        flush(c) { const s = d.decode(); if (s.length) c.enqueue(s); },
      });
      this.#decoder = d;
    }
    get encoding() { return this.#decoder.encoding; }
    get fatal() { return this.#decoder.fatal; }
    get ignoreBOM() { return this.#decoder.ignoreBOM; }
    get [Symbol.toStringTag]() { return "TextDecoderStream"; }
  }

  return { TextEncoderStream, TextDecoderStream };
})
