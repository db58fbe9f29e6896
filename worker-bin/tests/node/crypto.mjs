// node:crypto: hashes, HMAC, random bytes, UUIDs, timingSafeEqual.
import crypto, { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

export async function run(print) {
  for (const alg of ["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]) {
    print(alg, createHash(alg).update("hello ").update(Buffer.from("world")).digest("hex"));
  }
  print(createHash("sha256").update("x").digest("base64"), createHash("SHA256").update("").digest().length);
  print(createHmac("sha256", "secret").update("message").digest("hex"));
  print(createHmac("sha1", Buffer.from("k")).update("a").update("b").digest("base64url"));
  print(createHmac("sha512", "").update("").digest("hex").slice(0, 32));
  print(randomBytes(16).length, /^[0-9a-f-]{36}$/.test(randomUUID()), randomUUID()[14]);
  print(timingSafeEqual(Buffer.from("abc"), Buffer.from("abc")), timingSafeEqual(Buffer.from("abc"), Buffer.from("abd")));
  try { timingSafeEqual(Buffer.from("a"), Buffer.from("ab")); } catch (e) { print(e.code); }
  try { createHash("nope"); } catch (e) { print("unknown hash throws", e instanceof Error); }
  print(typeof crypto.webcrypto.subtle.digest, crypto.randomInt(5, 6));
}
