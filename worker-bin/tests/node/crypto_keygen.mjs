// node:crypto's generateKeyPair(Sync): each kind of key, its details, a
// signature it makes and verifies, its encodings (one RSA key, made off the
// JS thread: a debug build takes a second or more); getCiphers, getCurves,
// constants.
import crypto from "node:crypto";
import { Buffer } from "node:buffer";

function err(print, f) {
  try { f(); print("no error"); } catch (e) { print(e.name, e.code, e.message); }
}

export async function run(print) {
  const data = Buffer.from("the data to sign");
  // Key generation.
  for (const [type, opts] of [["ec", { namedCurve: "P-384" }], ["ed25519", {}], ["x25519", {}], ["ec", { namedCurve: "prime256v1" }]]) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync(type, opts);
    print(type, publicKey.type, privateKey.asymmetricKeyType, JSON.stringify(privateKey.asymmetricKeyDetails));
    if (type !== "x25519") {
      const alg = type === "ec" ? "sha256" : null;
      print(crypto.verify(alg, data, publicKey, crypto.sign(alg, data, privateKey)));
    }
  }
  const pems = crypto.generateKeyPairSync("ec", { namedCurve: "P-256", publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "sec1", format: "pem" } });
  print(pems.publicKey.split("\n")[0], pems.privateKey.split("\n")[0]);
  const pair = await new Promise((res) => crypto.generateKeyPair("ed25519", (e, pub, priv) => res([pub.type, priv.type])));
  print(pair.join(","));
  const rsaPems = await new Promise((res) => crypto.generateKeyPair("rsa", { modulusLength: 1024, publicExponent: 3, publicKeyEncoding: { type: "pkcs1", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "der" } },
    (e, pub, priv) => res([pub.split("\n")[0], priv[0], crypto.createPrivateKey({ key: priv, format: "der", type: "pkcs8" }).asymmetricKeyDetails.publicExponent,
      crypto.verify("sha512", Buffer.from("x"), crypto.createPublicKey(pub), crypto.sign("sha512", Buffer.from("x"), { key: priv, format: "der", type: "pkcs8" }))])));
  print(rsaPems.join(","));
  print(await new Promise((res) => crypto.pbkdf2("password", "salt", 5000, 40, "sha384", (e, k) => res(k.toString("base64")))));
  print(await new Promise((res) => crypto.pbkdf2("", Buffer.alloc(0), 1, 0, "sha1", (e, k) => res(k.length))));
  err(print, () => crypto.generateKeyPairSync("nope", {}));
  print(crypto.getCiphers().includes("aes-256-gcm"), crypto.getCurves().includes("prime256v1"), crypto.constants.RSA_PKCS1_PSS_PADDING);

}
