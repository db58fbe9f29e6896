// node:zlib over the worker's Rust compressors (src/zlib: zlib-rs and
// brotli): the sync forms (`gzipSync`), the callback forms (`gzip(buf,
// opts, cb)`, which util.promisify takes), `crc32`, `constants` and
// `codes` here; the stream classes (`Gzip`, `createGzip()`, …) in
// ./zlib_streams.js, made here with what they share (options, errors), which
// loads node:stream only when the first stream is made.
// Options are checked in Node's order with Node's errors; a failure of
// the data is Node's Error with `errno` and `code` (`Z_DATA_ERROR`, …).
const { Buffer } = require("buffer");

const constants = Object.assign(Object.create(null), {
  Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5,
  Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
  Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1,
  Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0, ZLIB_VERNUM: 4880,
  DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4, DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7,
  BROTLI_DECODE: 8, BROTLI_ENCODE: 9,
  Z_MIN_WINDOWBITS: 8, Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15,
  Z_MIN_CHUNK: 64, Z_MAX_CHUNK: Infinity, Z_DEFAULT_CHUNK: 16384,
  Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9, Z_DEFAULT_MEMLEVEL: 8,
  Z_MIN_LEVEL: -1, Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1,
  BROTLI_OPERATION_PROCESS: 0, BROTLI_OPERATION_FLUSH: 1, BROTLI_OPERATION_FINISH: 2,
  BROTLI_OPERATION_EMIT_METADATA: 3,
  BROTLI_PARAM_MODE: 0, BROTLI_MODE_GENERIC: 0, BROTLI_MODE_TEXT: 1, BROTLI_MODE_FONT: 2,
  BROTLI_DEFAULT_MODE: 0, BROTLI_PARAM_QUALITY: 1, BROTLI_MIN_QUALITY: 0, BROTLI_MAX_QUALITY: 11,
  BROTLI_DEFAULT_QUALITY: 11, BROTLI_PARAM_LGWIN: 2, BROTLI_MIN_WINDOW_BITS: 10,
  BROTLI_MAX_WINDOW_BITS: 24, BROTLI_LARGE_MAX_WINDOW_BITS: 30, BROTLI_DEFAULT_WINDOW: 22,
  BROTLI_PARAM_LGBLOCK: 3, BROTLI_MIN_INPUT_BLOCK_BITS: 16, BROTLI_MAX_INPUT_BLOCK_BITS: 24,
  BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING: 4, BROTLI_PARAM_SIZE_HINT: 5,
  BROTLI_PARAM_LARGE_WINDOW: 6, BROTLI_PARAM_NPOSTFIX: 7, BROTLI_PARAM_NDIRECT: 8,
  BROTLI_DECODER_RESULT_ERROR: 0, BROTLI_DECODER_RESULT_SUCCESS: 1,
  BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: 2, BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: 3,
  BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION: 0, BROTLI_DECODER_PARAM_LARGE_WINDOW: 1,
  BROTLI_DECODER_NO_ERROR: 0, BROTLI_DECODER_SUCCESS: 1, BROTLI_DECODER_NEEDS_MORE_INPUT: 2,
  BROTLI_DECODER_NEEDS_MORE_OUTPUT: 3,
  BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_NIBBLE: -1, BROTLI_DECODER_ERROR_FORMAT_RESERVED: -2,
  BROTLI_DECODER_ERROR_FORMAT_EXUBERANT_META_NIBBLE: -3,
  BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_ALPHABET: -4,
  BROTLI_DECODER_ERROR_FORMAT_SIMPLE_HUFFMAN_SAME: -5, BROTLI_DECODER_ERROR_FORMAT_CL_SPACE: -6,
  BROTLI_DECODER_ERROR_FORMAT_HUFFMAN_SPACE: -7, BROTLI_DECODER_ERROR_FORMAT_CONTEXT_MAP_REPEAT: -8,
  BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_1: -9, BROTLI_DECODER_ERROR_FORMAT_BLOCK_LENGTH_2: -10,
  BROTLI_DECODER_ERROR_FORMAT_TRANSFORM: -11, BROTLI_DECODER_ERROR_FORMAT_DICTIONARY: -12,
  BROTLI_DECODER_ERROR_FORMAT_WINDOW_BITS: -13, BROTLI_DECODER_ERROR_FORMAT_PADDING_1: -14,
  BROTLI_DECODER_ERROR_FORMAT_PADDING_2: -15, BROTLI_DECODER_ERROR_FORMAT_DISTANCE: -16,
  BROTLI_DECODER_ERROR_DICTIONARY_NOT_SET: -19, BROTLI_DECODER_ERROR_INVALID_ARGUMENTS: -20,
  BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MODES: -21, BROTLI_DECODER_ERROR_ALLOC_TREE_GROUPS: -22,
  BROTLI_DECODER_ERROR_ALLOC_CONTEXT_MAP: -25, BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_1: -26,
  BROTLI_DECODER_ERROR_ALLOC_RING_BUFFER_2: -27, BROTLI_DECODER_ERROR_ALLOC_BLOCK_TYPE_TREES: -30,
  BROTLI_DECODER_ERROR_UNREACHABLE: -31,
});

