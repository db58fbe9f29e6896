// node:crypto's key generation (internal/crypto/keygen in Node):
// generateKeyPairSync and generateKeyPair for rsa, ec, ed25519 and x25519,
// with publicKeyEncoding/privateKeyEncoding. The Sync form generates in
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
  if (type === "ed25519" || type === "x25519") return { kind: type };
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

module.exports = { generateKeyPair, generateKeyPairSync };
