// node:crypto's key derivation (internal/crypto/pbkdf2, scrypt, hkdf in
// Node): pbkdf2, scrypt and hkdf with their Sync forms, in Rust
// (host.pbkdf2, host.scrypt, host.hkdf). pbkdf2's callback form goes
// through crypto.subtle (off the JS thread from 2,000 iterations); scrypt's
// and hkdf's compute on the JS thread and call back on a later turn.
const { Buffer } = require("buffer");
const { codeError, argType, slot, KeyObject } = require("internal/crypto_keys");

const DIGESTS = { sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };

function bytes(v, name) {
  if (typeof v === "string") return Buffer.from(v, "utf8");
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (name === "ikm" && v instanceof KeyObject && v.type === "secret") return slot(v).der;
  throw argType(name, "of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView", v);
}
function integer(v, name, min, max) {
  if (typeof v !== "number") throw argType(name, "of type number", v);
  if (!Number.isInteger(v) || v < min || v > max) {
    throw codeError(RangeError, "ERR_OUT_OF_RANGE", `The value of "${name}" is out of range. It must be >= ${min} && <= ${max}. Received ${v}`);
  }
  return v;
}
function digestOf(digest, prefix) {
  if (typeof digest !== "string") throw argType("digest", "of type string", digest);
  const d = DIGESTS[digest.toLowerCase().replace("-", "")];
  if (!d) throw codeError(TypeError, "ERR_CRYPTO_INVALID_DIGEST", `Invalid digest: ${digest}`);
  return d;
}
function later(callback, f) {
  if (typeof callback !== "function") throw argType("callback", "of type function", callback);
  let out, err = null;
  try { out = f(); } catch (e) { err = e; }
  setTimeout(() => (err ? callback(err) : callback(null, out)), 0);
}

function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  const pw = bytes(password, "password"), s = bytes(salt, "salt");
  integer(iterations, "iterations", 1, 2147483647);
  integer(keylen, "keylen", 0, 2147483647);
  const d = digestOf(digest);
  return Buffer.from(keylen === 0 ? new Uint8Array(0) : host.pbkdf2(pw, s, iterations, keylen, d));
}
function pbkdf2(password, salt, iterations, keylen, digest, callback) {
  if (typeof digest === "function") { callback = digest; digest = undefined; }
  const pw = bytes(password, "password"), s = bytes(salt, "salt");
  integer(iterations, "iterations", 1, 2147483647);
  integer(keylen, "keylen", 0, 2147483647);
  const d = digestOf(digest);
  if (typeof callback !== "function") throw argType("callback", "of type function", callback);
  if (keylen === 0) {
    later(callback, () => Buffer.alloc(0));
    return;
  }
  // Through crypto.subtle, whose PBKDF2 of many iterations runs off the JS
  // thread, as Node's runs on its thread pool.
  const subtle = globalThis.crypto.subtle;
  const done = (err, out) => setTimeout(() => (err ? callback(err) : callback(null, out)), 0);
  subtle.importKey("raw", pw, "PBKDF2", false, ["deriveBits"])
    .then((key) => subtle.deriveBits({ name: "PBKDF2", hash: d, salt: s, iterations }, key, keylen * 8))
    .then((bits) => done(null, Buffer.from(bits)), (e) => done(e));
}

function scryptParams(options = {}) {
  if (options === null || typeof options !== "object") throw argType("options", "of type object", options);
  const pick = (a, b, dflt) => {
    if (options[a] !== undefined && options[b] !== undefined) {
      throw codeError(TypeError, "ERR_INCOMPATIBLE_OPTION_PAIR", `Option "${a}" cannot be used in combination with option "${b}"`);
    }
    return options[a] !== undefined ? options[a] : options[b] !== undefined ? options[b] : dflt;
  };
  return {
    N: pick("N", "cost", 16384), r: pick("r", "blockSize", 8), p: pick("p", "parallelization", 1),
    maxmem: options.maxmem === undefined ? 32 << 20 : options.maxmem,
  };
}
function runScrypt(pw, s, keylen, params) {
  try {
    return Buffer.from(host.scrypt(pw, s, params, keylen));
  } catch (e) {
    const memory = /memory limit/.test(e.message) ? ": error:030000AC:digital envelope routines::memory limit exceeded" : "";
    throw codeError(RangeError, "ERR_CRYPTO_INVALID_SCRYPT_PARAMS", `Invalid scrypt params${memory}`);
  }
}
function scryptSync(password, salt, keylen, options) {
  const pw = bytes(password, "password"), s = bytes(salt, "salt");
  integer(keylen, "keylen", 0, 2147483647);
  return runScrypt(pw, s, keylen, scryptParams(options));
}
function scrypt(password, salt, keylen, options, callback) {
  if (typeof options === "function") { callback = options; options = undefined; }
  const pw = bytes(password, "password"), s = bytes(salt, "salt");
  integer(keylen, "keylen", 0, 2147483647);
  const params = scryptParams(options);
  if (typeof callback !== "function") throw argType("callback", "of type function", callback);
  later(callback, () => runScrypt(pw, s, keylen, params));
}

function hkdfArgs(digest, ikm, salt, info, keylen) {
  const d = digestOf(digest);
  const k = bytes(ikm, "ikm"), s = bytes(salt, "salt"), i = bytes(info, "info");
  integer(keylen, "length", 0, 2147483647);
  if (i.length > 1024) {
    throw codeError(RangeError, "ERR_OUT_OF_RANGE", `The value of "info" is out of range. It must be <= 1024. Received ${i.length}`);
  }
  const size = { "SHA-1": 20, "SHA-256": 32, "SHA-384": 48, "SHA-512": 64 }[d];
  if (keylen > 255 * size) throw codeError(RangeError, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
  return [d, k, s, i, keylen];
}
function runHkdf([d, k, s, i, keylen]) {
  const out = keylen === 0 ? new Uint8Array(0) : host.hkdf(d, k, s, i, keylen);
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
}
function hkdfSync(digest, ikm, salt, info, keylen) {
  return runHkdf(hkdfArgs(digest, ikm, salt, info, keylen));
}
function hkdf(digest, ikm, salt, info, keylen, callback) {
  const args = hkdfArgs(digest, ikm, salt, info, keylen);
  if (typeof callback !== "function") throw argType("callback", "of type function", callback);
  later(callback, () => runHkdf(args));
}

module.exports = { pbkdf2, pbkdf2Sync, scrypt, scryptSync, hkdf, hkdfSync };
