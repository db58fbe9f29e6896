// node:crypto with Ed448 and X448: fixed keys made by Node, read from PEM,
// DER and JWK, give the same exports, details and signatures (Ed448 is
// deterministic); diffieHellman gives the same secrets and Node's errors;
// generateKeyPair(Sync) makes keys that work.
import crypto from "node:crypto";
import { Buffer } from "node:buffer";

function err(print, what, f) {
  try { const r = f(); print(what, "no error", Buffer.isBuffer(r) ? r.toString("hex") : String(r)); } catch (e) { print(what, e.name, e.code, e.message); }
}
const sorted = (o) => JSON.stringify(Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1))));

const PKCS8 = {
  ed448: [
    "3047020100300506032b6571043b0439c4c2544ac3f00061d2445e7f43888a3ae55d7d117c87fc068c473cfc934d86bd4cf821cfb251c131359ed3a5f546b48b7e59404fe77bdc344c",
    "3047020100300506032b6571043b043902b8ec354f5ed2107e8a1e4cab32916696d2227b3ce6763851429d117646ff9f3dfec1ccdafe556579430266c5622287283de6e8ba1985b9c2",
  ],
  x448: [
    "3046020100300506032b656f043a0438a4c12d377d7e0f02f68b67fc398845fa67e4a8843b05396aefb2ab4fa8f18e51fc9fece4c025207232f7159b9b7a6a9640b1e1ea743335c0",
    "3046020100300506032b656f043a04387c23d62052ecedc3c77cc9855e1982bbc4a730437a6ba37b3e7b67ab4c1092c230ba47500d3dfb8f9d5a6f3a42e516c168b2f3fe2a90a28c",
  ],
};

