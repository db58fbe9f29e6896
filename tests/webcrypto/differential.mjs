// The differential test's driver: each case does one half of an exchange in
// Node's WebCrypto and the other in bext (over HTTP, worker.js), in both
// directions: keys made in one are imported in the other, signatures made in
// one are verified in the other, ciphertexts decrypted across, digests and
// derived bits compared. Prints one JSON line: { total, failed: [...] }.
//   node differential.mjs http://127.0.0.1:PORT/
import { webcrypto, randomBytes } from "node:crypto";
import { perform, b64 } from "./rpc.js";

const url = process.argv[2];
const node = (r) => perform(webcrypto.subtle, r);
async function bext(r) {
  const res = await fetch(url, { method: "POST", body: JSON.stringify(r) });
  const j = await res.json();
  if (j.error) throw new Error(`bext ${r.op}: ${j.error}: ${j.message}`);
  return j;
}
const SIDES = [["node", node, "bext", bext], ["bext", bext, "node", node]];
const rand = (n) => b64(randomBytes(n));
const eq = (a, b, what) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
};
const failed = [];
let total = 0;
async function check(name, fn) {
  for (const [an, a, bn, b] of SIDES) {
    total++;
    try {
      await fn(a, b);
    } catch (e) {
      failed.push(`${name} (${an} -> ${bn}): ${e.message}`);
    }
  }
}
const HASHES = ["SHA-1", "SHA-256", "SHA-384", "SHA-512"];
const keyOf = (format, data, alg, usages, extractable) => ({ format, data, alg, usages, extractable });
const JWK_MEMBERS = ["kty", "crv", "k", "x", "y", "d", "n", "e", "p", "q", "dp", "dq", "qi"];
const only = (jwk) => Object.fromEntries(JWK_MEMBERS.filter((m) => jwk[m] !== undefined).map((m) => [m, jwk[m]]));

for (const hash of HASHES) {
  await check(`digest ${hash}`, async (a, b) => {
    for (const n of [0, 1, 1000, 100000]) {
      const r = { op: "digest", alg: hash, data: rand(n) };
      eq((await a(r)).out, (await b(r)).out, `${n} bytes`);
    }
  });
  await check(`HMAC ${hash}`, async (a, b) => {
    const alg = { name: "HMAC", hash };
    const { secret } = await a({ op: "generate", alg, usages: ["sign", "verify"], formats: { secret: ["raw", "jwk"] } });
    const data = rand(100);
    const sigB = (await b({ op: "sign", alg: "HMAC", key: keyOf("raw", secret.raw, alg, ["sign"]), data })).out;
    const sigA = (await a({ op: "sign", alg: "HMAC", key: keyOf("jwk", secret.jwk, alg, ["sign"]), data })).out;
    eq(sigB, sigA, "signatures");
    eq((await a({ op: "verify", alg: "HMAC", key: keyOf("raw", secret.raw, alg, ["verify"]), sig: sigB, data })).ok, true, "verify");
    eq(only((await b({ op: "reexport", key: keyOf("jwk", secret.jwk, alg, ["sign"]), formats: ["jwk"] })).jwk), only(secret.jwk), "jwk");
  });
  for (const [name, extra] of [["PBKDF2", { salt: rand(16), iterations: 1000 }], ["HKDF", { salt: rand(16), info: rand(10) }]]) {
    await check(`${name} ${hash}`, async (a, b) => {
      const key = keyOf("raw", rand(20), name, ["deriveBits"], false);
      const r = { op: "deriveBits", alg: { name, hash, ...extra }, key, length: 336 };
      eq((await a(r)).out, (await b(r)).out, "derived bits");
    });
  }
}

