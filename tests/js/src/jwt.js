// A JWT-verifying handler with `jose`, for scripts/bench/webcrypto.sh: each
// request verifies an HS256 token (`/hs256`) or an ES256 one (`/es256`)
// made at startup, through crypto.subtle, and answers its subject.
import { SignJWT, generateKeyPair, jwtVerify } from "jose";

let secret, esPublic, hsToken, esToken;

export async function startup() {
  secret = new TextEncoder().encode("a 32-byte secret for HS256 tests");
  const claims = { sub: "user-42", role: "reader" };
  hsToken = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1y").sign(secret);
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  esPublic = publicKey;
  esToken = await new SignJWT(claims).setProtectedHeader({ alg: "ES256" }).setIssuedAt().setExpirationTime("1y").sign(privateKey);
}

export async function handler(req) {
  if (!hsToken) await startup();
  const es = req.path === "/es256";
  const { payload } = await jwtVerify(es ? esToken : hsToken, es ? esPublic : secret);
  return payload.sub;
}
