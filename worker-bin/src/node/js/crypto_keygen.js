// node:crypto's key generation (internal/crypto/keygen in Node) and
// diffieHellman:
// generateKeyPairSync and generateKeyPair for rsa, ec, ed25519, x25519,
// ed448 and x448, with publicKeyEncoding/privateKeyEncoding. The Sync form generates in
// Rust now (host.keyGenerate); the callback form of an RSA key, which takes
// 50 ms to seconds, goes through crypto.subtle's generateKey, which runs
// off the JS thread.
const { Buffer } = require("buffer");
const keys = require("internal/crypto_keys");

const NAMED_CURVES = {
  "P-256": "P-256", "P-384": "P-384", "P-521": "P-521",
  prime256v1: "P-256", secp256r1: "P-256", secp384r1: "P-384", secp521r1: "P-521",
};

// The checked arguments: what to generate.
function spec(type, options) {
  if (typeof type !== "string") throw keys.argType("type", "of type string", type);
  if (options === null || typeof options !== "object") throw keys.argType("options", "of type object", options);
  if (type === "rsa") {
    const { modulusLength, publicExponent = 0x10001 } = options;
    if (typeof modulusLength !== "number") throw keys.argType("options.modulusLength", "of type number", modulusLength);
    if (typeof publicExponent !== "number") throw keys.argType("options.publicExponent", "of type number", publicExponent);
    return { kind: "rsa", size: modulusLength, exponent: publicExponent };
  }
  if (type === "ec") {
    if (typeof options.namedCurve !== "string") throw keys.argType("options.namedCurve", "of type string", options.namedCurve);
    const curve = NAMED_CURVES[options.namedCurve];
    if (!curve) throw keys.invalidValue("options.namedCurve", options.namedCurve, "is invalid");
    return { kind: "ec", size: curve };
  }
  if (["ed25519", "x25519", "ed448", "x448"].includes(type)) return { kind: type };
  throw keys.codeError(TypeError, "ERR_INVALID_ARG_VALUE", `The argument 'type' must be a supported key type. Received '${type}'`);
}

// The pair from its PKCS #8 and SPKI, each as a KeyObject or encoded.
function finish(pkcs8, spki, options) {
  const privateKey = keys.createPrivateKey({ key: Buffer.from(pkcs8), format: "der", type: "pkcs8" });
  const publicKey = keys.createPublicKey({ key: Buffer.from(spki), format: "der", type: "spki" });
  const out = (key, encoding) => (encoding === undefined ? key : key.export(encoding));
  return { publicKey: out(publicKey, options.publicKeyEncoding), privateKey: out(privateKey, options.privateKeyEncoding) };
}

function generateKeyPairSync(type, options = {}) {
  const s = spec(type, options);
  const der = host.keyGenerate(s.kind, s.size, s.exponent);
  return finish(der[0], der[1], options);
}

function generateKeyPair(type, options, callback) {
  if (typeof options === "function") { callback = options; options = undefined; }
  if (options === undefined) options = {};
  const s = spec(type, options);
  if (typeof callback !== "function") throw keys.argType("callback", "of type function", callback);
  const done = (err, pair) => setTimeout(() => (err ? callback(err) : callback(null, pair.publicKey, pair.privateKey)), 0);
  if (s.kind !== "rsa") {
    let pair, err = null;
    try { pair = generateKeyPairSync(type, options); } catch (e) { err = e; }
    done(err, pair);
    return;
  }
  const subtle = globalThis.crypto.subtle;
  const exponent = [];
  for (let e = s.exponent; e > 0; e = Math.floor(e / 256)) exponent.unshift(e % 256);
  subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: s.size, publicExponent: new Uint8Array(exponent), hash: "SHA-256" }, true, ["sign", "verify"])
    .then(async (k) => [await subtle.exportKey("pkcs8", k.privateKey), await subtle.exportKey("spki", k.publicKey)])
    .then(([pkcs8, spki]) => finish(new Uint8Array(pkcs8), new Uint8Array(spki), options))
    .then((pair) => done(null, pair), (e) => done(e));
}

// diffieHellman({ privateKey, publicKey }): the shared secret of two
// KeyObjects of one type (ec on one curve, x25519, x448), as Node's
// (internal/crypto/diffiehellman) with its errors.
function diffieHellman(options) {
  if (options === null || typeof options !== "object") throw keys.argType("options", "of type object", options);
  const { privateKey, publicKey } = options;
  if (!(privateKey instanceof keys.KeyObject)) throw keys.invalidValue("options.privateKey", privateKey);
  if (!(publicKey instanceof keys.KeyObject)) throw keys.invalidValue("options.publicKey", publicKey);
  if (privateKey.type !== "private") {
    throw keys.codeError(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${privateKey.type}, expected private.`);
  }
  if (publicKey.type !== "public" && publicKey.type !== "private") {
    throw keys.codeError(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${publicKey.type}, expected public.`);
  }
  const a = privateKey.asymmetricKeyType, b = publicKey.asymmetricKeyType;
  const curve = (k) => keys.slot(k).curve;
  if (a !== b || !["ec", "x25519", "x448"].includes(a) || curve(privateKey) !== curve(publicKey)) {
    throw keys.codeError(Error, "ERR_CRYPTO_INCOMPATIBLE_KEY", `Incompatible key types for Diffie-Hellman: ${a} and ${b}`);
  }
  const pub = publicKey.type === "public" ? publicKey : keys.createPublicKey(publicKey);
  try {
    return Buffer.from(host.keyAgree(keys.slot(privateKey).der, keys.slot(pub).der));
  } catch {
    throw keys.ossl("ERR_OSSL_FAILED_DURING_DERIVATION", "error:1C8000A4:Provider routines::failed during derivation",
      "Provider routines", "failed during derivation");
  }
}

module.exports = { generateKeyPair, generateKeyPairSync, diffieHellman };
