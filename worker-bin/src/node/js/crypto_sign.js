// node:crypto's signatures (internal/crypto/sig in Node): what Sign and
// Verify (crypto.js) do, and the one-shot sign and verify, over KeyObject (crypto_keys.js) and Rust
// (host.keySign, host.keyVerify): RSA PKCS#1 v1.5 and PSS, ECDSA (DER or
// ieee-p1363), Ed25519 and Ed448.
const { Buffer } = require("buffer");
const keys = require("internal/crypto_keys");
const { codeError, argType, slot, keyArg } = keys;

const RSA_PKCS1_PADDING = 1;
const RSA_PKCS1_PSS_PADDING = 6;

// A digest name as Node takes it ("sha256", "RSA-SHA256", "SHA-256",
// "sha256WithRSAEncryption") as the Rust side names it.
function digestName(name) {
  if (typeof name !== "string") return undefined;
  const n = name.toLowerCase().replace(/^(rsa-|ecdsa-with-)/, "").replace(/withrsaencryption$/, "").replace("-", "");
  return { sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" }[n];
}

function toBytes(data, encoding, name = "data") {
  if (typeof data === "string") return Buffer.from(data, encoding || "utf8");
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw argType(name, "of type string or an instance of Buffer, TypedArray, or DataView", data);
}

// The options a key argument carries besides the key.
function options(input, key, hash) {
  const o = input !== null && typeof input === "object" && !(input instanceof keys.KeyObject) && !ArrayBuffer.isView(input) ? input : {};
  const s = slot(key);
  const out = { hash, pss: null, p1363: o.dsaEncoding === "ieee-p1363" };
  if (o.dsaEncoding !== undefined && o.dsaEncoding !== "der" && o.dsaEncoding !== "ieee-p1363") {
    throw codeError(TypeError, "ERR_INVALID_ARG_VALUE", `The property 'options.dsaEncoding' is invalid. Received '${o.dsaEncoding}'`);
  }
  if (o.padding === RSA_PKCS1_PSS_PADDING) out.pss = o.saltLength === undefined ? -2 : o.saltLength;
  else if (o.padding !== undefined && o.padding !== RSA_PKCS1_PADDING) {
    throw Object.assign(new Error("error:1C8000A5:Provider routines::illegal or unsupported padding mode"), { code: "ERR_OSSL_ILLEGAL_OR_UNSUPPORTED_PADDING_MODE" });
  }
  if (s.asym === "ed25519" || s.asym === "ed448") { out.hash = null; out.pss = null; }
  else if (!out.hash) out.hash = "SHA-256";
  return out;
}

function privateKeyOf(input) {
  const key = keyArg(input, "private");
  if (key.type !== "private") {
    throw codeError(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${key.type}, expected private.`);
  }
  return key;
}
function verifyKeyOf(input) {
  const key = keyArg(input, "public");
  if (key.type === "secret") {
    throw codeError(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${key.type}, expected public.`);
  }
  return key;
}

function doSign(hash, data, input) {
  const key = privateKeyOf(input);
  if (slot(key).asym === "x25519" || slot(key).asym === "x448") {
    throw keys.ossl("ERR_OSSL_EVP_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE", "error:03000096:digital envelope routines::operation not supported for this keytype",
      "digital envelope routines", "operation not supported for this keytype");
  }
  return Buffer.from(host.keySign(slot(key).der, options(input, key, hash), data));
}
function doVerify(hash, data, input, sig) {
  const key = verifyKeyOf(input);
  const s = slot(key);
  return host.keyVerify(s.der, s.type === "private", options(input, key, hash), data, sig);
}

// A createSign/createVerify algorithm's digest, or Node's error.
function digestOf(algorithm) {
  if (typeof algorithm !== "string") throw argType("algorithm", "of type string", algorithm);
  const hash = digestName(algorithm);
  if (!hash) throw codeError(TypeError, "ERR_CRYPTO_INVALID_DIGEST", "Invalid digest");
  return hash;
}

function algorithmOf(algorithm) {
  if (algorithm === null || algorithm === undefined) return null;
  if (typeof algorithm !== "string") throw argType("algorithm", "of type string", algorithm);
  const hash = digestName(algorithm);
  if (!hash) throw codeError(TypeError, "ERR_CRYPTO_INVALID_DIGEST", `Invalid digest: ${algorithm}`);
  return hash;
}

function sign(algorithm, data, key, callback) {
  const hash = algorithmOf(algorithm);
  const bytes = toBytes(data, undefined, "data");
  if (typeof callback === "function") {
    let out, err = null;
    try { out = doSign(hash, bytes, key); } catch (e) { err = e; }
    setTimeout(() => callback(err, out), 0);
    return undefined;
  }
  return doSign(hash, bytes, key);
}

function verify(algorithm, data, key, signature, callback) {
  const hash = algorithmOf(algorithm);
  const bytes = toBytes(data, undefined, "data");
  const sig = toBytes(signature, undefined, "signature");
  if (typeof callback === "function") {
    let out, err = null;
    try { out = doVerify(hash, bytes, key, sig); } catch (e) { err = e; }
    setTimeout(() => callback(err, out), 0);
    return undefined;
  }
  return doVerify(hash, bytes, key, sig);
}

module.exports = { sign, verify, digestOf, doSign, doVerify, toBytes };
