// crypto.subtle's RSA (RSASSA-PKCS1-v1_5, RSA-PSS, RSA-OAEP): known answers
// made by OpenSSL 3 (the library under Node) for a fixed 1024-bit key, the
// algorithm a key shows, the JWK rules, and the DOMException names of the
// argument checks. The same vectors are checked in Rust (crypto/rsa_tests.rs).
const S = crypto.subtle;
const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
const unhex = (s) => new Uint8Array(s.match(/../g).map((h) => parseInt(h, 16)));
const utf8 = (s) => new TextEncoder().encode(s);
const E = new Uint8Array([1, 0, 1]);
const MESSAGE = utf8("bext RSA known answer");
const PKCS8 = unhex([
  "30820277020100300d06092a864886f70d0101010500048202613082025d02010002818100eca088474a9771d151c8cd844780dbda90cb788caa47a9",
  "d7af3f8aec78dd421586740e49860b7d4b742c029fc14d45c8d23e3fba25de6ee0729964d8168da6c65c9819e8855cda6f238403a5183989e5f829bd",
  "9adaec5ce56053fa5cb9739b7f441f05b0607c0f22544f6b1547042d65639e435ef2758e0927ace09767d0258b0203010001028180381bc8b4bee732",
  "41e416ad44d47fa5a229fb5556657a20b7d802453ad55e01b180f43bff0b1de653e1f41d9b2c06daa947d122e34cdf75831b296c5420e4edca5e9e62",
  "f7fb9c376c3cb116908098582b645af401ad2b830487576e2dfd8b5b4891dbce8d346294fbc03df9e942379ce1e523222c9b3a714f4b646f49785d96",
  "e1024100fcee9a17357a9b4d9fe4de760e9db8313057981ecdb90a0bbe40cc82fc2b333ebff308e3d9030e3715f7f7bcc7836b2b815490337b96876e",
  "2af6e4c73e6a453f024100ef7f4cf95559881190d838dc27f8d97c6ea0859d3e34d60b9baf0f73257096d732b85600ddee027642ba637a4cbff760cb",
  "56f4bd3325b8c1645e094a4516d0b50241009e61929fe1df0a8ccb08f7bc995e6dce6f650a5e8f97c510a16bd624575f7dd157450a5612b7f518cd6a",
  "def8993e53c7844ebd955f585d29c141a4f496c2d8e5024100889e7cc16aafa51028293fde4eab051d9759d87e8782ca6b5ac6f530413645c5c2b826",
  "cf5dca2cfb5b3b4a0df50438d0ad8e101471bdddf3ec163c84727efe5502406684137e768e6fe99ee8cc9a5868ab4c003fe09aa651bd311ba55b808e",
  "4f96d706e398f51ead16a8b1e2735605b1a63a765632c56f338ff44ea5e763d1fb759d",
].join(""));
// RSASSA-PKCS1-v1_5/SHA-256 of MESSAGE (deterministic: ours must be equal).
const SIG_PKCS1 = [
  "a7154ee6442c3c43ec1b3bca32f410b3a21dcf3060f5eb8356903f38b2754c72c8064f8dbe5c91f06fe62645ef8e3572e49a9eedde172bc35f6ed2cf",
  "314901ee5c4e3487a24ecdb2fd71ff306509ad79e1d9d2ef1904e5bd635ad8ae7eeea9b885adb49860ebad19908993fe1ae5b3dceb46f058655e7fd6",
  "fca358bfaffe853a",
].join("");
// RSA-PSS/SHA-256, salt 32 (randomized: verified only).
const SIG_PSS = unhex([
  "58c702a8ada63930521bc6da906f72fb58f3d3c9f86847c3d63d74b5cb9c2b497d51f58b96153820622df53a0f1ef0cf521e9b7810425971a3d64d36",
  "31a4d8efac4ec56332553a83e066c327b5ed56e0ca57dd7d10924edc50515837e93b15fd41e2dea2e6b86649a5eee250930c31577a75878c87cb2b9e",
  "e0e1dd6913695260",
].join(""));
// RSA-OAEP/SHA-256 of "secret" with the label "label" (decrypted only).
const OAEP_CT = unhex([
  "1671852e9d8b8f0ab75ef6dafc7150a44581b9ce4fb05fa8e9740fc3e00e264bd1559a66f45b5a796b728b2fc7a1f2fcb2d95e5f0569628e81869acf",
  "b9b4b6b922eaeb6158687d28a3d4739b4bb43274c919d6f0bd54e9f7d80f54830c10d85ad6bb3093296977f9411b3c77ee32c92f4e135375205f932f",
  "2873df4642471cf7",
].join(""));
const imp = (name, hash, usages, format = "pkcs8", data = PKCS8, ext = true) => S.importKey(format, data, { name, hash }, ext, usages);
const pub = async (name, hash, usages) => S.importKey("spki", await S.exportKey("spki", await publicOf()), { name, hash }, true, usages);
async function publicOf() {
  const jwk = await S.exportKey("jwk", await imp("RSA-PSS", "SHA-256", ["sign"]));
  return S.importKey("jwk", { kty: "RSA", n: jwk.n, e: jwk.e }, { name: "RSA-PSS", hash: "SHA-256" }, true, ["verify"]);
}

