// node:crypto's ciphers (internal/crypto/cipher in Node): createCipheriv
// and createDecipheriv for AES-128/192/256 in ECB, CBC, CTR and GCM, and
// ChaCha20-Poly1305, with setAAD, getAuthTag/setAuthTag, setAutoPadding
// and update/final with encodings. Like Node's, they are Transform streams
// whose stream state is made on first stream use (a LazyTransform). The
// state (pending bytes, the CBC chain, the AEAD's ciphertext) is kept here;
// the blocks, keystreams and tags are Rust's (host.cipherBlocks,
// host.cipherStream, host.cipherTag, crypto/cipher.rs).
const { Buffer } = require("buffer");
const stream = require("stream");
const { codeError, argType, slot, KeyObject, ossl } = require("internal/crypto_keys");

const CIPHERS = [
  "aes-128-cbc", "aes-128-ctr", "aes-128-ecb", "aes-128-gcm",
  "aes-192-cbc", "aes-192-ctr", "aes-192-ecb", "aes-192-gcm",
  "aes-256-cbc", "aes-256-ctr", "aes-256-ecb", "aes-256-gcm",
  "aes128", "aes192", "aes256", "chacha20-poly1305",
  "id-aes128-gcm", "id-aes192-gcm", "id-aes256-gcm",
];

// { mode, keyLen, ivLen } of a cipher name, or undefined.
function lookup(name) {
  const n = String(name).toLowerCase();
  if (n === "chacha20-poly1305") return { mode: "chacha20-poly1305", keyLen: 32, ivLen: 12 };
  const m = /^(?:id-)?aes-?(128|192|256)(?:-(cbc|ecb|ctr|gcm))?$/.exec(n);
  if (!m || (n.startsWith("id-") && m[2] !== "gcm")) return undefined;
  const mode = m[2] || "cbc";
  return { mode, keyLen: Number(m[1]) / 8, ivLen: mode === "ecb" ? 0 : mode === "gcm" ? 12 : 16 };
}

function bytes(v, name, encoding) {
  if (typeof v === "string") return Buffer.from(v, encoding || "utf8");
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  throw argType(name, "of type string or an instance of Buffer, TypedArray, or DataView", v);
}
const concat = (a, b) => { const o = new Uint8Array(a.length + b.length); o.set(a); o.set(b, a.length); return o; };
const wrongFinal = () => ossl("ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH", "error:1C80006B:Provider routines::wrong final block length", "Provider routines", "wrong final block length");
const badDecrypt = () => ossl("ERR_OSSL_BAD_DECRYPT", "error:1C800064:Provider routines::bad decrypt", "Provider routines", "bad decrypt");
const invalidState = (op) => codeError(Error, "ERR_CRYPTO_INVALID_STATE", `Invalid state for operation ${op}`);

// Node's LazyTransform: a Transform whose stream state is made when first
// touched, so a cipher used with update/final costs no stream.
function LazyTransform(options) { this._options = options; }
Object.setPrototypeOf(LazyTransform.prototype, stream.Transform.prototype);
Object.setPrototypeOf(LazyTransform, stream.Transform);
for (const name of ["_readableState", "_writableState", "_transformState"]) {
  Object.defineProperty(LazyTransform.prototype, name, {
    get() { stream.Transform.call(this, this._options); return this[name]; },
    set(v) { Object.defineProperty(this, name, { value: v, enumerable: true, configurable: true, writable: true }); },
    configurable: true, enumerable: true,
  });
}

