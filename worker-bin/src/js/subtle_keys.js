// crypto.subtle's key formats: importKey, exportKey, wrapKey, unwrapKey
// (the JWK checks of the spec are here), and the SubtleCrypto object made
// of them and the methods of subtle.js.
(function (host, k) {
  "use strict";
  const { CryptoKey, slots, makeKey, keyArg, normalize, checkUsages, kindOf, secretShape, checkCurve, keyAlg, needHash } = k;
  const { run, fail, bytes, usable, USAGES, FORMATS, AES, RSA, JWK_ALG, RSA_JWK_ALG, CRV_OKP, cipherParams, methods } = k;
  const RSA_MEMBERS = ["n", "e", "d", "p", "q", "dp", "dq", "qi"];
  const FORMAT_NAMES = ["raw", "pkcs8", "spki", "jwk"];

  function checkFormat(format, name) {
    if (!FORMAT_NAMES.includes(format)) throw new TypeError(`${format} is not a KeyFormat`);
    if (!FORMATS[name].includes(format)) throw fail("NotSupportedError", `${name} keys cannot be imported as ${format}`);
  }

  // The JWK checks the spec makes for every algorithm: kty, use, key_ops,
  // ext, and for each kind its alg or crv.
  function checkJwk(jwk, alg, usages, extractable, secret) {
    if (jwk === null || typeof jwk !== "object") throw new TypeError("a jwk key must be an object");
    const kty = secret ? "oct" : alg.name === "ECDSA" || alg.name === "ECDH" ? "EC" : RSA.includes(alg.name) ? "RSA" : "OKP";
    if (jwk.kty !== kty) throw fail("DataError", `the JWK's kty must be ${kty}`);
    const signs = ["HMAC", "ECDSA", "Ed25519", "Ed448", "RSASSA-PKCS1-v1_5", "RSA-PSS"];
    const use = signs.includes(alg.name) ? "sig" : "enc";
    if (usages.length && jwk.use !== undefined && jwk.use !== use) throw fail("DataError", `the JWK's use must be ${use}`);
    if (jwk.key_ops !== undefined) {
      if (!Array.isArray(jwk.key_ops)) throw fail("DataError", "the JWK's key_ops must be an array");
      for (const u of usages) if (!jwk.key_ops.includes(u)) throw fail("DataError", `the JWK's key_ops lack ${u}`);
    }
    if (jwk.ext === false && extractable) throw fail("DataError", "the JWK is not extractable");
    if (kty === "EC" && jwk.crv !== alg.namedCurve) throw fail("DataError", `the JWK's crv must be ${alg.namedCurve}`);
    if (kty === "OKP" && jwk.crv !== CRV_OKP[alg.name]) throw fail("DataError", `the JWK's crv must be ${alg.name}`);
    for (const m of ["k", "x", "y", ...RSA_MEMBERS]) if (jwk[m] !== undefined && typeof jwk[m] !== "string") throw fail("DataError", `the JWK's ${m} must be a string`);
    if (kty === "RSA") {
      if (jwk.oth !== undefined) throw fail("NotSupportedError", "RSA keys of more than two primes are not supported");
      const want = RSA_JWK_ALG[alg.name][needHash(alg)];
      if (jwk.alg !== undefined && jwk.alg !== want) throw fail("DataError", `the JWK's alg must be ${want}`);
    }
  }

  // The secret key's algorithm after import: the length is the data's.
  function importSecret(format, keyData, alg, extractable, usages) {
    const shape = secretShape(alg, "importKey");
    const params = { kind: "secret", format };
    if (format === "jwk") {
      checkJwk(keyData, alg, usages, extractable, true);
      params.k = keyData.k;
    } else params.data = bytes(keyData, "keyData");
    const handle = run("import", params);
    const bits = host.keyBits(handle);
    const a = shape.algorithm;
    if (format === "jwk" && keyData.alg !== undefined && JWK_ALG[a.name]) {
      const want = JWK_ALG[a.name]({ ...a, length: a.length || bits });
      if (keyData.alg !== want) throw fail("DataError", `the JWK's alg must be ${want}`);
    }
    if (AES.includes(a.name)) {
      if (![128, 192, 256].includes(bits)) throw fail("DataError", `${a.name}: the key must be 128, 192 or 256 bits`);
      a.length = bits;
    } else if (a.name === "HMAC") {
      if (bits === 0) throw fail("DataError", "HMAC: the key is empty");
      if (a.length !== undefined && a.length !== bits) throw fail("DataError", "HMAC: length does not match the key");
      a.length = bits;
    } else if (extractable) throw fail("SyntaxError", `${a.name} keys cannot be extractable`);
    if (usages.length === 0) throw fail("SyntaxError", "a secret key needs at least one usage");
    return makeKey(handle, "secret", Boolean(extractable), a, usages);
  }

  async function importKey(format, keyData, algorithm, extractable, keyUsages) {
    format = String(format);
    const alg = normalize(algorithm, "importKey");
    checkFormat(format, alg.name);
    const allowed = USAGES[alg.name];
    let usages = checkUsages(keyUsages, allowed.flat());
    if (allowed.length === 1) return importSecret(format, keyData, alg, extractable, usages);
    if (alg.name === "ECDSA" || alg.name === "ECDH") checkCurve(alg);
    if (RSA.includes(alg.name)) needHash(alg);
    const params = { ...kindOf(alg.name, alg), format };
    let type = format === "pkcs8" ? "private" : "public";
    if (format === "jwk") {
      checkJwk(keyData, alg, usages, extractable, false);
      Object.assign(params, { x: keyData.x, y: keyData.y });
      for (const m of RSA_MEMBERS) params[m] = keyData[m];
      if (keyData.d !== undefined) type = "private";
      if (alg.name === "ECDSA" && keyData.alg !== undefined) {
        const want = { "P-256": "ES256", "P-384": "ES384", "P-521": "ES512" }[alg.namedCurve];
        if (keyData.alg !== want) throw fail("DataError", `the JWK's alg must be ${want}`);
      }
      if ((alg.name === "Ed25519" || alg.name === "Ed448") && keyData.alg !== undefined && keyData.alg !== "EdDSA" && keyData.alg !== alg.name)
        throw fail("DataError", "the JWK's alg must be EdDSA");
    } else params.data = bytes(keyData, "keyData");
    const mine = allowed[type === "private" ? 0 : 1];
    for (const u of usages) if (!mine.includes(u)) throw fail("SyntaxError", `a ${type} ${alg.name} key cannot be used to ${u}`);
    if (type === "private" && usages.length === 0) throw fail("SyntaxError", "a private key needs at least one usage");
    const handle = run("import", params);
    return makeKey(handle, type, Boolean(extractable), keyAlg(alg, handle), usages);
  }

  async function exportKey(format, key) {
    format = String(format);
    const s = keyArg(key, "key");
    if (!FORMAT_NAMES.includes(format)) throw new TypeError(`${format} is not a KeyFormat`);
    if (!FORMATS[s.algorithm.name].includes(format)) throw fail("NotSupportedError", `${s.algorithm.name} keys cannot be exported as ${format}`);
    if (!s.extractable) throw fail("InvalidAccessError", "the key is not extractable");
    if ((format === "raw" || format === "spki") && s.type === "private") throw fail("InvalidAccessError", `a private key cannot be exported as ${format}`);
    if (format === "pkcs8" && s.type !== "private") throw fail("InvalidAccessError", "only a private key can be exported as pkcs8");
    const out = run("export", { key: s.handle, format });
    if (format !== "jwk") return out;
    const a = s.algorithm;
    const jwk = s.type === "secret" ? { kty: "oct" }
      : a.name === "ECDSA" || a.name === "ECDH" ? { kty: "EC", crv: a.namedCurve }
        : RSA.includes(a.name) ? { kty: "RSA" } : { kty: "OKP", crv: a.name };
    Object.assign(jwk, out);
    if (JWK_ALG[a.name]) jwk.alg = JWK_ALG[a.name](a);
    if (RSA_JWK_ALG[a.name]) jwk.alg = RSA_JWK_ALG[a.name][a.hash.name];
    if (a.name === "Ed25519" || a.name === "Ed448") jwk.alg = a.name;
    jwk.key_ops = [...s.usages];
    jwk.ext = s.extractable;
    return jwk;
  }

  // wrapKey and unwrapKey: export then encrypt, decrypt then import. AES-KW
  // only wraps; any algorithm that encrypts may wrap too, with the wrapping
  // key's wrapKey/unwrapKey usage standing for encrypt/decrypt.
  function wrapAlg(algorithm, op) {
    try {
      return normalize(algorithm, op);
    } catch (e) {
      if (e.name !== "NotSupportedError") throw e;
      return normalize(algorithm, op === "wrapKey" ? "encrypt" : "decrypt");
    }
  }
  const cipher = (alg, s, data) => (alg.name === "AES-KW" ? { alg: alg.name, key: s.handle, data } : cipherParams(alg, s, data));
  async function wrapKey(format, key, wrappingKey, wrapAlgorithm) {
    const alg = wrapAlg(wrapAlgorithm, "wrapKey");
    const ws = usable(wrappingKey, alg, "wrapKey");
    const exported = await exportKey(format, key);
    const data = format === "jwk" ? new TextEncoder().encode(JSON.stringify(exported)) : new Uint8Array(exported);
    return run("encrypt", cipher(alg, ws, data));
  }
  async function unwrapKey(format, wrappedKey, unwrappingKey, unwrapAlgorithm, unwrappedKeyAlgorithm, extractable, keyUsages) {
    const alg = wrapAlg(unwrapAlgorithm, "unwrapKey");
    const us = usable(unwrappingKey, alg, "unwrapKey");
    normalize(unwrappedKeyAlgorithm, "importKey");
    const plain = await run("decrypt", cipher(alg, us, bytes(wrappedKey, "wrappedKey")));
    let keyData = plain;
    if (format === "jwk") {
      try {
        keyData = JSON.parse(new TextDecoder().decode(plain));
      } catch (_) {
        throw fail("DataError", "the unwrapped key is not JSON");
      }
    }
    return importKey(format, keyData, unwrappedKeyAlgorithm, extractable, keyUsages);
  }

  class SubtleCrypto {
    constructor(token) { if (token !== slots) throw new TypeError("Illegal constructor"); }
    get [Symbol.toStringTag]() { return "SubtleCrypto"; }
  }
  // Workers' extension: compares two buffers in constant time (in Rust).
  function timingSafeEqual(a, b) {
    const x = bytes(a, "a"), y = bytes(b, "b");
    if (x.length !== y.length) throw new TypeError("timingSafeEqual: the buffers differ in length");
    return host.timingSafeEqual(x, y);
  }
  k.importKey = importKey;
  const all = { ...methods, importKey, exportKey, wrapKey, unwrapKey, timingSafeEqual };
  for (const [name, f] of Object.entries(all)) {
    Object.defineProperty(SubtleCrypto.prototype, name, {
      value: { [name](...a) { return f(...a); } }[name], writable: true, configurable: true, enumerable: true,
    });
  }
  return { subtle: new SubtleCrypto(slots), SubtleCrypto, CryptoKey, done: k.done };
})