const AES_CASES = [
  ["AES-GCM", () => ({ iv: rand(12), additionalData: rand(7) })],
  ["AES-GCM", () => ({ iv: rand(16), tagLength: 96 }), "(16-byte iv, 96-bit tag)"],
  ["AES-GCM", () => ({ iv: rand(12), additionalData: rand(3), tagLength: 112 }), "(112-bit tag)"],
  ["AES-CBC", () => ({ iv: rand(16) })],
  ["AES-CTR", () => ({ counter: rand(16), length: 64 })],
  ["AES-CTR", () => ({ counter: b64(new Uint8Array(16).fill(0xff)), length: 8 }), "(counter wraps)"],
];
for (const [name, params, note = ""] of AES_CASES) {
  for (const length of [128, 192, 256]) {
    await check(`${name} ${length} ${note}`, async (a, b) => {
      const alg = { name, length };
      const { secret } = await a({ op: "generate", alg, usages: ["encrypt", "decrypt"], formats: { secret: ["raw", "jwk"] } });
      const p = { name, ...params() };
      const data = rand(100);
      const ctA = (await a({ op: "encrypt", alg: p, key: keyOf("jwk", secret.jwk, name, ["encrypt"]), data })).out;
      const ctB = (await b({ op: "encrypt", alg: p, key: keyOf("raw", secret.raw, name, ["encrypt"]), data })).out;
      eq(ctB, ctA, "ciphertexts");
      eq((await b({ op: "decrypt", alg: p, key: keyOf("jwk", secret.jwk, name, ["decrypt"]), data: ctA })).out, data, "decrypted");
    });
  }
}
for (const length of [128, 256]) {
  await check(`AES-KW ${length}`, async (a, b) => {
    const { secret: kek } = await a({ op: "generate", alg: { name: "AES-KW", length }, usages: ["wrapKey", "unwrapKey"], formats: { secret: ["raw"] } });
    const inner = rand(32);
    const key = keyOf("raw", inner, "AES-GCM", ["encrypt"]);
    const wrapped = (await a({ op: "wrapKey", format: "raw", key, wrappingKey: keyOf("raw", kek.raw, "AES-KW", ["wrapKey"]), alg: "AES-KW" })).out;
    const un = await b({ op: "unwrapKey", format: "raw", wrapped, unwrappingKey: keyOf("raw", kek.raw, "AES-KW", ["unwrapKey"]), alg: "AES-KW", keyAlg: "AES-GCM", usages: ["encrypt"], formats: ["raw"] });
    eq(un.raw, inner, "unwrapped");
  });
}
await check("wrapKey jwk with AES-GCM", async (a, b) => {
  const kek = rand(32);
  const iv = rand(12);
  const hmac = { name: "HMAC", hash: "SHA-256" };
  const key = keyOf("raw", rand(32), hmac, ["sign"]);
  const wrapped = (await a({ op: "wrapKey", format: "jwk", key, wrappingKey: keyOf("raw", kek, "AES-GCM", ["wrapKey"]), alg: { name: "AES-GCM", iv } })).out;
  const un = await b({ op: "unwrapKey", format: "jwk", wrapped, unwrappingKey: keyOf("raw", kek, "AES-GCM", ["unwrapKey"]), alg: { name: "AES-GCM", iv }, keyAlg: hmac, usages: ["sign"], formats: ["raw"] });
  eq(un.raw, key.data, "unwrapped");
});

