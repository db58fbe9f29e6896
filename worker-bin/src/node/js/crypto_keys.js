// node:crypto's KeyObject (internal/crypto/keys in Node): createSecretKey,
// createPrivateKey, createPublicKey, KeyObject.from, and export() in PEM,
// DER (pkcs1, pkcs8, spki, sec1) and JWK. A key keeps its material as
// canonical DER (PKCS #8 private, SPKI public, raw secret); the formats and
// the details come from Rust (host.keyParse and siblings, node/crypto.rs).
const { Buffer } = require("buffer");

function codeError(Kind, code, message) {
  const e = new Kind(message);
  e.code = code;
  return e;
}
function describe(v) {
  if (v == null) return ` Received ${v}`;
  if (typeof v === "function") return ` Received function ${v.name}`;
  if (typeof v === "object") return v.constructor && v.constructor.name ? ` Received an instance of ${v.constructor.name}` : " Received [object]";
  let shown = typeof v === "string" ? `'${v.length > 25 ? v.slice(0, 25) + "..." : v}'` : String(v);
  return ` Received type ${typeof v} (${shown})`;
}
function argType(name, expected, value) {
  const what = name.includes(".") ? "property" : "argument";
  return codeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" ${what} must be ${expected}.${describe(value)}`);
}
function invalidValue(name, value, reason = "is invalid") {
  const shown = typeof value === "string" ? `'${value}'` : require("util").inspect(value);
  return codeError(TypeError, "ERR_INVALID_ARG_VALUE", `The property '${name}' ${reason}. Received ${shown}`);
}
// An OpenSSL error as Node shows it (code ERR_OSSL_*, library, reason).
function ossl(code, message, library, reason) {
  const e = codeError(Error, code, message);
  e.library = library;
  e.reason = reason;
  return e;
}
const decoderError = () => ossl("ERR_OSSL_UNSUPPORTED", "error:1E08010C:DECODER routines::unsupported", "DECODER routines", "unsupported");
const asn1Error = () => ossl("ERR_OSSL_ASN1_WRONG_TAG", "error:068000A8:asn1 encoding routines::wrong tag", "asn1 encoding routines", "wrong tag");

function isBytes(v) { return ArrayBuffer.isView(v) || v instanceof ArrayBuffer; }
function bytesOf(v) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

const NODE_CURVE = { "P-256": "prime256v1", "P-384": "secp384r1", "P-521": "secp521r1" };
const JWK_CURVE = {
  "P-256": "P-256", "P-384": "P-384", "P-521": "P-521",
  prime256v1: "P-256", secp256r1: "P-256", secp384r1: "P-384", secp521r1: "P-521",
};

const INTERNAL = Symbol("KeyObject");
const kData = new WeakMap();
// The base class is crypto.js's (importing it loads nothing); these are
// what its members do.
const { KeyObject } = require("crypto");

function checkNew(type, handle) {
  if (type !== "secret" && type !== "public" && type !== "private")
    throw codeError(TypeError, "ERR_INVALID_ARG_VALUE", `The argument 'type' is invalid. Received '${type}'`);
  if (handle !== INTERNAL) throw argType("handle", "of type object", handle);
}
function fromCryptoKey(key) {
  const get = globalThis.CryptoKey && globalThis.CryptoKey[Symbol.for("bext.cryptoKeyMaterial")];
  if (!(globalThis.CryptoKey && key instanceof globalThis.CryptoKey) || !get) throw argType("key", "an instance of CryptoKey", key);
  const m = get(key);
  if (m.type === "secret") return make("secret", { der: new Uint8Array(m.data) });
  return make(m.type, host.keyParse(new Uint8Array(m.data), m.type === "private" ? "pkcs8" : "spki", m.type, false));
}
function equals(a, b) {
  if (!(b instanceof KeyObject)) throw argType("otherKeyObject", "an instance of KeyObject", b);
  const x = slot(a), y = slot(b);
  if (x.type !== y.type || x.der.length !== y.der.length) return false;
  return host.timingSafeEqual(x.der, y.der);
}

function slot(key) {
  const s = kData.get(key);
  if (!s) throw codeError(TypeError, "ERR_INVALID_THIS", "Value of \"this\" must be of type KeyObject");
  return s;
}

class SecretKeyObject extends KeyObject {
  constructor(token) { super("secret", token); }
  get symmetricKeySize() { return slot(this).der.length; }
  get asymmetricKeyType() { return undefined; }
  export(options) {
    if (options !== undefined && (options === null || typeof options !== "object")) throw argType("options", "of type object", options);
    const der = slot(this).der;
    if (options && options.format === "jwk") return { kty: "oct", k: Buffer.from(der).toString("base64url") };
    if (options && options.format !== undefined && options.format !== "buffer") throw invalidValue("options.format", options.format, "must be one of: 'buffer', 'jwk'");
    return Buffer.from(der);
  }
}

