// crypto.subtle's argument checks, each with the DOMException name the Web
// Cryptography API gives it (or TypeError where WebIDL does).
const S = crypto.subtle;
const utf8 = (s) => new TextEncoder().encode(s);
const raw16 = new Uint8Array(16).fill(3);
const hmac = (usages, ext = false) => S.importKey("raw", raw16, { name: "HMAC", hash: "SHA-256" }, ext, usages);

test("unknown or unsupported algorithms: NotSupportedError", async () => {
  await rejects("NotSupportedError", S.digest("SHA-3", utf8("x")), "SHA-3");
  await rejects("NotSupportedError", S.digest("HMAC", utf8("x")), "HMAC as a digest");
  await rejects("NotSupportedError", S.generateKey({ name: "RSA-PSS", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-3" }, true, ["sign"]), "RSA with SHA-3");
  await rejects("NotSupportedError", S.generateKey({ name: "ECDSA", namedCurve: "P-999" }, true, ["sign"]), "curve");
  await rejects("NotSupportedError", S.generateKey("PBKDF2", false, ["deriveBits"]), "PBKDF2 keys are imported");
  await rejects("NotSupportedError", S.importKey("spki", raw16, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]), "HMAC as spki");
  await rejects("NotSupportedError", S.encrypt({ name: "HMAC" }, await hmac(["sign"]), utf8("x")), "HMAC encrypt");
});

test("WebIDL conversions: TypeError", async () => {
  await rejects(TypeError, S.digest(undefined, utf8("x")), "no algorithm");
  await rejects(TypeError, S.digest({}, utf8("x")), "no name");
  await rejects(TypeError, S.digest("SHA-256", "text"), "a string as data");
  await rejects(TypeError, S.sign("HMAC", {}, utf8("x")), "not a CryptoKey");
  await rejects(TypeError, S.importKey("raw", raw16, "HMAC", false, ["sign"]), "HMAC without hash");
  await rejects(TypeError, S.importKey("raw", raw16, { name: "HMAC", hash: "SHA-256" }, false, ["fly"]), "not a KeyUsage");
  await rejects(TypeError, S.importKey("pem", raw16, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]), "not a KeyFormat");
  await rejects(TypeError, S.encrypt({ name: "AES-GCM" }, await S.importKey("raw", raw16, "AES-GCM", false, ["encrypt"]), utf8("x")), "no iv");
});

test("usages a key cannot have, or none: SyntaxError", async () => {
  await rejects("SyntaxError", S.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["encrypt"]), "HMAC encrypt");
  await rejects("SyntaxError", S.generateKey({ name: "AES-GCM", length: 128 }, false, []), "no usages");
  await rejects("SyntaxError", S.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]), "no private usage");
  await rejects("SyntaxError", S.importKey("raw", raw16, "PBKDF2", true, ["deriveBits"]), "extractable PBKDF2");
  await rejects("SyntaxError", S.importKey("raw", new Uint8Array(65).fill(4), { name: "ECDSA", namedCurve: "P-256" }, true, ["sign"]), "a public key to sign");
});

test("the wrong key for the operation: InvalidAccessError", async () => {
  const k = await hmac(["verify"]);
  await rejects("InvalidAccessError", S.sign("HMAC", k, utf8("x")), "no sign usage");
  const aes = await S.importKey("raw", raw16, "AES-CBC", false, ["encrypt"]);
  await rejects("InvalidAccessError", S.encrypt({ name: "AES-GCM", iv: new Uint8Array(12) }, aes, utf8("x")), "AES-CBC key for AES-GCM");
  await rejects("InvalidAccessError", S.decrypt({ name: "AES-CBC", iv: new Uint8Array(16) }, aes, new Uint8Array(16)), "no decrypt usage");
  await rejects("InvalidAccessError", S.exportKey("raw", await hmac(["sign"], false)), "not extractable");
  const pair = await S.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  await rejects("InvalidAccessError", S.exportKey("raw", pair.privateKey), "a private key as raw");
  await rejects("InvalidAccessError", S.exportKey("pkcs8", pair.publicKey), "a public key as pkcs8");
  await rejects("InvalidAccessError", S.verify({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, new Uint8Array(64), utf8("x")), "verify with a private key");
  const a = await S.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const b = await S.generateKey({ name: "ECDH", namedCurve: "P-384" }, false, ["deriveBits"]);
  await rejects("InvalidAccessError", S.deriveBits({ name: "ECDH", public: b.publicKey }, a.privateKey, 128), "another curve");
  await rejects("InvalidAccessError", S.deriveBits({ name: "ECDH", public: a.privateKey }, a.privateKey, 128), "a private key as public");
  const kek = await S.importKey("raw", raw16, "AES-KW", false, ["wrapKey"]);
  await rejects("InvalidAccessError", S.wrapKey("raw", await hmac(["sign"], false), kek, "AES-KW"), "wrap a non-extractable key");
});

test("key data that does not fit: DataError", async () => {
  await rejects("DataError", S.importKey("raw", new Uint8Array(10), "AES-GCM", false, ["encrypt"]), "an 80-bit AES key");
  await rejects("DataError", S.importKey("raw", new Uint8Array(0), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]), "an empty HMAC key");
  await rejects("DataError", S.importKey("raw", raw16, { name: "HMAC", hash: "SHA-256", length: 64 }, false, ["sign"]), "a length that is not the key's");
  await rejects("DataError", S.importKey("raw", new Uint8Array(65), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]), "not a point");
  await rejects("DataError", S.importKey("spki", utf8("garbage"), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]), "garbage spki");
  await rejects("DataError", S.importKey("pkcs8", utf8("garbage"), "Ed25519", false, ["sign"]), "garbage pkcs8");
  await rejects("DataError", S.importKey("jwk", { kty: "EC", crv: "P-256", k: "AA" }, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]), "kty EC for HMAC");
  await rejects("DataError", S.importKey("jwk", { kty: "oct", k: "AAAAAAAAAAAAAAAAAAAAAA", alg: "A256GCM" }, "AES-GCM", false, ["encrypt"]), "alg of another length");
  await rejects("DataError", S.importKey("jwk", { kty: "oct", k: "AAAAAAAAAAAAAAAAAAAAAA", ext: false }, "AES-GCM", true, ["encrypt"]), "ext false, extractable");
  await rejects("DataError", S.importKey("jwk", { kty: "oct", k: "AAAAAAAAAAAAAAAAAAAAAA", key_ops: ["decrypt"] }, "AES-GCM", false, ["encrypt"]), "key_ops without the usage");
  const p384 = await S.generateKey({ name: "ECDSA", namedCurve: "P-384" }, true, ["sign"]);
  const spki = await S.exportKey("spki", p384.publicKey);
  await rejects("DataError", S.importKey("spki", spki, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]), "spki of another curve");
  const jwk = await S.exportKey("jwk", p384.privateKey);
  jwk.d = (await S.exportKey("jwk", (await S.generateKey({ name: "ECDSA", namedCurve: "P-384" }, true, ["sign"])).privateKey)).d;
  await rejects("DataError", S.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-384" }, false, ["sign"]), "d of another key");
});

