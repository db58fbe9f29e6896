// The spec's order of checks where several fail at once: generateKey makes
// the key (and fails on parameters it cannot make one with) before it
// looks at empty usages.
export async function run(print) {
  const S = crypto.subtle;
  const outcome = async (p) => {
    try {
      await p;
      return "ok";
    } catch (e) {
      return e.name;
    }
  };
  const rsa = (name, modulusLength, exponent, usages) =>
    S.generateKey({ name, modulusLength, publicExponent: new Uint8Array(exponent), hash: "SHA-256" }, true, usages);
  for (const name of ["RSASSA-PKCS1-v1_5", "RSA-PSS", "RSA-OAEP"]) {
    const use = name === "RSA-OAEP" ? ["encrypt"] : ["verify"];
    for (const e of [[1], [1, 0, 1, 0], [2], [0]]) {
      print(name, "exponent", e.join(","), "no usages", await outcome(rsa(name, 1024, e, [])));
      print(name, "exponent", e.join(","), "public usages", await outcome(rsa(name, 1024, e, use)));
    }
    print(name, "modulusLength 16", "no usages", await outcome(rsa(name, 16, [1, 0, 1], [])));
    print(name, "good", "no usages", await outcome(rsa(name, 1024, [1, 0, 1], [])));
    print(name, "good", "a wrong usage", await outcome(rsa(name, 1024, [1], ["deriveBits"])));
  }
  for (const name of ["AES-GCM", "AES-CBC", "AES-CTR", "AES-KW"]) {
    print(name, "length 64", "no usages", await outcome(S.generateKey({ name, length: 64 }, true, [])));
    print(name, "length 128", "no usages", await outcome(S.generateKey({ name, length: 128 }, true, [])));
  }
  print("HMAC length 0 no usages", await outcome(S.generateKey({ name: "HMAC", hash: "SHA-256", length: 0 }, true, [])));
  print("ECDSA bad curve no usages", await outcome(S.generateKey({ name: "ECDSA", namedCurve: "P-1" }, true, [])));
  print("ECDH no usages", await outcome(S.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [])));
  print("Ed25519 no usages", await outcome(S.generateKey({ name: "Ed25519" }, true, [])));
}
