// CompressionStream and DecompressionStream (the Compression Streams
// standard): "gzip", "deflate", "deflate-raw" and "brotli", each a TransformStream's
// readable and writable over one codec of the zlib room (host.zlibOpen /
// zlibWrite / zlibClose, the binding node:zlib uses, given to the
// prelude's host when the web module loads). Evaluated inside the web
// module (see prelude.rs); web.js calls it.
//
// As the standard says: a chunk that is not an ArrayBuffer or a view of
// one (not of a SharedArrayBuffer) is a TypeError, and so are corrupt
// input, input that ends short of its stream's end, and any byte after
// that end (a decoder takes one stream: no second gzip member, no
// padding; what the chunk decoded before that end is still enqueued
// first); the errors carry the message and `code` Node gives
// (Z_DATA_ERROR, Z_BUF_ERROR, ERR_TRAILING_JUNK_AFTER_STREAM_END).
(function (host, TransformStream, isBufferSource) {
  "use strict";
  // Node's zlib mode numbers: [compress, decompress].
  const MODES = { "gzip": [3, 4], "deflate": [1, 2], "deflate-raw": [5, 6], "brotli": [9, 8] };
  const BROTLI = [8, 9];
  // Z_NO_FLUSH is brotli's BROTLI_OPERATION_PROCESS; the last write is
  // Z_FINISH, or BROTLI_OPERATION_FINISH.
  const Z_NO_FLUSH = 0;
  const Z_FINISH = 4;
  const BROTLI_OPERATION_FINISH = 2;
  const isShared = (v) => typeof SharedArrayBuffer === "function"
    && (v instanceof SharedArrayBuffer || (ArrayBuffer.isView(v) && v.buffer instanceof SharedArrayBuffer));
  // A stream dropped before its end frees its codec; the token is an
  // object of its own (QuickJS keeps a registry's token alive).
  const closeLater = typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry((id) => host.zlibClose(id)) : null;

  function modeOf(format, decompress) {
    const f = String(format);
    if (!Object.prototype.hasOwnProperty.call(MODES, f)) {
      const shown = typeof format === "string" ? `'${format}'` : String(format);
      const e = new TypeError(`The argument 'format' is invalid. Received ${shown}`);
      e.code = "ERR_INVALID_ARG_VALUE";
      throw e;
    }
    return MODES[f][decompress ? 1 : 0];
  }

  function failure([message, code, errno]) {
    const e = new TypeError(message);
    e.code = code;
    e.errno = errno;
    return e;
  }

  // The transformer of one stream: chunks in, the codec's output out.
  // The transformer is what the stream's controller keeps: it is collected
  // with the stream, not with the CompressionStream (`pipeThrough` drops
  // that at once).
  function codec(mode, single) {
    const id = host.zlibOpen({ mode, level: -1, windowBits: 15, memLevel: 8, strategy: 0, single });
    if (typeof id !== "number") throw failure(id);
    const token = {};
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      closeLater?.unregister(token);
      host.zlibClose(id);
    };
    const finish = BROTLI.includes(mode) ? BROTLI_OPERATION_FINISH : Z_FINISH;
    const write = (chunk, flush, c) => {
      const out = host.zlibWrite(id, chunk, flush);
      if (!(out instanceof Uint8Array)) {
        close();
        // A failure's fourth item: what came out before it (the stream's
        // end, then trailing bytes).
        if (out[3]?.length) c.enqueue(out[3]);
        throw failure(out);
      }
      if (out.length) c.enqueue(out);
    };
    const transformer = {
      transform(chunk, c) {
        if (!isBufferSource(chunk) || isShared(chunk)) {
          close();
          throw new TypeError("The chunk is not an ArrayBuffer or an ArrayBufferView");
        }
        const bytes = chunk instanceof Uint8Array ? chunk
          : ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
            : new Uint8Array(chunk);
        write(bytes, Z_NO_FLUSH, c);
      },
      flush(c) {
        try {
          write(new Uint8Array(0), finish, c);
        } finally {
          close();
        }
      },
      cancel() { close(); },
    };
    closeLater?.register(transformer, id, token);
    return transformer;
  }

  class CompressionStream {
    #ts;
    constructor(format) {
      if (arguments.length < 1) format = undefined;
      this.#ts = new TransformStream(codec(modeOf(format, false), false));
    }
    get readable() { return this.#ts.readable; }
    get writable() { return this.#ts.writable; }
  }

  class DecompressionStream {
    #ts;
    constructor(format) {
      if (arguments.length < 1) format = undefined;
      this.#ts = new TransformStream(codec(modeOf(format, true), true));
    }
    get readable() { return this.#ts.readable; }
    get writable() { return this.#ts.writable; }
  }

  for (const C of [CompressionStream, DecompressionStream]) {
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
  }

  return { CompressionStream, DecompressionStream };
})
