// One crypto.subtle operation described as JSON, run with a given `subtle`:
// the same code runs in bext (worker.js) and in Node (differential.mjs), so
// each side can do one half of an exchange and the other the counterpart.
// Bytes travel as base64; a key travels as { format, data, alg, usages }
// (data is base64, or a JWK object).
const b64 = (buf) => {
  const b = new Uint8Array(buf);
  let s = "";
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
};
const unb64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const BYTES = ["iv", "additionalData", "counter", "salt", "info", "label"];

async function key(subtle, spec) {
  const data = spec.format === "jwk" ? spec.data : unb64(spec.data);
  return subtle.importKey(spec.format, data, spec.alg, spec.extractable !== false, spec.usages);
}
async function alg(subtle, a) {
  if (typeof a === "string") return a;
  const out = { ...a };
  for (const m of BYTES) if (typeof a[m] === "string") out[m] = unb64(a[m]);
  if (Array.isArray(a.publicExponent)) out.publicExponent = new Uint8Array(a.publicExponent);
  if (a.public) out.public = await key(subtle, a.public);
  return out;
}
async function exported(subtle, k, formats) {
  const out = {};
  for (const f of formats) {
    const e = await subtle.exportKey(f, k);
    out[f] = f === "jwk" ? e : b64(e);
  }
  return out;
}

export async function perform(subtle, r) {
  switch (r.op) {
    case "digest":
      return { out: b64(await subtle.digest(r.alg, unb64(r.data))) };
    case "generate": {
      const k = await subtle.generateKey(await alg(subtle, r.alg), true, r.usages);
      if (!k.privateKey) return { secret: await exported(subtle, k, r.formats.secret) };
      return {
        privateKey: await exported(subtle, k.privateKey, r.formats.private),
        publicKey: await exported(subtle, k.publicKey, r.formats.public),
      };
    }
    case "sign":
      return { out: b64(await subtle.sign(await alg(subtle, r.alg), await key(subtle, r.key), unb64(r.data))) };
    case "verify":
      return { ok: await subtle.verify(await alg(subtle, r.alg), await key(subtle, r.key), unb64(r.sig), unb64(r.data)) };
    case "encrypt":
    case "decrypt":
      return { out: b64(await subtle[r.op](await alg(subtle, r.alg), await key(subtle, r.key), unb64(r.data))) };
    case "deriveBits":
      return { out: b64(await subtle.deriveBits(await alg(subtle, r.alg), await key(subtle, r.key), r.length)) };
    case "reexport":
      return exported(subtle, await key(subtle, r.key), r.formats);
    case "wrapKey":
      return { out: b64(await subtle.wrapKey(r.format, await key(subtle, r.key), await key(subtle, r.wrappingKey), await alg(subtle, r.alg))) };
    case "unwrapKey": {
      const wrapped = unb64(r.wrapped);
      const k = await subtle.unwrapKey(r.format, wrapped, await key(subtle, r.unwrappingKey), await alg(subtle, r.alg), r.keyAlg, true, r.usages);
      return exported(subtle, k, r.formats);
    }
    default:
      throw new Error(`unknown op ${r.op}`);
  }
}

export { b64, unb64 };