class AsymmetricKeyObject extends KeyObject {
  get asymmetricKeyType() { return slot(this).asym; }
  get asymmetricKeyDetails() {
    const s = slot(this);
    if (s.asym === "rsa") {
      let e = 0n;
      for (const b of s.exponent) e = (e << 8n) | BigInt(b);
      return { modulusLength: s.bits, publicExponent: e };
    }
    if (s.asym === "ec") return { namedCurve: NODE_CURVE[s.curve] };
    return {};
  }
  get symmetricKeySize() { return undefined; }
  export(options) {
    if (options === undefined || options === null || typeof options !== "object") throw argType("options", "of type object", options);
    const s = slot(this);
    const { format, type } = options;
    if (format === "jwk") return jwkOf(s);
    if (format !== "pem" && format !== "der") throw invalidValue("options.format", format, "must be one of: 'pem', 'der', 'jwk'");
    if (options.cipher !== undefined || options.passphrase !== undefined)
      throw codeError(Error, "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "bext does not encrypt exported private keys (cipher, passphrase)");
    const allowed = s.type === "private" ? ["pkcs1", "pkcs8", "sec1"] : ["pkcs1", "spki"];
    if (!allowed.includes(type)) throw invalidValue("options.type", type, `must be one of: ${allowed.map((t) => `'${t}'`).join(", ")}`.replace(/, ('[^']+')$/, ", $1"));
    if (type === "pkcs1" && s.asym !== "rsa") throw codeError(Error, "ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS", `The selected key encoding pkcs1 can only be used for RSA keys.`);
    if (type === "sec1" && s.asym !== "ec") throw codeError(Error, "ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS", `The selected key encoding sec1 can only be used for EC keys.`);
    const der = type === "pkcs8" || type === "spki" ? s.der : host.keyExport(s.der, s.type === "private", type);
    if (format === "der") return Buffer.from(der);
    const label = { pkcs8: "PRIVATE KEY", spki: "PUBLIC KEY", sec1: "EC PRIVATE KEY" }[type]
      || (s.type === "private" ? "RSA PRIVATE KEY" : "RSA PUBLIC KEY");
    const b64 = Buffer.from(der).toString("base64").replace(/.{64}/g, "$&\n").replace(/\n$/, "");
    return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
  }
}
class PublicKeyObject extends AsymmetricKeyObject { constructor(token) { super("public", token); } }
class PrivateKeyObject extends AsymmetricKeyObject { constructor(token) { super("private", token); } }

const OKP_CRV = { ed25519: "Ed25519", x25519: "X25519", ed448: "Ed448", x448: "X448" };
function jwkOf(s) {
  const m = host.keyJwk(s.der, s.type === "private");
  if (s.asym === "rsa") {
    const out = { kty: "RSA", n: m.n, e: m.e };
    if (s.type === "private") Object.assign(out, { d: m.d, p: m.p, q: m.q, dp: m.dp, dq: m.dq, qi: m.qi });
    return out;
  }
  if (s.asym === "ec") {
    const out = { kty: "EC", x: m.x, y: m.y, crv: s.curve };
    if (s.type === "private") out.d = m.d;
    return out;
  }
  const crv = OKP_CRV[s.asym];
  if (crv) {
    return s.type === "private" ? { crv, d: m.d, x: m.x, kty: "OKP" } : { crv, x: m.x, kty: "OKP" };
  }
  throw codeError(Error, "ERR_CRYPTO_JWK_UNSUPPORTED_KEY_TYPE", "Unsupported JWK Key Type.");
}

function make(type, info) {
  const key = type === "secret" ? new SecretKeyObject(INTERNAL)
    : type === "public" ? new PublicKeyObject(INTERNAL) : new PrivateKeyObject(INTERNAL);
  kData.set(key, { type, der: info.der, asym: info.asym, bits: info.bits, exponent: info.exponent, curve: info.curve });
  return key;
}

function createSecretKey(key, encoding) {
  if (typeof key === "string") key = Buffer.from(key, encoding);
  else if (!isBytes(key)) throw argType("key", "an instance of ArrayBuffer, Buffer, TypedArray, or DataView", key);
  return make("secret", { der: Uint8Array.from(bytesOf(key)) });
}

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/;
const PEM_FORMATS = {
  "PRIVATE KEY": ["pkcs8", "private"], "RSA PRIVATE KEY": ["pkcs1", "private"], "EC PRIVATE KEY": ["sec1", "private"],
  "PUBLIC KEY": ["spki", "public"], "RSA PUBLIC KEY": ["pkcs1", "public"],
};

// The key a createPrivateKey/createPublicKey argument describes, as
// `want` ("private" or "public"): a public key may come from a private one.
function parseKey(input, want) {
  if (input instanceof KeyObject) {
    const s = slot(input);
    if (s.type === "secret" || (want === "private" && s.type !== "private")) {
      throw codeError(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${s.type}, expected ${want}.`);
    }
    if (s.type === want) return input;
    return make("public", host.keyParse(s.der, "pkcs8", "private", true));
  }
  let opts = {};
  let data = input;
  if (input !== null && typeof input === "object" && !isBytes(input)) {
    opts = input;
    data = input.key;
    if (data instanceof KeyObject) return parseKey(data, want);
  }
  const format = opts.format === undefined ? "pem" : opts.format;
  if (format === "jwk") {
    if (data === null || typeof data !== "object") throw argType("key.key", "of type object", data);
    return fromJwk(data, want);
  }
  if (typeof data === "string") data = Buffer.from(data, opts.encoding || "utf8");
  else if (!isBytes(data)) {
    throw argType("key", "of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, or KeyObject", data);
  }
  const bytes = bytesOf(data);
  if (opts.passphrase !== undefined) {
    throw codeError(Error, "ERR_FEATURE_UNAVAILABLE_ON_PLATFORM", "bext does not read encrypted private keys (passphrase)");
  }
  let der, type, kind;
  if (format === "pem") {
    const m = PEM.exec(Buffer.from(bytes).toString("latin1"));
    const pem = m && PEM_FORMATS[m[1]];
    if (!pem) throw decoderError();
    [type, kind] = pem;
    der = Buffer.from(m[2].replace(/\s+/g, ""), "base64");
    if (want === "private" && kind === "public") throw decoderError();
  } else if (format === "der") {
    type = opts.type;
    const types = want === "private" ? ["pkcs1", "pkcs8", "sec1"] : ["pkcs1", "spki", "pkcs8", "sec1"];
    if (!types.includes(type)) throw invalidValue("key.type", type);
    kind = type === "spki" || (want === "public" && type === "pkcs1") ? "public" : "private";
    der = bytes;
  } else {
    throw invalidValue("key.format", format);
  }
  try {
    return make(want, host.keyParse(der, type, kind, want === "public" && kind === "private"));
  } catch {
    throw format === "der" ? asn1Error() : decoderError();
  }
}

function fromJwk(jwk, want) {
  const kty = jwk.kty;
  let kind, name = "";
  if (kty === "RSA") kind = "rsa";
  else if (kty === "EC") {
    kind = "ec";
    name = JWK_CURVE[jwk.crv];
    if (!name) throw invalidValue("key.crv", jwk.crv, "must be one of: 'P-256', 'secp256k1', 'P-384', 'P-521'");
  } else if (kty === "OKP") {
    kind = "okp";
    name = jwk.crv;
    if (!Object.values(OKP_CRV).includes(name)) throw invalidValue("key.crv", jwk.crv, "must be one of: 'Ed25519', 'Ed448', 'X25519', 'X448'");
  } else {
    throw invalidValue("key.kty", kty, "must be one of: 'RSA', 'EC', 'OKP'");
  }
  const isPrivate = jwk.d !== undefined;
  if (want === "private" && !isPrivate) throw codeError(TypeError, "ERR_CRYPTO_INVALID_JWK", "Invalid JWK EC key");
  try {
    return make(want, host.keyFromJwk(jwk, kind, name, want === "public" && isPrivate));
  } catch {
    throw codeError(TypeError, "ERR_CRYPTO_INVALID_JWK", kty === "OKP" ? "Invalid JWK data" : `Invalid JWK ${kty} key`);
  }
}

function createPrivateKey(key) { return parseKey(key, "private"); }
function createPublicKey(key) { return parseKey(key, "public"); }

// A key argument of sign/verify/… as a KeyObject: a KeyObject, a PEM or
// DER key, or a { key, … } object (its other members are the caller's).
function keyArg(input, want) {
  if (input instanceof KeyObject) return input;
  if (want === "private") return createPrivateKey(input);
  // A verifier takes private keys too.
  try {
    return createPublicKey(input);
  } catch (e) {
    const data = input !== null && typeof input === "object" && !isBytes(input) ? input.key : input;
    if (data instanceof KeyObject) return data;
    throw e;
  }
}

module.exports = {
  KeyObject, checkNew, fromCryptoKey, equals, SecretKeyObject, PublicKeyObject, PrivateKeyObject,
  createSecretKey, createPrivateKey, createPublicKey,
  keyArg, make, slot, codeError, argType, invalidValue, ossl, bytesOf, isBytes,
};
