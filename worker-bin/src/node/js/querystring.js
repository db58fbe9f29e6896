// node:querystring: Node's own legacy parser and serializer (the
// `querystring-es3` package), with Node's escape/unescape.
const qs = require("internal/querystring");
module.exports = {
  parse: qs.parse,
  decode: qs.parse,
  stringify: qs.stringify,
  encode: qs.stringify,
  escape: (s) => encodeURIComponent(s),
  unescape: (s) => { try { return decodeURIComponent(s); } catch (_) { return unescape(s); } },
};