const SIGNERS = [
  ...["P-256", "P-384", "P-521"].flatMap((namedCurve) => ["SHA-256", "SHA-384", "SHA-512"].map((hash) => [{ name: "ECDSA", namedCurve }, { name: "ECDSA", hash }])),
  [{ name: "Ed25519" }, { name: "Ed25519" }],
];
for (const [alg, signAlg] of SIGNERS) {
  await check(`${alg.name} ${alg.namedCurve || ""} ${signAlg.hash || ""}`, async (a, b) => {
    const kp = await a({ op: "generate", alg, usages: ["sign", "verify"], formats: { private: ["pkcs8", "jwk"], public: ["spki", "raw", "jwk"] } });
    const data = rand(64);
    const sigB = (await b({ op: "sign", alg: signAlg, key: keyOf("pkcs8", kp.privateKey.pkcs8, alg, ["sign"]), data })).out;
    eq((await a({ op: "verify", alg: signAlg, key: keyOf("spki", kp.publicKey.spki, alg, ["verify"]), sig: sigB, data })).ok, true, "verify the other's signature");
    const sigA = (await a({ op: "sign", alg: signAlg, key: keyOf("jwk", kp.privateKey.jwk, alg, ["sign"]), data })).out;
    for (const f of ["raw", "jwk", "spki"]) {
      eq((await b({ op: "verify", alg: signAlg, key: keyOf(f, kp.publicKey[f], alg, ["verify"]), sig: sigA, data })).ok, true, `verify with ${f}`);
      eq((await b({ op: "verify", alg: signAlg, key: keyOf(f, kp.publicKey[f], alg, ["verify"]), sig: sigA, data: rand(64) })).ok, false, `other data with ${f}`);
    }
    if (alg.name === "Ed25519") eq(sigB, sigA, "Ed25519 is deterministic");
    const again = await b({ op: "reexport", key: keyOf("pkcs8", kp.privateKey.pkcs8, alg, ["sign"]), formats: ["jwk"] });
    eq(only(again.jwk), only(kp.privateKey.jwk), "the private key through pkcs8");
  });
}
for (const alg of [{ name: "ECDH", namedCurve: "P-256" }, { name: "ECDH", namedCurve: "P-384" }, { name: "ECDH", namedCurve: "P-521" }, { name: "X25519" }]) {
  await check(`${alg.name} ${alg.namedCurve || ""}`, async (a, b) => {
    const formats = { private: ["pkcs8", "jwk"], public: ["spki", "raw", "jwk"] };
    const ka = await a({ op: "generate", alg, usages: ["deriveBits"], formats });
    const kb = await b({ op: "generate", alg, usages: ["deriveBits"], formats });
    const bits = alg.namedCurve === "P-521" ? 528 : alg.namedCurve === "P-384" ? 384 : 256;
    const ab = await a({ op: "deriveBits", alg: { ...alg, public: keyOf("spki", kb.publicKey.spki, alg, []) }, key: keyOf("pkcs8", ka.privateKey.pkcs8, alg, ["deriveBits"]), length: bits });
    const ba = await b({ op: "deriveBits", alg: { ...alg, public: keyOf("raw", ka.publicKey.raw, alg, []) }, key: keyOf("jwk", kb.privateKey.jwk, alg, ["deriveBits"]), length: bits });
    eq(ab.out, ba.out, "shared secret");
    const again = await b({ op: "reexport", key: keyOf("jwk", ka.privateKey.jwk, alg, ["deriveBits"]), formats: ["pkcs8"] });
    const viaA = await a({ op: "reexport", key: keyOf("pkcs8", again.pkcs8, alg, ["deriveBits"]), formats: ["jwk"] });
    eq(only(viaA.jwk), only(ka.privateKey.jwk), "the private key through the other's pkcs8");
  });
}

