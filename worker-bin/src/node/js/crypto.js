// node:crypto: hashes, HMAC, random bytes and UUIDs, timingSafeEqual (the
// worker's Rust crypto, synchronous as Node's are), and `webcrypto` (the
// worker's `crypto` global). The rest is in parts loaded on first use:
// KeyObject and its constructors (crypto_keys.js), signatures
// (crypto_sign.js), pbkdf2/scrypt/hkdf (crypto_kdf.js), ciphers
// (crypto_cipher.js, which loads node:stream) and key generation
// (crypto_keygen.js).
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
    if (key instanceof KeyObject && key.type !== "secret") {
      throw Object.assign(new TypeError(`Invalid key object type ${key.type}, expected secret.`), { code: "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE" });
    }
    this.#key = Uint8Array.from(key instanceof KeyObject ? key.export() : toBytes(key));
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

const constants = Object.freeze({
  RSA_PKCS1_PADDING: 1, RSA_NO_PADDING: 3, RSA_PKCS1_OAEP_PADDING: 4, RSA_X931_PADDING: 5,
  RSA_PKCS1_PSS_PADDING: 6, RSA_PSS_SALTLEN_DIGEST: -1, RSA_PSS_SALTLEN_MAX_SIGN: -2, RSA_PSS_SALTLEN_AUTO: -2,
  POINT_CONVERSION_COMPRESSED: 2, POINT_CONVERSION_UNCOMPRESSED: 4, POINT_CONVERSION_HYBRID: 6,
  TLS1_VERSION: 769, TLS1_1_VERSION: 770, TLS1_2_VERSION: 771, TLS1_3_VERSION: 772,
});

// KeyObject's base class, Sign and Verify are here, so that importing them
// loads nothing more; what they do is in the parts, loaded on first use.
const keysPart = () => require("internal/crypto_keys");
const signPart = () => require("internal/crypto_sign");
class KeyObject {
  constructor(type, handle) { keysPart().checkNew(type, handle); }
  static from(key) { return keysPart().fromCryptoKey(key); }
  get type() { return keysPart().slot(this).type; }
  equals(other) { return keysPart().equals(this, other); }
  get [Symbol.toStringTag]() { return "KeyObject"; }
}

class Sign {
  #hash; #chunks = [];
  constructor(algorithm) { this.#hash = signPart().digestOf(algorithm); }
  update(data, encoding) { this.#chunks.push(Uint8Array.from(toBytes(data, encoding))); return this; }
  write(data, encoding, cb) { this.update(data, encoding); if (typeof cb === "function") queueMicrotask(cb); return true; }
  end(data, encoding) { if (data !== undefined && typeof data !== "function") this.update(data, encoding); return this; }
  sign(privateKey, encoding) {
    const sig = signPart().doSign(this.#hash, concat(this.#chunks), privateKey);
    return encoding && encoding !== "buffer" ? sig.toString(encoding) : sig;
  }
}

class Verify {
  #hash; #chunks = [];
  constructor(algorithm) { this.#hash = signPart().digestOf(algorithm); }
  update(data, encoding) { this.#chunks.push(Uint8Array.from(toBytes(data, encoding))); return this; }
  write(data, encoding, cb) { this.update(data, encoding); if (typeof cb === "function") queueMicrotask(cb); return true; }
  end(data, encoding) { if (data !== undefined && typeof data !== "function") this.update(data, encoding); return this; }
  verify(object, signature, encoding) {
    return signPart().doVerify(this.#hash, concat(this.#chunks), object, signPart().toBytes(signature, encoding, "signature"));
  }
}

// A function of a part, loaded when first called.
const part = (name, fn) => function (...args) { return require(name)[fn].apply(this, args); };

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
  KeyObject,
  Sign,
  Verify,
  createSign: (algorithm, options) => new Sign(algorithm, options),
  createVerify: (algorithm, options) => new Verify(algorithm, options),
  sign: part("internal/crypto_sign", "sign"),
  verify: part("internal/crypto_sign", "verify"),
  createSecretKey: part("internal/crypto_keys", "createSecretKey"),
  createPrivateKey: part("internal/crypto_keys", "createPrivateKey"),
  createPublicKey: part("internal/crypto_keys", "createPublicKey"),
  pbkdf2: part("internal/crypto_kdf", "pbkdf2"),
  pbkdf2Sync: part("internal/crypto_kdf", "pbkdf2Sync"),
  scrypt: part("internal/crypto_kdf", "scrypt"),
  scryptSync: part("internal/crypto_kdf", "scryptSync"),
  hkdf: part("internal/crypto_kdf", "hkdf"),
  hkdfSync: part("internal/crypto_kdf", "hkdfSync"),
  createCipheriv: part("internal/crypto_cipher", "createCipheriv"),
  createDecipheriv: part("internal/crypto_cipher", "createDecipheriv"),
  getCiphers: part("internal/crypto_cipher", "getCiphers"),
  getCurves: () => ["prime256v1", "secp384r1", "secp521r1"],
  generateKeyPair: part("internal/crypto_keygen", "generateKeyPair"),
  generateKeyPairSync: part("internal/crypto_keygen", "generateKeyPairSync"),
  diffieHellman: part("internal/crypto_keygen", "diffieHellman"),
  constants,
};
// Not named exports of the ES module (reading them loads node:stream).
for (const name of ["Cipheriv", "Decipheriv"]) {
  Object.defineProperty(module.exports, name, { get: () => require("internal/crypto_cipher")[name], enumerable: false, configurable: true });
}
