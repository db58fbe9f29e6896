// node:buffer: the `buffer` package (feross), the reference Buffer outside
// Node, plus the `base64url` encoding Node has and it lacks.
const mod = require("internal/buffer");
const { Buffer } = mod;

const toUrl = (b64) => b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromUrl = (s) => s.replace(/-/g, "+").replace(/_/g, "/");
const isUrl = (enc) => typeof enc === "string" && enc.toLowerCase() === "base64url";

const from = Buffer.from;
Buffer.from = function (value, encodingOrOffset, length) {
  if (typeof value === "string" && isUrl(encodingOrOffset)) return from.call(this, fromUrl(value), "base64");
  return from.call(this, value, encodingOrOffset, length);
};
const toString = Buffer.prototype.toString;
Buffer.prototype.toString = function (encoding, start, end) {
  if (isUrl(encoding)) return toUrl(toString.call(this, "base64", start, end));
  return toString.apply(this, arguments);
};
const write = Buffer.prototype.write;
Buffer.prototype.write = function (string, offset, length, encoding) {
  if (isUrl(encoding)) return write.call(this, fromUrl(string), offset, length, "base64");
  if (isUrl(offset)) return write.call(this, fromUrl(string), "base64");
  if (isUrl(length)) return write.call(this, fromUrl(string), offset, "base64");
  return write.apply(this, arguments);
};
const byteLength = Buffer.byteLength;
Buffer.byteLength = function (string, encoding) {
  if (typeof string === "string" && isUrl(encoding)) return byteLength(fromUrl(string), "base64");
  return byteLength(string, encoding);
};
const isEncoding = Buffer.isEncoding;
Buffer.isEncoding = (enc) => isUrl(enc) || isEncoding(enc);

module.exports = {
  ...mod,
  atob: globalThis.atob,
  btoa: globalThis.btoa,
  constants: { MAX_LENGTH: mod.kMaxLength, MAX_STRING_LENGTH: 2 ** 29 - 24 },
};
