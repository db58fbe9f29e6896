// node:url: fileURLToPath, pathToFileURL, the legacy parse/format.
import url, { fileURLToPath, pathToFileURL, URL } from "node:url";

export async function run(print) {
  print(fileURLToPath("file:///tmp/a%20b.txt"), pathToFileURL("/tmp/x y#z.js").href);
  try { fileURLToPath("http://x/"); } catch (e) { print(e.code); }
  const p = url.parse("http://user:pw@Example.com:8080/a/b?x=1&y=2#h", true);
  print(p.protocol, p.auth, p.host, p.port, p.hostname, p.hash, p.search, JSON.stringify(p.query), p.pathname, p.path, p.href);
  print(url.format({ protocol: "https", hostname: "a.com", pathname: "/x", query: { a: 1, b: "c d" } }));
  print(new URL("/p?q=1", "https://h.example").href, URL === globalThis.URL);
  // url.format(URL, options): what to leave out, and the host in Unicode.
  const w = new URL("https://user:pw@xn--bcher-kva.example:8443/p/a?q=1&r=%20#frag");
  for (const o of [undefined, {}, { auth: false }, { fragment: false }, { search: false }, { unicode: true },
    { auth: false, fragment: false, search: false, unicode: true }, { fragment: 0, search: null }]) {
    print("format", JSON.stringify(o), url.format(w, o));
  }
  print("format file", url.format(new URL("file:///tmp/x#y"), { fragment: false }));
  print("format ip", url.format(new URL("http://[::1]:80/a?b#c"), { search: false, unicode: true }));
  try {
    url.format(w, "nope");
  } catch (e) {
    print("bad options", e.name, e.code);
  }
  for (const d of ["xn--bcher-kva.example", "bücher.example", "EXAMPLE.com", "xn--iñvalid.com", "a b.com", ""]) {
    print("domain", JSON.stringify(d), url.domainToASCII(d), url.domainToUnicode(d));
  }
}
