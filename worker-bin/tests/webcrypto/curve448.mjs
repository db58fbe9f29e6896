// Ed448 and X448 in crypto.subtle: fixed keys made by Node give the same
// exported bytes in every format, the same signatures (Ed448 is
// deterministic) and the same shared secrets; new keys work both ways; and
// the errors are the spec's names where checks fail (usages, key data,
// lengths, contexts).
export async function run(print) {
  const S = crypto.subtle;
  const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
  const unhex = (s) => new Uint8Array(s.match(/../g).map((x) => parseInt(x, 16)));
  const sorted = (o) => JSON.stringify(Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1))));
  const outcome = async (p) => {
    try {
      const v = await (typeof p === "function" ? p() : p);
      return v instanceof ArrayBuffer ? `ok ${hex(v)}` : typeof v === "boolean" ? `ok ${v}` : "ok";
    } catch (e) {
      return e.name;
    }
  };
  const PKCS8 = {
    Ed448: [
      "3047020100300506032b6571043b0439c4c2544ac3f00061d2445e7f43888a3ae55d7d117c87fc068c473cfc934d86bd4cf821cfb251c131359ed3a5f546b48b7e59404fe77bdc344c",
      "3047020100300506032b6571043b043902b8ec354f5ed2107e8a1e4cab32916696d2227b3ce6763851429d117646ff9f3dfec1ccdafe556579430266c5622287283de6e8ba1985b9c2",
    ],
    X448: [
      "3046020100300506032b656f043a0438a4c12d377d7e0f02f68b67fc398845fa67e4a8843b05396aefb2ab4fa8f18e51fc9fece4c025207232f7159b9b7a6a9640b1e1ea743335c0",
      // The second key's bytes unclamped (the low two bits set, the top
      // bit clear): they are kept as given and clamped only for use.
      "3046020100300506032b656f043a04387f23d62052ecedc3c77cc9855e1982bbc4a730437a6ba37b3e7b67ab4c1092c230ba47500d3dfb8f9d5a6f3a42e516c168b2f3fe2a90a20c",
    ],
  };
  const message = new TextEncoder().encode("The quick brown fox jumps over the lazy dog");

  // Every format of the fixed keys.
  const keys = {};
  for (const [name, ders] of Object.entries(PKCS8)) {
    const priv = name === "Ed448" ? ["sign"] : ["deriveKey", "deriveBits"];
    const pub = name === "Ed448" ? ["verify"] : [];
    keys[name] = [];
    for (const der of ders) {
      const privateKey = await S.importKey("pkcs8", unhex(der), name, true, priv);
      const jwk = await S.exportKey("jwk", privateKey);
      print(name, "pkcs8 back", hex(await S.exportKey("pkcs8", privateKey)) === der);
      print(name, "private jwk", sorted(jwk));
      print(name, "algorithm", JSON.stringify(privateKey.algorithm), privateKey.type, privateKey.usages.join(","));
      const { d, ...publicJwk } = jwk;
      delete publicJwk.key_ops;
      const publicKey = await S.importKey("jwk", publicJwk, name, true, pub);
      const raw = await S.exportKey("raw", publicKey);
      const spki = await S.exportKey("spki", publicKey);
      print(name, "raw", hex(raw));
      print(name, "spki", hex(spki));
      print(name, "public jwk", sorted(await S.exportKey("jwk", publicKey)));
      const fromJwk = await S.importKey("jwk", jwk, name, true, priv);
      print(name, "jwk -> pkcs8", hex(await S.exportKey("pkcs8", fromJwk)) === der);
      print(name, "spki -> raw", hex(await S.exportKey("raw", await S.importKey("spki", spki, name, true, pub))) === hex(raw));
      keys[name].push({ privateKey, publicKey });
    }
  }

  // Ed448: Node's signatures, byte for byte; verify's answers.
  const [e1, e2] = keys.Ed448;
  for (const data of [new Uint8Array(0), message]) {
    const sig = await S.sign("Ed448", e1.privateKey, data);
    print("Ed448 sign", data.length, hex(sig));
    print("Ed448 verify", await S.verify("Ed448", e1.publicKey, sig, data));
    print("Ed448 verify other key", await S.verify("Ed448", e2.publicKey, sig, data));
    const bad = new Uint8Array(sig);
    bad[10] ^= 1;
    print("Ed448 verify flipped", await S.verify("Ed448", e1.publicKey, bad, data));
    print("Ed448 verify short", await S.verify("Ed448", e1.publicKey, sig.slice(0, 113), data));
  }
  print("Ed448 sign with a context", await outcome(S.sign({ name: "Ed448", context: new Uint8Array([1]) }, e1.privateKey, message)));
  print("Ed448 sign with the public key", await outcome(S.sign("Ed448", e1.publicKey, message)));
  print("Ed448 sign as Ed25519", await outcome(S.sign("Ed25519", e1.privateKey, message)));

  // X448: Node's shared secrets, both ways; lengths.
  const [x1, x2] = keys.X448;
  const ab = await S.deriveBits({ name: "X448", public: x2.publicKey }, x1.privateKey, 448);
  const ba = await S.deriveBits({ name: "X448", public: x1.publicKey }, x2.privateKey, null);
  print("X448 shared", hex(ab), hex(ab) === hex(ba));
  for (const len of [0, 8, 256, 448, 456])
    print("X448 deriveBits", len, await outcome(S.deriveBits({ name: "X448", public: x2.publicKey }, x1.privateKey, len)));
  const derived = await S.deriveKey({ name: "X448", public: x2.publicKey }, x1.privateKey, { name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  print("X448 deriveKey", hex(await S.exportKey("raw", derived)));
  const zero = await S.importKey("raw", new Uint8Array(56), "X448", true, []);
  print("X448 small-order public", await outcome(S.deriveBits({ name: "X448", public: zero }, x1.privateKey, null)));
  print("X448 with an X25519 public", await outcome((async () => {
    const other = await S.generateKey("X25519", true, ["deriveBits"]);
    return S.deriveBits({ name: "X448", public: other.publicKey }, x1.privateKey, null);
  })()));
  print("X448 with a private key as public", await outcome(S.deriveBits({ name: "X448", public: x2.privateKey }, x1.privateKey, null)));

  // New keys.
  const made = await S.generateKey("Ed448", true, ["sign", "verify"]);
  print("Ed448 generated", made.privateKey.type, made.publicKey.type, made.privateKey.usages.join(","), made.publicKey.usages.join(","),
    (await S.exportKey("raw", made.publicKey)).byteLength, (await S.exportKey("pkcs8", made.privateKey)).byteLength);
  const sig = await S.sign("Ed448", made.privateKey, message);
  print("Ed448 generated signs", sig.byteLength, await S.verify("Ed448", made.publicKey, sig, message));
  const xa = await S.generateKey({ name: "X448" }, true, ["deriveBits"]);
  const xb = await S.generateKey({ name: "X448" }, false, ["deriveKey", "deriveBits"]);
  const s1 = await S.deriveBits({ name: "X448", public: xb.publicKey }, xa.privateKey, 448);
  const s2 = await S.deriveBits({ name: "X448", public: xa.publicKey }, xb.privateKey, 448);
  print("X448 generated agree", hex(s1) === hex(s2), s1.byteLength, xb.privateKey.extractable, xb.publicKey.extractable);

  // Wrapping: an Ed448 key through AES-KW and AES-GCM and back.
  const kw = await S.importKey("raw", new Uint8Array(32).fill(7), "AES-KW", false, ["wrapKey", "unwrapKey"]);
  const gcm = await S.importKey("raw", new Uint8Array(32).fill(9), "AES-GCM", false, ["wrapKey", "unwrapKey"]);
  const iv = new Uint8Array(12).fill(1);
  const wrappedJwk = await S.wrapKey("jwk", e1.privateKey, gcm, { name: "AES-GCM", iv });
  const unwrapped = await S.unwrapKey("jwk", wrappedJwk, gcm, { name: "AES-GCM", iv }, "Ed448", true, ["sign"]);
  print("Ed448 unwrapped jwk signs as before", hex(await S.sign("Ed448", unwrapped, message)) === hex(await S.sign("Ed448", e1.privateKey, message)));
  const wrappedRaw = await S.wrapKey("raw", x1.publicKey, gcm, { name: "AES-GCM", iv });
  print("X448 wrapped raw", hex(wrappedRaw));
  const rawBack = await S.unwrapKey("raw", wrappedRaw, gcm, { name: "AES-GCM", iv }, "X448", true, []);
  print("X448 unwrapped raw", hex(await S.exportKey("raw", rawBack)) === hex(await S.exportKey("raw", x1.publicKey)));
  print("Ed448 pkcs8 through AES-KW", await outcome(S.wrapKey("pkcs8", e1.privateKey, kw, "AES-KW")));

  // The spec's errors.
  const cases = [
    ["generateKey Ed448 encrypt", () => S.generateKey("Ed448", true, ["encrypt"])],
    ["generateKey Ed448 no usages", () => S.generateKey("Ed448", true, [])],
    ["generateKey Ed448 verify only", () => S.generateKey("Ed448", true, ["verify"])],
    ["generateKey X448 no usages", () => S.generateKey("X448", true, [])],
    ["generateKey X448 sign", () => S.generateKey("X448", true, ["sign"])],
    ["generateKey X448 bogus usage", () => S.generateKey("X448", true, ["bogus"])],
    ["importKey raw Ed448 sign", () => S.importKey("raw", new Uint8Array(57), "Ed448", true, ["sign"])],
    ["importKey raw Ed448 56 bytes", () => S.importKey("raw", new Uint8Array(56), "Ed448", true, ["verify"])],
    ["importKey raw X448 57 bytes", () => S.importKey("raw", new Uint8Array(57), "X448", true, [])],
    ["importKey raw X448 deriveBits", () => S.importKey("raw", new Uint8Array(56), "X448", true, ["deriveBits"])],
    ["importKey spki Ed448 garbage", () => S.importKey("spki", new Uint8Array([48, 3, 1, 2, 3]), "Ed448", true, ["verify"])],
    ["importKey pkcs8 X448 as Ed448", () => S.importKey("pkcs8", unhex(PKCS8.X448[0]), "Ed448", true, ["sign"])],
    ["importKey pkcs8 Ed448 as X448", () => S.importKey("pkcs8", unhex(PKCS8.Ed448[0]), "X448", true, ["deriveBits"])],
    ["importKey pkcs8 Ed448 no usages", () => S.importKey("pkcs8", unhex(PKCS8.Ed448[0]), "Ed448", true, [])],
    ["importKey pkcs8 Ed448 verify", () => S.importKey("pkcs8", unhex(PKCS8.Ed448[0]), "Ed448", true, ["verify"])],
    ["importKey jwk Ed448 crv X448", () => S.importKey("jwk", { kty: "OKP", crv: "X448", x: "AA" }, "Ed448", true, ["verify"])],
    ["importKey jwk Ed448 kty EC", () => S.importKey("jwk", { kty: "EC", crv: "Ed448", x: "AA" }, "Ed448", true, ["verify"])],
    ["importKey jwk Ed448 short x", () => S.importKey("jwk", { kty: "OKP", crv: "Ed448", x: "AAAA" }, "Ed448", true, ["verify"])],
    ["importKey jwk X448 use sig", () => S.importKey("jwk", { kty: "OKP", crv: "X448", x: "AA", use: "sig", d: "AA" }, "X448", true, ["deriveBits"])],
  ];
  for (const [what, p] of cases) print(what, await outcome(p));
  const ej = await S.exportKey("jwk", e1.privateKey);
  print("importKey jwk Ed448 d of another key", await outcome(S.importKey("jwk", { ...ej, d: (await S.exportKey("jwk", e2.privateKey)).d }, "Ed448", true, ["sign"])));
  print("importKey jwk Ed448 alg EdDSA", await outcome(S.importKey("jwk", { ...ej, alg: "EdDSA" }, "Ed448", true, ["sign"])));
  print("importKey jwk Ed448 alg ES256", await outcome(S.importKey("jwk", { ...ej, alg: "ES256" }, "Ed448", true, ["sign"])));
  print("exportKey raw of a private Ed448", await outcome(S.exportKey("raw", e1.privateKey)));
  print("exportKey pkcs8 of a public X448", await outcome(S.exportKey("pkcs8", x1.publicKey)));
}