test("parameters the operation refuses: OperationError", async () => {
  await rejects("OperationError", S.generateKey({ name: "AES-GCM", length: 100 }, false, ["encrypt"]), "AES length 100");
  const cbc = await S.importKey("raw", raw16, "AES-CBC", false, ["encrypt", "decrypt"]);
  await rejects("OperationError", S.encrypt({ name: "AES-CBC", iv: new Uint8Array(8) }, cbc, utf8("x")), "an 8-byte iv");
  await rejects("OperationError", S.decrypt({ name: "AES-CBC", iv: new Uint8Array(16) }, cbc, new Uint8Array(15)), "not whole blocks");
  const ctr = await S.importKey("raw", raw16, "AES-CTR", false, ["encrypt"]);
  await rejects("OperationError", S.encrypt({ name: "AES-CTR", counter: new Uint8Array(16), length: 0 }, ctr, utf8("x")), "counter length 0");
  await rejects("OperationError", S.encrypt({ name: "AES-CTR", counter: new Uint8Array(8), length: 64 }, ctr, utf8("x")), "an 8-byte counter");
  const gcm = await S.importKey("raw", raw16, "AES-GCM", false, ["encrypt"]);
  await rejects("OperationError", S.encrypt({ name: "AES-GCM", iv: new Uint8Array(12), tagLength: 100 }, gcm, utf8("x")), "tagLength 100");
  await rejects("OperationError", S.encrypt({ name: "AES-GCM", iv: new Uint8Array(0) }, gcm, utf8("x")), "an empty iv");
  const pw = await S.importKey("raw", utf8("pw"), "PBKDF2", false, ["deriveBits"]);
  const p = (iterations, length) => S.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: utf8("s"), iterations }, pw, length);
  await rejects("OperationError", p(0, 256), "0 iterations");
  await rejects("OperationError", p(1, 7), "7 bits");
  await rejects("OperationError", p(1, null), "no length");
  const hk = await S.importKey("raw", utf8("ikm"), "HKDF", false, ["deriveBits"]);
  await rejects("OperationError", S.deriveBits({ name: "HKDF", hash: "SHA-256", salt: utf8(""), info: utf8("") }, hk, 255 * 256 + 8), "longer than 255 hashes");
  const a = await S.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  await rejects("OperationError", S.deriveBits({ name: "ECDH", public: a.publicKey }, a.privateKey, 264), "more bits than the secret");
});

test("errors are DOMExceptions, rejected and not thrown", async () => {
  const p = S.digest("nope", utf8("x"));
  ok(p instanceof Promise, "a promise");
  const e = await rejects("NotSupportedError", p);
  ok(e instanceof DOMException, "a DOMException");
});

test("getRandomValues: TypeError for what is not an ArrayBufferView, TypeMismatchError for floats", () => {
  for (const v of [new ArrayBuffer(8), 8, [1, 2], null, undefined]) throws(TypeError, () => crypto.getRandomValues(v), String(v));
  const views = [new Float32Array(4), new Float64Array(4), new DataView(new ArrayBuffer(4))];
  if (typeof Float16Array === "function") views.push(new Float16Array(4));
  for (const v of views) {
    const e = throws("TypeMismatchError", () => crypto.getRandomValues(v), v.constructor.name);
    ok(e instanceof DOMException && e.code === 17, `${v.constructor.name}: a DOMException of code 17`);
  }
  const e = throws("QuotaExceededError", () => crypto.getRandomValues(new Uint8Array(65537)), "65,537 bytes");
  ok(e instanceof DOMException && e.code === 22, "QuotaExceededError: code 22");
  ok(e.constructor === QuotaExceededError && e.quota === null && e.requested === null, "WebIDL's QuotaExceededError");
  const q = new QuotaExceededError("full", { quota: 10, requested: 12 });
  same([q.name, q.message, q.code, q.quota, q.requested], ["QuotaExceededError", "full", 22, 10, 12], "constructed");
  throws(RangeError, () => new QuotaExceededError("", { quota: -1 }), "a negative quota");
  throws(RangeError, () => new QuotaExceededError("", { quota: 5, requested: 4 }), "requested under quota");
});