const codes = {
  Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
};
for (const name of Object.keys(codes)) codes[codes[name]] = name;
Object.freeze(codes);

// Node's kMaxLength (the largest Buffer), the default maxOutputLength.
const kMaxLength = 2 ** 32;

// --- Node's errors ---

function error(Type, code, message) {
  const e = new Type(message);
  e.code = code;
  return e;
}

function shown(value) {
  if (value == null) return ` Received ${value}`;
  if (typeof value === "function") return ` Received function ${value.name}`;
  if (typeof value === "object") {
    if (value.constructor && value.constructor.name) return ` Received an instance of ${value.constructor.name}`;
    return ` Received ${require("util").inspect(value, { depth: -1 })}`;
  }
  let text = require("util").inspect(value, { colors: false });
  if (text.length > 28) text = `${text.slice(0, 25)}...`;
  return ` Received type ${typeof value} (${text})`;
}

function invalidType(name, expected, value) {
  const what = name.includes(".") ? "property" : "argument";
  return error(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" ${what} must be ${expected}.${shown(value)}`);
}

// Node's rendering of a number in a range error: 1_000_000 past 2**32.
function received(n) {
  if (typeof n !== "number" || !Number.isInteger(n) || Math.abs(n) <= 2 ** 32) return String(n);
  const s = String(Math.abs(n));
  let out = "";
  for (let i = s.length; i > 0; i -= 3) out = `_${s.slice(Math.max(0, i - 3), i)}${out}`;
  return `${n < 0 ? "-" : ""}${out.slice(1)}`;
}

function outOfRange(name, range, value) {
  return error(RangeError, "ERR_OUT_OF_RANGE",
    `The value of "${name}" is out of range. It must be ${range}. Received ${received(value)}`);
}

// Node's checkFiniteNumber: undefined and NaN take the default.
function finite(number, name) {
  if (number === undefined || Number.isNaN(number)) return false;
  if (Number.isFinite(number)) return true;
  if (typeof number !== "number") throw invalidType(name, "of type number", number);
  throw outOfRange(name, "a finite number", number);
}

function inRange(number, name, lower, upper, def) {
  if (!finite(number, name)) return def;
  if (number < lower || number > upper) throw outOfRange(name, `>= ${lower} and <= ${upper}`, number);
  return number;
}

// The Error of a failed write: `[message, code, errno]` from the host.
function zlibError(failure) {
  const [message, code, errno] = failure;
  if (code === "ERR_BUFFER_TOO_LARGE") return error(RangeError, code, message);
  if (errno === 0 || code.startsWith("ERR_ZLIB") || code === "ERR_BROTLI_COMPRESSION_FAILED") {
    return error(Error, code, message);
  }
  const e = new Error(message);
  e.errno = errno;
  e.code = code;
  return e;
}

// --- Options, checked in Node's order ---

const BROTLI_MAX_PARAM = 8;
const isBrotli = (mode) => mode === constants.BROTLI_DECODE || mode === constants.BROTLI_ENCODE;

function settings(opts, mode) {
  const s = {
    mode, level: -1, windowBits: 15, memLevel: 8, strategy: 0, dictionary: undefined, params: [],
    chunkSize: constants.Z_DEFAULT_CHUNK, maxOutputLength: kMaxLength,
    flush: isBrotli(mode) ? constants.BROTLI_OPERATION_PROCESS : constants.Z_NO_FLUSH,
    finishFlush: isBrotli(mode) ? constants.BROTLI_OPERATION_FINISH : constants.Z_FINISH,
    fullFlush: isBrotli(mode) ? constants.BROTLI_OPERATION_FLUSH : constants.Z_FULL_FLUSH,
    info: Boolean(opts && opts.info),
  };
  if (isBrotli(mode)) brotliParams(opts, s);
  else if (opts) zlibOptions(opts, mode, s);
  if (opts) {
    if (!finite(opts.chunkSize, "options.chunkSize")) s.chunkSize = constants.Z_DEFAULT_CHUNK;
    else if (opts.chunkSize < constants.Z_MIN_CHUNK) {
      throw outOfRange("options.chunkSize", `>= ${constants.Z_MIN_CHUNK}`, opts.chunkSize);
    } else s.chunkSize = opts.chunkSize;
    const top = isBrotli(mode) ? constants.BROTLI_OPERATION_EMIT_METADATA : constants.Z_BLOCK;
    s.flush = inRange(opts.flush, "options.flush", 0, top, s.flush);
    s.finishFlush = inRange(opts.finishFlush, "options.finishFlush", 0, top, s.finishFlush);
    s.maxOutputLength = inRange(opts.maxOutputLength, "options.maxOutputLength", 1, kMaxLength, kMaxLength);
  }
  return s;
}

function zlibOptions(opts, mode, s) {
  const decoder = mode === constants.INFLATE || mode === constants.GUNZIP || mode === constants.UNZIP;
  if (opts.windowBits === 0 && decoder) s.windowBits = 0;
  else {
    // `{ windowBits: 8 }` is valid for deflate but not gzip.
    const min = constants.Z_MIN_WINDOWBITS + (mode === constants.GZIP ? 1 : 0);
    s.windowBits = inRange(opts.windowBits, "options.windowBits", min, 15, 15);
  }
  s.level = inRange(opts.level, "options.level", -1, 9, -1);
  s.memLevel = inRange(opts.memLevel, "options.memLevel", 1, 9, 8);
  s.strategy = inRange(opts.strategy, "options.strategy", 0, 4, 0);
  let dictionary = opts.dictionary;
  if (dictionary !== undefined && !ArrayBuffer.isView(dictionary)) {
    if (dictionary instanceof ArrayBuffer || isShared(dictionary)) dictionary = new Uint8Array(dictionary);
    else {
      throw invalidType("options.dictionary",
        "an instance of Buffer, TypedArray, DataView, or ArrayBuffer", dictionary);
    }
  }
  if (dictionary !== undefined) s.dictionary = bytes(dictionary);
}

function brotliParams(opts, s) {
  if (!opts || !opts.params) return;
  const seen = new Set();
  for (const origKey of Object.keys(opts.params)) {
    const key = +origKey;
    if (Number.isNaN(key) || key < 0 || key > BROTLI_MAX_PARAM || seen.has(key)) {
      throw error(RangeError, "ERR_BROTLI_INVALID_PARAM", `${origKey} is not a valid Brotli parameter`);
    }
    const value = opts.params[origKey];
    if (typeof value !== "number" && typeof value !== "boolean") {
      throw invalidType("options.params[key]", "of type number", value);
    }
    seen.add(key);
    // The decoder's two parameters (ring buffer reallocation, large
    // window) need nothing from the Rust decoder: they are checked only.
    if (s.mode === constants.BROTLI_ENCODE) s.params.push(key, Number(value));
  }
}

const isShared = (v) => typeof SharedArrayBuffer === "function" && v instanceof SharedArrayBuffer;

// The bytes of a view, as the Uint8Array the host takes.
function bytes(view) {
  if (view instanceof Uint8Array) return view;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

// `buffer` of the sync and callback forms as bytes, or Node's TypeError.
function input(buffer) {
  if (typeof buffer === "string") return Buffer.from(buffer);
  if (ArrayBuffer.isView(buffer)) return bytes(buffer);
  if (buffer instanceof ArrayBuffer || isShared(buffer)) return new Uint8Array(buffer);
  throw invalidType("buffer",
    "of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer", buffer);
}

function toBuffer(u8) {
  return Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
}

// One run through the Rust codec: the Buffer, or Node's error thrown.
function runOnce(s, data) {
  const out = host.zlibRun(s, data, s.finishFlush, s.maxOutputLength);
  if (!(out instanceof Uint8Array)) throw zlibError(out);
  return toBuffer(out);
}

// --- The one-shot forms ---

function syncForm(mode, name) {
  return function (buffer, opts) {
    const s = settings(opts, mode);
    const out = runOnce(s, input(buffer));
    return s.info ? { buffer: out, engine: new classes[name](opts) } : out;
  };
}

function callbackForm(mode, name) {
  return function (buffer, opts, callback) {
    if (typeof opts === "function") { callback = opts; opts = {}; }
    const s = settings(opts, mode);
    if (typeof callback !== "function") throw invalidType("callback", "of type function", callback);
    // Node ends a stream with the buffer: null or undefined is no data, and
    // the stream's write names a wrong one "chunk".
    let data;
    if (buffer === null || buffer === undefined) data = new Uint8Array(0);
    else if (typeof buffer === "string" || ArrayBuffer.isView(buffer) || buffer instanceof ArrayBuffer || isShared(buffer)) {
      data = input(buffer);
    } else {
      throw invalidType("chunk", "of type string or an instance of Buffer, TypedArray, or DataView", buffer);
    }
    // Node compresses on its thread pool and calls back from the event
    // loop: never before the caller's code after the call has run.
    setImmediate(() => {
      let out;
      try {
        out = runOnce(s, data);
      } catch (e) {
        callback(e);
        return;
      }
      callback(null, s.info ? { buffer: out, engine: new classes[name](opts) } : out);
    });
  };
}

// `crc32(data[, value])` (Node 20.15 and 22).
function crc32(data, value = 0) {
  if (typeof data !== "string" && !ArrayBuffer.isView(data)) {
    throw invalidType("data", "of type string or an instance of Buffer, TypedArray, or DataView", data);
  }
  if (typeof value !== "number") throw invalidType("value", "of type number", value);
  if (!Number.isInteger(value)) throw outOfRange("value", "an integer", value);
  if (value < 0 || value > 4294967295) throw outOfRange("value", ">= 0 && <= 4294967295", value);
  return host.crc32(typeof data === "string" ? Buffer.from(data) : bytes(data), value);
}

const KINDS = [
  ["deflate", "Deflate", constants.DEFLATE], ["inflate", "Inflate", constants.INFLATE],
  ["gzip", "Gzip", constants.GZIP], ["gunzip", "Gunzip", constants.GUNZIP],
  ["deflateRaw", "DeflateRaw", constants.DEFLATERAW], ["inflateRaw", "InflateRaw", constants.INFLATERAW],
  ["unzip", "Unzip", constants.UNZIP],
  ["brotliCompress", "BrotliCompress", constants.BROTLI_ENCODE],
  ["brotliDecompress", "BrotliDecompress", constants.BROTLI_DECODE],
];

const classes = require("internal/zlib_streams")({ settings, inRange, zlibError, toBuffer, constants });
module.exports = { crc32 };
for (const [fn, cls, mode] of KINDS) {
  module.exports[cls] = classes[cls];
  module.exports[fn] = callbackForm(mode, cls);
  module.exports[`${fn}Sync`] = syncForm(mode, cls);
}
for (const [, cls] of KINDS) {
  module.exports[`create${cls}`] = (opts) => new classes[cls](opts);
}
Object.defineProperty(module.exports, "constants", { value: constants, enumerable: true });
// The zlib constants on the module itself, as Node has kept them for old
// code (`zlib.Z_SYNC_FLUSH`, which node-fetch 2 uses): not enumerable.
for (const key of Object.keys(constants)) {
  if (!key.startsWith("BROTLI")) Object.defineProperty(module.exports, key, { value: constants[key] });
}
Object.defineProperty(module.exports, "codes", { value: codes, enumerable: true });
