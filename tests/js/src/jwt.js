// A JWT-verifying handler with `jose`, for scripts/bench/webcrypto.sh: each
// request verifies an HS256 token (`/hs256`), an ES256 one (`/es256`), an
// RS256 one (`/rs256`) or a PS256 one (`/ps256`), made at startup, through
// crypto.subtle, and answers its subject.
import { SignJWT, generateKeyPair, jwtVerify } from "jose";

let secret, hsToken;
const signed = {};

export async function startup() {
  secret = new TextEncoder().encode("a 32-byte secret for HS256 tests");
  const claims = { sub: "user-42", role: "reader" };
  for (const alg of ["ES256", "RS256", "PS256"]) {
    const { publicKey, privateKey } = await generateKeyPair(alg, { modulusLength: 2048 });
    const token = await new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt().setExpirationTime("1y").sign(privateKey);
    signed["/" + alg.toLowerCase()] = { token, publicKey };
  }
  // Last: a request that finds it set finds every token made.
  hsToken = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1y").sign(secret);
}

export async function handler(req) {
  if (!hsToken) await startup();
  const s = signed[req.path];
  const { payload } = await jwtVerify(s ? s.token : hsToken, s ? s.publicKey : secret);
  return payload.sub;
}
