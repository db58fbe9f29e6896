// node:crypto: hashes, HMAC, random bytes and UUIDs, timingSafeEqual (the
// worker's Rust crypto, synchronous as Node's are), and `webcrypto` (the
// worker's `crypto` global).
const { Buffer } = require("buffer");

function toBytes(data, encoding) {
  if (typeof data === "string") return Buffer.from(data, encoding || "utf8");
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw new TypeError('The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView');
}

function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

function output(bytes, encoding) {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return encoding === undefined || encoding === "buffer" ? b : b.toString(encoding);
}

class Hash {
  #alg; #chunks = []; #done = false;
  constructor(algorithm) {
    host.digest(algorithm, new Uint8Array(0)); // an unknown algorithm throws here, as in Node
    this.#alg = algorithm;
  }
  update(data, encoding) {
    if (this.#done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
    this.#chunks.push(Uint8Array.from(toBytes(data, encoding)));
    return this;
  }
  digest(encoding) {
    if (this.#done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
    this.#done = true;
    return output(host.digest(this.#alg, concat(this.#chunks)), encoding);
  }
  copy() {
    const h = new Hash(this.#alg);
    for (const c of this.#chunks) h.update(c);
    return h;
  }
}

class Hmac {
  #alg; #key; #chunks = []; #done = false;
  constructor(algorithm, key) {
    this.#key = Uint8Array.from(key && key.type === "secret" && key.export ? key.export() : toBytes(key));
    host.hmac(algorithm, this.#key, new Uint8Array(0));
    this.#alg = algorithm;
  }
  update(data, encoding) {
    this.#chunks.push(Uint8Array.from(toBytes(data, encoding)));
    return this;
  }
  digest(encoding) {
    if (this.#done) throw Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
    this.#done = true;
    return output(host.hmac(this.#alg, this.#key, concat(this.#chunks)), encoding);
  }
}

function randomBytes(size, callback) {
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`The "size" argument must be a non-negative integer. Received ${size}`);
  const out = Buffer.alloc(size);
  for (let at = 0; at < size; at += 65536) {
    crypto.getRandomValues(out.subarray(at, Math.min(size, at + 65536)));
  }
  if (typeof callback === "function") { queueMicrotask(() => callback(null, out)); return undefined; }
  return out;
}

function randomInt(min, max, callback) {
  if (max === undefined || typeof max === "function") { callback = max; max = min; min = 0; }
  const range = max - min;
  if (!(range > 0)) throw new RangeError(`The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`);
  const limit = 2 ** 48 - (2 ** 48 % range);
  let x;
  do { x = randomBytes(6).readUIntBE(0, 6); } while (x >= limit);
  const n = min + (x % range);
  if (typeof callback === "function") { queueMicrotask(() => callback(null, n)); return undefined; }
  return n;
}

function timingSafeEqual(a, b) {
  if (a.byteLength !== b.byteLength) {
    const e = new RangeError("Input buffers must have the same byte length");
    e.code = "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH";
    throw e;
  }
  return host.timingSafeEqual(toBytes(a), toBytes(b));
}

module.exports = {
  createHash: (algorithm) => new Hash(algorithm),
  createHmac: (algorithm, key) => new Hmac(algorithm, key),
  hash: (algorithm, data, encoding = "hex") => new Hash(algorithm).update(data).digest(encoding),
  getHashes: () => ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"],
  randomBytes,
  randomFillSync: (buf, offset = 0, size) => { crypto.getRandomValues(new Uint8Array(buf.buffer || buf, (buf.byteOffset || 0) + offset, size ?? (buf.byteLength - offset))); return buf; },
  randomInt,
  randomUUID: () => crypto.randomUUID(),
  getRandomValues: (ta) => crypto.getRandomValues(ta),
  timingSafeEqual,
  webcrypto: globalThis.crypto,
  subtle: globalThis.crypto.subtle,
  Hash,
  Hmac,
};