test("PKCS#1 v1.5 signs as OpenSSL does, and verifies", async () => {
  const key = await imp("RSASSA-PKCS1-v1_5", "SHA-256", ["sign"]);
  eq(hex(await S.sign("RSASSA-PKCS1-v1_5", key, MESSAGE)), SIG_PKCS1);
  const v = await pub("RSASSA-PKCS1-v1_5", "SHA-256", ["verify"]);
  eq(await S.verify("RSASSA-PKCS1-v1_5", v, unhex(SIG_PKCS1), MESSAGE), true, "its signature");
  eq(await S.verify("RSASSA-PKCS1-v1_5", v, unhex(SIG_PKCS1), utf8("other")), false, "other data");
  eq(await S.verify("RSASSA-PKCS1-v1_5", v, unhex(SIG_PKCS1).slice(1), MESSAGE), false, "a short signature");
});

test("RSA-PSS verifies OpenSSL's signature with its salt length only", async () => {
  const v = await pub("RSA-PSS", "SHA-256", ["verify"]);
  eq(await S.verify({ name: "RSA-PSS", saltLength: 32 }, v, SIG_PSS, MESSAGE), true, "salt 32");
  eq(await S.verify({ name: "RSA-PSS", saltLength: 20 }, v, SIG_PSS, MESSAGE), false, "salt 20");
  const k = await imp("RSA-PSS", "SHA-256", ["sign"]);
  const ours = await S.sign({ name: "RSA-PSS", saltLength: 0 }, k, MESSAGE);
  eq(await S.verify({ name: "RSA-PSS", saltLength: 0 }, v, ours, MESSAGE), true, "ours, salt 0");
});

test("RSA-OAEP decrypts OpenSSL's ciphertext with its label", async () => {
  const k = await imp("RSA-OAEP", "SHA-256", ["decrypt"]);
  eq(new TextDecoder().decode(await S.decrypt({ name: "RSA-OAEP", label: utf8("label") }, k, OAEP_CT)), "secret");
  await rejects("OperationError", S.decrypt({ name: "RSA-OAEP", label: utf8("other") }, k, OAEP_CT), "another label");
  await rejects("OperationError", S.decrypt({ name: "RSA-OAEP" }, k, OAEP_CT), "no label");
  await rejects("OperationError", S.decrypt({ name: "RSA-OAEP", label: utf8("label") }, k, OAEP_CT.slice(1)), "a short ciphertext");
});

test("a key shows its size, exponent and hash; JWK carries alg", async () => {
  const k = await imp("RSA-OAEP", "SHA-384", ["decrypt", "unwrapKey"]);
  eq(k.type, "private");
  same(k.algorithm.name, "RSA-OAEP");
  eq(k.algorithm.modulusLength, 1024);
  ok(k.algorithm.publicExponent instanceof Uint8Array, "publicExponent is a Uint8Array");
  same(Array.from(k.algorithm.publicExponent), [1, 0, 1]);
  same(k.algorithm.hash, { name: "SHA-384" });
  const jwk = await S.exportKey("jwk", k);
  same([jwk.kty, jwk.alg, jwk.e, jwk.ext], ["RSA", "RSA-OAEP-384", "AQAB", true]);
  same(jwk.key_ops, ["decrypt", "unwrapKey"]);
  for (const m of ["n", "d", "p", "q", "dp", "dq", "qi"]) ok(typeof jwk[m] === "string" && jwk[m].length > 0, m);
  eq(hex(await S.exportKey("pkcs8", await S.importKey("jwk", jwk, { name: "RSA-OAEP", hash: "SHA-384" }, true, ["decrypt"]))), hex(PKCS8), "pkcs8 through jwk");
  const pss = await S.exportKey("jwk", await imp("RSA-PSS", "SHA-512", ["sign"]));
  eq(pss.alg, "PS512");
  const rs = await S.exportKey("jwk", await imp("RSASSA-PKCS1-v1_5", "SHA-1", ["sign"]));
  eq(rs.alg, "RS1");
});

