// node:crypto's KeyObject (PEM/DER/JWK import and export, KeyObject.from)
// and signatures (RSA PKCS#1 v1.5 and PSS, ECDSA DER and P1363, Ed25519);
// crypto_ciphers.mjs has the KDFs, the ciphers and key generation.
// Fixed keys and inputs: every deterministic output is printed whole.
import crypto from "node:crypto";
import { Buffer } from "node:buffer";

const RSA_PKCS1 = `-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEAm2hkqA7fXh67O5iyT/aPeLljQSQ9K9POtgnnrFEr8i6CmPMm
N7pRyW+GuW0LmZ51puOle6VcmdRl63/OWBB6T7TIrwV6GN8WGEvGUU2P06LaDVrH
LSqR6IsV77W82rRmZp79AgyfLY8pE/0BljCiTLVCeIrjz5Dl+rCWDOUQcTQdqndr
p9p6GGBWGm8A/s4NYH5RKfVaSHTAZcMRqZ+Lygz3KQL/s2fEym57gG7qVbFPDYz4
QCFgMFeuY0sialCEv5x37DE+gmEE3EVBJkoBVxK1rfKt+9MNq60xkaKsnx1spjVt
EvUNqULA6nr4AeNRJF1p52QZ/AEJkHwJ66BoaQIDAQABAoIBAAM6clgeHeI1PPLr
2VjHznly2v1MY2AC7SeAHCycQQ+WXMD5RS+nQ/eWIdQyLR3UyM/jkbxVZ6bR3qs7
Ttm2S18RJJHpd5+eXsFbofnLNkVuh2MqFkZ/a0xuacW+mMhpvoAYyMRw0AuySK1O
TYAW+7pPBi0majG4almGOo+9YGy+ppV+ZOVbBrRALmcCPg6aZa6Kdw7DWYjMImSN
isYd3M+yBAcS2rk/EGmegRaPBVAx3O1VzAMqF684cyz4E/m3TpxDMT9EST4Zp3ur
V2YAzwU2TCHUc1GLhcqMJAV2VPFbM9auVYAkR+S4pw0aRiZZhx4iI4LLcufGhDfa
rUplREMCgYEA2yzMxPLYJrISsV5qySYzPFpPg+s+VJnBuBwW0CHSYpatQhRVY//4
kN4O9MI0Q+cBNnFntm71FOPlQ6Ssy0GV0+ikrShMG61EAKNfdn7cTcyR13nDPFgi
a+XdSEMXL2ZMuKgGqctvmR/N6xvKcHiycAYGC9x0kXAiskfNG3KgGM8CgYEAtYTT
JuUpfs9/0k6cCjcsDMF4GhXBsXAyCPh1zt90Mnjex+BmQmNty/zrVGM/kmH0FYND
1XQFoQMI3D4E/s9s3+nnMP+gN6zQrppeqcsTFBiNCwB+K7cApfb9LpbDT/IcQAuN
aDQ4SszTeIrogD0nrhhV6a8PUTzE+3niWbgRyUcCgYEAmF6PyMeu30/i0O37vPVS
nz2FlAdh4Ly3wP++GFm7AhEQSCUMrCWSr1vA+AVfAmnBHRE/8cM3nJtGkn0UJ4Xj
3FsayMqABqmw4eSyBBXzoB58sVkUEoqO+4XlDUye/LPY2HLvlvE4FzLWHAHI/eHa
4yg84dgULdvQMzLZc6B/jl8CgYAKgh//NnEKiFSsBiT+amdAbcrYJ75I2WfsIQYg
7cq6SUkMZS9GVJ88me29uukpPkZ1IF5C8y6IPba7mVOMtNFmvRHHQmUyE+0YzpMA
XWNDXJB9vI+RVEzTTtMlaVDxReDgzEppZ+yCWA0+Azymf+PWLk568sl+OHhm3o1+
CCvvbQKBgBO3GHX+bG4yvj2THOpz3lnYsl2A4r92drD6GKdJfDDXnyuoJqKcyvCr
cOdiOahZYSWBSwtoiNkxrV2g1qQwO4ofs1YAnkaAgiUpjPO0wikjekabrmuO9sDU
4VCA3eS3JtePMCuLjpWFVqDQSCcoKtPvFcEDdmYuviboZjxtB/Fv
-----END RSA PRIVATE KEY-----
`;
const EC_SEC1 = `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIAi/d0QGwuDAhSEMxIqtmsziv7/XqjJdrK/I4FHFlm8HoAoGCCqGSM49
AwEHoUQDQgAELao+FuKFV+B4F/XrvXAid4PhhwQ8z2qeVES/ytBAzaSK9nY7Rone
7mGJS5uSI+o7zJGUuRMG3Hqy1qaIhWEz9g==
-----END EC PRIVATE KEY-----
`;
const ED25519_PKCS8 = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIATU26RjPYUk/H8oGrod67kagSeNxOWu7Gv2eBgH40X7
-----END PRIVATE KEY-----
`;

const h = (b) => Buffer.from(b).toString("hex");
function err(print, f) {
  try { f(); print("no error"); } catch (e) { print(e.name, e.code, e.message); }
}

export async function run(print) {
  // KeyObject: import, details, export in every format.
  const rsa = crypto.createPrivateKey(RSA_PKCS1);
  const ec = crypto.createPrivateKey(EC_SEC1);
  const ed = crypto.createPrivateKey(ED25519_PKCS8);
  for (const k of [rsa, ec, ed]) {
    print(k.type, k.asymmetricKeyType, JSON.stringify(k.asymmetricKeyDetails, (_, v) => typeof v === "bigint" ? `${v}n` : v), k.symmetricKeySize);
    print(k instanceof crypto.KeyObject, crypto.KeyObject.name);
    print(k.export({ type: "pkcs8", format: "pem" }));
    const pub = crypto.createPublicKey(k);
    print(pub.type, pub.export({ type: "spki", format: "der" }).toString("base64"));
    print(JSON.stringify(k.export({ format: "jwk" })), JSON.stringify(pub.export({ format: "jwk" })));
    print(crypto.createPrivateKey({ key: k.export({ format: "jwk" }), format: "jwk" }).equals(k));
    print(crypto.createPublicKey({ key: pub.export({ type: "spki", format: "der" }), format: "der", type: "spki" }).equals(pub), pub.equals(k));
  }
  print(rsa.export({ type: "pkcs1", format: "pem" }) === RSA_PKCS1, ec.export({ type: "sec1", format: "pem" }) === EC_SEC1);
  print(crypto.createPublicKey(RSA_PKCS1).export({ type: "pkcs1", format: "pem" }));
  print(h(ec.export({ type: "sec1", format: "der" })));
  const secret = crypto.createSecretKey(Buffer.from("0123456789abcdef"));
  print(secret.type, secret.symmetricKeySize, secret.asymmetricKeyType, secret.export().toString(), JSON.stringify(secret.export({ format: "jwk" })));
  print(crypto.createHmac("sha256", secret).update("m").digest("hex"));
  err(print, () => rsa.export());
  err(print, () => crypto.createPrivateKey("nope"));
  err(print, () => crypto.createSecretKey(5));
  err(print, () => crypto.createPublicKey({ key: Buffer.alloc(3), format: "der", type: "spki" }));
  err(print, () => ed.export({ type: "pkcs1", format: "pem" }));

  // Signatures: deterministic ones whole; ECDSA's (random) verified.
  const data = Buffer.from("the data to sign");
  print(crypto.sign("sha256", data, rsa).toString("base64"));
  print(crypto.createSign("RSA-SHA384").update("the data ").update("to sign").sign(rsa, "hex").slice(0, 64));
  print(crypto.sign(null, data, ed).toString("base64"));
  const rsaPub = crypto.createPublicKey(rsa), ecPub = crypto.createPublicKey(ec), edPub = crypto.createPublicKey(ed);
  print(crypto.verify("sha256", data, rsaPub, crypto.sign("sha256", data, rsa)), crypto.verify(null, data, edPub, crypto.sign(null, data, ed)));
  for (const saltLength of [undefined, crypto.constants.RSA_PSS_SALTLEN_DIGEST, 0, 10]) {
    const opts = { key: rsa, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength };
    const sig = crypto.sign("sha256", data, opts);
    print("pss", saltLength, sig.length, crypto.verify("sha256", data, { key: rsaPub, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength }, sig),
      crypto.verify("sha256", data, { key: rsaPub, padding: crypto.constants.RSA_PKCS1_PSS_PADDING }, sig), crypto.verify("sha256", data, rsaPub, sig));
  }
  const der = crypto.sign("sha256", data, ec);
  const p1363 = crypto.sign("sha256", data, { key: ec, dsaEncoding: "ieee-p1363" });
  print(der[0], p1363.length, crypto.verify("sha256", data, ecPub, der), crypto.verify("sha256", data, { key: ecPub, dsaEncoding: "ieee-p1363" }, p1363));
  print(crypto.verify("sha256", Buffer.from("other"), ecPub, der), crypto.createVerify("SHA256").update(data).verify(ec, der));
  print(crypto.createVerify("sha256").update(data).verify(EC_SEC1, der), crypto.verify("sha256", data, ecPub, Buffer.from("junk")));
  err(print, () => crypto.createSign("nope"));
  err(print, () => crypto.sign("sha256", data, secret));

  // KeyObject.from(CryptoKey), extractable or not.
  const ck = await crypto.webcrypto.subtle.importKey("raw", Buffer.from("0123456789abcdef"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const fromCk = crypto.KeyObject.from(ck);
  print(fromCk.type, fromCk.symmetricKeySize, fromCk.equals(secret));
  const ecCk = await crypto.webcrypto.subtle.importKey("pkcs8", ec.export({ type: "pkcs8", format: "der" }), { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  print(crypto.KeyObject.from(ecCk).equals(ec));
}
