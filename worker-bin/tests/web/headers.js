// Fetch: Headers.
test("init: a record, a sequence of pairs, Headers; null and bad pairs refused", () => {
  eq(new Headers({ A: "1" }).get("a"), "1");
  eq(new Headers([["a", "1"], ["a", "2"]]).get("a"), "1, 2");
  eq(new Headers(new Headers({ b: "2" })).get("b"), "2");
  throws(TypeError, () => new Headers(null));
  throws(TypeError, () => new Headers([["a"]]));
  throws(TypeError, () => new Headers([["a", "1", "2"]]));
  throws(TypeError, () => new Headers(["ab"]));
  throws(TypeError, () => new Headers(5));
  throws(TypeError, () => new Headers({ [Symbol.iterator]: 5 }));
});
test("record conversion reads keys, then each descriptor and value in order", () => {
  const log = [];
  const target = { a: "1", b: "2" };
  Object.defineProperty(target, "hidden", { value: "x", enumerable: false });
  const p = new Proxy(target, {
    ownKeys(t) { log.push("ownKeys"); return Reflect.ownKeys(t); },
    getOwnPropertyDescriptor(t, k) { log.push("desc:" + String(k)); return Reflect.getOwnPropertyDescriptor(t, k); },
    get(t, k) { if (typeof k === "string") log.push("get:" + k); return Reflect.get(t, k); },
  });
  const h = new Headers(p);
  same(log.filter((x) => x !== "get:Symbol(Symbol.iterator)"), ["ownKeys", "desc:a", "get:a", "desc:b", "get:b", "desc:hidden"]);
  same([...h], [["a", "1"], ["b", "2"]]);
});
test("every value is converted before any header is checked", () => {
  let read = false;
  throws(TypeError, () => new Headers([["bad name", "1"], ["a", { toString() { read = true; return "x"; } }]]));
  eq(read, true);
});
test("values: trimmed of HTTP whitespace; NUL, CR, LF and non-ByteStrings refused", () => {
  const h = new Headers();
  h.set("a", " \t x y \r\n");
  eq(h.get("a"), "x y");
  for (const bad of ["a\0b", "a\rb", "a\nb", "€", "\uD800"]) throws(TypeError, () => h.set("a", bad), JSON.stringify(bad));
  for (const bad of ["", "a b", "a:b", "é", "a\n"]) throws(TypeError, () => h.set(bad, "1"), JSON.stringify(bad));
  h.set("b", "\xff");
  eq(h.get("b"), "\xff");
});
test("get combines, getSetCookie keeps them apart", () => {
  const h = new Headers([["Set-Cookie", "a=1"], ["set-cookie", "b=2"], ["X", "1"], ["x", "2"]]);
  eq(h.get("x"), "1, 2");
  same(h.getSetCookie(), ["a=1", "b=2"]);
  same([...h], [["set-cookie", "a=1"], ["set-cookie", "b=2"], ["x", "1, 2"]]);
});
test("iteration is sorted, combined, and sees changes made while iterating", () => {
  const h = new Headers({ b: "2", a: "1" });
  const it = h.entries();
  same(it.next().value, ["a", "1"]);
  h.append("c", "3");
  h.delete("a");
  same(it.next().value, ["c", "3"], "index 1 of the new list");
  eq(it.next().done, true);
  same([...h.keys()], ["b", "c"]);
  same([...h.values()], ["2", "3"]);
  const seen = [];
  h.forEach(function (v, k, obj) { seen.push([k, v, obj === h, this.t]); }, { t: 1 });
  same(seen, [["b", "2", true, 1], ["c", "3", true, 1]]);
});
test("iterators have the WebIDL prototype", () => {
  const it = new Headers().entries();
  const proto = Object.getPrototypeOf(it);
  eq(Object.prototype.toString.call(it), "[object Headers Iterator]");
  eq(Object.getPrototypeOf(proto), Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
  eq(typeof proto.next, "function");
  ok(!Object.prototype.hasOwnProperty.call(it, "next"));
  eq(Headers.prototype[Symbol.iterator], Headers.prototype.entries);
  throws(TypeError, () => proto.next.call({}));
});
test("immutable headers of Response.error and redirect", () => {
  throws(TypeError, () => Response.error().headers.set("a", "1"));
  throws(TypeError, () => Response.redirect("https://example.com/").headers.append("a", "1"));
});
test("a Headers with its own @@iterator is read through it", () => {
  const h = new Headers({ a: "1" });
  h[Symbol.iterator] = function* () { yield ["test", "x"]; };
  const copy = new Headers(h);
  same([copy.get("test"), copy.has("a")], ["x", false]);
  const plain = new Headers([["set-cookie", "a"], ["set-cookie", "b"]]);
  same(new Headers(plain).getSetCookie(), ["a", "b"]);
});
test("iteration: removing or prepending before the current position shifts it", () => {
  const keys = (mutate) => {
    const h = new Headers({ foo: "2", baz: "1", BAR: "0", quux: "3" });
    const out = [];
    for (const [k] of h) { out.push(k); mutate(h, k); }
    return out;
  };
  same(keys((h, k) => { if (k === "baz") h.delete("bar"); }), ["bar", "baz", "quux"]);
  same(keys((h, k) => { if (k === "baz") h.append("abc", "-1"); }), ["bar", "baz", "baz", "foo", "quux"]);
  same(keys((h, k) => { if (k === "baz") h.append("X-yZ", "4"); }), ["bar", "baz", "foo", "quux", "x-yz"]);
  const it = new Headers({ a: "1" }).keys();
  it.next();
  same([it.next().done, it.next().done], [true, true]);
});
test("record values: null, undefined and numbers become strings", () => {
  const h = new Headers({ n: null, u: undefined, x: 1 });
  same([h.get("n"), h.get("u"), h.get("x")], ["null", "undefined", "1"]);
});
