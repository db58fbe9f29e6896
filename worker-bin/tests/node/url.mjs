// node:url: fileURLToPath, pathToFileURL, the legacy parse/format.
import url, { fileURLToPath, pathToFileURL, URL } from "node:url";

export async function run(print) {
  print(fileURLToPath("file:///tmp/a%20b.txt"), pathToFileURL("/tmp/x y#z.js").href);
  try { fileURLToPath("http://x/"); } catch (e) { print(e.code); }
  const p = url.parse("http://user:pw@Example.com:8080/a/b?x=1&y=2#h", true);
  print(p.protocol, p.auth, p.host, p.port, p.hostname, p.hash, p.search, JSON.stringify(p.query), p.pathname, p.path, p.href);
  print(url.format({ protocol: "https", hostname: "a.com", pathname: "/x", query: { a: 1, b: "c d" } }));
  print(new URL("/p?q=1", "https://h.example").href, URL === globalThis.URL);
}
