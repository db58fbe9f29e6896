// node:url: the WHATWG URL (the worker's global) with Node's file-URL
// helpers and the legacy `parse`/`format`/`resolve`.
const path = require("path");

function fileURLToPath(u) {
  const url = typeof u === "string" ? new URL(u) : u;
  if (url.protocol !== "file:") {
    const e = new TypeError("The URL must be of scheme file");
    e.code = "ERR_INVALID_URL_SCHEME";
    throw e;
  }
  if (url.hostname !== "") {
    const e = new TypeError('File URL host must be "localhost" or empty on linux');
    e.code = "ERR_INVALID_FILE_URL_HOST";
    throw e;
  }
  if (/%2f/i.test(url.pathname)) {
    const e = new TypeError("File URL path must not include encoded / characters");
    e.code = "ERR_INVALID_FILE_URL_PATH";
    throw e;
  }
  return decodeURIComponent(url.pathname);
}

function pathToFileURL(p) {
  let resolved = path.resolve(p);
  if (p.endsWith("/") && !resolved.endsWith("/")) resolved += "/";
  const encoded = resolved.replace(/%/g, "%25").replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/\t/g, "%09").replace(/#/g, "%23").replace(/\?/g, "%3F");
  return new URL(`file://${encoded}`);
}

// The legacy url.parse(): the fields Node fills, from the WHATWG parser
// where the URL is absolute and by hand for a relative reference.
function parse(str, parseQueryString, slashesDenoteHost) {
  const out = { protocol: null, slashes: null, auth: null, host: null, port: null, hostname: null, hash: null, search: null, query: null, pathname: null, path: null, href: str };
  let rest = String(str).trim();
  const hashAt = rest.indexOf("#");
  if (hashAt >= 0) { out.hash = rest.slice(hashAt); rest = rest.slice(0, hashAt); }
  const qAt = rest.indexOf("?");
  if (qAt >= 0) { out.search = rest.slice(qAt); out.query = rest.slice(qAt + 1); rest = rest.slice(0, qAt); }
  else if (parseQueryString) out.query = "";
  const proto = /^([a-z0-9.+-]+:)/i.exec(rest);
  if (proto) { out.protocol = proto[1].toLowerCase(); rest = rest.slice(proto[1].length); }
  if ((proto || slashesDenoteHost) && rest.startsWith("//")) {
    out.slashes = true;
    rest = rest.slice(2);
    const end = rest.search(/[/]/);
    let host = end >= 0 ? rest.slice(0, end) : rest;
    rest = end >= 0 ? rest.slice(end) : "";
    const at = host.lastIndexOf("@");
    if (at >= 0) { out.auth = decodeURIComponent(host.slice(0, at)); host = host.slice(at + 1); }
    out.host = host.toLowerCase();
    const port = /:(\d*)$/.exec(host);
    if (port) { out.port = port[1]; host = host.slice(0, -port[0].length); }
    out.hostname = host.toLowerCase();
    if (rest === "" ) rest = "/";
  }
  out.pathname = rest === "" ? null : rest;
  if (parseQueryString) out.query = require("querystring").parse(out.query || "");
  out.path = (out.pathname || "") + (out.search || "") || null;
  out.href = format(out);
  return out;
}

// A WHATWG URL's href, less what `options` turn off (Node's url.format of
// a URL): `auth`, `fragment`, `search` (each default true) and `unicode`
// (default false: the host as punycode).
function formatURL(u, options) {
  if (options !== undefined && (options === null || typeof options !== "object")) {
    const e = new TypeError(`The "options" argument must be of type object.${options === null ? " Received null" : ` Received type ${typeof options} (${String(options)})`}`);
    e.code = "ERR_INVALID_ARG_TYPE";
    throw e;
  }
  const flag = (name, dflt) => (options && options[name] != null ? Boolean(options[name]) : dflt);
  const c = new URL(u.href);
  if (!flag("fragment", true)) c.hash = "";
  if (!flag("search", true)) c.search = "";
  if (!flag("auth", true)) {
    c.username = "";
    c.password = "";
  }
  let href = c.href;
  if (flag("unicode", false) && c.hostname) {
    const at = href.indexOf(c.hostname, href.indexOf("//") + 2);
    href = href.slice(0, at) + domainToUnicode(c.hostname) + href.slice(at + c.hostname.length);
  }
  return href;
}

function domainToASCII(domain) {
  try {
    return new URL(`http://${domain}`).hostname;
  } catch (_) {
    return "";
  }
}

// Each `xn--` label decoded; "" for what is no valid domain, as Node.
function domainToUnicode(domain) {
  const ascii = domainToASCII(domain);
  if (ascii === "") return "";
  try {
    return require("punycode").toUnicode(ascii);
  } catch (_) {
    return "";
  }
}

function format(obj, options) {
  if (typeof obj === "string") obj = parse(obj);
  if (obj instanceof URL) return formatURL(obj, options);
  const protocol = obj.protocol ? (obj.protocol.endsWith(":") ? obj.protocol : `${obj.protocol}:`) : "";
  let host = "";
  if (obj.host) host = obj.host;
  else if (obj.hostname) host = obj.hostname + (obj.port ? `:${obj.port}` : "");
  const auth = obj.auth ? `${encodeURIComponent(obj.auth).replace(/%3A/i, ":")}@` : "";
  let search = obj.search || "";
  if (!search && obj.query && typeof obj.query === "object") {
    const q = require("querystring").stringify(obj.query);
    if (q) search = `?${q}`;
  }
  if (search && !search.startsWith("?")) search = `?${search}`;
  let hash = obj.hash || "";
  if (hash && !hash.startsWith("#")) hash = `#${hash}`;
  const slashes = obj.slashes || /^(https?|ftp|gopher|file|wss?):$/.test(protocol) ? "//" : "";
  let pathname = obj.pathname || "";
  if (host && pathname && !pathname.startsWith("/")) pathname = `/${pathname}`;
  return `${protocol}${host || auth || slashes === "//" && protocol === "file:" ? slashes : ""}${auth}${host}${pathname}${search.replace("#", "%23")}${hash}`;
}

function resolve(from, to) {
  return new URL(to, new URL(from, "resolve://")).href.replace(/^resolve:\/\/\/?/, from.startsWith("/") ? "/" : "");
}

module.exports = {
  URL: globalThis.URL,
  URLSearchParams: globalThis.URLSearchParams,
  fileURLToPath,
  pathToFileURL,
  parse,
  format,
  resolve,
  domainToASCII,
  domainToUnicode,
};
