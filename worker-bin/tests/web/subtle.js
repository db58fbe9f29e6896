// crypto.subtle: the known answers of the RFCs and NIST, CryptoKey, and the
// DOMException names of the Web Cryptography API's argument checks.
const S = crypto.subtle;
const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
const unhex = (s) => new Uint8Array(s.match(/../g).map((h) => parseInt(h, 16)));
const utf8 = (s) => new TextEncoder().encode(s);
const fill = (n, v) => new Uint8Array(n).fill(v);
const b64u = (b) => btoa(String.fromCharCode(...b)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const hmacKey = (raw, hash, usages = ["sign", "verify"]) => S.importKey("raw", raw, { name: "HMAC", hash }, false, usages);
const aesKey = (raw, name, usages = ["encrypt", "decrypt"], ext = false) => S.importKey("raw", raw, name, ext, usages);

// ------------------------------------------------------------ digests
test("SHA-1/256/384/512 of abc (FIPS 180-4)", async () => {
  eq(hex(await S.digest("SHA-1", utf8("abc"))), "a9993e364706816aba3e25717850c26c9cd0d89d");
  eq(hex(await S.digest("SHA-256", utf8("abc"))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  eq(hex(await S.digest({ name: "sha-384" }, utf8("abc"))), "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7");
  eq(hex(await S.digest("SHA-512", utf8("abc").buffer)), "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
});
test("digest answers an ArrayBuffer", async () => ok((await S.digest("SHA-256", new Uint8Array(0))) instanceof ArrayBuffer));

// --------------------------------------------------------------- HMAC
test("HMAC RFC 4231 cases 1 and 2", async () => {
  const k1 = await hmacKey(fill(20, 0x0b), "SHA-256");
  eq(hex(await S.sign("HMAC", k1, utf8("Hi There"))), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  const k512 = await hmacKey(fill(20, 0x0b), "SHA-512");
  eq(hex(await S.sign("HMAC", k512, utf8("Hi There"))), "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854");
  const k2 = await hmacKey(utf8("Jefe"), "SHA-384");
  eq(hex(await S.sign("HMAC", k2, utf8("what do ya want for nothing?"))), "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649");
});
test("HMAC verify: true for the tag, false for another", async () => {
  const k = await hmacKey(utf8("Jefe"), "SHA-256");
  const tag = unhex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  eq(await S.verify("HMAC", k, tag, utf8("what do ya want for nothing?")), true);
  tag[0] ^= 1;
  eq(await S.verify("HMAC", k, tag, utf8("what do ya want for nothing?")), false);
  eq(await S.verify("HMAC", k, tag.slice(0, 5), utf8("what do ya want for nothing?")), false);
});
test("a generated HMAC key has the hash's block length", async () => {
  const k = await S.generateKey({ name: "HMAC", hash: "SHA-512" }, true, ["sign"]);
  eq(k.algorithm.length, 1024);
  eq((await S.exportKey("raw", k)).byteLength, 128);
  same(k.algorithm.hash, { name: "SHA-512" });
});

// ---------------------------------------------------------------- KDFs
test("HKDF RFC 5869 case 1", async () => {
  const k = await S.importKey("raw", fill(22, 0x0b), "HKDF", false, ["deriveBits"]);
  const bits = await S.deriveBits({ name: "HKDF", hash: "SHA-256", salt: unhex("000102030405060708090a0b0c"), info: unhex("f0f1f2f3f4f5f6f7f8f9") }, k, 336);
  eq(hex(bits), "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
});
test("PBKDF2 RFC 6070 (SHA-1, 1, 2 and 4096 iterations)", async () => {
  const k = await S.importKey("raw", utf8("password"), "PBKDF2", false, ["deriveBits"]);
  const run = (iterations) => S.deriveBits({ name: "PBKDF2", hash: "SHA-1", salt: utf8("salt"), iterations }, k, 160).then(hex);
  eq(await run(1), "0c60c80f961f0e71f3a9b524af6012062fe037a6");
  eq(await run(2), "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957");
  eq(await run(4096), "4b007901b765489abead49d926f721d065a429c1");
});
test("deriveKey: PBKDF2 to an AES-GCM key", async () => {
  const k = await S.importKey("raw", utf8("password"), "PBKDF2", false, ["deriveKey"]);
  const aes = await S.deriveKey({ name: "PBKDF2", hash: "SHA-256", salt: utf8("salt"), iterations: 1 }, k, { name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  eq(aes.algorithm.length, 256);
  eq(hex(await S.exportKey("raw", aes)), "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b");
});

// ----------------------------------------------------------------- AES
test("AES-GCM (GCM spec test cases 1 and 2)", async () => {
  const k = await aesKey(fill(16, 0), "AES-GCM");
  const iv = fill(12, 0);
  eq(hex(await S.encrypt({ name: "AES-GCM", iv }, k, new Uint8Array(0))), "58e2fccefa7e3061367f1d57a4e7455a");
  const ct = await S.encrypt({ name: "AES-GCM", iv }, k, fill(16, 0));
  eq(hex(ct), "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf");
  eq(hex(await S.decrypt({ name: "AES-GCM", iv }, k, ct)), "00000000000000000000000000000000");
});
test("AES-GCM with additional data; a changed byte fails with OperationError", async () => {
  const k = await S.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await S.encrypt({ name: "AES-GCM", iv, additionalData: utf8("hdr") }, k, utf8("secret")));
  eq(new TextDecoder().decode(await S.decrypt({ name: "AES-GCM", iv, additionalData: utf8("hdr") }, k, ct)), "secret");
  await rejects("OperationError", S.decrypt({ name: "AES-GCM", iv, additionalData: utf8("hdx") }, k, ct), "other aad");
  ct[0] ^= 1;
  await rejects("OperationError", S.decrypt({ name: "AES-GCM", iv, additionalData: utf8("hdr") }, k, ct), "tampered");
});
test("AES-CBC and AES-CTR (NIST SP 800-38A F.2.1, F.5.1)", async () => {
  const key = unhex("2b7e151628aed2a6abf7158809cf4f3c");
  const pt = unhex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51");
  const cbc = await aesKey(key, "AES-CBC");
  const ct = await S.encrypt({ name: "AES-CBC", iv: unhex("000102030405060708090a0b0c0d0e0f") }, cbc, pt);
  eq(hex(ct).slice(0, 64), "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2");
  eq(ct.byteLength, 48, "PKCS#7 adds a block");
  eq(hex(await S.decrypt({ name: "AES-CBC", iv: unhex("000102030405060708090a0b0c0d0e0f") }, cbc, ct)), hex(pt));
  const ctr = await aesKey(key, "AES-CTR");
  const counter = unhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  eq(hex(await S.encrypt({ name: "AES-CTR", counter, length: 64 }, ctr, pt)), "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff");
});
test("AES-KW (RFC 3394 4.1) through wrapKey and unwrapKey", async () => {
  const kek = await aesKey(unhex("000102030405060708090a0b0c0d0e0f"), "AES-KW", ["wrapKey", "unwrapKey"]);
  const inner = await aesKey(unhex("00112233445566778899aabbccddeeff"), "AES-GCM", ["encrypt"], true);
  const wrapped = new Uint8Array(await S.wrapKey("raw", inner, kek, "AES-KW"));
  eq(hex(wrapped), "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5");
  const back = await S.unwrapKey("raw", wrapped, kek, "AES-KW", "AES-GCM", true, ["decrypt"]);
  eq(hex(await S.exportKey("raw", back)), "00112233445566778899aabbccddeeff");
  wrapped[3] ^= 1;
  await rejects("OperationError", S.unwrapKey("raw", wrapped, kek, "AES-KW", "AES-GCM", true, ["decrypt"]));
});
test("wrapKey as jwk with AES-GCM", async () => {
  const kek = await aesKey(fill(16, 7), "AES-GCM", ["wrapKey", "unwrapKey"]);
  const inner = await S.generateKey({ name: "HMAC", hash: "SHA-256" }, true, ["sign"]);
  const iv = fill(12, 1);
  const wrapped = await S.wrapKey("jwk", inner, kek, { name: "AES-GCM", iv });
  const back = await S.unwrapKey("jwk", wrapped, kek, { name: "AES-GCM", iv }, { name: "HMAC", hash: "SHA-256" }, true, ["sign"]);
  eq(hex(await S.exportKey("raw", back)), hex(await S.exportKey("raw", inner)));
});

// ------------------------------------------------------------ Ed25519
test("Ed25519 RFC 8032 test 1", async () => {
  const d = unhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  const x = unhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  const priv = await S.importKey("jwk", { kty: "OKP", crv: "Ed25519", d: b64u(d), x: b64u(x) }, "Ed25519", true, ["sign"]);
  const sig = await S.sign("Ed25519", priv, new Uint8Array(0));
  eq(hex(sig), "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  const pub = await S.importKey("raw", x, "Ed25519", true, ["verify"]);
  eq(await S.verify("Ed25519", pub, sig, new Uint8Array(0)), true);
  eq(await S.verify("Ed25519", pub, sig, new Uint8Array(1)), false);
  const pk8 = new Uint8Array(await S.exportKey("pkcs8", priv));
  eq(hex(pk8), "302e020100300506032b657004220420" + hex(d));
});

// ------------------------------------------------------- ECDSA, ECDH
test("ECDSA on each curve: sign, verify, export and import", async () => {
  for (const [namedCurve, hash, size] of [["P-256", "SHA-256", 64], ["P-384", "SHA-384", 96], ["P-521", "SHA-512", 132]]) {
    const { publicKey, privateKey } = await S.generateKey({ name: "ECDSA", namedCurve }, true, ["sign", "verify"]);
    same(publicKey.usages, ["verify"]);
    same(privateKey.usages, ["sign"]);
    const sig = await S.sign({ name: "ECDSA", hash }, privateKey, utf8("msg"));
    eq(sig.byteLength, size, namedCurve);
    const spki = await S.exportKey("spki", publicKey);
    const again = await S.importKey("spki", spki, { name: "ECDSA", namedCurve }, true, ["verify"]);
    eq(await S.verify({ name: "ECDSA", hash }, again, sig, utf8("msg")), true, namedCurve);
    eq(await S.verify({ name: "ECDSA", hash }, again, sig, utf8("msh")), false, namedCurve);
    const jwk = await S.exportKey("jwk", privateKey);
    eq(jwk.crv, namedCurve);
    const fromJwk = await S.importKey("jwk", jwk, { name: "ECDSA", namedCurve }, false, ["sign"]);
    ok(await S.verify({ name: "ECDSA", hash }, publicKey, await S.sign({ name: "ECDSA", hash }, fromJwk, utf8("m")), utf8("m")));
  }
});
test("ECDH and X25519: both sides derive the same bits", async () => {
  for (const alg of [{ name: "ECDH", namedCurve: "P-256" }, { name: "ECDH", namedCurve: "P-384" }, { name: "X25519" }]) {
    const a = await S.generateKey(alg, false, ["deriveBits"]);
    const b = await S.generateKey(alg, false, ["deriveBits"]);
    const ab = await S.deriveBits({ name: alg.name, public: b.publicKey }, a.privateKey, 256);
    const ba = await S.deriveBits({ name: alg.name, public: a.publicKey }, b.privateKey, 256);
    eq(hex(ab), hex(ba), alg.name);
  }
});

// ---------------------------------------------------------- CryptoKey
test("CryptoKey: its slots, and no constructor", async () => {
  throws(TypeError, () => new CryptoKey());
  const k = await aesKey(fill(16, 1), "AES-CBC", ["decrypt", "encrypt"]);
  ok(k instanceof CryptoKey);
  eq(k.type, "secret");
  eq(k.extractable, false);
  same(k.algorithm, { name: "AES-CBC", length: 128 });
  same(k.usages, ["encrypt", "decrypt"]);
  eq(Object.prototype.toString.call(k), "[object CryptoKey]");
  ok(Object.isFrozen(k.algorithm));
  eq(Object.keys(k).length, 0, "no own properties");
});
test("timingSafeEqual", () => {
  eq(S.timingSafeEqual(utf8("abc"), utf8("abc")), true);
  eq(S.timingSafeEqual(utf8("abc"), utf8("abd")), false);
  throws(TypeError, () => S.timingSafeEqual(utf8("abc"), utf8("ab")));
});
