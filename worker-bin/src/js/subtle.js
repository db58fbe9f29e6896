// crypto.subtle and CryptoKey (the Web Cryptography API). This side does
// what the spec does with JS values: it normalizes each algorithm, checks
// usages, key types and parameters, and throws the spec's DOMException
// names; the operations run in Rust (host.subtle, crypto/ in the worker),
// which holds every key's material. A CryptoKey carries a handle into that
// table and never the bytes. Long operations come back later through
// `done` (the serve loop runs them off the JS thread).
(function (host) {
  "use strict";
  const fail = (name, msg) => new DOMException(msg, name);
  const INTERNAL = Symbol("CryptoKey");
  const slots = new WeakMap();
  const dropKey = typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry((h) => host.keyDrop(h)) : null;

  class CryptoKey {
    constructor(token) { if (token !== INTERNAL) throw new TypeError("Illegal constructor"); }
    get type() { return slot(this).type; }
    get extractable() { return slot(this).extractable; }
    get algorithm() { return slot(this).algorithm; }
    get usages() { return slot(this).usages; }
    get [Symbol.toStringTag]() { return "CryptoKey"; }
  }
  function slot(key) {
    const s = slots.get(key);
    if (!s) throw new TypeError("not a CryptoKey");
    return s;
  }
  function makeKey(handle, type, extractable, algorithm, usages) {
    const key = new CryptoKey(INTERNAL);
    slots.set(key, { handle, type, extractable, algorithm: Object.freeze(algorithm), usages: Object.freeze(usages) });
    if (dropKey) dropKey.register(key, handle);
    return key;
  }
  // node:crypto's KeyObject.from: a key's type and material (PKCS #8,
  // SPKI or raw), extractable or not, as Node's KeyObject.from gives them.
  Object.defineProperty(CryptoKey, Symbol.for("bext.cryptoKeyMaterial"), {
    value(key) {
      const s = keyArg(key, "key");
      const format = s.type === "secret" ? "raw" : s.type === "private" ? "pkcs8" : "spki";
      return { type: s.type, data: host.subtle("export", { key: s.handle, format }, 0) };
    },
  });
  function keyArg(key, what) {
    if (!(key instanceof CryptoKey) || !slots.has(key)) throw new TypeError(`${what} is not a CryptoKey`);
    return slots.get(key);
  }

  // --------------------------------------------------------- algorithms
  const HASHES = ["SHA-1", "SHA-256", "SHA-384", "SHA-512"];
  const AES = ["AES-GCM", "AES-CBC", "AES-CTR", "AES-KW"];
  const CURVES = ["P-256", "P-384", "P-521"];
  const RSA = ["RSASSA-PKCS1-v1_5", "RSA-PSS", "RSA-OAEP"];
  // The secure curves: keys of one curve each, in OKP JWKs.
  const OKP = ["Ed25519", "X25519", "Ed448", "X448"];
  // op -> the algorithms that do it.
  const OPS = {
    digest: HASHES,
    sign: ["HMAC", "ECDSA", "Ed25519", "Ed448", "RSASSA-PKCS1-v1_5", "RSA-PSS"],
    verify: ["HMAC", "ECDSA", "Ed25519", "Ed448", "RSASSA-PKCS1-v1_5", "RSA-PSS"],
    encrypt: ["AES-GCM", "AES-CBC", "AES-CTR", "RSA-OAEP"],
    decrypt: ["AES-GCM", "AES-CBC", "AES-CTR", "RSA-OAEP"],
    wrapKey: ["AES-KW"],
    unwrapKey: ["AES-KW"],
    deriveBits: ["ECDH", "X25519", "X448", "HKDF", "PBKDF2"],
    generateKey: ["HMAC", ...AES, "ECDSA", "ECDH", ...OKP, ...RSA],
    importKey: ["HMAC", ...AES, "ECDSA", "ECDH", ...OKP, "HKDF", "PBKDF2", ...RSA],
    getKeyLength: ["HMAC", ...AES, "HKDF", "PBKDF2"],
  };
  const ALL = [...new Set(Object.values(OPS).flat())];
  const CANONICAL = new Map(ALL.map((n) => [n.toLowerCase(), n]));
  // What each algorithm's keys may be used for: [secret or private, public].
  const USAGES = {
    HMAC: [["sign", "verify"]],
    "AES-GCM": [["encrypt", "decrypt", "wrapKey", "unwrapKey"]],
    "AES-CBC": [["encrypt", "decrypt", "wrapKey", "unwrapKey"]],
    "AES-CTR": [["encrypt", "decrypt", "wrapKey", "unwrapKey"]],
    "AES-KW": [["wrapKey", "unwrapKey"]],
    HKDF: [["deriveKey", "deriveBits"]],
    PBKDF2: [["deriveKey", "deriveBits"]],
    ECDSA: [["sign"], ["verify"]],
    Ed25519: [["sign"], ["verify"]],
    Ed448: [["sign"], ["verify"]],
    ECDH: [["deriveKey", "deriveBits"], []],
    X25519: [["deriveKey", "deriveBits"], []],
    X448: [["deriveKey", "deriveBits"], []],
    "RSASSA-PKCS1-v1_5": [["sign"], ["verify"]],
    "RSA-PSS": [["sign"], ["verify"]],
    "RSA-OAEP": [["decrypt", "unwrapKey"], ["encrypt", "wrapKey"]],
  };
  const FORMATS = {
    HMAC: ["raw", "jwk"], "AES-GCM": ["raw", "jwk"], "AES-CBC": ["raw", "jwk"], "AES-CTR": ["raw", "jwk"], "AES-KW": ["raw", "jwk"],
    HKDF: ["raw"], PBKDF2: ["raw"],
    ECDSA: ["raw", "spki", "pkcs8", "jwk"], ECDH: ["raw", "spki", "pkcs8", "jwk"],
    Ed25519: ["raw", "spki", "pkcs8", "jwk"], X25519: ["raw", "spki", "pkcs8", "jwk"],
    Ed448: ["raw", "spki", "pkcs8", "jwk"], X448: ["raw", "spki", "pkcs8", "jwk"],
    "RSASSA-PKCS1-v1_5": ["spki", "pkcs8", "jwk"], "RSA-PSS": ["spki", "pkcs8", "jwk"], "RSA-OAEP": ["spki", "pkcs8", "jwk"],
  };

  function bytes(v, what) {
    if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
    if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
    throw new TypeError(`${what} is not a BufferSource`);
  }
  function integer(v, what, bits) {
    const n = Number(v);
    if (!Number.isFinite(n)) throw new TypeError(`${what} is not a number`);
    const t = Math.trunc(n);
    if (t < 0 || t >= 2 ** bits) throw new TypeError(`${what} is out of range`);
    return t;
  }
  function required(alg, member) {
    if (alg[member] === undefined) throw new TypeError(`${alg.name}: ${member} is required`);
    return alg[member];
  }

  // The spec's "normalize an algorithm": the canonical name, its members
  // converted, for one operation.
  function normalize(alg, op) {
    if (typeof alg === "string") alg = { name: alg };
    if (alg === null || typeof alg !== "object") throw new TypeError("the algorithm must be a string or an object");
    if (alg.name === undefined) throw new TypeError("the algorithm has no name");
    const name = CANONICAL.get(String(alg.name).toLowerCase());
    if (!name || !OPS[op].includes(name)) throw fail("NotSupportedError", `${alg.name} does not support ${op}`);
    const out = { name };
    const buffers = ["iv", "additionalData", "counter", "salt", "info", "label", "context"];
    for (const m of buffers) if (alg[m] !== undefined) out[m] = bytes(alg[m], `${name}: ${m}`);
    if (alg.hash !== undefined) out.hash = normalize(alg.hash, "digest");
    if (alg.length !== undefined && alg.length !== null) out.length = integer(alg.length, `${name}: length`, 32);
    if (alg.tagLength !== undefined) out.tagLength = integer(alg.tagLength, `${name}: tagLength`, 8);
    if (alg.iterations !== undefined) out.iterations = integer(alg.iterations, `${name}: iterations`, 32);
    if (alg.namedCurve !== undefined) out.namedCurve = String(alg.namedCurve);
    if (alg.modulusLength !== undefined) out.modulusLength = integer(alg.modulusLength, `${name}: modulusLength`, 32);
    if (alg.saltLength !== undefined) out.saltLength = integer(alg.saltLength, `${name}: saltLength`, 32);
    if (alg.publicExponent !== undefined) {
      if (!(alg.publicExponent instanceof Uint8Array)) throw new TypeError(`${name}: publicExponent must be a Uint8Array`);
      out.publicExponent = new Uint8Array(alg.publicExponent);
    }
    if (alg.public !== undefined) out.public = alg.public;
    return out;
  }
  function needHash(alg) { return required(alg, "hash").name; }

  function checkUsages(usages, allowed) {
    if (!Array.isArray(usages) && (usages === null || typeof usages !== "object" || typeof usages[Symbol.iterator] !== "function"))
      throw new TypeError("keyUsages must be a sequence");
    const list = [...usages].map(String);
    const valid = ["encrypt", "decrypt", "sign", "verify", "deriveKey", "deriveBits", "wrapKey", "unwrapKey"];
    for (const u of list) {
      if (!valid.includes(u)) throw new TypeError(`${u} is not a KeyUsage`);
      if (!allowed.includes(u)) throw fail("SyntaxError", `a usage this key cannot have: ${u}`);
    }
    // The spec's order, without repeats.
    return valid.filter((u) => list.includes(u));
  }
  const kindOf = (name, alg) =>
    name === "ECDSA" || name === "ECDH" ? { kind: "ec", curve: alg.namedCurve }
      : OKP.includes(name) ? { kind: "okp", name }
        : RSA.includes(name) ? { kind: "rsa" } : { kind: "secret" };

  // The bits of a new or imported secret key, and the algorithm it shows.
  function secretShape(alg, op) {
    if (alg.name === "HMAC") {
      const hash = needHash(alg);
      if (alg.length === 0) throw fail(op === "generateKey" ? "OperationError" : "DataError", "HMAC: length must not be 0");
      return { algorithm: { name: "HMAC", hash: { name: hash }, length: alg.length }, hash };
    }
    if (AES.includes(alg.name)) {
      if (op === "generateKey" && ![128, 192, 256].includes(required(alg, "length")))
        throw fail("OperationError", `${alg.name}: length must be 128, 192 or 256`);
      return { algorithm: { name: alg.name, length: alg.length } };
    }
    return { algorithm: { name: alg.name } };
  }
  function checkCurve(alg) {
    const curve = required(alg, "namedCurve");
    if (!CURVES.includes(curve)) throw fail("NotSupportedError", `${alg.name}: unknown curve ${curve}`);
    return curve;
  }
  const curveAlg = (alg) =>
    alg.name === "ECDSA" || alg.name === "ECDH" ? { name: alg.name, namedCurve: alg.namedCurve } : { name: alg.name };
  // An RSA key's algorithm: its size and exponent are the key's own.
  const rsaAlg = (alg, handle) => ({
    name: alg.name, modulusLength: host.keyBits(handle),
    publicExponent: new Uint8Array(host.keyExponent(handle)), hash: { name: needHash(alg) },
  });
  const keyAlg = (alg, handle) => (RSA.includes(alg.name) ? rsaAlg(alg, handle) : curveAlg(alg));

  // Runs an operation in Rust: now, or (a long one) off the JS thread.
  const waiting = new Map();
  let nextJob = 1;
  function run(op, params) {
    const id = nextJob++;
    const now = host.subtle(op, params, id);
    if (now !== undefined) return now;
    return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
  }
  function done(id, ok, value, message) {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    if (ok) w.resolve(value);
    else w.reject(fail(value, message));
  }

  // --------------------------------------------------------- the methods
  async function digest(algorithm, data) {
    const alg = normalize(algorithm, "digest");
    return run("digest", { hash: alg.name, data: bytes(data, "data") });
  }

  function usable(key, alg, usage) {
    const s = keyArg(key, "key");
    if (s.algorithm.name !== alg.name) throw fail("InvalidAccessError", `the key is for ${s.algorithm.name}, not ${alg.name}`);
    if (!s.usages.includes(usage)) throw fail("InvalidAccessError", `the key's usages do not include ${usage}`);
    return s;
  }
  function signParams(alg, s, data) {
    const hash = alg.name === "ECDSA" ? needHash(alg) : s.algorithm.hash ? s.algorithm.hash.name : undefined;
    const p = { alg: alg.name, hash, key: s.handle, data: bytes(data, "data") };
    if (alg.name === "RSA-PSS") p.saltLength = required(alg, "saltLength");
    // Ed448's context (Ed448Params): an empty one is no context; Node 20
    // and this implementation sign with no other.
    if (alg.name === "Ed448" && alg.context && alg.context.length)
      throw fail("NotSupportedError", "Ed448: a non-empty context is not supported");
    return p;
  }
  async function sign(algorithm, key, data) {
    const alg = normalize(algorithm, "sign");
    const s = usable(key, alg, "sign");
    return run("sign", signParams(alg, s, data));
  }
  async function verify(algorithm, key, signature, data) {
    const alg = normalize(algorithm, "verify");
    const s = usable(key, alg, "verify");
    const sig = bytes(signature, "signature");
    return run("verify", { ...signParams(alg, s, data), sig });
  }

  function cipherParams(alg, s, data) {
    const p = { alg: alg.name, key: s.handle, data: bytes(data, "data") };
    if (alg.name === "AES-GCM") {
      p.iv = required(alg, "iv");
      p.additionalData = alg.additionalData || new Uint8Array(0);
      p.tagLength = alg.tagLength === undefined ? 128 : alg.tagLength;
      if (![32, 64, 96, 104, 112, 120, 128].includes(p.tagLength)) throw fail("OperationError", "AES-GCM: bad tagLength");
    } else if (alg.name === "RSA-OAEP") {
      p.hash = s.algorithm.hash.name;
      p.label = alg.label || new Uint8Array(0);
    } else if (alg.name === "AES-CBC") {
      p.iv = required(alg, "iv");
      if (p.iv.length !== 16) throw fail("OperationError", "AES-CBC: the iv must be 16 bytes");
    } else if (alg.name === "AES-CTR") {
      p.counter = required(alg, "counter");
      p.length = required(alg, "length");
      if (p.counter.length !== 16) throw fail("OperationError", "AES-CTR: the counter must be 16 bytes");
      if (p.length === 0 || p.length > 128) throw fail("OperationError", "AES-CTR: length must be between 1 and 128");
    }
    return p;
  }
  async function encrypt(algorithm, key, data) {
    const alg = normalize(algorithm, "encrypt");
    return run("encrypt", cipherParams(alg, usable(key, alg, "encrypt"), data));
  }
  async function decrypt(algorithm, key, data) {
    const alg = normalize(algorithm, "decrypt");
    return run("decrypt", cipherParams(alg, usable(key, alg, "decrypt"), data));
  }

  function deriveParams(alg, s, length) {
    const p = { alg: alg.name, key: s.handle, length: length === undefined ? null : length };
    if (alg.name === "ECDH" || alg.name === "X25519" || alg.name === "X448") {
      const pub = alg.public;
      if (!(pub instanceof CryptoKey)) throw new TypeError(`${alg.name}: public must be a CryptoKey`);
      const ps = slots.get(pub);
      if (ps.type !== "public") throw fail("InvalidAccessError", `${alg.name}: public is not a public key`);
      if (ps.algorithm.name !== alg.name || ps.algorithm.namedCurve !== s.algorithm.namedCurve)
        throw fail("InvalidAccessError", `${alg.name}: the public key is of another algorithm or curve`);
      p.public = ps.handle;
      return p;
    }
    if (p.length === null) throw fail("OperationError", `${alg.name}: length is required`);
    if (p.length % 8 !== 0) throw fail("OperationError", `${alg.name}: length must be a multiple of 8`);
    p.hash = needHash(alg);
    p.salt = required(alg, "salt");
    if (alg.name === "HKDF") p.info = required(alg, "info");
    else {
      p.iterations = required(alg, "iterations");
      if (p.iterations === 0) throw fail("OperationError", "PBKDF2: iterations must not be 0");
    }
    return p;
  }
  async function deriveBits(algorithm, baseKey, length) {
    const alg = normalize(algorithm, "deriveBits");
    if (length !== undefined && length !== null) length = integer(length, "length", 32);
    return run("deriveBits", deriveParams(alg, usable(baseKey, alg, "deriveBits"), length));
  }
  function keyLength(alg) {
    if (AES.includes(alg.name)) {
      if (![128, 192, 256].includes(required(alg, "length"))) throw fail("OperationError", `${alg.name}: length must be 128, 192 or 256`);
      return alg.length;
    }
    if (alg.name === "HMAC") {
      const block = { "SHA-1": 512, "SHA-256": 512, "SHA-384": 1024, "SHA-512": 1024 }[needHash(alg)];
      if (alg.length === 0) throw new TypeError("HMAC: length must not be 0");
      return alg.length === undefined ? block : alg.length;
    }
    return null;
  }
  async function deriveKey(algorithm, baseKey, derivedKeyType, extractable, keyUsages) {
    const alg = normalize(algorithm, "deriveBits");
    const type = normalize(derivedKeyType, "importKey");
    const length = keyLength(normalize(derivedKeyType, "getKeyLength"));
    const s = usable(baseKey, alg, "deriveKey");
    const bits = await run("deriveBits", deriveParams(alg, s, length));
    return k.importKey("raw", bits, type, extractable, keyUsages);
  }

  async function generateKey(algorithm, extractable, keyUsages) {
    const alg = normalize(algorithm, "generateKey");
    const allowed = USAGES[alg.name];
    const usages = checkUsages(keyUsages, allowed.flat());
    extractable = Boolean(extractable);
    if (allowed.length === 1) {
      const shape = secretShape(alg, "generateKey");
      const length = alg.name === "HMAC" ? keyLength(alg) : alg.length;
      if (usages.length === 0) throw fail("SyntaxError", "a secret key needs at least one usage");
      const handle = run("generate", { kind: "secret", bytes: Math.ceil(length / 8) });
      return makeKey(handle, "secret", extractable, { ...shape.algorithm, ...(alg.name === "HMAC" ? { length } : {}) }, usages);
    }
    if (alg.name === "ECDSA" || alg.name === "ECDH") checkCurve(alg);
    const params = kindOf(alg.name, alg);
    if (RSA.includes(alg.name)) {
      needHash(alg);
      params.modulusLength = required(alg, "modulusLength");
      params.publicExponent = required(alg, "publicExponent");
    }
    const privUsages = usages.filter((u) => allowed[0].includes(u));
    if (privUsages.length === 0) {
      // The spec checks the usages after making the key: parameters it
      // cannot make one with (an RSA exponent, a modulus length) fail first.
      run("checkGenerate", params);
      throw fail("SyntaxError", "the private key needs at least one usage");
    }
    // An RSA key takes long to make: this one comes back later.
    const [privHandle, pubHandle] = await run("generate", params);
    return {
      publicKey: makeKey(pubHandle, "public", true, keyAlg(alg, pubHandle), usages.filter((u) => allowed[1].includes(u))),
      privateKey: makeKey(privHandle, "private", extractable, keyAlg(alg, privHandle), privUsages),
    };
  }

  const JWK_ALG = {
    HMAC: (a) => "HS" + a.hash.name.slice(4),
    "AES-GCM": (a) => `A${a.length}GCM`, "AES-CBC": (a) => `A${a.length}CBC`,
    "AES-CTR": (a) => `A${a.length}CTR`, "AES-KW": (a) => `A${a.length}KW`,
  };
  const CRV_OKP = { Ed25519: "Ed25519", X25519: "X25519", Ed448: "Ed448", X448: "X448" };
  // An RSA JWK's alg, by algorithm and hash.
  const RSA_JWK_ALG = {
    "RSASSA-PKCS1-v1_5": { "SHA-1": "RS1", "SHA-256": "RS256", "SHA-384": "RS384", "SHA-512": "RS512" },
    "RSA-PSS": { "SHA-1": "PS1", "SHA-256": "PS256", "SHA-384": "PS384", "SHA-512": "PS512" },
    "RSA-OAEP": { "SHA-1": "RSA-OAEP", "SHA-256": "RSA-OAEP-256", "SHA-384": "RSA-OAEP-384", "SHA-512": "RSA-OAEP-512" },
  };
  const k = {
    CryptoKey, slots, makeKey, keyArg, normalize, checkUsages, kindOf, secretShape, checkCurve, keyAlg, needHash,
    run, fail, bytes, usable, USAGES, FORMATS, AES, RSA, JWK_ALG, RSA_JWK_ALG, CRV_OKP, keyLength, done, cipherParams,
    methods: { digest, sign, verify, encrypt, decrypt, deriveBits, deriveKey, generateKey },
  };
  // subtle_keys.js adds importKey to `k` (deriveKey uses it).
  return __bextSubtleKeys(host, k);
})