// RSA: keys made in one side, exported in every format, imported in the
// other; signatures verified across (PKCS#1 v1.5 is deterministic, so both
// sides' signatures are equal); OAEP ciphertexts, with and without a label,
// decrypted across; a key wrapped with RSA-OAEP unwrapped across. Keys are
// 1024 bits (2048 for SHA-256, and for OAEP with SHA-512, whose padding
// leaves no room in 1024 bits) so that the debug build's key generation
// stays short.
const RSA_FORMATS = { private: ["pkcs8", "jwk"], public: ["spki", "jwk"] };
const rsaBits = (name, hash) => (hash === "SHA-256" || (name === "RSA-OAEP" && hash === "SHA-512") ? 2048 : 1024);
const rsaGen = (name, hash, usages) => ({
  op: "generate", alg: { name, hash, modulusLength: rsaBits(name, hash), publicExponent: [1, 0, 1] }, usages, formats: RSA_FORMATS,
});
for (const hash of HASHES) {
  for (const [name, signAlg] of [["RSASSA-PKCS1-v1_5", { name: "RSASSA-PKCS1-v1_5" }], ["RSA-PSS", { name: "RSA-PSS", saltLength: 20 }]]) {
    await check(`${name} ${hash}`, async (a, b) => {
      const alg = { name, hash };
      const kp = await a(rsaGen(name, hash, ["sign", "verify"]));
      const data = rand(64);
      const sigB = (await b({ op: "sign", alg: signAlg, key: keyOf("pkcs8", kp.privateKey.pkcs8, alg, ["sign"]), data })).out;
      eq((await a({ op: "verify", alg: signAlg, key: keyOf("spki", kp.publicKey.spki, alg, ["verify"]), sig: sigB, data })).ok, true, "verify the other's signature");
      const sigA = (await a({ op: "sign", alg: signAlg, key: keyOf("jwk", kp.privateKey.jwk, alg, ["sign"]), data })).out;
      for (const f of ["jwk", "spki"]) {
        eq((await b({ op: "verify", alg: signAlg, key: keyOf(f, kp.publicKey[f], alg, ["verify"]), sig: sigA, data })).ok, true, `verify with ${f}`);
        eq((await b({ op: "verify", alg: signAlg, key: keyOf(f, kp.publicKey[f], alg, ["verify"]), sig: sigA, data: rand(64) })).ok, false, `other data with ${f}`);
      }
      if (name === "RSASSA-PKCS1-v1_5") eq(sigB, sigA, "PKCS#1 v1.5 is deterministic");
      const again = await b({ op: "reexport", key: keyOf("pkcs8", kp.privateKey.pkcs8, alg, ["sign"]), formats: ["jwk", "pkcs8"] });
      eq(only(again.jwk), only(kp.privateKey.jwk), "the private key through pkcs8");
      eq(again.jwk.alg, kp.privateKey.jwk.alg, "the JWK's alg");
      const pub = await b({ op: "reexport", key: keyOf("jwk", kp.publicKey.jwk, alg, ["verify"]), formats: ["jwk", "spki"] });
      eq(pub.spki, kp.publicKey.spki, "the public key through jwk");
      const viaA = await a({ op: "reexport", key: keyOf("pkcs8", again.pkcs8, alg, ["sign"]), formats: ["jwk"] });
      eq(only(viaA.jwk), only(kp.privateKey.jwk), "the private key through the other's pkcs8");
    });
  }
  await check(`RSA-OAEP ${hash}`, async (a, b) => {
    const alg = { name: "RSA-OAEP", hash };
    const kp = await a(rsaGen("RSA-OAEP", hash, ["encrypt", "decrypt", "wrapKey", "unwrapKey"]));
    const data = rand(20);
    for (const label of [undefined, rand(9)]) {
      const p = { name: "RSA-OAEP", ...(label ? { label } : {}) };
      const ctB = (await b({ op: "encrypt", alg: p, key: keyOf("spki", kp.publicKey.spki, alg, ["encrypt"]), data })).out;
      eq((await a({ op: "decrypt", alg: p, key: keyOf("pkcs8", kp.privateKey.pkcs8, alg, ["decrypt"]), data: ctB })).out, data, "decrypt the other's");
      const ctA = (await a({ op: "encrypt", alg: p, key: keyOf("jwk", kp.publicKey.jwk, alg, ["encrypt"]), data })).out;
      eq((await b({ op: "decrypt", alg: p, key: keyOf("jwk", kp.privateKey.jwk, alg, ["decrypt"]), data: ctA })).out, data, "decrypted");
    }
    const inner = rand(16);
    const wrapped = (await a({ op: "wrapKey", format: "raw", key: keyOf("raw", inner, "AES-GCM", ["encrypt"]), wrappingKey: keyOf("spki", kp.publicKey.spki, alg, ["wrapKey"]), alg: "RSA-OAEP" })).out;
    const un = await b({ op: "unwrapKey", format: "raw", wrapped, unwrappingKey: keyOf("pkcs8", kp.privateKey.pkcs8, alg, ["unwrapKey"]), alg: "RSA-OAEP", keyAlg: "AES-GCM", usages: ["encrypt"], formats: ["raw"] });
    eq(un.raw, inner, "unwrapped");
  });
}
// A key with the exponent 3 both ways.
await check("RSASSA-PKCS1-v1_5 exponent 3", async (a, b) => {
  const alg = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-1" };
  const g = rsaGen(alg.name, "SHA-1", ["sign", "verify"]);
  g.alg.publicExponent = [3];
  const kp = await a(g);
  const data = rand(10);
  const sig = (await a({ op: "sign", alg: alg.name, key: keyOf("pkcs8", kp.privateKey.pkcs8, alg, ["sign"]), data })).out;
  eq((await b({ op: "verify", alg: alg.name, key: keyOf("jwk", kp.publicKey.jwk, { ...alg }, ["verify"]), sig, data })).ok, true, "verify");
  eq(kp.publicKey.jwk.e, "Aw", "e");
});

console.log(JSON.stringify({ total, failed }));
