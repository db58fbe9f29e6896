// The operations scripts/bench/webcrypto.sh times, run with a given
// `subtle`: the same code in a bext worker (worker.js) and in Node. Each
// runs for about `ms` milliseconds; the answer is operations per second.
const MB = new Uint8Array(1 << 20).fill(7);
const SMALL = new TextEncoder().encode("a small webhook body, about sixty-four bytes long, give or take.");

async function rate(ms, op) {
  await op(); // warm up
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    await op();
    n++;
    t = performance.now();
  }
  const r = (n * 1000) / (t - t0);
  // Slow operations (RSA key generation) keep a decimal.
  return r < 100 ? Math.round(r * 10) / 10 : Math.round(r);
}

export async function run(subtle, ms) {
  const hmac = await subtle.importKey("raw", new Uint8Array(32).fill(1), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const ec = await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
  const ecAlg = { name: "ECDSA", hash: "SHA-256" };
  const ecSig = await subtle.sign(ecAlg, ec.privateKey, SMALL);
  const ed = await subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"]);
  const aes = await subtle.importKey("raw", new Uint8Array(32).fill(2), "AES-GCM", false, ["encrypt"]);
  const iv = new Uint8Array(12);
  const rsa = (name, usages) =>
    subtle.generateKey({ name, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, false, usages);
  const pkcs1 = await rsa("RSASSA-PKCS1-v1_5", ["sign", "verify"]);
  const pkcs1Sig = await subtle.sign("RSASSA-PKCS1-v1_5", pkcs1.privateKey, SMALL);
  const pss = await rsa("RSA-PSS", ["sign", "verify"]);
  const pssAlg = { name: "RSA-PSS", saltLength: 32 };
  const pssSig = await subtle.sign(pssAlg, pss.privateKey, SMALL);
  const oaep = await rsa("RSA-OAEP", ["encrypt", "decrypt"]);
  const secret = SMALL.subarray(0, 32);
  const oaepCt = await subtle.encrypt("RSA-OAEP", oaep.publicKey, secret);
  return {
    "HMAC-SHA256 sign (64 B)": await rate(ms, () => subtle.sign("HMAC", hmac, SMALL)),
    "SHA-256 digest (1 MiB)": await rate(ms, () => subtle.digest("SHA-256", MB)),
    "ECDSA P-256 sign": await rate(ms, () => subtle.sign(ecAlg, ec.privateKey, SMALL)),
    "ECDSA P-256 verify": await rate(ms, () => subtle.verify(ecAlg, ec.publicKey, ecSig, SMALL)),
    "Ed25519 sign": await rate(ms, () => subtle.sign("Ed25519", ed.privateKey, SMALL)),
    "AES-256-GCM encrypt (1 MiB)": await rate(ms, () => subtle.encrypt({ name: "AES-GCM", iv }, aes, MB)),
    "RSA-2048 PKCS1 sign": await rate(ms, () => subtle.sign("RSASSA-PKCS1-v1_5", pkcs1.privateKey, SMALL)),
    "RSA-2048 PKCS1 verify": await rate(ms, () => subtle.verify("RSASSA-PKCS1-v1_5", pkcs1.publicKey, pkcs1Sig, SMALL)),
    "RSA-2048 PSS sign": await rate(ms, () => subtle.sign(pssAlg, pss.privateKey, SMALL)),
    "RSA-2048 PSS verify": await rate(ms, () => subtle.verify(pssAlg, pss.publicKey, pssSig, SMALL)),
    "RSA-2048 OAEP encrypt (32 B)": await rate(ms, () => subtle.encrypt("RSA-OAEP", oaep.publicKey, secret)),
    "RSA-2048 OAEP decrypt": await rate(ms, () => subtle.decrypt("RSA-OAEP", oaep.privateKey, oaepCt)),
    "RSA-2048 generateKey": await rate(Math.max(ms, 3000), () => rsa("RSA-PSS", ["sign"])),
  };
}