test("generateKey: the size and exponent asked for, usages split", async () => {
  const { publicKey, privateKey } = await S.generateKey({ name: "RSA-OAEP", modulusLength: 1024, publicExponent: E, hash: "SHA-256" }, false, ["encrypt", "decrypt", "wrapKey"]);
  same([publicKey.type, publicKey.extractable, publicKey.usages], ["public", true, ["encrypt", "wrapKey"]]);
  same([privateKey.type, privateKey.extractable, privateKey.usages], ["private", false, ["decrypt"]]);
  eq(publicKey.algorithm.modulusLength, 1024);
  const ct = await S.encrypt("RSA-OAEP", publicKey, utf8("hi"));
  eq(new TextDecoder().decode(await S.decrypt("RSA-OAEP", privateKey, ct)), "hi");
  const three = await S.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 1024, publicExponent: new Uint8Array([3]), hash: "SHA-1" }, true, ["sign"]);
  same(Array.from(three.publicKey.algorithm.publicExponent), [3]);
});

test("RSA errors, each with its name", async () => {
  const gen = (alg, usages = ["sign"]) => S.generateKey({ name: "RSA-PSS", modulusLength: 1024, publicExponent: E, hash: "SHA-256", ...alg }, true, usages);
  await rejects("OperationError", gen({ modulusLength: 512 }), "512 bits");
  await rejects("OperationError", gen({ publicExponent: new Uint8Array([1, 0, 0]) }), "exponent 65536");
  await rejects(TypeError, gen({ publicExponent: undefined }), "no publicExponent");
  await rejects(TypeError, gen({ publicExponent: [1, 0, 1] }), "publicExponent not a Uint8Array");
  await rejects(TypeError, gen({ hash: undefined }), "no hash");
  await rejects("SyntaxError", gen({}, ["encrypt"]), "RSA-PSS to encrypt");
  await rejects("SyntaxError", gen({}, ["verify"]), "no private usage");
  await rejects("NotSupportedError", S.importKey("raw", PKCS8, { name: "RSA-PSS", hash: "SHA-256" }, true, ["sign"]), "raw");
  await rejects("SyntaxError", imp("RSA-OAEP", "SHA-256", ["encrypt"]), "a private key to encrypt");
  await rejects("DataError", S.importKey("spki", utf8("garbage"), { name: "RSA-OAEP", hash: "SHA-256" }, true, ["encrypt"]), "garbage spki");
  await rejects("DataError", imp("RSA-PSS", "SHA-256", ["sign"], "pkcs8", PKCS8.slice(0, 100)), "cut pkcs8");
  const jwk = await S.exportKey("jwk", await imp("RSASSA-PKCS1-v1_5", "SHA-256", ["sign"]));
  const asJwk = (j, hash = "SHA-256", name = "RSASSA-PKCS1-v1_5") => S.importKey("jwk", j, { name, hash }, true, ["sign"]);
  await rejects("DataError", asJwk(jwk, "SHA-384"), "RS256 for SHA-384");
  await rejects("DataError", asJwk(jwk, "SHA-256", "RSA-PSS"), "RS256 for RSA-PSS");
  await rejects("DataError", asJwk({ ...jwk, kty: "EC" }), "kty EC");
  await rejects("DataError", asJwk({ ...jwk, use: "enc" }), "use enc to sign");
  await rejects("DataError", asJwk({ ...jwk, qi: undefined }), "no qi");
  const pss = await imp("RSA-PSS", "SHA-256", ["sign"]);
  await rejects("InvalidAccessError", S.sign("RSASSA-PKCS1-v1_5", pss, MESSAGE), "an RSA-PSS key for PKCS#1");
  await rejects(TypeError, S.sign({ name: "RSA-PSS" }, pss, MESSAGE), "no saltLength");
  await rejects("OperationError", S.sign({ name: "RSA-PSS", saltLength: 100 }, pss, MESSAGE), "a salt longer than the key allows");
  const enc = await pub("RSA-OAEP", "SHA-256", ["encrypt"]);
  await rejects("OperationError", S.encrypt("RSA-OAEP", enc, new Uint8Array(100)), "more than the key holds");
  await rejects("InvalidAccessError", S.decrypt("RSA-OAEP", enc, OAEP_CT), "decrypt with the public key");
  await rejects("InvalidAccessError", S.exportKey("pkcs8", enc), "a public key as pkcs8");
});
