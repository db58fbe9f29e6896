import * as jose from "jose";

export default async function () {
  const secret = new TextEncoder().encode("cc7e0d44fd473002f1c42167459001140ec6389b7353f8088f4d9a95f2f596f2");
  const jwt = await new jose.SignJWT({ "urn:example:claim": true })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(1700000000)
    .setIssuer("urn:example:issuer")
    .sign(secret);
  const { payload, protectedHeader } = await jose.jwtVerify(jwt, secret, { issuer: "urn:example:issuer", currentDate: new Date(1700000001000) });
  return { jwt, payload, protectedHeader };
}
