// URL standard: URL and URLSearchParams.
const parts = (u) => [u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash];
test("parse with and without a base; href and every part", () => {
  const u = new URL("../b?x=1#h", "http://u:p@Example.COM:8080/a/c");
  eq(u.href, "http://u:p@example.com:8080/b?x=1#h");
  eq(u.origin, "http://example.com:8080");
  same(parts(u), ["http:", "u", "p", "example.com:8080", "example.com", "8080", "/b", "?x=1", "#h"]);
  throws(TypeError, () => new URL("nope"));
  throws(TypeError, () => new URL("/x", "nope"));
  eq(URL.canParse("x", "https://a/"), true);
  eq(URL.parse("bad"), null);
  eq(String(new URL("HTTPS://a.b:443/")), "https://a.b/");
  eq(JSON.stringify(new URL("https://a/")), '"https://a/"');
});
test("special schemes: default ports, backslashes, percent-encoding, IPv4/IPv6, IDNA", () => {
  eq(new URL("http://a:80/").port, "");
  eq(new URL("http:\\\\a\\b\\c").href, "http://a/b/c");
  eq(new URL("https://a/ é?é#é").href, "https://a/%20%C3%A9?%C3%A9#%C3%A9");
  eq(new URL("http://0x7f.1/").host, "127.0.0.1");
  eq(new URL("http://[0:0::1]/").host, "[::1]");
  eq(new URL("http://faß.de/").host, "xn--fa-hia.de");
  throws(TypeError, () => new URL("http://a b/"));
  throws(TypeError, () => new URL("http://256.256.256.256.256/"));
});
test("file URLs: localhost and empty hosts, drive letters", () => {
  eq(new URL("file://localhost/x").href, "file:///x");
  eq(new URL("file://LOCALHOST/x").host, "");
  eq(new URL("file:///C:/a/../..").pathname, "/C:/");
  eq(new URL("file:x").href, "file:///x");
  eq(new URL("file://host/share").host, "host");
  eq(new URL("..", "file:///C:/").href, "file:///C:/");
  eq(new URL("file://h/x").origin, "null");
});
test("non-special and opaque paths", () => {
  const u = new URL("foo:bar baz?q#f");
  same([u.pathname, u.search, u.hash, u.host], ["bar baz", "?q", "#f", ""]);
  eq(new URL("sc://host").pathname, "");
  eq(new URL("sc://host/").pathname, "/");
  eq(new URL("sc:").pathname, "");
  eq(new URL("mailto:a@b").pathname, "a@b");
  eq(new URL("javascript:alert(1)").origin, "null");
  // A space that ends an opaque path before a query or fragment is %20,
  // so removing them leaves the path as it was.
  const o = new URL("data:space    ?q");
  eq(o.pathname, "space   %20");
  o.search = "";
  eq(o.href, "data:space   %20");
  const h = new URL("sc:opaque #f");
  h.hash = "";
  eq(h.href, "sc:opaque%20");
  eq(new URL("sc:a b").pathname, "a b");
});
test("blob: origins come from an http(s) inner URL only", () => {
  eq(new URL("blob:https://a.com:8443/uuid").origin, "https://a.com:8443");
  eq(new URL("blob:http://a.com/x").origin, "http://a.com");
  eq(new URL("blob:ftp://a.com/x").origin, "null");
  eq(new URL("blob:blob:https://a.com/x").origin, "null");
  eq(new URL("blob:d3958f5c-0777-0845-9dcf-2cb28783acaf").origin, "null");
  eq(new URL("blob:file:///x").origin, "null");
});
test("setters: refused values leave the URL as it was", () => {
  const u = new URL("https://a.com/p");
  u.protocol = "ftp";
  eq(u.protocol, "ftp:");
  u.protocol = "foo";
  eq(u.protocol, "ftp:", "special to non-special is refused");
  u.port = "99999";
  eq(u.port, "");
  u.port = "21";
  eq(u.port, "", "the default port");
  u.hostname = "b.com";
  u.pathname = "x y";
  u.search = "a=b c";
  u.hash = "h";
  eq(u.href, "ftp://b.com/x%20y?a=b%20c#h");
  throws(TypeError, () => { u.href = "nope"; });
  const f = new URL("file:///x");
  f.host = "localhost";
  eq(f.href, "file:///x");
  f.port = "8";
  eq(f.port, "");
});
test("unpaired surrogates become U+FFFD everywhere", () => {
  eq(new URL("https://a/\uD800").pathname, "/%EF%BF%BD");
  eq(new URL("https://a/?\uDC00").search, "?%EF%BF%BD");
  const u = new URL("https://a/");
  u.hash = "\uD800";
  eq(u.hash, "#%EF%BF%BD");
  eq(URL.canParse("https://a/\uD800"), true);
  eq(new URLSearchParams("a=\uD800").toString(), "a=%EF%BF%BD");
  const p = new URLSearchParams();
  p.append("\uDC00", "\uD800");
  same([...p], [["\uFFFD", "\uFFFD"]]);
  eq(p.toString(), "%EF%BF%BD=%EF%BF%BD");
});
test("URLSearchParams: init forms and their conversion order", () => {
  same([...new URLSearchParams("?a=1&b=2&a")], [["a", "1"], ["b", "2"], ["a", ""]]);
  same([...new URLSearchParams({ x: "1", y: 2 })], [["x", "1"], ["y", "2"]]);
  same([...new URLSearchParams([["x", "1"], ["x", "2"]])], [["x", "1"], ["x", "2"]]);
  same([...new URLSearchParams(null)], [["null", ""]]);
  throws(TypeError, () => new URLSearchParams([["a"]]));
  throws(TypeError, () => new URLSearchParams([1]));
  const log = [];
  new URLSearchParams(new Proxy({ a: "1" }, {
    ownKeys(t) { log.push("keys"); return Reflect.ownKeys(t); },
    getOwnPropertyDescriptor(t, k) { log.push("desc:" + k); return Reflect.getOwnPropertyDescriptor(t, k); },
  }));
  same(log, ["keys", "desc:a"]);
});
test("URLSearchParams: serializing and the methods", () => {
  const p = new URLSearchParams("a=b c&d=%26&e=*-._~!");
  eq(p.toString(), "a=b+c&d=%26&e=*-._%7E%21");
  p.set("a", "1");
  p.append("z", "2");
  p.delete("d");
  eq(p.toString(), "a=1&e=*-._%7E%21&z=2");
  eq(p.has("z", "3"), false);
  p.delete("z", "2");
  eq(p.has("z"), false);
  const s = new URLSearchParams("z=1&a=2&z=0&\uFFFD=x&\u00e9=y");
  s.sort();
  same([...s.keys()], ["a", "z", "z", "\u00e9", "\uFFFD"]);
  eq(s.size, 5);
});
test("URLSearchParams iterates live with the WebIDL iterator", () => {
  const p = new URLSearchParams("a=1&b=2");
  const it = p.keys();
  eq(it.next().value, "a");
  p.delete("a");
  eq(it.next().done, true);
  eq(Object.prototype.toString.call(it), "[object URLSearchParams Iterator]");
  eq(URLSearchParams.prototype[Symbol.iterator], URLSearchParams.prototype.entries);
  const seen = [];
  const q = new URLSearchParams("a=1&b=2");
  q.forEach((v, k) => { seen.push(k); if (k === "a") q.append("c", "3"); });
  same(seen, ["a", "b", "c"]);
});
test("searchParams and search stay in step", () => {
  const u = new URL("https://a/?x=1");
  const p = u.searchParams;
  p.append("y", "2 3");
  eq(u.search, "?x=1&y=2+3");
  u.search = "?z=9";
  same([...p], [["z", "9"]]);
  p.delete("z");
  eq(u.href, "https://a/");
  eq(u.searchParams, p);
});
test("URLSearchParams record: keys equal as USVStrings merge; custom iterators are used", () => {
  same([...new URLSearchParams({ "\uD835x": "1", xx: "2", "\uD83Dx": "3" })], [["\uFFFDx", "3"], ["xx", "2"]]);
  const p = new URLSearchParams("z=1");
  p[Symbol.iterator] = function* () { yield ["a", "b"]; };
  same([...new URLSearchParams(p).keys()], ["a"]);
  same([...new URLSearchParams(new URLSearchParams("a=1&a=2"))], [["a", "1"], ["a", "2"]]);
  eq(new URLSearchParams("b=%2sf%2a&c=%%2a&d=%").toString(), "b=%252sf*&c=%25*&d=%25");
  eq(new URLSearchParams("a=b\0c").get("a"), "b\0c");
  eq(new URLSearchParams("q=%2B1").get("q"), "+1");
});
test("URL: href setter needs an absolute URL; no domainToASCII", () => {
  const u = new URL("./foo", "http://www.example.org");
  eq(u.href, "http://www.example.org/foo");
  throws(TypeError, () => { u.href = "./bar"; });
  eq(URL.domainToASCII, undefined);
  eq(new URL("http://example.org/?a=b", undefined).search, "?a=b");
});
test("arguments are converted as WebIDL does: symbols throw", () => {
  throws(TypeError, () => new URL(Symbol("x")));
  throws(TypeError, () => new URL("https://a/", Symbol("x")));
  const u = new URL("https://a/");
  throws(TypeError, () => { u.pathname = Symbol("x"); });
  throws(TypeError, () => new TextEncoder().encode(Symbol("x")));
  eq(new URL({ toString() { return "https://b/"; } }).host, "b");
});
test("URL.parse and URL.canParse need an argument; parse gives a new URL each time", () => {
  throws(TypeError, () => URL.parse());
  throws(TypeError, () => URL.canParse());
  const a = URL.parse("https://a/"), b = URL.parse("https://a/");
  ok(a instanceof URL && a !== b);
  eq(URL.parse("x", "https://a/b/").href, "https://a/b/x");
  throws(TypeError, () => URL.parse(Symbol("x")));
});
