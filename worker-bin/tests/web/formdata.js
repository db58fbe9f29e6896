// XHR: FormData.
test("append, get, getAll, has, delete, set keep order", () => {
  const f = new FormData();
  f.append("a", "1");
  f.append("b", "2");
  f.append("a", "3");
  same([f.get("a"), f.getAll("a"), f.has("b"), f.get("zz")], ["1", ["1", "3"], true, null]);
  f.set("a", "4");
  same([...f], [["a", "4"], ["b", "2"]]);
  f.delete("a");
  same([...f.keys()], ["b"]);
});
test("blobs become Files named blob, or by the filename given", () => {
  const f = new FormData();
  f.append("b", new Blob(["x"], { type: "text/plain" }));
  f.append("c", new File(["y"], "y.txt", { lastModified: 5 }), "z.txt");
  f.set("d", new File(["w"], "w.txt"));
  const b = f.get("b"), c = f.get("c");
  same([b instanceof File, b.name, b.type, c.name, c.lastModified, f.get("d").name], [true, "blob", "text/plain", "z.txt", 5, "w.txt"]);
});
test("a filename needs a Blob value; too few arguments throw", () => {
  throws(TypeError, () => new FormData().append("a", "b", "c"));
  throws(TypeError, () => new FormData().set("a", "b", "c"));
  throws(TypeError, () => new FormData().append("a"));
  throws(TypeError, () => new FormData(null));
});
test("names and values are USVStrings", () => {
  const f = new FormData();
  f.append("\uD800", "\uDC00x");
  same([...f], [["\uFFFD", "\uFFFDx"]]);
  eq(f.get("\uDBFF"), "\uFFFDx");
});
test("iteration sees changes made while iterating; iterator prototype", () => {
  const f = new FormData();
  f.append("a", "1");
  f.append("b", "2");
  const it = f.entries();
  same(it.next().value, ["a", "1"]);
  f.delete("a");
  eq(it.next().done, true);
  f.append("c", "3");
  same(it.next().value, ["c", "3"]);
  eq(Object.prototype.toString.call(it), "[object FormData Iterator]");
  eq(FormData.prototype[Symbol.iterator], FormData.prototype.entries);
});
test("a FormData body round-trips as multipart", async () => {
  const f = new FormData();
  f.append("t", "a\nb");
  f.append("f", new File(["hello"], "h\".txt", { type: "text/x" }));
  const r = new Response(f);
  ok(r.headers.get("content-type").startsWith("multipart/form-data; boundary="));
  const back = await r.formData();
  eq(back.get("t"), "a\r\nb");
  const file = back.get("f");
  same([file.name, file.type, await file.text()], ["h\".txt", "text/x", "hello"]);
});
test("an urlencoded body parses into FormData", async () => {
  const back = await new Response("a=1&b=%20x+y", { headers: { "content-type": "application/x-www-form-urlencoded" } }).formData();
  same([...back], [["a", "1"], ["b", " x y"]]);
  await rejects(TypeError, new Response("a=1").formData());
});