class CipherBase extends LazyTransform {
  #s;
  constructor(cipher, key, iv, options, decrypt) {
    super(options);
    if (typeof cipher !== "string") throw argType("cipher", "of type string", cipher);
    const info = lookup(cipher);
    if (!info) throw codeError(Error, "ERR_CRYPTO_UNKNOWN_CIPHER", "Unknown cipher");
    let k;
    if (key instanceof KeyObject) {
      if (key.type !== "secret") throw codeError(TypeError, "ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE", `Invalid key object type ${key.type}, expected secret.`);
      k = slot(key).der;
    } else {
      k = bytes(key, "key", options && options.encoding);
    }
    if (k.length !== info.keyLen) throw codeError(RangeError, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
    const v = iv === null || iv === undefined ? null : bytes(iv, "iv");
    const ivOk = info.mode === "ecb" ? v === null || v.length === 0
      : info.mode === "gcm" ? v !== null && v.length > 0
        : v !== null && v.length === info.ivLen;
    if (!ivOk) throw codeError(TypeError, "ERR_CRYPTO_INVALID_IV", "Invalid initialization vector");
    const aead = info.mode === "gcm" || info.mode === "chacha20-poly1305";
    let tagLen = 16;
    if (options && options.authTagLength !== undefined) {
      tagLen = options.authTagLength;
      const ok = info.mode === "gcm" ? [4, 8, 12, 13, 14, 15, 16].includes(tagLen)
        : info.mode === "chacha20-poly1305" ? Number.isInteger(tagLen) && tagLen >= 1 && tagLen <= 16 : false;
      if (!ok) throw codeError(TypeError, "ERR_CRYPTO_INVALID_AUTH_TAG", `Invalid authentication tag length: ${tagLen}`);
    }
    this.#s = {
      mode: info.mode, key: Uint8Array.from(k), iv: v ? Uint8Array.from(v) : null, decrypt, aead,
      pending: new Uint8Array(0), chain: v ? Uint8Array.from(v) : null, padding: true,
      offset: 0, aad: new Uint8Array(0), ct: [], tagLen, tag: null, done: false, decoder: null,
    };
  }
  #out(bytes, encoding, last) {
    const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (encoding === undefined || encoding === "buffer") return b;
    const s = this.#s;
    if (!s.decoder) { const { StringDecoder } = require("string_decoder"); s.decoder = new StringDecoder(encoding); }
    return last ? s.decoder.end(b) : s.decoder.write(b);
  }
  update(data, inputEncoding, outputEncoding) {
    const s = this.#s;
    if (s.done) throw invalidState("update");
    const input = bytes(data, "data", inputEncoding);
    let out;
    if (s.mode === "ecb" || s.mode === "cbc") {
      const all = concat(s.pending, input);
      // Decrypting with padding keeps the last whole block for final().
      let n = all.length - (all.length % 16);
      if (s.decrypt && s.padding && n === all.length && n > 0) n -= 16;
      out = n > 0 ? this.#blocks(all.subarray(0, n)) : new Uint8Array(0);
      s.pending = all.slice(n);
    } else {
      out = host.cipherStream(s.mode, s.key, s.iv, s.offset, input);
      s.offset += input.length;
      if (s.aead) s.ct.push(Uint8Array.from(s.decrypt ? input : out));
    }
    return this.#out(out, outputEncoding, false);
  }
  #blocks(data) {
    const s = this.#s;
    const out = host.cipherBlocks(s.key, s.mode === "cbc" ? s.chain : null, data, s.decrypt);
    if (s.mode === "cbc" && data.length) s.chain = Uint8Array.from((s.decrypt ? data : out).subarray(-16));
    return out;
  }
  final(outputEncoding) {
    const s = this.#s;
    if (s.done) throw invalidState("final");
    s.done = true;
    let out = new Uint8Array(0);
    if (s.mode === "ecb" || s.mode === "cbc") {
      if (!s.decrypt) {
        if (s.padding) {
          const pad = 16 - s.pending.length;
          const last = new Uint8Array(16).fill(pad);
          last.set(s.pending);
          out = this.#blocks(last);
        } else if (s.pending.length) {
          throw wrongFinal();
        }
      } else if (s.padding) {
        if (s.pending.length !== 16) throw wrongFinal();
        const last = this.#blocks(s.pending);
        const pad = last[15];
        let ok = pad >= 1 && pad <= 16;
        for (let i = 16 - pad; ok && i < 16; i++) ok = last[i] === pad;
        if (!ok) throw badDecrypt();
        out = last.subarray(0, 16 - pad);
      } else if (s.pending.length) {
        throw wrongFinal();
      }
    } else if (s.aead) {
      const ct = Buffer.concat(s.ct);
      const tag = host.cipherTag(s.mode, s.key, s.iv, s.aad, ct).subarray(0, s.tagLen);
      if (s.decrypt) {
        if (!s.tag || s.tag.length !== tag.length || !host.timingSafeEqual(s.tag, tag)) {
          throw new Error("Unsupported state or unable to authenticate data");
        }
      } else {
        s.tag = Buffer.from(tag);
      }
    }
    return this.#out(out, outputEncoding, true);
  }
  setAutoPadding(ap) {
    const s = this.#s;
    if (s.done) throw invalidState("setAutoPadding");
    s.padding = ap === undefined ? true : !!ap;
    return this;
  }
  setAAD(aadbuf, options) {
    const s = this.#s;
    if (!s.aead || s.done || s.offset > 0) throw invalidState("setAAD");
    s.aad = concat(s.aad, bytes(aadbuf, "buffer", options && options.encoding));
    return this;
  }
  getAuthTag() {
    const s = this.#s;
    if (s.decrypt || !s.aead || !s.done || !s.tag) throw invalidState("getAuthTag");
    return Buffer.from(s.tag);
  }
  setAuthTag(tagbuf, encoding) {
    const s = this.#s;
    if (!s.decrypt || !s.aead || s.done || s.tag) throw invalidState("setAuthTag");
    const t = bytes(tagbuf, "buffer", encoding);
    const ok = s.mode === "gcm" ? [4, 8, 12, 13, 14, 15, 16].includes(t.length) : t.length >= 1 && t.length <= 16;
    if (!ok || (s.tagLen !== 16 && t.length !== s.tagLen) || (s.mode === "chacha20-poly1305" && t.length !== s.tagLen)) {
      throw codeError(TypeError, "ERR_CRYPTO_INVALID_AUTH_TAG", `Invalid authentication tag length: ${t.length}`);
    }
    s.tag = Uint8Array.from(t);
    s.tagLen = t.length;
    return this;
  }
  _transform(chunk, encoding, callback) {
    this.push(this.update(chunk, encoding));
    callback();
  }
  _flush(callback) {
    try {
      this.push(this.final());
    } catch (e) {
      callback(e);
      return;
    }
    callback();
  }
}

class Cipheriv extends CipherBase {
  constructor(cipher, key, iv, options) { super(cipher, key, iv, options, false); }
}
class Decipheriv extends CipherBase {
  constructor(cipher, key, iv, options) { super(cipher, key, iv, options, true); }
}

module.exports = {
  Cipheriv, Decipheriv,
  createCipheriv: (cipher, key, iv, options) => new Cipheriv(cipher, key, iv, options),
  createDecipheriv: (cipher, key, iv, options) => new Decipheriv(cipher, key, iv, options),
  getCiphers: () => CIPHERS.slice(),
};
