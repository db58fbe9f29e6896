// AES-GCM with every tag length the spec allows (32, 64, 96 to 128 bits)
// and ivs of many lengths: the same bytes as Node, decrypting back, and a
// changed byte, a short input or a tag length the spec does not allow
// failing. Node 20's crypto.subtle refuses ivs shorter than 12 bytes,
// which the spec allows: for those Node's answer is its createCipheriv's
// (OpenSSL's GCM), what bext's crypto.subtle must give.
import * as nodeCrypto from "node:crypto";

export async function run(print) {
  const S = crypto.subtle;
  const hex = (b) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
  const bytes = (n, seed) => Uint8Array.from({ length: n }, (_, i) => (i * 29 + seed) & 255);
  const TAGS = [32, 64, 96, 104, 112, 120, 128];
  // Node's own GCM, for the short ivs its crypto.subtle refuses.
  const openssl = (raw, alg, input, decrypt) => {
    const name = `aes-${raw.length * 8}-gcm`;
    const t = alg.tagLength / 8;
    const opts = { authTagLength: t };
    if (decrypt) {
      if (input.length < t) throw new DOMException("short", "OperationError");
      const d = nodeCrypto.createDecipheriv(name, raw, alg.iv, opts);
      if (alg.additionalData) d.setAAD(alg.additionalData);
      d.setAuthTag(input.subarray(input.length - t));
      try {
        return Buffer.concat([d.update(input.subarray(0, input.length - t)), d.final()]);
      } catch {
        throw new DOMException("not authentic", "OperationError");
      }
    }
    const c = nodeCrypto.createCipheriv(name, raw, alg.iv, opts);
    if (alg.additionalData) c.setAAD(alg.additionalData);
    return Buffer.concat([c.update(input), c.final(), c.getAuthTag()]);
  };
  const outcome = async (raw, key, alg, input, decrypt) => {
    try {
      return hex(await (decrypt ? S.decrypt(alg, key, input) : S.encrypt(alg, key, input)));
    } catch (e) {
      const short = alg.iv.length > 0 && alg.iv.length < 12 && TAGS.includes(alg.tagLength);
      if (e.name !== "OperationError" || !short || typeof process !== "object") return e.name;
      try {
        return hex(openssl(raw, alg, input, decrypt));
      } catch (e2) {
        return e2.name;
      }
    }
  };
  for (const bits of [128, 192, 256]) {
    const raw = bytes(bits / 8, bits);
    const key = await S.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    for (const ivLength of [0, 1, 8, 11, 12, 13, 16, 32, 60, 128]) {
      const iv = bytes(ivLength, 7);
      for (const tagLength of [...TAGS, 0, 8, 127, 256]) {
        for (const [plain, aad] of [[bytes(0, 1), undefined], [bytes(33, 2), bytes(17, 3)]]) {
          const alg = { name: "AES-GCM", iv, tagLength, ...(aad ? { additionalData: aad } : {}) };
          const sealed = await outcome(raw, key, alg, plain, false);
          print(bits, ivLength, tagLength, plain.length, sealed);
          if (/^[0-9a-f]*$/.test(sealed)) {
            const ct = Uint8Array.from(sealed.match(/../g) || [], (h) => parseInt(h, 16));
            print("  back", await outcome(raw, key, alg, ct, true));
            ct[ct.length - 1] ^= 1;
            print("  changed", await outcome(raw, key, alg, ct, true));
            print("  short", await outcome(raw, key, alg, ct.slice(0, tagLength / 8 - 1), true));
          }
        }
      }
    }
  }
}
