// The stream classes of node:zlib (`Gzip`, `Inflate`, `BrotliCompress`, …),
// Transform streams over one Rust codec each (host.zlibOpen / zlibWrite),
// shaped as Node's lib/zlib.js shapes them: function constructors that
// work with and without `new`, ZlibBase < Zlib < Deflate and ZlibBase <
// Brotli < BrotliCompress, `flush()`, `params()`, `reset()`, `close()`,
// `bytesWritten`, the last chunk written with the finishing flush, output
// pushed in `chunkSize` pieces. node:stream is loaded, and ZlibBase put
// under its Transform, when the first stream is made, so importing
// node:zlib for its sync forms costs nothing more.
module.exports = function make({ settings, inRange, zlibError, toBuffer, constants }) {
  const { Buffer } = require("buffer");
  const kFlushFlag = Symbol("kFlushFlag");
  // The registry's unregister token: an object of its own, as QuickJS
  // keeps a token alive (the stream itself as token would never be
  // collected).
  const kToken = Symbol("kToken");
  const closeLater = typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry((id) => host.zlibClose(id)) : null;

  let Transform = null;
  function link() {
    if (Transform !== null) return;
    Transform = require("stream").Transform;
    Object.setPrototypeOf(ZlibBase.prototype, Transform.prototype);
    Object.setPrototypeOf(ZlibBase, Transform);
  }

  // How much each flush value flushes, to take the stronger of two.
  const flushiness = [];
  [constants.Z_NO_FLUSH, constants.Z_BLOCK, constants.Z_PARTIAL_FLUSH, constants.Z_SYNC_FLUSH,
    constants.Z_FULL_FLUSH, constants.Z_FINISH].forEach((flag, i) => { flushiness[flag] = i; });
  const maxFlush = (a, b) => (flushiness[a] > flushiness[b] ? a : b);

  function ZlibBase(opts, mode) {
    link();
    const s = settings(opts, mode);
    const id = host.zlibOpen(s);
    if (typeof id !== "number") throw zlibError(id);
    if (opts && (opts.encoding || opts.objectMode || opts.writableObjectMode)) {
      opts = { ...opts, encoding: null, objectMode: false, writableObjectMode: false };
    }
    Transform.call(this, { autoDestroy: true, ...opts });
    this._handle = id;
    this[kToken] = {};
    closeLater?.register(this, id, this[kToken]);
    this._outOffset = 0;
    this._chunkSize = s.chunkSize;
    this._defaultFlushFlag = s.flush;
    this._finishFlushFlag = s.finishFlush;
    this._defaultFullFlushFlag = s.fullFlush;
    this._info = s.info;
    this._maxOutputLength = s.maxOutputLength;
    this._level = s.level;
    this._strategy = s.strategy;
    this.bytesWritten = 0;
  }

  Object.defineProperty(ZlibBase.prototype, "_closed", {
    configurable: true, enumerable: true,
    get() { return this._handle === null; },
  });

  ZlibBase.prototype.reset = function reset() {
    if (this._handle === null) throw new Error("zlib binding closed");
    const failure = host.zlibReset(this._handle);
    if (failure !== undefined) throw zlibError(failure);
  };

  ZlibBase.prototype._flush = function _flush(callback) {
    this._transform(Buffer.alloc(0), "", callback);
  };

  ZlibBase.prototype._final = function _final(callback) {
    callback();
  };

  ZlibBase.prototype.flush = function flush(kind, callback) {
    if (typeof kind === "function" || (kind === undefined && !callback)) {
      callback = kind;
      kind = this._defaultFullFlushFlag;
    }
    if (this.writableFinished) {
      if (callback) process.nextTick(callback);
    } else if (this.writableEnded) {
      if (callback) this.once("end", callback);
    } else {
      const marker = Buffer.alloc(0);
      marker[kFlushFlag] = kind;
      this.write(marker, "", callback);
    }
  };

  ZlibBase.prototype.close = function close(callback) {
    if (callback) require("stream").finished(this, callback);
    this.destroy();
  };

  ZlibBase.prototype._destroy = function _destroy(err, callback) {
    closeHandle(this);
    callback(err);
  };

  function closeHandle(stream) {
    if (stream._handle === null) return;
    host.zlibClose(stream._handle);
    closeLater?.unregister(stream[kToken]);
    stream._handle = null;
  }

  ZlibBase.prototype._transform = function _transform(chunk, encoding, cb) {
    let flushFlag = this._defaultFlushFlag;
    // An empty chunk from flush() carries its flush kind.
    if (typeof chunk[kFlushFlag] === "number") flushFlag = chunk[kFlushFlag];
    // The last chunk is written with the finishing flush.
    if ((this.writableEnded || this.writableFinished) && this.writableLength === chunk.byteLength) {
      flushFlag = maxFlush(flushFlag, this._finishFlushFlag);
    }
    this._processChunk(chunk, flushFlag, cb);
  };

  // Runs `chunk` through the codec; with `cb`, pushes the output (as
  // Node's output buffer of `chunkSize` bytes cuts it), else returns it.
  ZlibBase.prototype._processChunk = function _processChunk(chunk, flushFlag, cb) {
    if (this._handle === null) {
      if (typeof cb === "function") process.nextTick(cb);
      return typeof cb === "function" ? undefined : Buffer.alloc(0);
    }
    const bytes = chunk instanceof Uint8Array ? chunk
      : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out = host.zlibWrite(this._handle, bytes, flushFlag);
    if (!(out instanceof Uint8Array)) {
      const error = zlibError(out);
      closeHandle(this);
      if (typeof cb !== "function") throw error;
      this.destroy(error);
      return undefined;
    }
    this.bytesWritten += bytes.byteLength;
    if (typeof cb !== "function") return toBuffer(out);
    for (let at = 0; at < out.length;) {
      const n = Math.min(this._chunkSize - this._outOffset, out.length - at);
      this.push(toBuffer(out.subarray(at, at + n)));
      at += n;
      this._outOffset = (this._outOffset + n) % this._chunkSize;
    }
    cb();
    return undefined;
  };

  function Zlib(opts, mode) {
    ZlibBase.call(this, opts, mode);
  }
  Object.setPrototypeOf(Zlib.prototype, ZlibBase.prototype);
  Object.setPrototypeOf(Zlib, ZlibBase);

  // A new level (and strategy) after a sync flush, as Node does (Node
  // has it on every class; a brotli stream's handle refuses it).
  ZlibBase.prototype.params = function params(level, strategy, callback) {
    inRange(level, "level", -1, 9);
    inRange(strategy, "strategy", 0, 4);
    if (this._level === level && this._strategy === strategy) {
      if (callback) process.nextTick(callback);
      return;
    }
    this.flush(constants.Z_SYNC_FLUSH, () => {
      if (this._handle === null) throw new Error("zlib binding closed");
      const failure = host.zlibParams(this._handle, level, strategy);
      if (failure !== undefined) {
        this.destroy(zlibError(failure));
        return;
      }
      if (!this.destroyed) {
        this._level = level;
        this._strategy = strategy;
        if (callback) callback();
      }
    });
  };

  function Brotli(opts, mode) {
    ZlibBase.call(this, opts, mode);
  }
  Object.setPrototypeOf(Brotli.prototype, ZlibBase.prototype);
  Object.setPrototypeOf(Brotli, ZlibBase);

  const classes = {};
  function define(name, Base, mode) {
    const ctor = {
      [name]: function (opts) {
        if (!(this instanceof ctor)) return new ctor(opts);
        Base.call(this, opts, mode);
      },
    }[name];
    Object.setPrototypeOf(ctor.prototype, Base.prototype);
    Object.setPrototypeOf(ctor, Base);
    classes[name] = ctor;
  }
  define("Deflate", Zlib, constants.DEFLATE);
  define("Inflate", Zlib, constants.INFLATE);
  define("Gzip", Zlib, constants.GZIP);
  define("Gunzip", Zlib, constants.GUNZIP);
  define("DeflateRaw", Zlib, constants.DEFLATERAW);
  define("InflateRaw", Zlib, constants.INFLATERAW);
  define("Unzip", Zlib, constants.UNZIP);
  define("BrotliCompress", Brotli, constants.BROTLI_ENCODE);
  define("BrotliDecompress", Brotli, constants.BROTLI_DECODE);
  return classes;
};