export async function run(print) {
  const data = Buffer.from("the data to sign");
  const keys = {};
  for (const [type, ders] of Object.entries(PKCS8)) {
    keys[type] = ders.map((hex) => {
      const der = Buffer.from(hex, "hex");
      const privateKey = crypto.createPrivateKey({ key: der, format: "der", type: "pkcs8" });
      const pem = privateKey.export({ type: "pkcs8", format: "pem" });
      const jwk = privateKey.export({ format: "jwk" });
      const publicKey = crypto.createPublicKey(pem);
      const spkiPem = publicKey.export({ type: "spki", format: "pem" });
      print(type, privateKey.type, privateKey.asymmetricKeyType, JSON.stringify(privateKey.asymmetricKeyDetails), publicKey.asymmetricKeyType);
      print(type, "pem", pem.replace(/\n/g, "|"));
      print(type, "spki pem", spkiPem.replace(/\n/g, "|"));
      print(type, "jwk", sorted(jwk), sorted(publicKey.export({ format: "jwk" })));
      const fromJwk = crypto.createPrivateKey({ key: jwk, format: "jwk" });
      print(type, "jwk back", fromJwk.export({ type: "pkcs8", format: "der" }).toString("hex") === hex, fromJwk.equals(privateKey));
      const pubFromJwk = crypto.createPublicKey({ key: { kty: "OKP", crv: jwk.crv, x: jwk.x }, format: "jwk" });
      print(type, "public jwk back", pubFromJwk.export({ type: "spki", format: "der" }).toString("hex"));
      print(type, "public from private", crypto.createPublicKey(privateKey).equals(publicKey),
        crypto.createPublicKey({ key: der, format: "der", type: "pkcs8" }).export({ type: "spki", format: "der" }).toString("hex"));
      return { privateKey, publicKey };
    });
  }

  // Ed448 signatures: one-shot and the errors of digests and key types.
  const [e1, e2] = keys.ed448;
  for (const msg of [Buffer.alloc(0), data]) {
    const sig = crypto.sign(null, msg, e1.privateKey);
    print("ed448 sign", msg.length, sig.toString("hex"));
    print("ed448 verify", crypto.verify(null, msg, e1.publicKey, sig), crypto.verify(null, msg, e2.publicKey, sig),
      crypto.verify(undefined, msg, e1.privateKey, sig), crypto.verify(null, Buffer.from("x"), e1.publicKey, sig));
  }
  const pemSig = crypto.sign(null, data, e1.privateKey.export({ type: "pkcs8", format: "pem" }));
  print("ed448 sign from PEM", pemSig.toString("hex") === crypto.sign(null, data, e1.privateKey).toString("hex"));
  await new Promise((res) => crypto.sign(null, data, e1.privateKey, (e, sig) => { print("ed448 sign callback", e, sig.length); res(); }));
  err(print, "ed448 sign with an x448 key", () => crypto.sign(null, data, keys.x448[0].privateKey));

  // diffieHellman.
  const [x1, x2] = keys.x448;
  const ab = crypto.diffieHellman({ privateKey: x1.privateKey, publicKey: x2.publicKey });
  const ba = crypto.diffieHellman({ privateKey: x2.privateKey, publicKey: x1.publicKey });
  print("x448 shared", ab.toString("hex"), ab.equals(ba));
  err(print, "dh with the private key as public", () => crypto.diffieHellman({ privateKey: x1.privateKey, publicKey: x2.privateKey }));
  const x25519 = crypto.generateKeyPairSync("x25519");
  err(print, "dh x448 and x25519", () => crypto.diffieHellman({ privateKey: x1.privateKey, publicKey: x25519.publicKey }));
  err(print, "dh with ed448 keys", () => crypto.diffieHellman({ privateKey: e1.privateKey, publicKey: e1.publicKey }));
  err(print, "dh with a public key as private", () => crypto.diffieHellman({ privateKey: x1.publicKey, publicKey: x2.publicKey }));
  err(print, "dh with no options", () => crypto.diffieHellman());
  err(print, "dh with a string", () => crypto.diffieHellman({ privateKey: "x", publicKey: x2.publicKey }));
  err(print, "dh without a public key", () => crypto.diffieHellman({ privateKey: x1.privateKey }));
  const zero = crypto.createPublicKey({ key: { kty: "OKP", crv: "X448", x: Buffer.alloc(56).toString("base64url") }, format: "jwk" });
  err(print, "dh with a small-order key", () => crypto.diffieHellman({ privateKey: x1.privateKey, publicKey: zero }));
  const x25519b = crypto.generateKeyPairSync("x25519");
  print("x25519 dh both ways", crypto.diffieHellman({ privateKey: x25519.privateKey, publicKey: x25519b.publicKey })
    .equals(crypto.diffieHellman({ privateKey: x25519b.privateKey, publicKey: x25519.publicKey })));

  // New keys.
  for (const type of ["ed448", "x448"]) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync(type);
    print(type, "generated", publicKey.type, privateKey.asymmetricKeyType, privateKey.export({ type: "pkcs8", format: "der" }).length,
      publicKey.export({ type: "spki", format: "der" }).length);
    if (type === "ed448") print("generated ed448 signs", crypto.verify(null, data, publicKey, crypto.sign(null, data, privateKey)));
    else {
      const other = crypto.generateKeyPairSync("x448");
      print("generated x448 agrees", crypto.diffieHellman({ privateKey, publicKey: other.publicKey })
        .equals(crypto.diffieHellman({ privateKey: other.privateKey, publicKey })));
    }
  }
  const pems = crypto.generateKeyPairSync("ed448", { publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
  print("ed448 pems", pems.publicKey.split("\n")[0], pems.privateKey.split("\n")[0]);
  const pair = await new Promise((res) => crypto.generateKeyPair("x448", (e, pub, priv) => res([e, pub.type, priv.asymmetricKeyType])));
  print("x448 callback", pair.join(","));
  err(print, "jwk with a bad crv", () => crypto.createPublicKey({ key: { kty: "OKP", crv: "X449", x: "AA" }, format: "jwk" }));
  err(print, "jwk with a short x", () => crypto.createPublicKey({ key: { kty: "OKP", crv: "Ed448", x: "AAAA" }, format: "jwk" }).export({ format: "jwk" }).x);
}
